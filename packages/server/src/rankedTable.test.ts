import { openLeaderboard, StoreFailure } from '@twenty48/store';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './limits.js';
import { createLogger } from './logging.js';
import { createRankedTable, randomId } from './rankedTable.js';

describe('randomId', () => {
  it('is 22 base64url characters', () => {
    for (let i = 0; i < 100; i++) expect(randomId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("never starts with '-', which a command line would read as an option: draws again", () => {
    // 0xf8 0x00… encodes as '-A…' in base64url; the second draw is kept.
    const draws = [
      new Uint8Array(16).fill(0).map((_, i) => (i === 0 ? 0xf8 : 0)),
      new Uint8Array(16),
    ];
    let calls = 0;
    const id = randomId(() => draws[calls++] as Uint8Array);
    expect(
      Buffer.from(draws[0] as Uint8Array)
        .toString('base64url')
        .startsWith('-'),
    ).toBe(true);
    expect(calls).toBe(2);
    expect(id).toBe('AAAAAAAAAAAAAAAAAAAAAA');
  });
});

describe('the sweep of ranked games', () => {
  it('logs its failure through the server’s logger, as a JSON line with the cause', async () => {
    const opened = await openLeaderboard(':memory:');
    if (!opened.ok) throw new Error(opened.error.message);
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('info', {
      write: (line: string) => {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    });
    const store = {
      ...opened.value,
      expireIdleRankedGames: () =>
        Promise.reject(new StoreFailure('ERR_DB_FAILED', 'the database did not answer')),
    };
    const table = createRankedTable({
      store,
      limits: { ...DEFAULT_LIMITS, sweepEveryMs: 10 },
      now: () => new Date(),
      logger,
    });
    try {
      for (let tries = 0; lines.length === 0 && tries < 200; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(lines[0]).toMatchObject({
        level: 'error',
        msg: 'the sweep of ranked games failed',
        err: { code: 'ERR_DB_FAILED', message: 'the database did not answer' },
      });
    } finally {
      await table.close();
      await opened.value.close();
    }
  });
});

describe('the live list', () => {
  it('leaves out a game of rules this server does not know (a newer server on the same database)', async () => {
    const opened = await openLeaderboard(':memory:');
    if (!opened.ok) throw new Error(opened.error.message);
    const store = opened.value;
    const admission = { perPlayer: 10, perAddress: 10, maxInProgress: 100, fullRetryMs: 1000 };
    const game = (id: string, rules: string, score: number) => ({
      gameId: `g${id}`,
      watchId: `w${id}`,
      seed: `seed${id}`,
      version: 2 as const,
      rules,
      size: 4,
      score,
      maxTile: 4,
      status: 'playing' as const,
      client: '127.0.0.1',
      player: 'a:127.0.0.1',
    });
    expect((await store.createRankedGame(game('1', 'classic', 8), admission)).ok).toBe(true);
    expect((await store.createRankedGame(game('2', 'hexagons', 16), admission)).ok).toBe(true);
    const table = createRankedTable({ store, limits: DEFAULT_LIMITS, now: () => new Date() });
    try {
      expect((await store.listLiveRankedGames(10)).map((live) => live.watchId)).toEqual([
        'w2',
        'w1',
      ]);
      expect((await table.live(10)).map((live) => [live.watchId, live.rules])).toEqual([
        ['w1', 'classic'],
      ]);
    } finally {
      await table.close();
      await store.close();
    }
  });
});
