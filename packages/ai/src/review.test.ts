import {
  type Direction,
  directionOfLetter,
  type Game,
  type GameRecord,
  MOVE_LETTERS,
  makeRules,
  newGame,
  recordOf,
  step,
} from '@twenty48/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { toBitboard } from './bitboard.js';
import { useShippedNetwork } from './ntuple-node.js';
import { createNtupleSearch, currentNetwork, ntuplePlayer } from './ntuple-player.js';
import {
  costliestMoves,
  gradeMove,
  lossColumns,
  type ReviewedMove,
  reviewPositions,
  summarizeReview,
} from './review.js';
import { gradePosition, handleReviewMove, reviewRecord } from './review-values.js';

const DEPTH = 1;

/** A game the n-tuple player plays at `DEPTH`, `moves` moves long (or to its end). */
function playerGame(seed: string, moves: number, from?: Game): Game {
  const player = ntuplePlayer({ depth: DEPTH });
  let game = from ?? newGame('classic', seed);
  for (let i = 0; i < moves && game.status !== 'lost'; i++) {
    const direction = player(game);
    if (direction === null) break;
    game = step(game, direction).game;
  }
  return game;
}

beforeAll(() => {
  useShippedNetwork();
  if (!currentNetwork().ok) throw new Error('the shipped network could not be read');
});

describe('grading one move', () => {
  it('takes the best of the legal values (the played one on a tie, else the first), a loss never below 0', () => {
    expect(gradeMove(7, 'left', [10, Number.NaN, 4, 12])).toEqual({
      index: 7,
      played: 'L',
      best: 'R',
      values: { U: 10, L: 4, R: 12 },
      loss: 8,
    });
    expect(gradeMove(0, 'right', [5, 5, 3, 5])).toMatchObject({ best: 'R', loss: 0 });
    expect(gradeMove(0, 'left', [5, 5, 3, 5])).toMatchObject({ best: 'U', loss: 2 });
    expect(gradeMove(0, 'down', [1, 9, 3, 2])).toMatchObject({ best: 'D', loss: 0 });
  });

  it('has no grade for a move without a value', () => {
    expect(gradeMove(0, 'down', [1, Number.NaN, 3, 2])).toBeNull();
    expect(gradeMove(0, 'up', [])).toBeNull();
  });

  it('names the five largest losses, largest first, the earlier on a tie', () => {
    const losses = [0, 5, 2, 5, 9, 1, 0, 3].map((loss) => ({ loss }));
    expect(costliestMoves(losses)).toEqual([4, 1, 3, 7, 2]);
    expect(costliestMoves([{ loss: 0 }, { loss: 0 }])).toEqual([0, 1]);
  });

  it('counts accuracy as the share of moves equal to the best', () => {
    const move = (index: number, played: 'U' | 'L', loss: number): ReviewedMove => ({
      index,
      played,
      best: 'U',
      values: { U: 10, L: 10 - loss },
      loss,
    });
    const review = summarizeReview([move(0, 'U', 0), move(1, 'L', 4), move(2, 'U', 0)]);
    expect(review.accuracy).toBeCloseTo(2 / 3);
    expect(review.costliest).toEqual([1, 0, 2]);
    expect(summarizeReview([]).accuracy).toBe(1);
  });
});

describe('reviewing a record', () => {
  it('finds no loss in a game the same AI played at the same depth', () => {
    const game = playerGame('own-moves', 150);
    const review = reviewRecord(recordOf(game), { depth: DEPTH });
    if (!review.ok) throw new Error(review.error.message);
    expect(review.value.moves).toHaveLength(game.moves.length);
    review.value.moves.forEach((move, index) => {
      expect(move.index).toBe(index);
      expect(move.played).toBe(game.moves[index]);
      expect(move.loss).toBe(0);
    });
    expect(review.value.accuracy).toBe(1);
  });

  it('names a deliberately bad move the costliest', () => {
    let before = playerGame('bad-move', 60);
    // Play on until a position where some legal move is clearly worse than the best.
    let worst: Direction | null = null;
    for (let tries = 0; tries < 100 && worst === null; tries++) {
      const graded = gradePosition(
        { index: 0, board: before.board, score: 0, played: 'up' },
        { depth: DEPTH },
      );
      const values = graded.ok ? graded.value.values : {};
      const entries = Object.entries(values).sort((a, b) => a[1] - b[1]);
      const [low, high] = [entries[0], entries[entries.length - 1]];
      if (low && high && high[1] - low[1] > 100) {
        worst = directionOfLetter(low[0]) ?? null;
      } else before = playerGame('bad-move', 1, before);
    }
    if (worst === null) throw new Error('no position with a clearly worse move');
    const badIndex = before.moves.length;
    const after = playerGame('bad-move', 40, step(before, worst).game);
    const review = reviewRecord(recordOf(after), { depth: DEPTH });
    if (!review.ok) throw new Error(review.error.message);
    expect(review.value.costliest[0]).toBe(badIndex);
    expect(review.value.moves[badIndex]?.loss).toBeGreaterThan(100);
    expect(review.value.accuracy).toBeLessThan(1);
  });

  it('refuses bad records by name, with the move number', () => {
    const good = recordOf(playerGame('refused', 30));
    const letters = reviewRecord({ ...good, moves: `${good.moves}X` });
    expect(letters.ok ? null : letters.error).toEqual({
      code: 'ERR_ILLEGAL_MOVE',
      message: `move ${good.moves.length + 1} is not one of U, D, L, R`,
    });
    const stuck: GameRecord = { ...good, moves: 'UUUUUUUUUUUUUUUUUUUUUUUUUUUUUU' };
    const refused = reviewRecord(stuck);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe('ERR_ILLEGAL_MOVE');
      expect(refused.error.message).toMatch(/^move \d+/);
    }
    const rules = makeRules('fiveTwelve', {});
    if (!rules.ok) throw new Error(rules.error.message);
    const other = reviewPositions({ ...good, rules: rules.value, moves: '' });
    expect(other.ok ? null : other.error.code).toBe('ERR_REVIEW_RULES');
    const five = makeRules('classic', { size: 5 });
    if (!five.ok) throw new Error(five.error.message);
    const wide = reviewPositions({ ...good, rules: five.value, moves: '' });
    expect(wide.ok ? null : wide.error.code).toBe('ERR_REVIEW_RULES');
  });
});

describe('the worker request', () => {
  it('grades a move as gradePosition does', () => {
    const game = playerGame('worker', 20);
    // A move that changes the board there, whatever the shipped network played to get there.
    const played = (['left', 'up', 'right', 'down'] as const).find((d) => step(game, d).moved);
    if (played === undefined) throw new Error('the game is over at move 20');
    const position = { index: 20, board: game.board, score: game.score, played };
    const answer = handleReviewMove({
      id: 3,
      kind: 'review-move',
      position,
      options: { depth: 1 },
    });
    const direct = gradePosition(position, { depth: 1 });
    if (!direct.ok) throw new Error(direct.error.message);
    if (direct.value.values[MOVE_LETTERS[played]] === undefined) {
      expect(answer).toMatchObject({ id: 3, error: { code: 'ERR_REVIEW_TIME' } });
    } else {
      expect(answer).toEqual({ id: 3, move: direct.value });
    }
  });

  it('refuses what it cannot read, by name, without throwing', () => {
    const board = newGame('classic', 'w').board;
    const position = { index: 0, board, score: 0, played: 'up' };
    for (const request of [
      null,
      { id: 1, kind: 'review-move' },
      { id: 1, kind: 'review-move', position: { ...position, board: [[3]] }, options: {} },
      { id: 1, kind: 'review-move', position: { ...position, played: 'north' }, options: {} },
      { id: 1, kind: 'review-move', position, options: { depth: 99 } },
      { id: 1, kind: 'review-move', position: { ...position, index: -1 }, options: {} },
    ]) {
      const answer = handleReviewMove(request);
      expect('error' in answer && answer.error.code).toBe('ERR_REQUEST');
    }
  });

  it('values each position as the search does', () => {
    const game = playerGame('values', 10);
    const network = currentNetwork();
    if (!network.ok) throw new Error('no network');
    const search = createNtupleSearch(network.value);
    if (!search) throw new Error('no kernel');
    const { values } = search.values(toBitboard(game.board), { depth: DEPTH, ms: null });
    const chosen = search.search(toBitboard(game.board), { depth: DEPTH, ms: null });
    const best = Math.max(...values.filter((v) => !Number.isNaN(v)));
    expect(chosen.value).toBe(best);
  });
});

describe('the loss chart', () => {
  it('keeps the largest loss of each run of moves', () => {
    const losses = [0, 3, 1, 0, 7].map((loss) => ({ loss }));
    expect(lossColumns(losses, 2)).toEqual({ perColumn: 3, peaks: [3, 7] });
    expect(lossColumns(losses, 10)).toEqual({ perColumn: 1, peaks: [0, 3, 1, 0, 7] });
    expect(lossColumns([], 10)).toEqual({ perColumn: 1, peaks: [] });
  });
});
