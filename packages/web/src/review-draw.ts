// The Review dialog's drawing: the loss chart, the costliest moves, the board with the better
// move as an arrow, the summary line. The state is review-model.ts's; review-view.ts calls these.

import { lossColumns } from '@twenty48/ai';
import { formatNumber } from '@twenty48/common';
import { tileColours } from './palette.js';
import { costlyMoves, type ReviewState } from './review-model.js';

/** Columns of the loss chart at most. */
const CHART_COLUMNS = 120;

/** An element with these attributes and text. */
export const element = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text = '',
): HTMLElementTagNameMap[K] => {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  if (text) made.textContent = text;
  return made;
};

const SVG = 'http://www.w3.org/2000/svg';
/** An SVG element with these attributes. */
export const svg = (tag: string, attributes: Record<string, string | number>): SVGElement => {
  const made = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, String(value));
  return made;
};

/** The arrow's end points on a 100x100 board, per direction (from the centre outward). */
const ARROWS: Readonly<Record<string, readonly [number, number, number, number]>> = {
  U: [50, 70, 50, 22],
  D: [50, 30, 50, 78],
  L: [70, 50, 22, 50],
  R: [30, 50, 78, 50],
};
const WORDS: Readonly<Record<string, string>> = { U: 'up', D: 'down', L: 'left', R: 'right' };

/**
 * The loss chart: a bar for each run of moves (one move a bar up to 120), as tall as its largest
 * loss; a click shows that run's costliest move.
 */
export function drawChart(
  chart: SVGElement,
  state: ReviewState,
  show: (index: number) => void,
): void {
  const { perColumn, peaks } = lossColumns(state.moves, CHART_COLUMNS);
  const columns = Math.max(1, Math.ceil(state.positions.length / perColumn));
  const top = Math.max(0, ...peaks);
  chart.setAttribute('viewBox', `0 0 ${columns} 40`);
  chart.setAttribute(
    'aria-label',
    `Loss over the game, ${perColumn === 1 ? 'one move' : `${perColumn} moves`} a bar`,
  );
  chart.replaceChildren();
  peaks.forEach((peak, column) => {
    const height = top === 0 ? 0.5 : Math.max(0.5, (peak / top) * 38);
    const bar = svg('rect', {
      x: column + 0.1,
      y: 40 - height,
      width: 0.8,
      height,
      'data-column': column,
    });
    bar.addEventListener('click', () => {
      // The costliest move of the bar's run.
      let index = column * perColumn;
      for (let i = index; i < Math.min(state.moves.length, (column + 1) * perColumn); i++) {
        if ((state.moves[i]?.loss ?? 0) > (state.moves[index]?.loss ?? 0)) index = i;
      }
      show(index);
    });
    chart.append(bar);
  });
  const at = svg('rect', {
    class: 'review-at',
    x: Math.floor(state.shown / perColumn),
    y: 0,
    width: 1,
    height: 40,
  });
  chart.append(at);
}

/** The costliest moves that lost anything, largest first, as buttons that show them. */
export function drawCostly(
  costly: HTMLElement,
  state: ReviewState,
  show: (index: number) => void,
): void {
  const indices = costlyMoves(state);
  // Redrawn only when the list changes, so a focused button stays.
  if (costly.dataset.indices === indices.join(' ')) return;
  costly.dataset.indices = indices.join(' ');
  costly.replaceChildren(
    ...(indices.length ? [element('span', {}, 'Costliest:')] : []),
    ...indices.map((index) => {
      const button = element(
        'button',
        { type: 'button', 'data-index': String(index) },
        `Move ${formatNumber(index + 1)}`,
      );
      button.setAttribute(
        'aria-label',
        `Move ${index + 1}, loss ${formatNumber(Math.round(state.moves[index]?.loss ?? 0))}`,
      );
      button.addEventListener('click', () => show(index));
      return button;
    }),
  );
}

/**
 * The board before the move shown (the last board after the last move), tile colours from the
 * palette, and the better move as an arrow over it when the move played lost anything.
 */
export function drawBoard(board: HTMLElement, arrow: SVGElement, state: ReviewState): void {
  const shown = state.positions[state.shown]?.board ?? state.final;
  if (!shown) {
    board.replaceChildren();
    return;
  }
  board.style.setProperty('--size', String(shown.length));
  const cells = shown.flat().map((value) => {
    const cell = element('span', { class: 'review-cell' }, value === 0 ? '' : String(value));
    if (value !== 0) {
      const colours = tileColours(value);
      cell.style.background = colours.background;
      cell.style.color = colours.text;
    }
    return cell;
  });
  const move = state.moves[state.shown];
  const better = move && move.loss > 0 ? move.best : null;
  board.dataset.played = state.positions[state.shown]?.played ?? '';
  board.dataset.better = better ? (WORDS[better] ?? '') : '';
  arrow.replaceChildren();
  const ends = better ? ARROWS[better] : undefined;
  if (ends) {
    const [x1, y1, x2, y2] = ends;
    arrow.append(
      svg('line', { x1, y1, x2, y2, class: 'review-arrow-line' }),
      svg('polygon', { points: arrowHead(x1, y1, x2, y2), class: 'review-arrow-head' }),
    );
  }
  board.replaceChildren(...cells, arrow);
}

/** The arrow head's three points at (x2, y2), pointing away from (x1, y1). */
function arrowHead(x1: number, y1: number, x2: number, y2: number): string {
  const dx = Math.sign(x2 - x1);
  const dy = Math.sign(y2 - y1);
  const points: [number, number][] = [
    [x2 + dx * 10, y2 + dy * 10],
    [x2 + dy * 9, y2 + dx * 9],
    [x2 - dy * 9, y2 - dx * 9],
  ];
  return points.map(([x, y]) => `${x},${y}`).join(' ');
}

/** The words over the chart: how far the grading got, or the accuracy, or why it stopped. */
export function summaryText(state: ReviewState): string {
  const total = formatNumber(state.positions.length);
  const graded = formatNumber(state.moves.length);
  switch (state.phase) {
    case 'loading':
      return 'Reading the game’s record…';
    case 'failed':
      return `No review: ${state.message}`;
    case 'computing':
      return `Grading move ${graded} of ${total}…`;
    default: {
      const best = state.moves.filter((move) => move.played === move.best).length;
      const accuracy = state.moves.length === 0 ? 100 : (best * 100) / state.moves.length;
      const head =
        state.phase === 'cancelled' ? `Cancelled after ${graded} of ${total} moves. ` : '';
      return `${head}Accuracy ${accuracy.toFixed(1)} %: ${formatNumber(best)} of ${graded} moves the best.`;
    }
  }
}
