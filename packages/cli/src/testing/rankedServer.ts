/**
 * Test helper: one real server (`startServer` on 127.0.0.1, SQLite in a temporary directory) for
 * all the tests of a file, started before them and closed and removed after, with room for whole
 * games played quickly from one address.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '@twenty48/server';
import { afterAll, beforeAll } from 'vitest';

/** The file's server: its address, and a directory the tests may use for data directories. */
export interface SharedServer {
  readonly url: string;
  readonly dir: string;
}

/**
 * Start a server for this test file.
 *
 * @example
 * const server = sharedRankedServer('watch');
 * spawn(process.execPath, [MAIN, 'watch', server.url]);
 */
export function sharedRankedServer(name: string): SharedServer {
  let server: RunningServer | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `twenty48-${name}-`));
    server = await startServer({
      port: 0,
      dbFile: join(dir, 'scores.db'),
      limits: {
        gamesPerPlayer: 100,
        gamesPerAddress: 100,
        movesPerSecond: 10_000,
        moveBurst: 10_000,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get url(): string {
      if (server === undefined) throw new Error('the test server is not running');
      return server.url;
    },
    get dir(): string {
      return dir;
    },
  };
}
