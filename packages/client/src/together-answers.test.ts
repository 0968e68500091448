import { describe, expect, it } from 'vitest';
import { raceUpdateOf } from './race-watch.js';
import {
  parseCreatedRace,
  parseDailyGame,
  parseDailyInfo,
  parseDailyRank,
  parseDailyScores,
  parseRaceInfo,
} from './together-answers.js';

const board = [
  [2, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 2, 0],
  [0, 0, 0, 0],
];
const id = 'AbCdEfGhIjKlMnOpQrStUv';
const player = {
  name: 'Ada',
  watchId: id,
  score: 8,
  maxTile: 8,
  moves: 3,
  status: 'playing',
  reachedAt: null,
};
const race = {
  raceId: id,
  rules: 'classic',
  size: 4,
  minutes: 5,
  status: 'running',
  startedAt: '2026-11-26T13:00:00.000Z',
  endsAt: '2026-11-26T13:05:00.000Z',
  players: [player],
  now: '2026-11-26T12:59:58.000Z',
};

describe('the daily answers', () => {
  it('reads today (no seed) and an earlier day (its seed)', () => {
    const today = { date: '2026-11-26', rules: 'classic', size: 4, players: 2, best: [] };
    expect(parseDailyInfo(today)).toEqual(today);
    const best = [{ name: 'Ada', score: 96, maxTile: 16 }];
    expect(parseDailyInfo({ ...today, best, seed: 'abc' })).toEqual({
      ...today,
      best,
      seed: 'abc',
    });
  });

  it.each([
    ['a date of another shape', { date: '26/11/2026' }],
    ['rules other than classic', { rules: 'tiers' }],
    ['a size other than 4', { size: 5 }],
    ['a day that does not exist', { date: '2026-02-30' }],
    ['a negative count of players', { players: -1 }],
    ['a best row of the wrong shape', { best: [{ name: 'Ada', score: 'lots', maxTile: 16 }] }],
    ['a seed that is not text', { seed: 7 }],
  ])('refuses %s', (_, change) => {
    const today = { date: '2026-11-26', rules: 'classic', size: 4, players: 2, best: [] };
    expect(parseDailyInfo({ ...today, ...change })).toBeNull();
  });

  it('reads a day’s game with its date, and its table', () => {
    const game = {
      gameId: id,
      watchId: id,
      board,
      score: 0,
      status: 'playing',
      date: '2026-11-26',
    };
    expect(parseDailyGame(game, 4)).toEqual(game);
    expect(parseDailyGame({ ...game, date: undefined }, 4)).toBeNull();
    expect(parseDailyGame(game, 5)).toBeNull();
    const scores = [{ rank: 1, name: 'Ada', score: 96, maxTile: 16, moves: 40 }];
    expect(parseDailyScores({ date: '2026-11-26', scores })).toEqual({
      date: '2026-11-26',
      scores,
    });
    expect(
      parseDailyScores({ date: '2026-11-26', scores: [{ ...scores[0], rank: 0 }] }),
    ).toBeNull();
    const rank = { date: '2026-11-26', ...scores[0] };
    expect(parseDailyRank(rank)).toEqual(rank);
    expect(parseDailyRank({ ...rank, date: undefined })).toBeNull();
  });
});

describe('the race answers', () => {
  it('reads a created race and a race with its players', () => {
    expect(parseCreatedRace({ raceId: id, hostToken: id })).toEqual({ raceId: id, hostToken: id });
    expect(parseCreatedRace({ raceId: 'not an id!', hostToken: id })).toBeNull();
    expect(parseRaceInfo(race)).toEqual(race);
    const waiting = { ...race, status: 'waiting', startedAt: null, endsAt: null, players: [] };
    expect(parseRaceInfo(waiting)).toEqual(waiting);
  });

  it.each([
    ['an unknown status', { status: 'paused' }],
    ['a start that is no time', { startedAt: 'soon' }],
    ['a player of the wrong shape', { players: [{ ...player, watchId: '' }] }],
    ['a player with no tile value', { players: [{ ...player, maxTile: 3 }] }],
    ['no server clock', { now: undefined }],
  ])('refuses a race with %s', (_, change) => {
    expect(parseRaceInfo({ ...race, ...change })).toBeNull();
  });

  it('turns a stream event into a player’s move, or news with the race when it came whole', () => {
    const move = raceUpdateOf(
      'move',
      JSON.stringify({ watchId: id, board, score: 4, moves: 2 }),
      4,
    );
    expect(move).toEqual({ type: 'move', watchId: id, board, score: 4, moves: 2 });
    expect(raceUpdateOf('start', JSON.stringify(race), 4)).toEqual({
      type: 'changed',
      event: 'start',
      race,
    });
    expect(raceUpdateOf('end', JSON.stringify({ race }), 4)).toMatchObject({ race });
    expect(raceUpdateOf('join', '{"name":"Bo"}', 4)).toEqual({
      type: 'changed',
      event: 'join',
      race: null,
    });
    // A move with a board of the wrong size is no move: the view reads the race again.
    expect(
      raceUpdateOf('move', JSON.stringify({ watchId: id, board, score: 4, moves: 2 }), 5).type,
    ).toBe('changed');
  });
});
