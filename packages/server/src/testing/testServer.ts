/**
 * Test helper: a real server on 127.0.0.1 with its SQLite file in a fresh temporary directory
 * for each test, closed and removed after it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { Limits } from '../limits.js';
import { type RunningServer, startServer } from '../server.js';

/** Tests play whole games quickly: far more moves a second than a person. */
export const FAST_MOVES: Partial<Limits> = {
  movesPerSecond: Number.POSITIVE_INFINITY,
  moveBurst: Number.POSITIVE_INFINITY,
};

/** The server of the running test. */
export interface TestServer {
  /** The server started last; its `url` is where to send requests. */
  readonly current: RunningServer;
  /**
   * Start a server on this test's database file with these limits (over `FAST_MOVES`), closing
   * the one before: the file stays, so this is also a restart.
   */
  start(limits?: Partial<Limits>): Promise<RunningServer>;
}

/**
 * Give every test of the file a directory of its own, and a server on `name`.db in it (started
 * before each test unless `startEach` is false), closed and removed after the test.
 *
 * @example
 * const server = testServer('ranked');
 * const client = rankedClient(() => server.current.url);
 */
export function testServer(name: string, { startEach = true } = {}): TestServer {
  let dir = '';
  let running: RunningServer | undefined;
  const start = async (limits: Partial<Limits> = {}): Promise<RunningServer> => {
    await running?.close();
    running = undefined;
    running = await startServer({
      port: 0,
      dbFile: join(dir, `${name}.db`),
      webRoot: join(dir, 'no-web'),
      limits: { ...FAST_MOVES, ...limits },
      // Restarts close idle connections at once (drain.test.ts checks the drain itself).
      drainIdleMs: 0,
    });
    return running;
  };
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), `twenty48-${name}-`));
    if (startEach) await start();
  });
  afterEach(async () => {
    await running?.close();
    running = undefined;
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get current(): RunningServer {
      if (running === undefined) throw new Error('no test server is running');
      return running;
    },
    start,
  };
}
