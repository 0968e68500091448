import { escapeControls } from '@twenty48/common';
import { makeFen } from './fen.js';
import type { Game } from './game.js';
import { applyMove, legalMoves, sameMove } from './moves.js';
import { moveToPdn, movetextOf } from './pdn.js';
import { searchBest, searchValue } from './search.js';
import type { Move, Position, Side } from './types.js';

/**
 * Game review: every move of a finished game searched, graded against the engine's best.
 *
 * The scale is the search's own: a man is worth 100 (`MAN_VALUE`), shown as 1.0 ("men"). The
 * played move and the best one are valued at the same horizon: the position before the move is
 * searched (its score is the best move's value, `before`), and when another move was played,
 * the position after it is searched one ply less deep than the root search got (so both moves
 * are looked at equally far), a forced reply played out without costing a ply (so a man hung
 * to a forced capture is seen). A move the search itself chose is never marked.
 */

/** A man, on the search's scale. */
export const REVIEW_MAN = 100;
/** From this value on a position counts as decided (a found win, a database win): 100 men. */
export const DECIDED_SCORE = 10_000;
/** What a decided position counts as at least, against an undecided one: a 3-man lead. */
export const DECIDED_LEAD = 3 * REVIEW_MAN;
/** A position counts as held while it is at most this far down: 2 men. */
export const HELD_LIMIT = 2 * REVIEW_MAN;

/** `??` a blunder (a man or more, or a held position lost), `?` a mistake (half a man or more). */
export type ReviewMark = '??' | '?';

/** How long each position of the game is searched: a fixed depth or a budget per position. */
export interface ReviewLimits {
  readonly depth?: number;
  readonly ms?: number;
}

/** One move graded. Values are for the side that moved, in the search's units (a man = 100). */
export interface MoveReview {
  /** The ply: 0 for the game's first move. */
  readonly index: number;
  readonly side: Side;
  readonly played: Move;
  readonly best: Move;
  /** The position before the move, for the mover: the best move's value. */
  readonly before: number;
  /** The value of the move played, for the mover (equal to `before` when it is the best). */
  readonly after: number;
  readonly mark: ReviewMark | null;
  /** The depth the position before the move was searched to. */
  readonly depth: number;
}

/** A score with every decided value pulled to ±`DECIDED_SCORE`: a win is a win, however far. */
export const decided = (score: number): number =>
  Math.max(-DECIDED_SCORE, Math.min(DECIDED_SCORE, score));

/**
 * The mark a move earns: none for the search's own choice; `??` when it gives up a man or more
 * (`before - after` at least 100) or turns a held position (at most 2 men down) into a lost one;
 * `?` at half a man or more. A decided value (a found win or loss) counts, against an undecided
 * one, as at least a 3-man lead: a won position let go to a 3-man lead is no mistake (the search
 * merely no longer sees the end), one let go to a man's lead is a blunder; a loss walked into
 * from a hopeless position is no blunder.
 *
 * @example
 * markOf(0, -120, false) // '??'
 * markOf(30, -30, false) // '?'
 * markOf(30, -300, true) // null: the search's own move
 */
export function markOf(before: number, after: number, isBest: boolean): ReviewMark | null {
  if (isBest) return null;
  const lost = after <= -DECIDED_SCORE;
  if (lost && before > -HELD_LIMIT && before < DECIDED_SCORE) return '??';
  const loss = comparable(before, after) - comparable(after, before);
  if (loss >= REVIEW_MAN) return '??';
  if (loss >= REVIEW_MAN / 2) return '?';
  return null;
}

// `value` to compare with `other`: a decided one as at least a 3-man lead (or deficit), and
// never on the wrong side of an undecided `other`; two decided ones as equal wins or losses.
function comparable(value: number, other: number): number {
  if (Math.abs(other) >= DECIDED_SCORE) return decided(value);
  if (value >= DECIDED_SCORE) return Math.max(other, DECIDED_LEAD);
  if (value <= -DECIDED_SCORE) return Math.min(other, -DECIDED_LEAD);
  return value;
}

/**
 * Grades the move `played` from `position` (the game's earlier positions in `history`, oldest
 * first, for repetitions), searched within `limits` (default depth 10).
 *
 * @example
 * const review = reviewMove(initialPosition(), [], parsed11to15, { depth: 6 }, 0);
 * review.mark // null: 11-15 is a fine opening move
 */
export function reviewMove(
  position: Position,
  history: readonly Position[],
  played: Move,
  limits: ReviewLimits,
  index: number,
): MoveReview {
  const side = position.turn;
  const moves = legalMoves(position);
  if (moves.length === 1) {
    // A forced move: nothing to choose, the value is the one after it.
    const value = -searchValue(applyMove(position, played), (limits.depth ?? 10) - 1, [
      ...history,
      position,
    ]);
    return { index, side, played, best: played, before: value, after: value, mark: null, depth: 0 };
  }
  const root = searchBest(position, {
    ...(limits.depth === undefined ? {} : { depth: limits.depth }),
    ...(limits.ms === undefined ? {} : { ms: limits.ms }),
    ...(limits.depth === undefined && limits.ms === undefined ? { depth: 10 } : {}),
    history,
  });
  const best = root.move ?? played;
  const before = root.score;
  if (sameMove(best, played))
    return { index, side, played, best, before, after: before, mark: null, depth: root.depth };
  const after = -searchValue(applyMove(position, played), root.depth - 1, [...history, position]);
  return {
    index,
    side,
    played,
    best,
    before,
    after,
    mark: markOf(before, after, false),
    depth: root.depth,
  };
}

/** Told before each move is searched: how many are done, of how many. */
export type ReviewProgress = (done: number, total: number) => void;

/**
 * Every whole move of `game` graded, in order (`reviewMove` for each).
 *
 * @example
 * reviewGame(parsed.game, { depth: 8 }, (done, total) => console.error(`${done}/${total}`))
 */
export function reviewGame(
  game: Game,
  limits: ReviewLimits,
  progress: ReviewProgress = () => {},
): MoveReview[] {
  const reviews: MoveReview[] = [];
  const earlier: Position[] = [];
  let position = game.start;
  game.moves.forEach((move, index) => {
    progress(index, game.moves.length);
    reviews.push(reviewMove(position, earlier.slice(), move, limits, index));
    earlier.push(position);
    position = applyMove(position, move);
  });
  progress(game.moves.length, game.moves.length);
  return reviews;
}

/**
 * A value in men for people: `+0.3`, `-1.2`, `0.0`; a decided one `win` or `loss`.
 *
 * @example
 * menText(-120) // '-1.2'
 * menText(WIN_SCORE - 5) // 'win'
 */
export function menText(score: number): string {
  if (score >= DECIDED_SCORE) return 'win';
  if (score <= -DECIDED_SCORE) return 'loss';
  const men = (score / REVIEW_MAN).toFixed(1);
  return score > 0 && men !== '0.0' ? `+${men}` : men === '-0.0' ? '0.0' : men;
}

/** A value in men for JSON: two decimals, decided values at ±100. */
export const menValue = (score: number): number => Math.round(decided(score)) / REVIEW_MAN;

/** The PDN NAG of a mark: `$2` for `?`, `$4` for `??`. */
export const nagOf = (mark: ReviewMark): string => (mark === '??' ? '$4' : '$2');

/** One move's review as JSON: `{ index, side, played, best, before, after, mark }`. */
export function reviewJson(review: MoveReview): {
  index: number;
  side: Side;
  played: string;
  best: string;
  before: number;
  after: number;
  mark: ReviewMark | null;
} {
  return {
    index: review.index,
    side: review.side,
    played: moveToPdn(review.played),
    best: moveToPdn(review.best),
    before: menValue(review.before),
    after: menValue(review.after),
    mark: review.mark,
  };
}

const tag = (name: string, value: string): string =>
  `[${name} "${escapeControls(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`;

/**
 * The game as PDN with its review: the tags it came with (and an `Annotator`), then each move
 * followed by its mark as a NAG and a comment with the value after it for the mover, and for a
 * marked move the better one: `22-18 $4 {-1.2, best 23-19}`.
 *
 * @example
 * reviewedPdn(read.game, read.tags, read.result, reviews, 'twenty48 checkers analyze --depth 10')
 */
export function reviewedPdn(
  game: Game,
  tags: Readonly<Record<string, string>>,
  result: string,
  reviews: readonly MoveReview[],
  annotator: string,
): string {
  const lines = Object.entries({ ...tags, Annotator: annotator })
    .filter(([name]) => name !== 'FEN')
    .map(([name, value]) => tag(name, value));
  if (tags.FEN !== undefined) lines.push(tag('FEN', makeFen(game.start)));
  const notes = (index: number): string[] => {
    const review = reviews[index];
    if (review === undefined) return [];
    const value = menText(review.after);
    if (review.mark === null) return [`{${value}}`];
    return [nagOf(review.mark), `{${value}, best ${moveToPdn(review.best)}}`];
  };
  return `${lines.join('\n')}\n\n${movetextOf(game, result, notes)}\n`;
}
