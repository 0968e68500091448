/**
 * The checkers page's game review, on the page's state: every whole move of the game graded by
 * the engine worker (the rules package's `handleReviewRequest`, one request a move, so the page
 * shows progress between them and cancels by asking no more), then the evaluation graph, the
 * marks in the move list and the better move on the board (render.ts draws them from here).
 * Pure, like the model.
 */
import {
  DECIDED_SCORE,
  type Game,
  gamesOf,
  menText,
  type ReviewLimits,
  type ReviewReply,
  reviewRequest,
  sideWord,
} from '@twenty48/checkers';
import type { CheckersState, Effect, ReviewEntry, ReviewState } from './state.js';

/** Each position is searched this deep: a game of 80 moves takes seconds in a worker. */
export const REVIEW_LIMITS: ReviewLimits = { depth: 8 };

/** The game a review covers: whole moves only (a capture under way is left out). */
const wholeGame = (game: Game): Game =>
  game.jump === null ? game : { ...game, position: game.jump.before, jump: null };

/** Ask the worker about move `index` of the review's game. */
function ask(state: CheckersState, review: ReviewState, effects: Effect[]): CheckersState {
  const index = review.entries.length;
  const move = review.game.moves[index];
  const before = review.before[index];
  if (move === undefined || before === undefined) return { ...state, review };
  const id = state.nextId;
  effects.push({ kind: 'review', request: reviewRequest(id, before, move, index, REVIEW_LIMITS) });
  return { ...state, review: { ...review, asking: id }, nextId: id + 1 };
}

/** Starts a review of the game as it stands; a game without moves has nothing to review. */
export function startReview(state: CheckersState, effects: Effect[]): CheckersState {
  const game = wholeGame(state.game);
  if (game.moves.length === 0) return { ...state, notice: 'Nothing to review: no move yet' };
  effects.push({ kind: 'announce', text: `Reviewing ${game.moves.length} moves…` });
  const review: ReviewState = {
    game,
    before: gamesOf(game),
    entries: [],
    asking: null,
    cancelled: false,
  };
  return ask({ ...state, notice: '' }, review, effects);
}

/** Stops the review where it is; the moves graded so far stay shown. */
export function cancelReview(state: CheckersState, effects: Effect[]): CheckersState {
  const { review } = state;
  if (review === null || review.asking === null) return state;
  effects.push({
    kind: 'announce',
    text: `Review stopped after ${review.entries.length} of ${review.game.moves.length} moves`,
  });
  return { ...state, review: { ...review, asking: null, cancelled: true } };
}

/** A move graded: kept, and the next one asked for, or the summary announced at the end. */
export function reviewReplied(
  state: CheckersState,
  reply: ReviewReply,
  effects: Effect[],
): CheckersState {
  const { review } = state;
  if (review === null || reply.id !== review.asking) return state; // stale or cancelled
  if (!reply.ok) {
    const notice = `The review stopped: ${reply.error.message} (${reply.error.code})`;
    effects.push({ kind: 'announce', text: notice });
    return { ...state, notice, review: { ...review, asking: null, cancelled: true } };
  }
  const entry: ReviewEntry = {
    index: reply.index,
    side: reply.side,
    played: reply.played,
    best: reply.best,
    bestPath: reply.bestPath,
    before: reply.before,
    after: reply.after,
    mark: reply.mark,
  };
  const next: ReviewState = { ...review, entries: [...review.entries, entry], asking: null };
  if (next.entries.length < next.game.moves.length) return ask(state, next, effects);
  effects.push({ kind: 'announce', text: `Review done: ${reviewSummary(next)}` });
  return { ...state, review: next };
}

/**
 * The review follows its game: a move played, undone or another game opened ends it. Called
 * after every input.
 */
export function keepReview(state: CheckersState): CheckersState {
  const { review } = state;
  // A capture played jump by jump keeps the game's moves and start: the review stays.
  if (
    review === null ||
    (review.game.moves === state.game.moves && review.game.start === state.game.start)
  )
    return state;
  return { ...state, review: null };
}

/** "2 blunders (??), 1 mistake (?)", or "no mistakes found". */
export function reviewSummary(review: ReviewState): string {
  const count = (mark: '??' | '?'): number =>
    review.entries.filter((entry) => entry.mark === mark).length;
  const blunders = count('??');
  const mistakes = count('?');
  if (blunders + mistakes === 0) return 'no mistakes found';
  const words = [
    blunders > 0 ? `${blunders} ${blunders === 1 ? 'blunder' : 'blunders'} (??)` : '',
    mistakes > 0 ? `${mistakes} ${mistakes === 1 ? 'mistake' : 'mistakes'} (?)` : '',
  ];
  return words.filter((word) => word !== '').join(', ');
}

/** How far the review got, for the progress bar and its words. */
export function reviewProgress(review: ReviewState): { done: number; total: number; text: string } {
  const done = review.entries.length;
  const total = review.game.moves.length;
  const text =
    review.asking !== null
      ? `Reviewing move ${done + 1} of ${total}…`
      : review.cancelled
        ? `Review stopped after ${done} of ${total} moves: ${reviewSummary(review)}`
        : `Review: ${reviewSummary(review)}`;
  return { done, total, text };
}

/** A value from Black's side, for the graph: `entry.before` is the mover's. */
const forBlack = (entry: ReviewEntry, value: number): number =>
  entry.side === 'black' ? value : -value;

/**
 * The evaluation graph's points: for each ply from 0 to the last graded, Black's value of the
 * position there in men, decided values and anything past ±`limit` men held at ±`limit`.
 *
 * @example
 * graphPoints(review, 5) // [{ ply: 0, black: 0.1 }, { ply: 1, black: -0.2 }, …]
 */
export function graphPoints(review: ReviewState, limit: number): { ply: number; black: number }[] {
  const clamp = (score: number): number =>
    Math.max(
      -limit,
      Math.min(limit, Math.max(-DECIDED_SCORE, Math.min(DECIDED_SCORE, score)) / 100),
    );
  const points = review.entries.map((entry) => ({
    ply: entry.index,
    black: clamp(forBlack(entry, entry.before)),
  }));
  const last = review.entries[review.entries.length - 1];
  if (last !== undefined)
    points.push({ ply: last.index + 1, black: clamp(forBlack(last, last.after)) });
  return points;
}

/** The graded move `index`, when the review has it. */
export const reviewEntry = (state: CheckersState, index: number): ReviewEntry | null =>
  state.review?.entries[index] ?? null;

/**
 * The better move to draw on the board: the best move from the position shown, when the move
 * played from it is marked.
 */
export function betterMove(state: CheckersState, ply: number): ReviewEntry | null {
  const entry = reviewEntry(state, ply);
  return entry !== null && entry.mark !== null ? entry : null;
}

/** A marked move in words: "4. Black 14-17?? (-1.4), best 3-7". */
export function markedWords(entry: ReviewEntry, number: number): string {
  return `${number}. ${sideWord(entry.side)} ${entry.played}${entry.mark ?? ''} (${menText(entry.after)}), best ${entry.best}`;
}
