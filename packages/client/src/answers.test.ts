import { RANKED_PLAYER_HEADER } from '@twenty48/common';
import { describe, expect, it } from 'vitest';
import {
  parseBoard,
  parseCreateAnswer,
  parseEndEvent,
  parseLiveList,
  parseMoveAnswer,
  parseMoveEvent,
  parseRecordAnswer,
  parseResumeAnswer,
  parseScoreAnswer,
  parseStateEvent,
} from './answers.js';
import { createGame, rankGame, readGame, sendMove } from './api.js';
import { type Fetch, readAnswer } from './http.js';

const board = [
  [0, 2, 0, 0],
  [0, 0, 0, 0],
  [4, 0, 0, 0],
  [0, 0, 0, 2],
];
const move = {
  board,
  score: 4,
  gained: 4,
  moved: true,
  spawn: { row: 0, col: 1, value: 2 },
  status: 'playing',
  index: 0,
  moves: 1,
};
const resume = {
  gameId: 'g-1_a',
  watchId: 'w1',
  rules: 'classic',
  size: 4,
  board,
  score: 0,
  status: 'playing',
  sent: 3,
  moves: 2,
};
const live = {
  watchId: 'w1',
  rules: 'tiers',
  size: 5,
  score: 96,
  maxTile: 16,
  moves: 40,
  status: 'playing',
  updatedAt: '2026-11-26T03:00:00.000Z',
};

describe('checking the server’s answers', () => {
  it('reads a board: square, of the size asked, every cell 0 or a power of two', () => {
    expect(parseBoard(board)).toEqual(board);
    expect(parseBoard(board, 4)).toEqual(board);
    expect(parseBoard(board, 3)).toBeNull();
    expect(
      parseBoard([
        [0, 3],
        [2, 0],
      ]),
    ).toBeNull();
    expect(parseBoard([[0, 2], [2]])).toBeNull();
    expect(parseBoard([[1]])).toBeNull();
    expect(
      parseBoard([
        [0, -2],
        [2, 0],
      ]),
    ).toBeNull();
    expect(parseBoard('[[0]]')).toBeNull();
  });

  it('reads each answer of the API, and nothing of another shape', () => {
    const created = { gameId: 'abc', watchId: 'def', board, score: 0, status: 'playing' };
    expect(parseCreateAnswer(created, 4)).toEqual(created);
    expect(parseCreateAnswer({ ...created, gameId: 'a b' }, 4)).toBeNull();
    expect(parseCreateAnswer({ ...created, seed: '9' }, 4)).toEqual(created); // extra fields are dropped
    expect(parseMoveAnswer(move, 4)).toEqual(move);
    expect(parseMoveAnswer({ ...move, spawn: null }, 4)).toEqual({ ...move, spawn: null });
    expect(parseMoveAnswer({ ...move, spawn: { row: 4, col: 0, value: 2 } }, 4)).toBeNull();
    expect(parseMoveAnswer({ ...move, status: 'over' }, 4)).toBeNull();
    expect(parseMoveAnswer({ ...move, index: -1 }, 4)).toBeNull();
    expect(parseResumeAnswer(resume)).toEqual(resume);
    expect(parseResumeAnswer({ ...resume, scoreId: 4 })).toEqual({ ...resume, scoreId: 4 });
    expect(parseResumeAnswer({ ...resume, size: 9 })).toBeNull();
    expect(parseResumeAnswer({ ...resume, rules: 'custom' })).toBeNull();
    expect(parseLiveList([live])).toEqual([live]);
    expect(parseLiveList([live, { ...live, maxTile: 3 }])).toBeNull();
    expect(parseLiveList({})).toBeNull();
    expect(parseScoreAnswer({ id: 7, rank: 2, score: 196, maxTile: 32 })).toEqual({
      id: 7,
      rank: 2,
      score: 196,
      maxTile: 32,
    });
    expect(parseScoreAnswer({ id: 7, rank: 0, score: 196, maxTile: 32 })).toBeNull();
    expect(
      parseRecordAnswer({ version: 1, rules: 'classic', seed: '9', moves: 'LUR' }),
    ).toMatchObject({ moves: 'LUR' });
    expect(parseRecordAnswer({ version: 1, rules: 3, seed: '9', moves: 'LUR' })).toBeNull();
  });

  it('reads the stream’s events', () => {
    const state = {
      watchId: 'w1',
      rules: 'classic',
      size: 4,
      board,
      score: 0,
      status: 'playing',
      moves: 0,
    };
    expect(parseStateEvent(state)).toEqual(state);
    expect(parseStateEvent({ ...state, board: [[0]] })).toBeNull();
    const { index: _, ...moveEvent } = { ...move, direction: 'left' };
    expect(parseMoveEvent(moveEvent, 4)).toEqual(moveEvent);
    expect(parseMoveEvent({ ...moveEvent, direction: 'sideways' }, 4)).toBeNull();
    expect(parseEndEvent({ status: 'expired', score: 8 })).toEqual({ status: 'expired', score: 8 });
    expect(parseEndEvent({ status: 'won', score: 8 })).toBeNull();
  });

  it('turns an error body into its named error with the status and Retry-After', () => {
    const text = JSON.stringify({ error: 'ERR_RATE_LIMIT', message: 'slow down' });
    expect(readAnswer(429, text, 2000, () => null)).toEqual({
      ok: false,
      error: { code: 'ERR_RATE_LIMIT', message: 'slow down', status: 429, retryAfterMs: 2000 },
    });
    expect(readAnswer(502, '<html>bad gateway</html>', null, () => null)).toMatchObject({
      ok: false,
      error: { code: 'ERR_RESPONSE', status: 502 },
    });
    expect(readAnswer(200, 'not json', null, (b) => b)).toMatchObject({
      ok: false,
      error: { code: 'ERR_RESPONSE' },
    });
  });

  it('reads the open games a refusal names, and only well-formed ones', () => {
    const open = {
      gameId: 'L7Db04WyctE0dy2blS9cAw',
      watchId: 'W7Db04WyctE0dy2blS9cAw',
      rules: 'classic',
      size: 4,
      moves: 12,
      score: 48,
      resume: '/api/games/L7Db04WyctE0dy2blS9cAw',
    };
    const text = JSON.stringify({
      error: 'ERR_TOO_MANY_GAMES',
      message: 'you have 5 games in progress',
      open: [open, { ...open, size: 'big' }, 'junk'],
    });
    expect(readAnswer(429, text, 60_000, () => null)).toEqual({
      ok: false,
      error: {
        code: 'ERR_TOO_MANY_GAMES',
        message: 'you have 5 games in progress',
        status: 429,
        retryAfterMs: 60_000,
        open: [open],
      },
    });
  });

  it('sends the player token with every call when the link has one', async () => {
    const sent: (Record<string, string> | undefined)[] = [];
    const fetcher: Fetch = async (_url, init) => {
      sent.push(init?.headers);
      return {
        status: 404,
        headers: { get: () => null },
        text: async () => '{"error":"ERR_UNKNOWN_GAME","message":"no"}',
        body: null,
      };
    };
    const link = { fetch: fetcher, baseUrl: '.', player: 'L7Db04WyctE0dy2blS9cAw' };
    await createGame(link, { rules: 'classic', size: 4 });
    await sendMove(link, 'g', 4, { direction: 'left', index: 0 });
    await readGame(link, 'g');
    await rankGame(link, 'g', 'Ada');
    expect(sent.map((headers) => headers?.[RANKED_PLAYER_HEADER])).toEqual(
      Array(4).fill('L7Db04WyctE0dy2blS9cAw'),
    );
  });
});
