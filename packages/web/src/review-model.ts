// The Review view's policy, without a DOM: a finished game's positions graded one by one by the
// AI worker (so a progress bar moves and Cancel stops between two), the position shown, stepping
// and jumping to the costliest moves. Every input in, the effects out; review-view.ts is its edge.

import {
  costliestMoves,
  DEFAULT_REVIEW_DEPTH,
  type ReviewedMove,
  type ReviewMoveResponse,
  type ReviewPosition,
  reviewPositions,
} from '@twenty48/ai';
import type { Board, GameRecord, Result } from '@twenty48/engine';

/** Where the view is: closed, waiting for a ranked game's record, grading, or stopped. */
export type ReviewPhase = 'closed' | 'loading' | 'computing' | 'done' | 'cancelled' | 'failed';

/** The Review view as data. */
export interface ReviewState {
  /** Counts the reviews opened, so a late answer of an earlier one is ignored. */
  readonly run: number;
  readonly phase: ReviewPhase;
  /** The board before each move, and the move played. */
  readonly positions: readonly ReviewPosition[];
  /** The board the game ended on (shown after the last move). */
  readonly final: Board | null;
  /** The moves graded so far, in order. */
  readonly moves: readonly ReviewedMove[];
  /** The position shown: 0 to `positions.length` (the last is the final board). */
  readonly shown: number;
  /** Why the review stopped or could not start, for the page. */
  readonly message: string;
}

/** What happens to the view. */
export type ReviewInput =
  /** Review asked for: a ranked game's record is being fetched. */
  | { readonly type: 'loading' }
  /** The game's record (the local game's own, or a ranked one's from the server), or why not. */
  | { readonly type: 'recordRead'; readonly record: Result<GameRecord>; readonly final: Board }
  | { readonly type: 'graded'; readonly run: number; readonly answer: ReviewMoveResponse }
  | { readonly type: 'workerFailed'; readonly run: number; readonly message: string }
  | { readonly type: 'cancelled' }
  | { readonly type: 'closed' }
  | { readonly type: 'shown'; readonly index: number }
  | { readonly type: 'stepped'; readonly by: number };

/** What the edge does: ask the worker to grade a position, or stop the worker. */
export type ReviewEffect =
  | {
      readonly type: 'grade';
      readonly run: number;
      readonly position: ReviewPosition;
      readonly depth: number;
    }
  | { readonly type: 'stopWorker' };

/** The model's answer to an input. */
export interface ReviewUpdate {
  readonly state: ReviewState;
  readonly effects: readonly ReviewEffect[];
}

/** The view before any review. */
export const closedReview: ReviewState = {
  run: 0,
  phase: 'closed',
  positions: [],
  final: null,
  moves: [],
  shown: 0,
  message: '',
};

const grade = (state: ReviewState, index: number): ReviewEffect[] => {
  const position = state.positions[index];
  return position ? [{ type: 'grade', run: state.run, position, depth: DEFAULT_REVIEW_DEPTH }] : [];
};

const clamp = (state: ReviewState, index: number): number =>
  Math.max(0, Math.min(state.positions.length, Math.round(index)));

/**
 * The next state and effects. Opening grades the first move; each answer grades the next until
 * the last (then `done`); Cancel and Close stop the worker at once, Cancel keeping what was graded.
 *
 * @example
 * updateReview(closedReview, { type: 'recordRead', record: ok(record), final })
 * // { state: { phase: 'computing', … }, effects: [{ type: 'grade', position: …, depth: 3 }] }
 */
export function updateReview(state: ReviewState, input: ReviewInput): ReviewUpdate {
  switch (input.type) {
    case 'loading':
      return {
        state: { ...closedReview, run: state.run + 1, phase: 'loading', message: '' },
        effects: [],
      };
    case 'recordRead': {
      const run = state.phase === 'loading' ? state.run : state.run + 1;
      const positions = input.record.ok ? reviewPositions(input.record.value) : input.record;
      if (!positions.ok) {
        const { code, message } = positions.error;
        return {
          state: { ...closedReview, run, phase: 'failed', message: `${message} (${code})` },
          effects: [],
        };
      }
      const next: ReviewState = {
        ...closedReview,
        run,
        phase: positions.value.length === 0 ? 'done' : 'computing',
        positions: positions.value,
        final: input.final,
      };
      return { state: next, effects: grade(next, 0) };
    }
    case 'graded': {
      if (input.run !== state.run || state.phase !== 'computing') return { state, effects: [] };
      if ('error' in input.answer) {
        const { code, message } = input.answer.error;
        return {
          state: { ...state, phase: 'failed', message: `${message} (${code})` },
          effects: [{ type: 'stopWorker' }],
        };
      }
      const moves = [...state.moves, input.answer.move];
      const done = moves.length >= state.positions.length;
      const next: ReviewState = { ...state, moves, phase: done ? 'done' : 'computing' };
      return { state: next, effects: done ? [{ type: 'stopWorker' }] : grade(next, moves.length) };
    }
    case 'workerFailed':
      if (input.run !== state.run || state.phase !== 'computing') return { state, effects: [] };
      return {
        state: { ...state, phase: 'failed', message: `${input.message} (ERR_WORKER)` },
        effects: [{ type: 'stopWorker' }],
      };
    case 'cancelled':
      if (state.phase !== 'computing' && state.phase !== 'loading') return { state, effects: [] };
      return {
        state: { ...state, run: state.run + 1, phase: 'cancelled' },
        effects: [{ type: 'stopWorker' }],
      };
    case 'closed':
      return {
        state: { ...closedReview, run: state.run + 1 },
        effects: state.phase === 'closed' ? [] : [{ type: 'stopWorker' }],
      };
    case 'shown':
      return { state: { ...state, shown: clamp(state, input.index) }, effects: [] };
    case 'stepped':
      return { state: { ...state, shown: clamp(state, state.shown + input.by) }, effects: [] };
  }
}

/**
 * The costliest moves graded so far that lost anything, largest first: where Review jumps to.
 *
 * @example
 * costlyMoves(state) // [412, 87, 903]
 */
export const costlyMoves = (state: ReviewState): number[] =>
  costliestMoves(state.moves).filter((index) => (state.moves[index]?.loss ?? 0) > 0);

/**
 * The line over the board: what was played at the position shown, the better move and the loss,
 * or the end of the game.
 *
 * @example
 * moveLine(state) // 'Move 413: played left, better up (loss 1,234.5)'
 */
export function moveLine(state: ReviewState, format: (n: number) => string): string {
  const words = { U: 'up', D: 'down', L: 'left', R: 'right' } as const;
  const position = state.positions[state.shown];
  if (!position) return `The end: ${format(state.positions.length)} moves`;
  const move = state.moves[state.shown];
  const head = `Move ${format(state.shown + 1)}: played ${position.played}`;
  if (!move) return `${head} (not graded yet)`;
  if (move.loss === 0) return `${head}, the best move`;
  return `${head}, better ${words[move.best]} (loss ${format(Math.round(move.loss * 10) / 10)})`;
}
