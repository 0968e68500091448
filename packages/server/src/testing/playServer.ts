/**
 * Test helper: a real server on 127.0.0.1 over a store the test opened, on a clock the test
 * moves (`clock.at`), for the daily challenge's and the races' tests.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { LeaderboardStore } from '@twenty48/store';
import { createApp } from '../app.js';
import { DEFAULT_LIMITS, type Limits } from '../limits.js';
import { createRankedTable } from '../rankedTable.js';
import { FAST_MOVES } from './testServer.js';

/** A clock the test sets: `at` is now. */
export interface TestClock {
  at: Date;
  advance(ms: number): void;
}

/** A clock at `iso`. */
export function testClock(iso: string): TestClock {
  const clock: TestClock = {
    at: new Date(iso),
    advance(ms) {
      clock.at = new Date(clock.at.getTime() + ms);
    },
  };
  return clock;
}

export interface PlayServer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serve `store` on a free port, its clock `clock`; `close` ends every connection (streams too)
 * and the ranked games' table, not the store.
 *
 * @example
 * const server = await playServer(store, testClock('2026-11-26T12:00:00Z'));
 */
export async function playServer(
  store: LeaderboardStore,
  clock: TestClock,
  options: { limits?: Partial<Limits>; dailySecret?: string; racePollMs?: number } = {},
): Promise<PlayServer> {
  const limits: Limits = { ...DEFAULT_LIMITS, ...FAST_MOVES, ...options.limits };
  const now = () => clock.at;
  const table = createRankedTable({ store, limits, now });
  const app = createApp({
    store,
    table,
    limits,
    now,
    webRoot: '/nonexistent',
    racePollMs: options.racePollMs ?? 50,
    ...(options.dailySecret === undefined ? {} : { dailySecret: options.dailySecret }),
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await table.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
    },
  };
}
