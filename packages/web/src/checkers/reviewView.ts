/**
 * The game review drawn from the page's state (review.ts): the progress bar and its words, the
 * evaluation graph (an SVG: Black's value over the game, the marked moves as dots, the move
 * shown as a dashed line), and the marked moves as buttons that go to the position before each,
 * where the board shows the better move. The move list's marks and the board's are drawn by
 * render.ts with `moveMark` and `betterMove`.
 */

import { menText } from '@twenty48/checkers';
import { byId } from '../dom.js';
import { graphPoints, markedWords, reviewEntry, reviewProgress } from './review.js';
import type { CheckersState } from './state.js';

const SVG = 'http://www.w3.org/2000/svg';
/** The graph's box (its viewBox) and the most men it shows either way. */
const WIDTH = 300;
const HEIGHT = 80;
const LIMIT = 5;

function svg(name: string, attributes: Record<string, string>): SVGElement {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

/** The x of a ply on the graph, and the ply of an x (for clicks). */
const xOf = (ply: number, plies: number): number => (WIDTH * ply) / Math.max(1, plies);
/**
 * The ply nearest a click at `fraction` (0 to 1) of the graph's width.
 *
 * @example
 * plyAt(0.5, 40) // 20
 */
export const plyAt = (fraction: number, plies: number): number =>
  Math.max(0, Math.min(plies, Math.round(fraction * plies)));
const yOf = (black: number): number => HEIGHT / 2 - (black / LIMIT) * (HEIGHT / 2);

/** A move's mark in the move list: the suffix, the class and the words for screen readers. */
export function moveMark(
  state: CheckersState,
  index: number,
): { suffix: string; className: string; words: string } | null {
  const entry = reviewEntry(state, index);
  if (entry === null || state.review?.game.moves.length !== state.game.moves.length) return null;
  if (entry.mark === null) return { suffix: '', className: '', words: `, ${menText(entry.after)}` };
  const what = entry.mark === '??' ? 'blunder' : 'mistake';
  return {
    suffix: entry.mark,
    className: what,
    words: `, ${what}, ${menText(entry.after)}, best ${entry.best}`,
  };
}

/** The review panel: hidden without a review. */
export function renderReview(state: CheckersState, shownPly: number): void {
  const panel = byId('game-review');
  const { review } = state;
  byId<HTMLButtonElement>('review-game').disabled =
    state.game.moves.length === 0 || review?.asking != null;
  byId<HTMLButtonElement>('result-review').disabled = review?.asking != null;
  panel.hidden = review === null;
  if (review === null) return;
  const progress = reviewProgress(review);
  const bar = byId<HTMLProgressElement>('review-progress');
  bar.max = Math.max(1, progress.total);
  bar.value = progress.done;
  bar.hidden = review.asking === null;
  byId('review-text').textContent = progress.text;
  byId<HTMLButtonElement>('review-cancel').hidden = review.asking === null;
  byId<HTMLButtonElement>('review-close').hidden = review.asking !== null;
  renderGraph(state, shownPly);
  const list = byId('review-marked');
  const offset = review.game.start.turn === 'red' ? 1 : 0;
  list.replaceChildren(
    ...review.entries
      .filter((entry) => entry.mark !== null)
      .map((entry) => {
        const item = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset.ply = String(entry.index);
        button.textContent = markedWords(entry, Math.floor((entry.index + offset) / 2) + 1);
        if (entry.index === shownPly) button.setAttribute('aria-current', 'step');
        item.append(button);
        return item;
      }),
  );
}

function renderGraph(state: CheckersState, shownPly: number): void {
  const graph = byId('review-graph');
  const review = state.review;
  if (review === null) return;
  const plies = review.game.moves.length;
  const points = graphPoints(review, LIMIT);
  const line = points.map((p) => `${xOf(p.ply, plies).toFixed(1)},${yOf(p.black).toFixed(1)}`);
  const parts: SVGElement[] = [
    svg('line', {
      class: 'middle',
      x1: '0',
      y1: String(HEIGHT / 2),
      x2: String(WIDTH),
      y2: String(HEIGHT / 2),
    }),
  ];
  if (points.length > 0) {
    const first = points[0];
    const last = points[points.length - 1];
    if (first !== undefined && last !== undefined) {
      const area = `${xOf(first.ply, plies)},${HEIGHT / 2} ${line.join(' ')} ${xOf(last.ply, plies)},${HEIGHT / 2}`;
      parts.push(svg('polygon', { class: 'black-area', points: area }));
    }
    parts.push(svg('polyline', { class: 'line', points: line.join(' ') }));
  }
  for (const entry of review.entries) {
    if (entry.mark === null) continue;
    const point = points[entry.index + 1];
    if (point === undefined) continue;
    const dot = svg('circle', {
      class: entry.mark === '??' ? 'blunder' : 'mistake',
      cx: xOf(point.ply, plies).toFixed(1),
      cy: yOf(point.black).toFixed(1),
      r: '3.5',
      'data-ply': String(entry.index),
    });
    parts.push(dot);
  }
  const x = xOf(shownPly, plies).toFixed(1);
  parts.push(svg('line', { class: 'shown', x1: x, y1: '0', x2: x, y2: String(HEIGHT) }));
  graph.replaceChildren(...parts);
}
