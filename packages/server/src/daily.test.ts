/**
 * The daily challenge on a real server (SQLite file, clock injected): the same tiles for
 * everyone on a day, the seed hidden until the day is over, a name ranked once a day.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  DailyAnswer,
  DailyGameAnswer,
  DailyRankAnswer,
  DailyScoresAnswer,
  ErrorAnswer,
  LiveGame,
  MoveAnswer,
  RankedDirection,
} from '@twenty48/common';
import { type Game, makeRules, newGame, step } from '@twenty48/engine';
import { type LeaderboardStore, openStore, sqliteLeaderboard } from '@twenty48/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dailySeed } from './dailySeed.js';
import { type PlayServer, playServer, type TestClock, testClock } from './testing/playServer.js';
import { cornerMove, rankedClient } from './testing/rankedClient.js';

const SECRET = 'a daily secret for the tests';
const PLAYER_A = { 'x-twenty48-player': 'AAAAAAAAAAAAAAAAAAAAAA' };
const PLAYER_B = { 'x-twenty48-player': 'BBBBBBBBBBBBBBBBBBBBBB' };

let dir = '';
let store: LeaderboardStore;
let clock: TestClock;
let server: PlayServer;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'twenty48-daily-'));
  const opened = openStore({ file: join(dir, 'daily.db') });
  if (!opened.ok) throw new Error(opened.error.message);
  store = sqliteLeaderboard(opened.value);
  clock = testClock('2026-11-26T10:00:00.000Z');
  server = await playServer(store, clock, { dailySecret: SECRET });
});
afterEach(async () => {
  await server.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const client = rankedClient(() => server.url);
const { get, move } = client;
const post = async <T>(path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as T, text, headers: response.headers };
};
const newDaily = async (headers = PLAYER_A) => {
  const created = await post<DailyGameAnswer>('/api/daily/games', {}, headers);
  if (created.status !== 201) throw new Error(`daily game: ${created.status} ${created.text}`);
  return created;
};

/** Play the corner strategy to the end; every answer's text and the directions played. */
async function playToEnd(gameId: string, board: MoveAnswer['board']) {
  const texts: string[] = [];
  const directions: RankedDirection[] = [];
  let last: { board: MoveAnswer['board']; status: string } = { board, status: 'playing' };
  while (last.status !== 'lost') {
    const direction = cornerMove(last.board, 'classic');
    const answer = await move(gameId, direction);
    if (answer.status !== 200) throw new Error(`move: ${answer.status} ${answer.text}`);
    texts.push(answer.text);
    directions.push(direction);
    last = answer.body;
  }
  return { texts, directions, last };
}

describe('the daily challenge', { timeout: 60_000 }, () => {
  it('deals the same boards to everyone under the same moves, and tells the seed only once the day is over', async () => {
    const today = await get<DailyAnswer>('/api/daily');
    expect(today.status).toBe(200);
    expect(today.body).toEqual({
      date: '2026-11-26',
      rules: 'classic',
      size: 4,
      players: 0,
      best: [],
    });
    const a = await newDaily(PLAYER_A);
    const b = await newDaily(PLAYER_B);
    expect(a.body.date).toBe('2026-11-26');
    expect(b.body.board).toEqual(a.body.board);
    expect(b.body.gameId).not.toBe(a.body.gameId);
    const played = await playToEnd(a.body.gameId, a.body.board);
    // B plays A's very moves: the same board after each.
    for (const [i, direction] of played.directions.entries()) {
      const answer = await move(b.body.gameId, direction);
      expect(answer.text).toBe(played.texts[i]);
    }
    const seed = dailySeed(SECRET, '2026-11-26');
    const texts = [today.text, a.text, b.text, ...played.texts];
    texts.push((await get('/api/daily')).text, (await get('/api/daily?date=2026-11-26')).text);
    texts.push((await get(`/api/games/${a.body.gameId}`)).text);
    for (const text of texts) expect(text).not.toContain(seed);
    // The day's games are not listed live (a watcher could copy a good player's moves).
    const live = await get<LiveGame[]>('/api/games/live');
    expect(live.body.map((game) => game.watchId)).not.toContain(b.body.watchId);

    expect((await get<ErrorAnswer>('/api/daily?date=2026-11-27')).body.error).toBe(
      'ERR_DAILY_FUTURE',
    );
    expect((await get('/api/daily?date=2026-11-27')).status).toBe(404);
    clock.at = new Date('2026-11-27T00:00:00.000Z');
    const yesterday = await get<DailyAnswer>('/api/daily?date=2026-11-26');
    expect(yesterday.body.seed).toBe(seed);
    expect((await get<DailyAnswer>('/api/daily')).body).not.toHaveProperty('seed');
    // Anyone can replay the day from its seed: the engine gives the boards the server gave.
    const rules = makeRules('classic', { size: 4 });
    if (!rules.ok) throw new Error(rules.error.message);
    let game: Game = newGame(rules.value, seed);
    expect(game.board.map((row) => [...row])).toEqual(a.body.board);
    for (const [i, direction] of played.directions.entries()) {
      game = step(game, direction).game;
      expect(game.board.map((row) => [...row])).toEqual(JSON.parse(played.texts[i] ?? '').board);
    }
    // Another day, another seed.
    const next = await newDaily(PLAYER_A);
    expect(next.body.date).toBe('2026-11-27');
    expect(dailySeed(SECRET, '2026-11-27')).not.toBe(seed);
  });

  it('ranks a name once a day, with its first finished game; the day table and best agree', async () => {
    const first = await newDaily(PLAYER_A);
    const second = await newDaily(PLAYER_B);
    const later = await newDaily(PLAYER_A);
    const unfinished = await newDaily({ 'x-twenty48-player': 'CCCCCCCCCCCCCCCCCCCCCC' });
    const early = await post<ErrorAnswer>('/api/scores', {
      gameId: unfinished.body.gameId,
      name: 'Cy',
    });
    expect([early.status, early.body.error]).toEqual([409, 'ERR_NOT_FINISHED']);
    const one = await playToEnd(first.body.gameId, first.body.board);
    const two = await playToEnd(second.body.gameId, second.body.board);
    await playToEnd(later.body.gameId, later.body.board);
    // A's second finished game does not rank, whatever the name: only the first does.
    const best = await post<ErrorAnswer>('/api/scores', { gameId: later.body.gameId, name: 'Al' });
    expect([best.status, best.body.error]).toEqual([409, 'ERR_DAILY_RANKED']);
    const ranked = await post<DailyRankAnswer>('/api/scores', {
      gameId: first.body.gameId,
      name: 'Ada',
    });
    expect(ranked.status).toBe(201);
    expect(ranked.body).toMatchObject({ date: '2026-11-26', rank: 1, name: 'Ada' });
    expect(ranked.body.score).toBe(JSON.parse(one.texts.at(-1) ?? '').score);
    const again = await post<ErrorAnswer>('/api/scores', {
      gameId: second.body.gameId,
      name: 'Ada',
    });
    expect([again.status, again.body.error]).toEqual([409, 'ERR_DAILY_RANKED']);
    const used = await post<ErrorAnswer>('/api/scores', { gameId: first.body.gameId, name: 'Bo' });
    expect([used.status, used.body.error]).toEqual([409, 'ERR_GAME_USED']);
    const bo = await post<DailyRankAnswer>('/api/scores', {
      gameId: second.body.gameId,
      name: 'Bo',
    });
    expect(bo.status).toBe(201);
    const scores = await get<DailyScoresAnswer>('/api/daily/scores?date=2026-11-26');
    const byScore = [
      { name: 'Ada', score: ranked.body.score },
      { name: 'Bo', score: bo.body.score },
    ].sort((x, y) => y.score - x.score || (x.name === 'Ada' ? -1 : 1));
    expect(scores.body.scores.map((row) => [row.rank, row.name, row.score])).toEqual(
      byScore.map((row, i) => [i + 1, row.name, row.score]),
    );
    expect(JSON.parse(two.texts.at(-1) ?? '').score).toBe(bo.body.score);
    const daily = await get<DailyAnswer>('/api/daily');
    expect(daily.body.players).toBe(3);
    expect(daily.body.best.map((row) => row.name)).toEqual(byScore.map((row) => row.name));
    // Its day over, the unfinished game's moves are refused, and it ranks as it stands.
    clock.at = new Date('2026-11-27T00:00:01.000Z');
    const late = await move(unfinished.body.gameId, 'left');
    expect([late.status, (late.body as unknown as ErrorAnswer).error]).toEqual([
      409,
      'ERR_DAILY_OVER',
    ]);
    const cy = await post<DailyRankAnswer>('/api/scores', {
      gameId: unfinished.body.gameId,
      name: 'Cy',
    });
    expect([cy.status, cy.body.date, cy.body.moves]).toEqual([201, '2026-11-26', 0]);
  });

  it('limits the daily games of a player a day (429, named, with Retry-After until tomorrow)', async () => {
    await server.close();
    server = await playServer(store, clock, {
      dailySecret: SECRET,
      limits: { dailyGamesPerPlayer: 2 },
    });
    await newDaily(PLAYER_A);
    await newDaily(PLAYER_A);
    const third = await post<ErrorAnswer>('/api/daily/games', {}, PLAYER_A);
    expect([third.status, third.body.error]).toEqual([429, 'ERR_TOO_MANY_DAILY_GAMES']);
    expect(Number(third.headers.get('retry-after'))).toBe(14 * 60 * 60);
    expect((await post('/api/daily/games', {}, PLAYER_B)).status).toBe(201);
    clock.at = new Date('2026-11-27T00:00:00.000Z');
    expect((await post('/api/daily/games', {}, PLAYER_A)).status).toBe(201);
  });

  it('names a bad date and a bad player token', async () => {
    for (const date of ['yesterday', '2026-02-30', '2026-1-1']) {
      const answer = await get<ErrorAnswer>(`/api/daily?date=${date}`);
      expect([answer.status, answer.body.error]).toEqual([400, 'ERR_DATE']);
      const scores = await get<ErrorAnswer>(`/api/daily/scores?date=${date}`);
      expect([scores.status, scores.body.error]).toEqual([400, 'ERR_DATE']);
    }
    const token = await post<ErrorAnswer>('/api/daily/games', {}, { 'x-twenty48-player': 'me' });
    expect([token.status, token.body.error]).toEqual([400, 'ERR_PLAYER_TOKEN']);
  });

  it('deals the day from a secret kept in the database when none is set', async () => {
    await server.close();
    server = await playServer(store, clock);
    const a = await newDaily(PLAYER_A);
    await server.close();
    // Another server on the same database (here: after a restart) deals the same day.
    server = await playServer(store, clock);
    const b = await newDaily(PLAYER_B);
    expect(b.body.board).toEqual(a.body.board);
    const kept = await store.play.secret('daily');
    clock.at = new Date('2026-11-27T00:00:00.000Z');
    const yesterday = await get<DailyAnswer>('/api/daily?date=2026-11-26');
    expect(yesterday.body.seed).toBe(dailySeed(kept, '2026-11-26'));
  });
});
