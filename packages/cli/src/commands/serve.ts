/** `2048 serve`: the web game, ranked games the server deals move by move, and the leaderboard. */
import { type RunningServer, ServerStartError, startServer } from '@twenty48/server';
import { type Command, InvalidArgumentError } from 'commander';

interface ServeOptions {
  readonly port: number;
  readonly host: string;
  readonly db?: string;
  readonly webRoot?: string;
}

/** How the command talks to the world; tests pass their own. */
export interface ServeHooks {
  /** Called once the server listens (tests use it to reach and stop the server). */
  readonly onListening?: (server: RunningServer) => void;
  readonly write?: (text: string) => void;
  readonly writeError?: (text: string) => void;
}

/**
 * `--port N`: 0 to 65535 (0 picks a free port).
 *
 * @example
 * parsePortFlag('8048') // 8048
 * parsePortFlag('http') // throws: port must be a whole number from 0 to 65535
 */
export function parsePortFlag(text: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 0 && port <= 65_535)) {
    throw new InvalidArgumentError('port must be a whole number from 0 to 65535');
  }
  return port;
}

async function serve(options: ServeOptions, hooks: ServeHooks): Promise<void> {
  const write = hooks.write ?? ((text: string) => process.stdout.write(text));
  const writeError = hooks.writeError ?? ((text: string) => process.stderr.write(text));
  let server: RunningServer;
  try {
    server = await startServer({
      port: options.port,
      host: options.host,
      ...(options.db === undefined ? {} : { database: options.db }),
      ...(options.webRoot === undefined ? {} : { webRoot: options.webRoot }),
    });
  } catch (error) {
    if (!(error instanceof ServerStartError)) throw error;
    writeError(`2048 serve: ${error.message} (${error.code})\n`);
    process.exitCode = 1;
    return;
  }
  const stop = async () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await server.close();
    write('twenty48 server stopped\n');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  write(
    `twenty48 at ${server.url}  (leaderboard ${server.url}/leaderboard, database ${server.dbFile})\n` +
      'Ctrl-C stops it.\n',
  );
  hooks.onListening?.({ ...server, close: stop });
}

/**
 * Add `serve` to the program.
 *
 * @example
 * register(program); // 2048 serve --port 8048 --host 127.0.0.1 --db ./scores.db
 * register(program); // 2048 serve --db postgres://twenty48:pw@127.0.0.1:5432/twenty48
 */
export function register(program: Command, hooks: ServeHooks = {}): void {
  program
    .command('serve')
    .description(
      'serve the web game, ranked games the server deals move by move, and the leaderboard',
    )
    .option('--port <n>', 'port to listen on (0 picks a free one)', parsePortFlag, 8048)
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option(
      '--db <path|url>',
      'the database: postgres://user:password@host:5432/db (several servers may share it) or an SQLite file (default: $DATABASE_URL, else twenty48.db in the data directory)',
    )
    .option('--web-root <dir>', 'the built web game (default: packages/web/dist)')
    .action((options: ServeOptions) => serve(options, hooks));
}
