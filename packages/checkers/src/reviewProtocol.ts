import { isRecord } from '@twenty48/common';
import { parseFen } from './fen.js';
import type { Game } from './game.js';
import { moveToPdn, parsePdnMove } from './pdn.js';
import {
  MAX_REQUEST_MS,
  parseSearchRequest,
  type SearchErrorCode,
  searchRequest,
  UNKNOWN_ID,
} from './protocol.js';
import { type ReviewLimits, type ReviewMark, reviewMove } from './review.js';
import type { Failure, Position, Side } from './types.js';

/**
 * The review's questions to the search worker, beside the search protocol's (`protocol.ts`):
 * one move of a game per request, so the asker shows progress between them and cancels by
 * asking no more. A request is a search request (`fen`, `history`, `depth` or `ms`) with
 * `kind: 'review'`, the move `played` in PDN and its `index`; the worker tells the two kinds
 * apart with `isReviewRequest`.
 *
 * ```ts
 * onmessage = (event) =>
 *   postMessage(isReviewRequest(event.data) ? handleReviewRequest(event.data) : handleSearchRequest(event.data));
 * ```
 */

/** Grade the move `played` (PDN) from the position `fen`. */
export interface ReviewRequest {
  readonly kind: 'review';
  readonly id: number;
  readonly fen: string;
  readonly history?: readonly string[];
  readonly depth?: number;
  readonly ms?: number;
  readonly played: string;
  /** The move's ply in the game (0 for the first), echoed in the reply. */
  readonly index: number;
}

/** One move graded, values for the side that moved (a man = 100): what a review keeps of it. */
export interface ReviewGrade {
  readonly index: number;
  readonly side: Side;
  readonly played: string;
  readonly best: string;
  /** The squares the best move's piece stands on, from start to end (the board draws it). */
  readonly bestPath: readonly number[];
  readonly before: number;
  readonly after: number;
  readonly mark: ReviewMark | null;
}

/** The grade, and the depth searched, or a named error. */
export type ReviewReply =
  | (ReviewGrade & {
      readonly kind: 'review';
      readonly id: number;
      readonly ok: true;
      readonly depth: number;
    })
  | {
      readonly kind: 'review';
      readonly id: number;
      readonly ok: false;
      readonly error: Failure<SearchErrorCode | 'ERR_PDN_MOVE' | 'ERR_ILLEGAL_MOVE'>;
    };

/** True for data that asks for a review (`kind: 'review'`), whether well formed or not. */
export const isReviewRequest = (data: unknown): boolean => isRecord(data) && data.kind === 'review';

/**
 * The question for the move `index` of `game` (the game before it is `gamesOf(game)[index]`).
 *
 * @example
 * reviewRequest(7, newGame(), move11to15, 0, { depth: 8 })
 */
export function reviewRequest(
  id: number,
  before: Game,
  played: { readonly path: readonly number[]; readonly captured: readonly number[] },
  index: number,
  limits: ReviewLimits,
): ReviewRequest {
  const { fen, history, depth, ms } = searchRequest(id, before, limits);
  return {
    kind: 'review',
    id,
    fen,
    ...(history === undefined ? {} : { history }),
    ...(depth === undefined ? {} : { depth }),
    ...(ms === undefined ? {} : { ms }),
    played: played.path.join(played.captured.length > 0 ? 'x' : '-'),
    index,
  };
}

/**
 * A review request to its reply, never throwing: the request checked as a search request
 * (`ERR_FEN`, `ERR_DEPTH`, `ERR_MS`, `ERR_HISTORY`, …), `played` a legal move there
 * (`ERR_PDN_MOVE`, `ERR_ILLEGAL_MOVE`), `index` a whole number (`ERR_REQUEST`), then graded by
 * `reviewMove`.
 *
 * @example
 * handleReviewRequest({ kind: 'review', id: 1, fen: INITIAL_FEN, depth: 6, played: '11-15', index: 0 })
 * // { kind: 'review', id: 1, ok: true, index: 0, side: 'black', played: '11-15', best: …, mark: null, … }
 */
export function handleReviewRequest(data: unknown): ReviewReply {
  const id =
    isRecord(data) && typeof data.id === 'number' && Number.isSafeInteger(data.id) && data.id >= 0
      ? data.id
      : UNKNOWN_ID;
  const refuse = (
    code: SearchErrorCode | 'ERR_PDN_MOVE' | 'ERR_ILLEGAL_MOVE',
    message: string,
  ): ReviewReply => ({ kind: 'review', id, ok: false, error: { code, message } });
  try {
    if (!isRecord(data) || data.kind !== 'review')
      return refuse('ERR_REQUEST', 'a review request is an object { kind: "review", … }');
    const { kind: _kind, played, index, ...search } = data;
    if (typeof played !== 'string' || played.length > 64)
      return refuse('ERR_PDN_MOVE', 'played must be a move in PDN');
    if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0)
      return refuse('ERR_REQUEST', 'index must be a whole number 0 or more');
    if ('margin' in search || 'seed' in search)
      return refuse('ERR_REQUEST', 'a review takes no margin or seed');
    const request = parseSearchRequest(search);
    if (!request.ok) return refuse(request.error.code, request.error.message);
    const position = parseFen(request.value.fen);
    if (!position.ok) return refuse('ERR_FEN', position.error.message);
    const history: Position[] = [];
    for (const fen of request.value.history ?? []) {
      const parsed = parseFen(fen);
      if (parsed.ok) history.push(parsed.value);
    }
    const move = parsePdnMove(position.value, played);
    if (!move.ok)
      return refuse(
        move.error.code === 'ERR_PDN_MOVE' ? 'ERR_PDN_MOVE' : 'ERR_ILLEGAL_MOVE',
        move.error.message,
      );
    const { depth, ms } = request.value;
    const limits = depth === undefined ? { ms: ms ?? MAX_REQUEST_MS } : { depth };
    const review = reviewMove(position.value, history, move.value, limits, index);
    return {
      kind: 'review',
      id,
      ok: true,
      index,
      side: review.side,
      played: moveToPdn(review.played),
      best: moveToPdn(review.best),
      bestPath: [...review.best.path],
      before: review.before,
      after: review.after,
      mark: review.mark,
      depth: review.depth,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : 'a non-Error was thrown';
    return refuse('ERR_INTERNAL', `the review failed: ${message}`);
  }
}
