import { describe, expect, it } from 'vitest';
import { INITIAL_FEN } from './fen.js';
import { type Game, newGame, playMove } from './game.js';
import { moveToPdn } from './pdn.js';
import { parsePdnGame } from './pdnGame.js';
import { markOf, menText, reviewedPdn, reviewGame, reviewJson } from './review.js';
import { handleReviewRequest, isReviewRequest, reviewRequest } from './reviewProtocol.js';
import { searchBest, WIN_SCORE } from './search.js';
import type { Position } from './types.js';

const read = (text: string) => {
  const parsed = parsePdnGame(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

// Black's 4. 14-17 hangs a man: red jumps 21x14x7 and keeps it (found with a 6-ply search).
const HUNG = '1. 10-14 22-17 2. 7-10 23-19 3. 11-15 17-13 4. 14-17 21x14x7 5. 3x10 24-20 *';

describe('markOf', () => {
  it('marks a man or more ??, half a man ?, less nothing, and never the best move', () => {
    expect(markOf(0, -100, false)).toBe('??');
    expect(markOf(40, -60, false)).toBe('??');
    expect(markOf(0, -50, false)).toBe('?');
    expect(markOf(0, -99, false)).toBe('?');
    expect(markOf(0, -49, false)).toBeNull();
    expect(markOf(0, -500, true)).toBeNull();
  });

  it('counts every win alike, a win as at least 3 men, and a held position turned lost as ??', () => {
    expect(markOf(WIN_SCORE - 3, WIN_SCORE - 15, false)).toBeNull(); // a slower win
    expect(markOf(WIN_SCORE - 3, 320, false)).toBeNull(); // still 3 men up
    expect(markOf(WIN_SCORE - 3, 240, false)).toBe('?');
    expect(markOf(WIN_SCORE - 3, 150, false)).toBe('??'); // a win let go to a man and a half
    expect(markOf(WIN_SCORE - 3, -WIN_SCORE + 7, false)).toBe('??'); // a win turned into a loss
    expect(markOf(-30, -WIN_SCORE + 20, false)).toBe('??'); // held, then lost
    expect(markOf(-190, -WIN_SCORE + 20, false)).toBe('??'); // under 2 men down, then lost
    expect(markOf(-470, -WIN_SCORE + 20, false)).toBeNull(); // hopeless already
    expect(markOf(-WIN_SCORE + 9, -WIN_SCORE + 5, false)).toBeNull(); // lost either way
  });
});

describe('reviewGame', () => {
  it('marks a hung man ?? with the better move, and the forced replies not at all', () => {
    const reviews = reviewGame(read(HUNG).game, { depth: 6 });
    expect(reviews).toHaveLength(10);
    const hung = reviews[6];
    expect(hung && moveToPdn(hung.played)).toBe('14-17');
    expect(hung?.mark).toBe('??');
    expect(hung && moveToPdn(hung.best)).not.toBe('14-17');
    expect((hung?.before ?? 0) - (hung?.after ?? 0)).toBeGreaterThanOrEqual(100);
    expect(reviews[7]?.mark).toBeNull(); // 21x14x7 was the only move
    expect(reviews.filter((review) => review.mark === '??')).toHaveLength(1);
  });

  it('leaves the engine’s own moves unmarked, each valued as its search saw it', () => {
    let game: Game = newGame();
    const history: Position[] = [];
    for (let ply = 0; ply < 16; ply++) {
      const { move } = searchBest(game.position, { depth: 5, history });
      if (move === null) break;
      history.push(game.position);
      const played = playMove(game, move);
      if (!played.ok) throw new Error(played.error.message);
      game = played.value;
    }
    const reviews = reviewGame(game, { depth: 5 });
    expect(reviews).toHaveLength(16);
    for (const review of reviews) {
      expect(review.mark, `ply ${review.index}`).toBeNull();
      expect(moveToPdn(review.best)).toBe(moveToPdn(review.played));
      expect(review.after).toBe(review.before);
    }
  });

  it('tells its progress before each move and at the end', () => {
    const seen: string[] = [];
    reviewGame(read('1. 11-15 23-19 *').game, { depth: 2 }, (done, total) =>
      seen.push(`${done}/${total}`),
    );
    expect(seen).toEqual(['0/2', '1/2', '2/2']);
  });
});

describe('reviewedPdn', () => {
  it('writes the marks as NAGs and the values as comments, and reads back as the same game', () => {
    const game = read(`[Event "Club"]\n[Black "Ann"]\n\n${HUNG}`);
    const reviews = reviewGame(game.game, { depth: 6 });
    const text = reviewedPdn(game.game, game.tags, game.result, reviews, 'review, depth 6');
    expect(text).toMatch(/^\[Event "Club"\]\n\[Black "Ann"\]\n\[Annotator "review, depth 6"\]\n\n/);
    expect(text).toMatch(/4\. 14-17 \$4 \{-\d+\.\d, best \d+-\d+\} 4\.\.\. 21x14x7 \{\+\d+\.\d\}/);
    const again = read(text);
    expect(again.moves.map(moveToPdn)).toEqual(game.moves.map(moveToPdn));
    expect(again.tags.Event).toBe('Club');
  });

  it('keeps a FEN setup and numbers a game Red starts from 1...', () => {
    const game = read('[FEN "W:W18,22,K30:B9,14"]\n\n1... 18-15 2. 14-18 22-17 *');
    const reviews = reviewGame(game.game, { depth: 4 });
    expect(reviews.map((review) => review.side)).toEqual(['red', 'black', 'red']);
    const text = reviewedPdn(game.game, game.tags, game.result, reviews, 'x');
    expect(text).toContain('[FEN "W:W18,22,K30:B9,14"]');
    expect(text).toMatch(/\n\n1\.\.\. 18-15 (\$\d )?\{[^}]*\} 2\. 14-18/);
    expect(read(text).moves.map(moveToPdn)).toEqual(['18-15', '14-18', '22-17']);
  });

  it('shows values in men, decided ones as win or loss', () => {
    expect([menText(-120), menText(4), menText(-4), menText(55), menText(WIN_SCORE - 9)]).toEqual([
      '-1.2',
      '0.0',
      '0.0',
      '+0.6',
      'win',
    ]);
    const [first] = reviewGame(read('1. 11-15 *').game, { depth: 2 });
    if (first === undefined) throw new Error('no review');
    expect(reviewJson(first)).toMatchObject({
      index: 0,
      side: 'black',
      played: '11-15',
      mark: null,
    });
  });
});

describe('the review protocol', () => {
  it('grades one move per request, as reviewGame does', () => {
    const game = read(HUNG).game;
    let before = newGame();
    for (const move of game.moves.slice(0, 6)) {
      const played = playMove(before, move);
      if (!played.ok) throw new Error(played.error.message);
      before = played.value;
    }
    const hung = game.moves[6];
    if (hung === undefined) throw new Error('no seventh move');
    const request = reviewRequest(3, before, hung, 6, { depth: 6 });
    expect(isReviewRequest(request)).toBe(true);
    expect(isReviewRequest({ id: 3, fen: INITIAL_FEN })).toBe(false);
    const reply = handleReviewRequest(request);
    expect(reply).toMatchObject({ kind: 'review', id: 3, ok: true, index: 6, played: '14-17' });
    expect(reply.ok && reply.mark).toBe('??');
    expect(reply.ok && reply.bestPath.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a bad request by name, never throwing', () => {
    const base = { kind: 'review', id: 1, fen: INITIAL_FEN, depth: 2, index: 0 };
    for (const [data, code] of [
      [{ ...base, played: '22-18' }, 'ERR_ILLEGAL_MOVE'],
      [{ ...base, played: 'e4' }, 'ERR_PDN_MOVE'],
      [{ ...base, played: 7 }, 'ERR_PDN_MOVE'],
      [{ ...base, played: '11-15', fen: 'X' }, 'ERR_FEN'],
      [{ ...base, played: '11-15', depth: 0 }, 'ERR_DEPTH'],
      [{ ...base, played: '11-15', index: -1 }, 'ERR_REQUEST'],
      [{ ...base, played: '11-15', margin: 10 }, 'ERR_REQUEST'],
      [null, 'ERR_REQUEST'],
    ] as const) {
      const reply = handleReviewRequest(data);
      expect(reply.ok, JSON.stringify(data)).toBe(false);
      expect(!reply.ok && reply.error.code).toBe(code);
    }
  });
});
