/**
 * Game review, the pure part: a record's positions (the board before each move), each move
 * graded from the AI's values of the legal directions (the played one, the best, the loss), and
 * the game's summary (accuracy, the costliest moves). The values themselves come from the search
 * (`review-values.ts`); the terminal's `2048 review` and the browser's Review view both grade with
 * this file, so their numbers agree.
 */
import {
  type Board,
  DIRECTIONS,
  type Direction,
  directionOfLetter,
  fail,
  type GameRecord,
  MOVE_LETTERS,
  type MoveLetter,
  newGame,
  ok,
  type Result,
  type Rules,
  replay,
  step,
} from '@twenty48/engine';
import { fitsBitboard } from './bitboard.js';
import { networkPlays } from './ntuple-player.js';

/**
 * The review's depth unless told otherwise: the n-tuple search three moves past the graded one,
 * the deepest at which a 1,000-move game is reviewed in under a minute on one core
 * (`npm run bench:review`, README "Game review").
 */
export const DEFAULT_REVIEW_DEPTH = 3;

/** How many of the costliest moves a review names. */
export const COSTLIEST_COUNT = 5;

/** One graded move. `index` counts from 0 (the record's `moves[index]` is `played`). */
export interface ReviewedMove {
  readonly index: number;
  readonly played: MoveLetter;
  /**
   * The legal direction of highest value: the played one when it is worth as much, else the first
   * in up, down, left, right.
   */
  readonly best: MoveLetter;
  /** The value of each legal direction (gain plus the expected value after it). */
  readonly values: Readonly<Partial<Record<MoveLetter, number>>>;
  /** The best's value minus the played one's: 0 when the played move is the best, never less. */
  readonly loss: number;
}

/** A whole game's review, the shape `2048 review --json` prints. */
export interface GameReview {
  readonly moves: readonly ReviewedMove[];
  /** The share of moves equal to the best (1 for a record without moves). */
  readonly accuracy: number;
  /** The indices of the five largest losses, largest first (the earlier move on a tie). */
  readonly costliest: readonly number[];
}

/** One position to grade: the board before move `index` and the direction then played. */
export interface ReviewPosition {
  readonly index: number;
  readonly board: Board;
  readonly score: number;
  readonly played: Direction;
}

/** A record's move letter: what `played` and `best` hold, and what `values` is keyed by. */
export type { MoveLetter };

/** Why a record cannot be reviewed (besides the engine's record and replay errors). */
export type ReviewErrorCode = 'ERR_REVIEW_RULES' | 'ERR_REVIEW_BOARD';

const letterOf = (direction: Direction): MoveLetter => MOVE_LETTERS[direction];

/**
 * True for rules a review grades: those the n-tuple network plays (classic's 4x4 board, merges
 * and spawns). Other rules get the heuristic from the default AI, whose values are on another
 * scale, so a review refuses them rather than mix the two.
 */
export const reviewPlays = (rules: Rules): boolean => networkPlays(rules);

/**
 * The positions of a record, one per move: the record is first replayed by the engine (its named
 * errors, with the move number), then each board before a move is kept. Refused: rules the
 * network does not play (ERR_REVIEW_RULES), a board it cannot hold (a tile above 32768,
 * ERR_REVIEW_BOARD with the move number).
 *
 * @example
 * const positions = reviewPositions(record); // { ok: true, value: [{ index: 0, board, played: 'left' }, …] }
 */
export function reviewPositions(record: GameRecord): Result<ReviewPosition[]> {
  if (!reviewPlays(record.rules)) {
    return fail(
      'ERR_REVIEW_RULES',
      `a review grades games under classic 4x4 rules (the n-tuple network's), not ${record.rules.name} ${record.rules.size}x${record.rules.size}`,
    );
  }
  const replayed = replay(record);
  if (!replayed.ok) return replayed;
  const positions: ReviewPosition[] = [];
  let game = newGame(record.rules, record.seed, record.version);
  for (let index = 0; index < record.moves.length; index++) {
    const played = directionOfLetter(record.moves[index]);
    if (played === undefined) return fail('ERR_MOVES', `move ${index + 1} is not U, D, L or R`);
    if (!fitsBitboard(game.board)) {
      return fail(
        'ERR_REVIEW_BOARD',
        `move ${index + 1}: the board holds a tile above 32768, which the network cannot value`,
      );
    }
    positions.push({ index, board: game.board, score: game.score, played });
    game = step(game, played).game;
  }
  return ok(positions);
}

/**
 * Grade one move from the values of the four directions in the engine's order (up, down, left,
 * right; NaN where a direction changes nothing). Null when the played direction has no value
 * (it changes nothing, or the search did not finish).
 *
 * @example
 * gradeMove(7, 'left', [10, NaN, 4, 12])
 * // { index: 7, played: 'L', best: 'R', values: { U: 10, L: 4, R: 12 }, loss: 8 }
 */
export function gradeMove(
  index: number,
  played: Direction,
  values: readonly number[],
): ReviewedMove | null {
  const byLetter: Partial<Record<MoveLetter, number>> = {};
  let best: Direction | null = null;
  let bestValue = Number.NEGATIVE_INFINITY;
  DIRECTIONS.forEach((direction, i) => {
    const value = values[i];
    if (value === undefined || !Number.isFinite(value)) return;
    byLetter[letterOf(direction)] = value;
    if (value > bestValue) {
      bestValue = value;
      best = direction;
    }
  });
  const playedValue = byLetter[letterOf(played)];
  if (best === null || playedValue === undefined) return null;
  return {
    index,
    played: letterOf(played),
    // A move worth as much as the first best (left and right on a symmetric board) is the best.
    best: letterOf(playedValue === bestValue ? played : best),
    values: byLetter,
    loss: Math.max(0, bestValue - playedValue),
  };
}

/**
 * The indices of the `count` largest losses, largest first, the earlier move first on a tie.
 *
 * @example
 * costliestMoves([{ loss: 0 }, { loss: 5 }, { loss: 2 }], 2) // [1, 2]
 */
export function costliestMoves(
  moves: readonly { readonly loss: number }[],
  count = COSTLIEST_COUNT,
): number[] {
  return moves
    .map((move, index) => ({ loss: move.loss, index }))
    .sort((a, b) => b.loss - a.loss || a.index - b.index)
    .slice(0, count)
    .map(({ index }) => index);
}

/**
 * A game's review from its graded moves, in order: the moves, the accuracy and the costliest.
 *
 * @example
 * summarizeReview(moves) // { moves, accuracy: 0.93, costliest: [412, 87, 903, 15, 640] }
 */
export function summarizeReview(moves: readonly ReviewedMove[]): GameReview {
  const best = moves.filter((move) => move.played === move.best).length;
  return {
    moves,
    accuracy: moves.length === 0 ? 1 : best / moves.length,
    costliest: costliestMoves(moves),
  };
}

/**
 * The loss chart's columns: the moves cut into at most `columns` runs of equal length (the last
 * may be shorter), each the largest loss in its run, so one bad move still shows. The terminal's
 * chart and the browser's draw these.
 *
 * @example
 * lossColumns([{ loss: 0 }, { loss: 3 }, { loss: 1 }, { loss: 0 }], 2)
 * // { perColumn: 2, peaks: [3, 1] }
 */
export function lossColumns(
  moves: readonly { readonly loss: number }[],
  columns: number,
): { perColumn: number; peaks: number[] } {
  const perColumn = Math.max(1, Math.ceil(moves.length / Math.max(1, columns)));
  const peaks: number[] = [];
  moves.forEach((move, i) => {
    const column = Math.floor(i / perColumn);
    peaks[column] = Math.max(peaks[column] ?? 0, move.loss);
  });
  return { perColumn, peaks };
}
