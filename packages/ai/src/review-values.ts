/**
 * Game review, the searching part: the n-tuple search's value of every legal direction of a
 * position (the same numbers the player chooses by), one move graded, a whole record reviewed
 * (the terminal), and the worker request that grades one move (the browser's Review view asks
 * its AI worker move by move, so it can show progress and stop between two).
 */
import { fail, type GameRecord, isTileValue, ok, type Result } from '@twenty48/engine';
import { fitsBitboard, toBitboard } from './bitboard.js';
import {
  createNtupleSearch,
  currentNetwork,
  MAX_NTUPLE_DEPTH,
  type NtupleSearch,
} from './ntuple-player.js';
import {
  DEFAULT_REVIEW_DEPTH,
  type GameReview,
  gradeMove,
  type ReviewedMove,
  type ReviewPosition,
  reviewPositions,
  summarizeReview,
} from './review.js';
import type { SearchLimits } from './search.js';

/** How deep or how long each move is searched: a fixed `depth`, or deepening within `ms`. */
export interface ReviewOptions {
  readonly depth?: number;
  readonly ms?: number;
}

/**
 * The search limits of a review: `depth` alone, `ms` alone (deepening up to the player's
 * deepest), or `DEFAULT_REVIEW_DEPTH`.
 *
 * @example
 * reviewLimits({}) // { depth: 3, ms: null }
 */
export const reviewLimits = (options: ReviewOptions): SearchLimits =>
  options.depth === undefined && options.ms !== undefined
    ? { depth: MAX_NTUPLE_DEPTH, ms: options.ms }
    : { depth: options.depth ?? DEFAULT_REVIEW_DEPTH, ms: null };

let search: Result<NtupleSearch> | undefined;

/** This thread's search for reviews, made on first use from `currentNetwork()`. */
function reviewSearch(): Result<NtupleSearch> {
  if (search?.ok) return search;
  const network = currentNetwork();
  if (!network.ok) return network;
  const made = createNtupleSearch(network.value);
  search = made
    ? ok(made)
    : fail('ERR_AI', 'the n-tuple search cannot start here (no WebAssembly, or no memory)');
  return search;
}

/**
 * Grade one position with the n-tuple search: the values of its legal directions at the
 * review's limits, and the played move's loss. A named error when there is no network or search,
 * or the time ran out before the first level (ERR_REVIEW_TIME).
 *
 * @example
 * gradePosition({ index: 0, board, score: 0, played: 'left' }, { depth: 3 })
 * // { ok: true, value: { index: 0, played: 'L', best: 'U', values: { U: 9120.5, … }, loss: 12.3 } }
 */
export function gradePosition(
  position: ReviewPosition,
  options: ReviewOptions,
): Result<ReviewedMove> {
  const found = reviewSearch();
  if (!found.ok) return found;
  const { values } = found.value.values(toBitboard(position.board), reviewLimits(options));
  const graded = gradeMove(position.index, position.played, values);
  if (graded === null) {
    return fail(
      'ERR_REVIEW_TIME',
      `move ${position.index + 1}: the search found no value for the move played in time`,
    );
  }
  return ok(graded);
}

/**
 * Review a whole record here and now (the terminal's `2048 review`): each move graded in order,
 * `onProgress(done, total)` after each. The record's own errors come first, with the move number.
 *
 * @example
 * const review = reviewRecord(record, { depth: 3 });
 * if (review.ok) console.log(review.value.accuracy, review.value.costliest);
 */
export function reviewRecord(
  record: GameRecord,
  options: ReviewOptions = {},
  onProgress?: (done: number, total: number) => void,
): Result<GameReview> {
  const positions = reviewPositions(record);
  if (!positions.ok) return positions;
  const moves: ReviewedMove[] = [];
  for (const position of positions.value) {
    const graded = gradePosition(position, options);
    if (!graded.ok) return graded;
    moves.push(graded.value);
    onProgress?.(moves.length, positions.value.length);
  }
  return ok(summarizeReview(moves));
}

/** The browser's question to its AI worker: grade the move played on this board. */
export interface ReviewMoveRequest {
  readonly id: number;
  readonly kind: 'review-move';
  readonly position: ReviewPosition;
  readonly options: ReviewOptions;
}

/** The worker's answer: the graded move, or a named error. */
export type ReviewMoveResponse =
  | { readonly id: number; readonly move: ReviewedMove }
  | { readonly id: number; readonly error: { readonly code: string; readonly message: string } };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** True for a message that asks to grade a move (the worker's other messages ask for a move). */
export const isReviewMoveRequest = (message: unknown): message is ReviewMoveRequest =>
  isObject(message) && message.kind === 'review-move';

const isCount = (value: unknown, min: number, max: number): boolean =>
  value === undefined ||
  (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max);

/**
 * Answer a `review-move` request, every field checked (it came through postMessage): a 4x4
 * board of tiles up to 32768, a direction, depth 0..12 or ms 1..60000. Never throws.
 *
 * @example
 * self.onmessage = (event) => self.postMessage(handleReviewMove(event.data));
 */
export function handleReviewMove(request: unknown): ReviewMoveResponse {
  const id = isObject(request) && typeof request.id === 'number' ? request.id : -1;
  const refuse = (message: string): ReviewMoveResponse => ({
    id,
    error: { code: 'ERR_REQUEST', message },
  });
  if (!isObject(request) || !isObject(request.position) || !isObject(request.options)) {
    return refuse('a review request is { id, kind: "review-move", position, options }');
  }
  const { index, board, score, played } = request.position;
  const { depth, ms } = request.options;
  if (!Number.isInteger(index) || typeof index !== 'number' || index < 0) {
    return refuse('position.index must be a whole number');
  }
  if (
    !Array.isArray(board) ||
    !board.every((row) => Array.isArray(row) && row.every(isTileValue))
  ) {
    return refuse('position.board must be rows of tiles');
  }
  if (!fitsBitboard(board)) return refuse('position.board must be 4x4 with tiles up to 32768');
  if (played !== 'up' && played !== 'down' && played !== 'left' && played !== 'right') {
    return refuse('position.played must be up, down, left or right');
  }
  if (!isCount(depth, 0, MAX_NTUPLE_DEPTH) || !isCount(ms, 1, 60_000)) {
    return refuse(`options are { depth?: 0..${MAX_NTUPLE_DEPTH}, ms?: 1..60000 }`);
  }
  const graded = gradePosition(
    { index, board, score: typeof score === 'number' ? score : 0, played },
    {
      ...(typeof depth === 'number' ? { depth } : {}),
      ...(typeof ms === 'number' ? { ms } : {}),
    },
  );
  return graded.ok ? { id, move: graded.value } : { id, error: graded.error };
}
