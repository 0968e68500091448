/**
 * Races on a real server (SQLite file, clock injected: no test sleeps the race's minutes):
 * the same tiles for every player, the start and the end, the standings, the live stream, a
 * restart mid-race, and every bad request named.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import type {
  CreateGameAnswer,
  CreateRaceAnswer,
  ErrorAnswer,
  MoveAnswer,
  RaceAnswer,
  RankedDirection,
} from '@twenty48/common';
import { type LeaderboardStore, openStore, sqliteLeaderboard } from '@twenty48/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './limits.js';
import { createPlayTable } from './play.js';
import { createRankedTable } from './rankedTable.js';
import { type PlayServer, playServer, type TestClock, testClock } from './testing/playServer.js';
import { cornerMove, type ReadEvent, watchStream } from './testing/rankedClient.js';

const PLAYER_A = { 'x-twenty48-player': 'AAAAAAAAAAAAAAAAAAAAAA' };
const PLAYER_B = { 'x-twenty48-player': 'BBBBBBBBBBBBBBBBBBBBBB' };

let dir = '';
let store: LeaderboardStore;
let clock: TestClock;
let server: PlayServer;
const openFile = (): LeaderboardStore => {
  const opened = openStore({ file: joinPath(dir, 'race.db') });
  if (!opened.ok) throw new Error(opened.error.message);
  return sqliteLeaderboard(opened.value);
};
beforeEach(async () => {
  dir = mkdtempSync(joinPath(tmpdir(), 'twenty48-race-'));
  store = openFile();
  clock = testClock('2026-11-26T10:00:00.000Z');
  server = await playServer(store, clock);
});
afterEach(async () => {
  await server.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const request = async <T>(
  path: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
) => {
  const response = await fetch(server.url + path, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    ...(init.body === undefined
      ? {}
      : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as T, text };
};
const post = <T>(path: string, body: unknown, headers: Record<string, string> = PLAYER_A) =>
  request<T>(path, { body, headers });
const move = (gameId: string, direction: RankedDirection) =>
  post<MoveAnswer & ErrorAnswer>(`/api/games/${gameId}/moves`, { direction });
const errorOf = (answer: { status: number; body: unknown }) => [
  answer.status,
  (answer.body as ErrorAnswer).error,
];

async function newRace(body: unknown = { rules: 'classic', size: 4, minutes: 5 }) {
  const created = await post<CreateRaceAnswer>('/api/races', body);
  if (created.status !== 201) throw new Error(`race: ${created.status} ${created.text}`);
  return created.body;
}
async function join(raceId: string, name: string, headers = PLAYER_A) {
  const joined = await post<CreateGameAnswer>(`/api/races/${raceId}/players`, { name }, headers);
  if (joined.status !== 201) throw new Error(`join: ${joined.status} ${joined.text}`);
  return joined.body;
}
/** The events read until one named `name` (included). */
async function until(stream: { next(): Promise<ReadEvent | null> }, name: string) {
  const events: ReadEvent[] = [];
  for (let event = await stream.next(); event; event = await stream.next()) {
    if (event.event === 'comment') continue;
    events.push(event);
    if (event.event === name) return events;
  }
  throw new Error(`the stream ended before ${name}: ${JSON.stringify(events)}`);
}

describe('a race', { timeout: 60_000 }, () => {
  it('deals the same tiles to every player, starts after the countdown, ends on time, ranks best first, and streams it all', async () => {
    const { raceId, hostToken } = await newRace();
    expect(raceId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(hostToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const stream = await watchStream(`${server.url}/api/races/${raceId}/events`);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const ada = await join(raceId, 'Ada', PLAYER_A);
    const bo = await join(raceId, 'Bo', PLAYER_B);
    expect(bo.board).toEqual(ada.board);
    const opening = [...(await until(stream, 'join')), ...(await until(stream, 'join'))];
    expect(opening[0]?.event).toBe('race');
    expect(opening[0]?.data).toMatchObject({ status: 'waiting', players: [] });
    const joined = opening.filter((event) => event.event === 'join');
    expect(joined.map((event) => (event.data as { name: string }).name)).toEqual(['Ada', 'Bo']);

    expect(errorOf(await move(ada.gameId, 'left'))).toEqual([409, 'ERR_RACE_NOT_STARTED']);
    const wrong = await post(`/api/races/${raceId}/start`, { hostToken: 'x'.repeat(22) });
    expect(errorOf(wrong)).toEqual([403, 'ERR_HOST_TOKEN']);
    const started = await post<RaceAnswer>(`/api/races/${raceId}/start`, { hostToken });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      raceId,
      rules: 'classic',
      size: 4,
      minutes: 5,
      status: 'running',
      startedAt: '2026-11-26T10:00:03.000Z',
      endsAt: '2026-11-26T10:05:03.000Z',
      now: '2026-11-26T10:00:00.000Z',
    });
    const startEvent = (await until(stream, 'start')).at(-1);
    expect(startEvent?.data).toEqual({
      startedAt: '2026-11-26T10:00:03.000Z',
      endsAt: '2026-11-26T10:05:03.000Z',
    });
    expect(errorOf(await move(ada.gameId, 'left'))).toEqual([409, 'ERR_RACE_NOT_STARTED']);
    expect(errorOf(await post(`/api/races/${raceId}/players`, { name: 'Cy' }))).toEqual([
      409,
      'ERR_RACE_STARTED',
    ]);
    expect(errorOf(await post(`/api/races/${raceId}/start`, { hostToken }))).toEqual([
      409,
      'ERR_RACE_STARTED',
    ]);

    clock.advance(3_000);
    // Ada plays; Bo plays the same moves and sees the same boards; Bo stops earlier.
    let board = ada.board;
    const directions: RankedDirection[] = [];
    for (let i = 0; i < 12; i++) {
      const direction = cornerMove(board, 'classic');
      const answer = await move(ada.gameId, direction);
      expect(answer.status).toBe(200);
      directions.push(direction);
      board = answer.body.board;
      if (i < 8) {
        const same = await move(bo.gameId, direction);
        expect(same.body.board).toEqual(answer.body.board);
      }
    }
    const moves = [];
    while (moves.length < 20) {
      const event = await stream.next();
      if (event?.event === 'move') moves.push(event.data as MoveAnswer & { watchId: string });
    }
    expect(moves.filter((event) => event.watchId === ada.watchId)).toHaveLength(12);
    expect(moves.filter((event) => event.watchId === bo.watchId)).toHaveLength(8);

    const running = await request<RaceAnswer>(`/api/races/${raceId}`);
    expect(running.body.status).toBe('running');
    const scores = running.body.players.map((player) => player.score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    expect(running.body.players.map((player) => player.name).sort()).toEqual(['Ada', 'Bo']);
    expect(running.text).not.toContain(ada.gameId);
    expect(running.text).not.toContain(bo.gameId);
    const scored = await post(`/api/scores`, { gameId: ada.gameId, name: 'Ada' });
    expect(errorOf(scored)).toEqual([409, 'ERR_RACE_GAME']);

    clock.at = new Date('2026-11-26T10:05:03.000Z');
    expect(errorOf(await move(bo.gameId, 'left'))).toEqual([409, 'ERR_RACE_OVER']);
    const finish = (await until(stream, 'finish')).at(-1)?.data as RaceAnswer;
    expect(finish.status).toBe('finished');
    const final = finish.players.map((player) => player.score);
    expect(final).toEqual([...final].sort((x, y) => y - x));
    expect(finish.players.map((player) => player.moves).sort()).toEqual([12, 8].sort());
    expect(await stream.next()).toBeNull();
    const over = await request<RaceAnswer>(`/api/races/${raceId}`);
    expect(over.body.status).toBe('finished');
  });

  it('goes on after a restart mid-race: the race and its games are rebuilt from the store', async () => {
    const { raceId, hostToken } = await newRace({ minutes: 1 });
    const ada = await join(raceId, 'Ada', PLAYER_A);
    const bo = await join(raceId, 'Bo', PLAYER_B);
    await post(`/api/races/${raceId}/start`, { hostToken });
    clock.advance(3_000);
    const before = await move(ada.gameId, cornerMove(ada.board, 'classic'));
    expect(before.status).toBe(200);
    const raceBefore = await request<RaceAnswer>(`/api/races/${raceId}`);

    await server.close();
    await store.close();
    store = openFile();
    server = await playServer(store, clock);

    const raceAfter = await request<RaceAnswer>(`/api/races/${raceId}`);
    expect(raceAfter.body).toEqual(raceBefore.body);
    const stream = await watchStream(`${server.url}/api/races/${raceId}/events`);
    expect((await stream.next())?.event).toBe('race');
    const after = await move(ada.gameId, cornerMove(before.body.board, 'classic'));
    expect(after.status).toBe(200);
    expect(after.body.index).toBe(1);
    const boMove = await move(bo.gameId, cornerMove(bo.board, 'classic'));
    expect(boMove.body.board).toEqual(before.body.board);
    clock.advance(60_000);
    const events = await until(stream, 'finish');
    expect(events.filter((event) => event.event === 'move').length).toBeGreaterThanOrEqual(2);
    expect(errorOf(await move(ada.gameId, 'left'))).toEqual([409, 'ERR_RACE_OVER']);
  });

  it('names every bad request', async () => {
    for (const [body, code] of [
      [{ minutes: 0 }, 'ERR_RACE_MINUTES'],
      [{ minutes: 31 }, 'ERR_RACE_MINUTES'],
      [{ minutes: 2.5 }, 'ERR_RACE_MINUTES'],
      [{ minutes: '5' }, 'ERR_RACE_MINUTES'],
      [{ rules: 'chess' }, 'ERR_UNKNOWN_RULES'],
      [{ size: 9 }, 'ERR_SIZE'],
    ] as const) {
      expect(errorOf(await post('/api/races', body))).toEqual([422, code]);
    }
    expect(errorOf(await post('/api/races', { rules: 5 }))).toEqual([400, 'ERR_BODY']);
    expect(errorOf(await post('/api/races', '{"rules":'))).toEqual([400, 'ERR_JSON']);
    const { raceId } = await newRace({});
    const race = await request<RaceAnswer>(`/api/races/${raceId}`);
    expect(race.body).toMatchObject({ rules: 'classic', size: 4, minutes: 5, status: 'waiting' });
    expect(errorOf(await post(`/api/races/${raceId}/players`, { name: '' }))).toEqual([
      422,
      'ERR_NAME',
    ]);
    expect(errorOf(await post(`/api/races/${raceId}/players`, {}))).toEqual([400, 'ERR_BODY']);
    expect(errorOf(await post(`/api/races/${raceId}/start`, {}))).toEqual([400, 'ERR_BODY']);
    const unknown = 'A'.repeat(22);
    expect(errorOf(await request(`/api/races/${unknown}`))).toEqual([404, 'ERR_UNKNOWN_RACE']);
    expect(errorOf(await request(`/api/races/${unknown}/events`))).toEqual([
      404,
      'ERR_UNKNOWN_RACE',
    ]);
    expect(errorOf(await post(`/api/races/${unknown}/players`, { name: 'Ada' }))).toEqual([
      404,
      'ERR_UNKNOWN_RACE',
    ]);
    expect(errorOf(await post(`/api/races/${unknown}/start`, { hostToken: 'x' }))).toEqual([
      404,
      'ERR_UNKNOWN_RACE',
    ]);
    expect(errorOf(await request('/api/races/not!an!id'))).toEqual([404, 'ERR_UNKNOWN_RACE']);
  });

  it('keeps its limits: players per race, one name each, races per player an hour', async () => {
    await server.close();
    server = await playServer(store, clock, {
      limits: { racePlayers: 2, racesPerHour: 1, watchersPerGame: 1 },
    });
    const { raceId } = await newRace();
    const watching = await watchStream(`${server.url}/api/races/${raceId}/events`);
    expect((await watching.next())?.event).toBe('race');
    const crowded = await request(`/api/races/${raceId}/events`);
    expect(errorOf(crowded)).toEqual([503, 'ERR_TOO_MANY_WATCHERS']);
    watching.stop();
    await join(raceId, 'Ada', PLAYER_A);
    expect(errorOf(await post(`/api/races/${raceId}/players`, { name: 'Ada' }, PLAYER_B))).toEqual([
      409,
      'ERR_NAME_TAKEN',
    ]);
    await join(raceId, 'Bo', PLAYER_B);
    expect(errorOf(await post(`/api/races/${raceId}/players`, { name: 'Cy' }))).toEqual([
      409,
      'ERR_RACE_FULL',
    ]);
    expect(errorOf(await post('/api/races', {}))).toEqual([429, 'ERR_TOO_MANY_RACES']);
    expect((await post('/api/races', {}, PLAYER_B)).status).toBe(201);
    clock.advance(60 * 60 * 1000);
    expect((await post('/api/races', {})).status).toBe(201);
    // A race nobody started is over after an hour: no one joins it any more.
    expect(errorOf(await post(`/api/races/${raceId}/players`, { name: 'Cy' }))).toEqual([
      409,
      'ERR_RACE_OVER',
    ]);
  });

  it('is won by the first to reach the goal: the race ends then, whatever the scores', async () => {
    const limits = { ...DEFAULT_LIMITS };
    const now = () => clock.at;
    const table = createRankedTable({ store, limits, now });
    const play = createPlayTable({ store, table, limits, now });
    const client = { address: '10.0.0.1', player: 't:AAAAAAAAAAAAAAAAAAAAAA' };
    const created = await play.createRace('classic', 4, 5, client);
    if (!created.ok) throw new Error(created.error.message);
    const { raceId, hostToken } = created.value;
    const ada = await play.join(raceId, 'Ada', client);
    const bo = await play.join(raceId, 'Bo', client);
    if (!ada.ok || !bo.ok) throw new Error('join');
    expect((await play.start(raceId, hostToken)).ok).toBe(true);
    clock.advance(3_000);
    // Ada scores; Bo reaches the goal (told as the edge tells it after a kept move).
    for (const direction of ['left', 'down', 'right', 'down'] as const) {
      await table.move(ada.value.gameId, direction);
    }
    const won = await table.move(bo.value.gameId, 'up');
    if (!won.ok) throw new Error(won.error.message);
    clock.advance(1_000);
    await play.hooks.afterMove(bo.value.gameId, { ...won.value, status: 'won' });
    const race = await play.race(raceId);
    if (!race.ok) throw new Error(race.error.message);
    expect(race.value.status).toBe('finished');
    expect(race.value.players.map((player) => [player.name, player.reachedAt])).toEqual([
      ['Bo', '2026-11-26T10:00:04.000Z'],
      ['Ada', null],
    ]);
    const late = await table.move(ada.value.gameId, 'left');
    expect(late.ok ? 'played' : late.error.code).toBe('ERR_RACE_OVER');
    await table.close();
  });
});
