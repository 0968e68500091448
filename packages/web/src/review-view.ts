// The Review view's edge: a dialog over the page (made here, so the page's markup and render stay
// as they were), the Review button on the game-over panel, the AI worker that grades the moves
// (its own, started for a review and stopped when it ends, is cancelled or closed), and the
// drawing of the model's state: progress, the loss chart, the board with the better move as an
// arrow, the costliest moves.

import type { ReviewMoveResponse } from '@twenty48/ai';
import { formatNumber } from '@twenty48/common';
import {
  type Board,
  fail,
  type GameRecord,
  ok,
  parseRecord,
  type Result,
  recordOf,
} from '@twenty48/engine';
import { drawBoard, drawChart, drawCostly, element, summaryText, svg } from './review-draw.js';
import {
  closedReview,
  moveLine,
  type ReviewEffect,
  type ReviewInput,
  type ReviewState,
  updateReview,
} from './review-model.js';
import './review.css';
import { overlayOf, type ViewState } from './view-state.js';

/** Where the game to review comes from, as the page is now; null: no game over to review. */
type Source =
  | { readonly kind: 'local'; readonly record: GameRecord; readonly final: Board }
  | { readonly kind: 'ranked'; readonly scoreId: number | null; readonly final: Board };

const sourceOf = (state: ViewState): Source | null => {
  if (overlayOf(state) !== 'lost') return null;
  if (state.ranked === null) {
    return { kind: 'local', record: recordOf(state.game), final: state.game.board };
  }
  return { kind: 'ranked', scoreId: state.online.mine, final: state.ranked.position.board };
};

/** The page's Review: call `sync` after each render of the page. */
export interface ReviewView {
  sync(state: ViewState): void;
}

/**
 * Make the Review dialog and its button, and drive them.
 *
 * @example
 * const review = createReviewView({ startWorker, fetchRecord });
 * review.sync(state); // after every render of the page
 */
export function createReviewView(deps: {
  readonly startWorker: () => Worker;
  /** The record behind a ranked score (`GET /api/scores/:id/record`), or why not. */
  readonly fetchRecord: (scoreId: number) => Promise<Result<unknown>>;
}): ReviewView {
  const open = element('button', { type: 'button', id: 'review-open' }, 'Review');
  open.hidden = true;
  document.querySelector('.overlay-buttons')?.append(open);

  const dialog = element('dialog', {
    id: 'review',
    class: 'review',
    'aria-labelledby': 'review-heading',
    'data-testid': 'review',
  });
  const heading = element('h2', { id: 'review-heading' }, 'Review');
  const summary = element('p', { id: 'review-summary', 'data-testid': 'review-summary' });
  const progress = element('progress', { id: 'review-progress', max: '1', value: '0' });
  progress.setAttribute('aria-label', 'Moves graded');
  const cancel = element('button', { type: 'button', id: 'review-cancel' }, 'Cancel');
  const progressRow = element('div', { class: 'review-progress' });
  progressRow.append(progress, cancel);
  const chart = svg('svg', {
    class: 'review-chart',
    'data-testid': 'review-chart',
    role: 'img',
    preserveAspectRatio: 'none',
  });
  const costly = element('div', { class: 'review-costly', 'data-testid': 'review-costly' });
  const line = element('p', { id: 'review-move', 'data-testid': 'review-move' });
  const board = element('div', { class: 'review-board', 'data-testid': 'review-board' });
  const arrow = svg('svg', {
    class: 'review-arrow',
    viewBox: '0 0 100 100',
    'aria-hidden': 'true',
  });
  const steps = element('div', { class: 'controls' });
  const buttons = {
    first: element('button', { type: 'button', 'aria-label': 'First move' }, '⏮'),
    back: element('button', { type: 'button', 'aria-label': 'Previous move' }, '◀'),
    next: element('button', { type: 'button', 'aria-label': 'Next move' }, '▶'),
    last: element('button', { type: 'button', 'aria-label': 'The end' }, '⏭'),
    close: element('button', { type: 'button', id: 'review-close' }, 'Close'),
  };
  steps.append(...Object.values(buttons));
  dialog.append(heading, summary, progressRow, chart, costly, line, steps, board);
  document.body.append(dialog);

  let state: ReviewState = closedReview;
  let worker: Worker | null = null;
  let source: Source | null = null;

  const stopWorker = () => {
    worker?.terminate();
    worker = null;
  };
  const run = (effect: ReviewEffect) => {
    if (effect.type === 'stopWorker') return stopWorker();
    if (!worker) {
      const started = deps.startWorker();
      started.onmessage = (event: MessageEvent<ReviewMoveResponse>) =>
        dispatch({ type: 'graded', run: effect.run, answer: event.data });
      started.onerror = (event) => {
        event.preventDefault();
        dispatch({
          type: 'workerFailed',
          run: effect.run,
          message: event.message || 'the AI worker failed',
        });
      };
      worker = started;
    }
    worker.postMessage({
      id: effect.position.index,
      kind: 'review-move',
      position: effect.position,
      options: { depth: effect.depth },
    });
  };
  function dispatch(input: ReviewInput): void {
    const update = updateReview(state, input);
    state = update.state;
    render();
    for (const effect of update.effects) run(effect);
  }

  const show = (index: number) => dispatch({ type: 'shown', index });
  const render = () => {
    if (state.phase === 'closed') {
      if (dialog.open) dialog.close();
      return;
    }
    if (!dialog.open) dialog.showModal();
    dialog.dataset.phase = state.phase;
    const total = state.positions.length;
    const graded = state.moves.length;
    progress.value = total === 0 ? 1 : graded / total;
    progressRow.hidden = state.phase !== 'computing' && state.phase !== 'loading';
    summary.textContent = summaryText(state);
    drawChart(chart, state, show);
    drawCostly(costly, state, show);
    line.textContent =
      state.phase === 'failed' || state.phase === 'loading' ? '' : moveLine(state, formatNumber);
    drawBoard(board, arrow, state);
  };

  open.addEventListener('click', async () => {
    if (!source) return;
    if (source.kind === 'local') {
      dispatch({ type: 'recordRead', record: ok(source.record), final: source.final });
      return;
    }
    if (source.scoreId === null) {
      dispatch({
        type: 'recordRead',
        record: fail(
          'ERR_REVIEW_UNSAVED',
          "a ranked game's record is published once its score is saved: save your score, then review",
        ),
        final: source.final,
      });
      return;
    }
    const { final } = source;
    dispatch({ type: 'loading' });
    const fetched = await deps.fetchRecord(source.scoreId);
    if (state.phase !== 'loading') return;
    dispatch({
      type: 'recordRead',
      record: fetched.ok ? parseRecord(fetched.value) : fetched,
      final,
    });
  });
  cancel.addEventListener('click', () => dispatch({ type: 'cancelled' }));
  buttons.close.addEventListener('click', () => dispatch({ type: 'closed' }));
  buttons.first.addEventListener('click', () => dispatch({ type: 'shown', index: 0 }));
  buttons.back.addEventListener('click', () => dispatch({ type: 'stepped', by: -1 }));
  buttons.next.addEventListener('click', () => dispatch({ type: 'stepped', by: 1 }));
  buttons.last.addEventListener('click', () =>
    dispatch({ type: 'shown', index: state.positions.length }),
  );
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    dispatch({ type: 'closed' });
  });
  // The page's keys play the game: while the review is open (modal), the arrows step through
  // it instead, and no key reaches the page's listeners (a redraw may have taken the focus away).
  window.addEventListener(
    'keydown',
    (event) => {
      if (!dialog.open) return;
      const by = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -10, ArrowDown: 10 }[event.key];
      if (event.key !== 'Escape' && event.key !== 'Tab') event.stopPropagation();
      if (by === undefined) return;
      event.preventDefault();
      dispatch({ type: 'stepped', by });
    },
    { capture: true },
  );

  return {
    sync(page) {
      source = sourceOf(page);
      open.hidden = source === null;
    },
  };
}

/**
 * Read a ranked game's record from the server (`GET /api/scores/:id/record`): the JSON, or why
 * not (ERR_RECORD_HTTP with the status, ERR_RECORD_UNREACHABLE).
 *
 * @example
 * fetchRecordFrom(fetch, leaderboard.recordUrl(12)) // { ok: true, value: { version: 2, … } }
 */
export async function fetchRecordFrom(
  fetcher: typeof fetch,
  url: string,
): Promise<Result<unknown>> {
  try {
    const response = await fetcher(url);
    if (!response.ok) {
      return fail('ERR_RECORD_HTTP', `the server answered ${response.status} for the record`);
    }
    return ok(await response.json());
  } catch (error) {
    return fail(
      'ERR_RECORD_UNREACHABLE',
      `the record could not be read (${String(error).slice(0, 200)})`,
    );
  }
}
