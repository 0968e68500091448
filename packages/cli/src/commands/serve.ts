/** `2048 serve`: the web game, ranked games the server deals move by move, and the leaderboard. */
import {
  allSettings,
  createLogger,
  type ResolvedSettings,
  type RunningServer,
  readConfigFile,
  resolveSettings,
  ServerStartError,
  startServer,
} from '@twenty48/server';
import { type Command, Option } from 'commander';

/** How the command talks to the world; tests pass their own. */
export interface ServeHooks {
  /** Called once the server listens (tests use it to reach and stop the server). */
  readonly onListening?: (server: RunningServer) => void;
  readonly write?: (text: string) => void;
  readonly writeError?: (text: string) => void;
  /** The environment the settings are read from (default process.env). */
  readonly env?: NodeJS.ProcessEnv;
}

/** Each setting's option, and the key commander files its value under. */
const OPTIONS = allSettings().map((setting) => {
  const shown = Array.isArray(setting.default) ? setting.default.join(',') : setting.default;
  const fallback = shown === undefined || shown === '' ? '' : `, default ${String(shown)}`;
  const option = new Option(
    setting.boolean ? `--${setting.flag}` : `--${setting.flag} <value>`,
    `${setting.help} (${setting.env}${setting.key.startsWith('limits.') ? '' : fallback})`,
  );
  return { setting, option, attribute: option.attributeName() };
});

/** A URL's password, if it has one. */
const passwordOf = (url: string | undefined): string => {
  try {
    return url === undefined ? '' : new URL(url).password;
  } catch {
    return '';
  }
};

/**
 * Read the settings of this start: the flags given, the environment, and the config file
 * (`--config`, else TWENTY48_CONFIG). Exposed for tests.
 *
 * @example
 * settingsOf({ port: '0' }, { HOST: '0.0.0.0' }) // { ok: true, value: { port: 0, host: '0.0.0.0', … } }
 */
export function settingsOf(
  options: Readonly<Record<string, unknown>>,
  env: NodeJS.ProcessEnv,
): ReturnType<typeof resolveSettings> {
  const configPath =
    typeof options.config === 'string' ? options.config : env.TWENTY48_CONFIG || undefined;
  let file: Record<string, unknown> = {};
  if (configPath !== undefined) {
    const read = readConfigFile(configPath);
    if (!read.ok) return read;
    file = read.value;
  }
  const flags: Record<string, string | boolean> = {};
  for (const { setting, attribute } of OPTIONS) {
    const value = options[attribute];
    if (typeof value === 'string' || typeof value === 'boolean') flags[setting.key] = value;
  }
  return resolveSettings({ flags, env, file });
}

/**
 * A `--db` URL with a password is visible to every user in `ps` until the process renames
 * itself: rename it at once (Linux shows the new title in ps and /proc/PID/cmdline) and say how
 * to keep the password off the command line altogether.
 */
function hidePassword(settings: ResolvedSettings, warn: (text: string) => void): void {
  const password = passwordOf(settings.database);
  if (settings.databaseFrom !== 'flag' || password === '') return;
  process.title = process.argv
    .map((arg) => arg.replaceAll(password, '***').replaceAll(encodeURIComponent(password), '***'))
    .join(' ');
  warn(
    '2048 serve: the --db URL holds a password, which other users can read in ps while the server starts; give it in DATABASE_URL, --db-url-file FILE or ~/.pgpass instead\n',
  );
}

async function serve(options: Record<string, unknown>, hooks: ServeHooks): Promise<void> {
  const writeError = hooks.writeError ?? ((text: string) => process.stderr.write(text));
  const resolved = settingsOf(options, hooks.env ?? process.env);
  if (!resolved.ok) {
    writeError(`2048 serve: ${resolved.error.message} (${resolved.error.code})\n`);
    process.exitCode = 2;
    return;
  }
  const settings = resolved.value;
  // JSON lines on stdout (or the test's hook); a human's line on stderr.
  const logger = createLogger(settings.logLevel, hooks.write ? { write: hooks.write } : undefined);
  hidePassword(settings, (text) => {
    writeError(text);
    logger.warn('the --db URL holds a password; see the warning on stderr');
  });
  let server: RunningServer;
  try {
    server = await startServer({ ...settings, limits: settings.limits, logger });
  } catch (error) {
    if (!(error instanceof ServerStartError)) throw error;
    logger.fatal({ code: error.code }, error.message);
    logger.flush();
    writeError(`2048 serve: ${error.message} (${error.code})\n`);
    process.exitCode = 1;
    return;
  }
  const stop = async () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await server.close();
  };
  // A signal drains the server (within --shutdown-grace-ms), then the process exits; should
  // closing the database hang past the grace, it exits anyway.
  const onSignal = () => {
    setTimeout(
      () => {
        writeError('2048 serve: did not stop within the shutdown grace; exiting\n');
        process.exit(1);
      },
      settings.shutdownDelayMs + settings.shutdownGraceMs + 5000,
    ).unref();
    void stop().then(() => logger.flush(() => process.exit(0)));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  writeError(
    `twenty48 at ${server.url}  (leaderboard ${server.url}/leaderboard, database ${server.dbFile}); Ctrl-C stops it\n`,
  );
  hooks.onListening?.({ ...server, close: stop });
}

/**
 * Add `serve` to the program: one flag per setting (each also an environment variable and a
 * config-file key; flag > environment > `--config FILE` > default).
 *
 * @example
 * register(program); // 2048 serve --port 8048 --host 127.0.0.1 --db ./scores.db
 * register(program); // DATABASE_URL=postgres://twenty48@127.0.0.1:5432/twenty48 2048 serve
 */
export function register(program: Command, hooks: ServeHooks = {}): void {
  const command = program
    .command('serve')
    .description(
      'serve the web game, ranked games the server deals move by move, and the leaderboard; every setting is also an environment variable and a key of --config FILE (flag > environment > file > default)',
    )
    .option('--config <file>', 'a JSON file of settings (also TWENTY48_CONFIG)');
  for (const { option } of OPTIONS) command.addOption(option);
  command.action((options: Record<string, unknown>) => serve(options, hooks));
}
