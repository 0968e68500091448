/**
 * The daily challenge and races with two servers on one PostgreSQL database
 * (TWENTY48_TEST_DATABASE_URL; .ci/run sets it), a schema of this run's own: each server has
 * its own store (its own connections, its own NOTIFY listener), both on one clock.
 */
import { randomBytes } from 'node:crypto';
import type {
  CreateGameAnswer,
  CreateRaceAnswer,
  DailyAnswer,
  DailyGameAnswer,
  ErrorAnswer,
  MoveAnswer,
  RaceAnswer,
  RankedDirection,
} from '@twenty48/common';
import { type LeaderboardStore, openLeaderboard } from '@twenty48/store';
import postgres from 'postgres';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PlayServer, playServer, type TestClock, testClock } from './testing/playServer.js';
import { cornerMove, type ReadEvent, watchStream } from './testing/rankedClient.js';

const base = process.env.TWENTY48_TEST_DATABASE_URL;
const PLAYER_A = { 'x-twenty48-player': 'AAAAAAAAAAAAAAAAAAAAAA' };
const PLAYER_B = { 'x-twenty48-player': 'BBBBBBBBBBBBBBBBBBBBBB' };

const post = async <T>(url: string, body: unknown, headers: Record<string, string> = PLAYER_A) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T & ErrorAnswer };
};
const get = async <T>(url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as T };
};

if (base) {
  const admin = postgres(base, { max: 1, onnotice: () => {}, fetch_types: false });
  let schema = '';
  let stores: LeaderboardStore[] = [];
  let servers: PlayServer[] = [];
  let clock: TestClock;
  /** Two servers, each on a store of its own, on this test's schema. */
  const twoServers = async (limits = {}, racePollMs = 50) => {
    for (let i = 0; i < 2; i++) {
      const opened = await openLeaderboard(
        `${base}${base.includes('?') ? '&' : '?'}search_path=${schema}`,
      );
      if (!opened.ok) throw new Error(opened.error.message);
      stores.push(opened.value);
      servers.push(await playServer(opened.value, clock, { limits, racePollMs }));
    }
    return servers.map((server) => server.url);
  };
  beforeEach(() => {
    schema = `t_play_${randomBytes(5).toString('hex')}`;
    clock = testClock('2026-11-26T10:00:00.000Z');
  });
  afterEach(async () => {
    for (const server of servers) await server.close();
    for (const store of stores) await store.close();
    servers = [];
    stores = [];
    await admin.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  });
  afterAll(async () => {
    await admin.end();
  });

  describe('two servers on one PostgreSQL', { timeout: 60_000 }, () => {
    it('deal the same day (the secret kept in the database), rank a name once, and count the daily limit together', async () => {
      const [one = '', two = ''] = await twoServers({ dailyGamesPerPlayer: 2 });
      const a = await post<DailyGameAnswer>(`${one}/api/daily/games`, {});
      const b = await post<DailyGameAnswer>(`${two}/api/daily/games`, {}, PLAYER_B);
      expect(b.body.board).toEqual(a.body.board);
      // The same moves on either server: the same boards.
      let board = a.body.board;
      const directions: RankedDirection[] = [];
      for (let status = 'playing'; status !== 'lost'; ) {
        const direction = cornerMove(board, 'classic');
        const answer = await post<MoveAnswer>(`${one}/api/games/${a.body.gameId}/moves`, {
          direction,
        });
        const same = await post<MoveAnswer>(`${two}/api/games/${b.body.gameId}/moves`, {
          direction,
        });
        expect(same.body.board).toEqual(answer.body.board);
        directions.push(direction);
        board = answer.body.board;
        status = answer.body.status;
      }
      expect((await post(`${one}/api/scores`, { gameId: a.body.gameId, name: 'Ada' })).status).toBe(
        201,
      );
      const again = await post(`${two}/api/scores`, { gameId: b.body.gameId, name: 'Ada' });
      expect([again.status, again.body.error]).toEqual([409, 'ERR_DAILY_RANKED']);
      expect((await get<DailyAnswer>(`${two}/api/daily`)).body.best.map((row) => row.name)).toEqual(
        ['Ada'],
      );
      // Player A's second game on the other server, then a third: refused, counted together.
      expect((await post(`${two}/api/daily/games`, {})).status).toBe(201);
      const third = await post(`${one}/api/daily/games`, {});
      expect([third.status, third.body.error]).toEqual([429, 'ERR_TOO_MANY_DAILY_GAMES']);
      clock.at = new Date('2026-11-27T00:00:00.000Z');
      const seeds = await Promise.all(
        [one, two].map(
          async (url) => (await get<DailyAnswer>(`${url}/api/daily?date=2026-11-26`)).body.seed,
        ),
      );
      expect(seeds[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(seeds[1]).toBe(seeds[0]);
    });

    it('run one race: created on one, joined and played on both, streamed from either, over on both', async () => {
      // Server one reads the race on its timer every 2 s: it hears of a move made on server two
      // at once, and must then read the race (the start made there) before telling the move.
      const [one = '', two = ''] = await twoServers({}, 2_000);
      const { body: race } = await post<CreateRaceAnswer>(`${one}/api/races`, { minutes: 2 });
      const stream = await watchStream(`${one}/api/races/${race.raceId}/events`);
      const ada = (
        await post<CreateGameAnswer>(`${one}/api/races/${race.raceId}/players`, { name: 'Ada' })
      ).body;
      const bo = (
        await post<CreateGameAnswer>(
          `${two}/api/races/${race.raceId}/players`,
          { name: 'Bo' },
          PLAYER_B,
        )
      ).body;
      expect(bo.board).toEqual(ada.board);
      const seen: ReadEvent[] = [];
      const readUntil = async (name: string, count = 1) => {
        for (let event = await stream.next(); event; event = await stream.next()) {
          if (event.event === 'comment') continue;
          seen.push(event);
          if (seen.filter((one) => one.event === name).length === count) return;
        }
      };
      // Both joins told (Bo's, made on server two, by server one's timer).
      await readUntil('join', 2);
      const early = await post(
        `${two}/api/games/${bo.gameId}/moves`,
        { direction: 'left' },
        PLAYER_B,
      );
      expect(early.body.error).toBe('ERR_RACE_NOT_STARTED');
      expect(
        (await post(`${two}/api/races/${race.raceId}/start`, { hostToken: race.hostToken })).status,
      ).toBe(200);
      const again = await post(`${one}/api/races/${race.raceId}/start`, {
        hostToken: race.hostToken,
      });
      expect(again.body.error).toBe('ERR_RACE_STARTED');
      clock.advance(3_000);
      // Bo plays on server two; server one's stream sees Bo's moves.
      const direction = cornerMove(bo.board, 'classic');
      const moved = await post<MoveAnswer>(
        `${two}/api/games/${bo.gameId}/moves`,
        { direction },
        PLAYER_B,
      );
      expect(moved.status).toBe(200);
      await readUntil('move');
      expect(seen.map((event) => event.event)).toEqual(['race', 'join', 'join', 'start', 'move']);
      expect(seen.at(-1)?.data).toMatchObject({ watchId: bo.watchId, board: moved.body.board });
      const fromOne = await get<RaceAnswer>(`${one}/api/races/${race.raceId}`);
      const fromTwo = await get<RaceAnswer>(`${two}/api/races/${race.raceId}`);
      expect(fromOne.body).toEqual(fromTwo.body);
      // Best first: the score, then the bigger tile (Bo's move may have dealt a 4), fewer moves.
      const biggest = (board: readonly (readonly number[])[]) => Math.max(...board.flat());
      const boLeads = moved.body.score > 0 || biggest(moved.body.board) > biggest(ada.board);
      expect(fromOne.body.players[0]?.name).toBe(boLeads ? 'Bo' : 'Ada');
      clock.advance(2 * 60_000);
      for (const [url, game] of [
        [one, ada.gameId],
        [two, bo.gameId],
      ] as const) {
        const late = await post(`${url}/api/games/${game}/moves`, { direction: 'up' });
        expect(late.body.error).toBe('ERR_RACE_OVER');
      }
      for (let event = await stream.next(); event; event = await stream.next()) {
        if (event.event === 'finish') {
          expect((event.data as RaceAnswer).status).toBe('finished');
          break;
        }
      }
    });
  });
} else {
  describe('the daily challenge and races on two servers over PostgreSQL', () => {
    it.skip('runs with TWENTY48_TEST_DATABASE_URL=postgres://… (.ci/run sets it)', () => {});
  });
}
