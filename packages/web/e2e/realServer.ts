// The real leaderboard server for the specs that need one: started once for the file (or the
// describe block) it is called in, on a fresh SQLite file, serving this package's build.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { type RunningServer, startServer } from '@twenty48/server';

/** The built web game, which `npm run build` (and Playwright's webServer) writes. */
export const WEB_ROOT = fileURLToPath(new URL('../dist/', import.meta.url));

/**
 * Start `2048 serve`'s server before the tests of the enclosing file or describe block and stop
 * it after them; returns the running server (read it inside a test).
 *
 * @example
 * const server = useRealServer();
 * test('…', async ({ page }) => { await page.goto(`${server().url}/`); });
 */
export function useRealServer(): () => RunningServer {
  let server: RunningServer | undefined;
  let dataDir = '';
  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'twenty48-e2e-'));
    server = await startServer({
      port: 0,
      dbFile: join(dataDir, 'scores.db'),
      webRoot: WEB_ROOT,
      // Every spec plays from 127.0.0.1: more games in progress than one person would have.
      limits: { gamesPerPlayer: 200, gamesPerAddress: 200 },
    });
  });
  test.afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!server) throw new Error('the real server is not started yet: read it inside a test');
    return server;
  };
}
