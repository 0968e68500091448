/**
 * The functional interface of the labwork on `{ board, score }` games, with the
 * labwork's names and examples. Written with functionals (compose, filter, fold) on top of the
 * engine's own line collapse, so there is one copy of the rules.
 */
import { isStuck, sameBoard } from './board.js';
import { collapseLine } from './line.js';
import type { Board } from './types.js';

/** The labwork's game: a board (rows top to bottom, 0 for empty) and a score. */
export interface LabGame {
  readonly board: Board;
  readonly score: number;
}

type Unary<T> = (value: T) => T;

/** `compose(f, g, h)(x)` is `f(g(h(x)))`, as Racket's `compose`. */
export const compose =
  <T>(...fns: Unary<T>[]): Unary<T> =>
  (value) =>
    fns.reduceRight((acc, fn) => fn(acc), value);

/**
 * Replace the `n`-th zero of `list` (counting from 1) with `v`.
 *
 * @example
 * zeroReplace(1, 4, [4, 0, 8, 0, 0, 0, 5, 8]) // [4, 4, 8, 0, 0, 0, 5, 8]
 * zeroReplace(3, 2, [4, 0, 8, 0, 0, 0, 5, 8]) // [4, 0, 8, 0, 2, 0, 5, 8]
 */
export const zeroReplace = (n: number, v: number, list: readonly number[]): number[] =>
  list.reduce<{ zeros: number; out: number[] }>(
    ({ zeros, out }, x) => {
      const seen = x === 0 ? zeros + 1 : zeros;
      return { zeros: seen, out: [...out, x === 0 && seen === n ? v : x] };
    },
    { zeros: 0, out: [] },
  ).out;

/**
 * Collapse a row to the left (missing values count as 0, padded to at least 4) and put the
 * total value produced by collisions in front.
 *
 * @example
 * collapseRow([2, 2, 16])   // [4, 4, 16, 0, 0]
 * collapseRow([2, 2, 2, 2]) // [8, 4, 4, 0, 0]
 */
export const collapseRow = (row: readonly number[]): number[] => {
  const padded = [...row, ...new Array<number>(Math.max(0, 4 - row.length)).fill(0)];
  const { line, gained } = collapseLine(padded, 'once');
  return [gained, ...line];
};

/** True when the board holds a 2048 tile (or a larger one, which only a 2048 can make). */
export const isWon = (game: LabGame): boolean =>
  game.board.some((row) => row.some((v) => v >= 2048));

/** True when the game is not won, no cell is empty and no two neighbours are equal. */
export const isLost = (game: LabGame): boolean => !isWon(game) && isStuck(game.board);

const transpose: Unary<LabGame> = (game) => ({
  ...game,
  board: game.board.map((row, r) => row.map((_, c) => game.board[c]?.[r] ?? 0)),
});

const mirror: Unary<LabGame> = (game) => ({
  ...game,
  board: game.board.map((row) => [...row].reverse()),
});

/** Collapse every row to the left; the score grows by the sum of the collisions. */
export const moveLeft: Unary<LabGame> = (game) => {
  const collapsed = game.board.map(collapseRow);
  return {
    board: collapsed.map(([, ...row]) => row.slice(0, game.board.length)),
    score: collapsed.reduce((score, [gain = 0]) => score + gain, game.score),
  };
};

/** Collapse every row to the right. */
export const moveRight: Unary<LabGame> = compose(mirror, moveLeft, mirror);
/** Collapse every column upward. */
export const moveUp: Unary<LabGame> = compose(transpose, moveLeft, transpose);
/** Collapse every column downward. */
export const moveDown: Unary<LabGame> = compose(transpose, moveRight, transpose);

const emptyCount = (game: LabGame): number =>
  game.board.reduce((count, row) => count + row.filter((v) => v === 0).length, 0);

/**
 * The labwork's solitary heuristic: play the move that leaves the most empty cells. Moves that
 * change nothing are not considered; ties go to the first of up, down, left, right. Returns the
 * game unchanged when no move changes it.
 */
export const chooseNextGame = (game: LabGame): LabGame =>
  [moveUp, moveDown, moveLeft, moveRight]
    .map((move) => move(game))
    .filter((next) => !sameBoard(next.board, game.board))
    .reduce<LabGame | null>(
      (best, next) => (best === null || emptyCount(next) > emptyCount(best) ? next : best),
      null,
    ) ?? game;
