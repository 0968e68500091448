/**
 * The play store (the daily challenge's and races' tables) on SQLite and on PostgreSQL
 * (embedded: PGlite): the same statements, the same answers. The server's tests play it over
 * HTTP, with a real PostgreSQL server too (server/src/playPostgres.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteLeaderboard } from './leaderboard.js';
import { openPostgresLeaderboard } from './postgres/leaderboard.js';
import { openStore } from './store.js';
import { embeddedPostgres } from './testing/pglite.js';
import type { LeaderboardStore } from './types.js';

const at = (iso: string) => new Date(iso);
const ADMISSION = { perPlayer: 100, perAddress: 100, maxInProgress: 1000, fullRetryMs: 1000 };

/** A ranked game kept as the server keeps one (the play tables join it). */
async function keepGame(
  store: LeaderboardStore,
  gameId: string,
  status: 'playing' | 'lost' = 'playing',
) {
  const created = await store.createRankedGame(
    {
      gameId,
      watchId: `w-${gameId}`,
      seed: 'seed',
      version: 2,
      rules: 'classic',
      size: 4,
      score: 0,
      maxTile: 2,
      status,
      client: '10.0.0.1',
      player: 't:x',
    },
    ADMISSION,
    at('2026-11-26T10:00:00.000Z'),
  );
  if (!created.ok) throw new Error(created.error.message);
}

const kinds = {
  async sqlite() {
    const dir = mkdtempSync(join(tmpdir(), 'twenty48-play-'));
    const opened = openStore({ file: join(dir, 'play.db') });
    if (!opened.ok) throw new Error(opened.error.message);
    const store = sqliteLeaderboard(opened.value);
    return {
      store,
      async end() {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  async pglite() {
    const database = await embeddedPostgres();
    const opened = await openPostgresLeaderboard(database.client(), database.location);
    if (!opened.ok) throw new Error(opened.error.message);
    return {
      store: opened.value,
      async end() {
        await opened.value.close();
        await database.end();
      },
    };
  },
};

for (const [kind, open] of Object.entries(kinds)) {
  describe(`the play store on ${kind}`, () => {
    let store: LeaderboardStore;
    let end: () => Promise<void>;
    beforeEach(async () => {
      ({ store, end } = await open());
    });
    afterEach(async () => {
      await end();
    });

    it('keeps one daily secret, whoever asks first', async () => {
      const first = await store.play.secret('daily');
      expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await store.play.secret('daily')).toBe(first);
    });

    it("links a day's games within the player's and the address's limits, and knows each game's day", async () => {
      const limits = { perPlayer: 2, perAddress: 3 };
      const link = (gameId: string, player: string, day = '2026-11-26') =>
        store.play.linkDaily({ gameId, day, player, client: '10.0.0.1' }, limits);
      expect((await link('a1', 'a')).ok).toBe(true);
      expect((await link('a2', 'a')).ok).toBe(true);
      expect(await link('a3', 'a')).toMatchObject({
        ok: false,
        error: { code: 'ERR_TOO_MANY_DAILY_GAMES' },
      });
      expect((await link('b1', 'b')).ok).toBe(true);
      expect(await link('b2', 'b')).toMatchObject({
        ok: false,
        error: { code: 'ERR_TOO_MANY_DAILY_GAMES' },
      });
      expect((await link('a4', 'a', '2026-11-27')).ok).toBe(true);
      await store.play.unlinkDaily('a2');
      expect((await link('a5', 'a')).ok).toBe(true);
      expect(await store.play.playOf('a1')).toEqual({ kind: 'daily', day: '2026-11-26' });
      expect(await store.play.playOf('nothing')).toBeNull();
      expect(await store.play.dailyPlayers('2026-11-26')).toBe(2);
    });

    it("ranks a player's first finished game once a day, a name once a day, best first", async () => {
      const limits = { perPlayer: 10, perAddress: 10 };
      for (const [gameId, player] of [
        ['a1', 'a'],
        ['a2', 'a'],
        ['b1', 'b'],
      ] as const) {
        await store.play.linkDaily({ gameId, day: '2026-11-26', player, client: 'c' }, limits);
        await keepGame(store, gameId, 'lost');
      }
      const rank = (gameId: string, name: string, score: number, iso: string) =>
        store.play.rankDaily(
          { day: '2026-11-26', gameId, name, score, maxTile: 64, moves: 10 },
          at(iso),
        );
      expect(await rank('a1', 'Ada', 500, '2026-11-26T11:00:00.000Z')).toEqual({
        ok: true,
        value: { rank: 1 },
      });
      expect(await rank('a1', 'Al', 500, '2026-11-26T11:00:01.000Z')).toMatchObject({
        error: { code: 'ERR_GAME_USED' },
      });
      expect(await rank('b1', 'Ada', 900, '2026-11-26T11:00:02.000Z')).toMatchObject({
        error: { code: 'ERR_DAILY_RANKED' },
      });
      expect(await rank('b1', 'Bo', 900, '2026-11-26T11:00:03.000Z')).toEqual({
        ok: true,
        value: { rank: 1 },
      });
      // a2 ended with a1 but was kept after it: a's first finished game is a1, ranked already.
      expect(await rank('a2', 'Al', 999, '2026-11-26T11:00:04.000Z')).toMatchObject({
        error: { code: 'ERR_DAILY_RANKED' },
      });
      expect(await store.play.dailyTable('2026-11-26', 10)).toEqual([
        { name: 'Bo', score: 900, maxTile: 64, moves: 10 },
        { name: 'Ada', score: 500, maxTile: 64, moves: 10 },
      ]);
      expect(await store.play.dailyTable('2026-11-25', 10)).toEqual([]);
    });

    it('keeps a race: its players in order, one name each, room for so many, started once, won once', async () => {
      const race = {
        raceId: 'r1',
        hostHash: 'h',
        rules: 'classic',
        size: 4,
        minutes: 5,
        seed: 's',
      };
      const admission = { perPlayer: 1, perAddress: 2, windowMs: 3_600_000 };
      const create = (raceId: string, player: string, iso: string) =>
        store.play.createRace({ ...race, raceId, player, client: 'c' }, admission, at(iso));
      expect((await create('r1', 'a', '2026-11-26T10:00:00.000Z')).ok).toBe(true);
      expect(await create('r2', 'a', '2026-11-26T10:30:00.000Z')).toMatchObject({
        error: { code: 'ERR_TOO_MANY_RACES' },
      });
      expect((await create('r3', 'a', '2026-11-26T11:00:00.000Z')).ok).toBe(true);
      const join = (gameId: string, name: string, iso: string) =>
        store.play.joinRace('r1', { gameId, watchId: `w-${gameId}`, name }, 2, at(iso));
      expect((await join('g1', 'Ada', '2026-11-26T10:00:01.000Z')).ok).toBe(true);
      expect(await join('g2', 'Ada', '2026-11-26T10:00:02.000Z')).toMatchObject({
        error: { code: 'ERR_NAME_TAKEN' },
      });
      expect((await join('g2', 'Bo', '2026-11-26T10:00:03.000Z')).ok).toBe(true);
      expect(await join('g3', 'Cy', '2026-11-26T10:00:04.000Z')).toMatchObject({
        error: { code: 'ERR_RACE_FULL' },
      });
      expect(
        await store.play.joinRace('nope', { gameId: 'g4', watchId: 'w', name: 'D' }, 2),
      ).toMatchObject({
        error: { code: 'ERR_UNKNOWN_RACE' },
      });
      for (const gameId of ['g1', 'g2']) await keepGame(store, gameId);
      expect(await store.play.playOf('g2')).toEqual({ kind: 'race', raceId: 'r1' });

      const start = at('2026-11-26T10:01:03.000Z');
      const ends = at('2026-11-26T10:06:03.000Z');
      expect(await store.play.startRace('r1', start, ends)).toBe(true);
      expect(await store.play.startRace('r1', start, ends)).toBe(false);
      expect(await join('g5', 'Eve', '2026-11-26T10:02:00.000Z')).toMatchObject({
        error: { code: 'ERR_RACE_STARTED' },
      });
      await store.play.reachGoal('g2', at('2026-11-26T10:03:00.000Z'));
      await store.play.reachGoal('g1', at('2026-11-26T10:04:00.000Z'));
      const loaded = await store.play.loadRace('r1');
      expect(loaded?.race).toMatchObject({
        startedAt: start.toISOString(),
        endsAt: ends.toISOString(),
        finishedAt: '2026-11-26T10:03:00.000Z',
      });
      expect(loaded?.players.map((p) => [p.name, p.reachedAt, p.status])).toEqual([
        ['Ada', '2026-11-26T10:04:00.000Z', 'playing'],
        ['Bo', '2026-11-26T10:03:00.000Z', 'playing'],
      ]);
      // Over: its games still in progress are closed, once.
      const closed = await store.play.closeOver(
        '2026-11-26',
        3_600_000,
        at('2026-11-26T10:07:00.000Z'),
      );
      expect(closed.map((game) => game.gameId).sort()).toEqual(['g1', 'g2']);
      expect(
        await store.play.closeOver('2026-11-26', 3_600_000, at('2026-11-26T10:08:00.000Z')),
      ).toEqual([]);
      expect((await store.loadRankedGame('g1'))?.closed).toBe('expired');
    });
  });
}
