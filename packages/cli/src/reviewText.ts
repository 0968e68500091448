/**
 * `2048 review`'s text: the summary, the five costliest moves with the board before each and the
 * better move, and a small chart of the loss over the game. Pure: a review and its positions in,
 * lines out. Moves are counted from 1 here, as people and the error messages count them (the
 * JSON's `index` counts from 0).
 */
import {
  type GameReview,
  lossColumns,
  type MoveLetter,
  type ReviewedMove,
  type ReviewPosition,
} from '@twenty48/ai';
import { formatNumber } from '@twenty48/common';
import { formatBoard } from './plainBoard.js';

/** Columns of the loss chart at most. */
export const CHART_COLUMNS = 60;
/** Rows of the loss chart. */
export const CHART_ROWS = 4;

const WORDS: Readonly<Record<MoveLetter, string>> = {
  U: 'up',
  D: 'down',
  L: 'left',
  R: 'right',
};

/** Eighths of a cell, from empty to full. */
const EIGHTHS = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

const points = (value: number): string => formatNumber(Math.round(value * 10) / 10);

/** What was reviewed and how: the header line's parts. */
export interface ReviewHeading {
  readonly source: string;
  readonly rules: string;
  readonly seed: string;
  /** `depth 3` or `200 ms a move`. */
  readonly search: string;
}

/**
 * The loss chart: `CHART_ROWS` rows of bars in eighths, each column the largest loss of its run
 * of moves, the scale on the left, the moves under it.
 *
 * @example
 * formatLossChart(review.moves) // ['  1,234.5 ┤  █ ▂', …, '          └────', '           moves 1 to 180, 3 a column']
 */
export function formatLossChart(moves: readonly ReviewedMove[]): string[] {
  const { perColumn, peaks } = lossColumns(moves, CHART_COLUMNS);
  const top = Math.max(0, ...peaks);
  const label = points(top);
  const width = label.length;
  const rows: string[] = [];
  for (let row = CHART_ROWS - 1; row >= 0; row--) {
    const cells = peaks.map((peak) => {
      if (top === 0) return row === 0 ? '▁' : ' ';
      const eighths = Math.round((peak / top) * CHART_ROWS * 8) - row * 8;
      return EIGHTHS[Math.max(0, Math.min(8, eighths))] ?? ' ';
    });
    const scale = row === CHART_ROWS - 1 ? label : row === 0 ? '0'.padStart(width) : '';
    rows.push(`${scale.padStart(width)} ┤${cells.join('')}`);
  }
  rows.push(`${' '.repeat(width)} └${'─'.repeat(peaks.length)}`);
  const each = perColumn === 1 ? 'one a column' : `${perColumn} a column, the largest loss shown`;
  rows.push(`${' '.repeat(width + 2)}moves 1 to ${formatNumber(moves.length)}, ${each}`);
  return rows;
}

const valuesLine = (move: ReviewedMove): string =>
  (['U', 'D', 'L', 'R'] as const)
    .map((letter) => {
      const value = move.values[letter];
      return `${WORDS[letter]} ${value === undefined ? '-' : points(value)}`;
    })
    .join('  ');

/**
 * One of the costliest moves: its number and loss, what was played and the better move, the
 * board before it and every direction's value.
 *
 * @example
 * formatCostlyMove(move, position)
 * // ['Move 413, loss 1,234.5: played left, better up', '|2  |4  |…', …, 'values: up 9,120.3  down -  …']
 */
export function formatCostlyMove(move: ReviewedMove, position: ReviewPosition): string[] {
  return [
    `Move ${formatNumber(move.index + 1)}, loss ${points(move.loss)}: played ${WORDS[move.played]}, better ${WORDS[move.best]}`,
    ...formatBoard(position.board),
    `values: ${valuesLine(move)}`,
  ];
}

/**
 * The whole text of a review: the heading, the accuracy and the losses, the costliest moves that
 * lost anything (with their boards), and the loss chart.
 *
 * @example
 * formatReview(review, positions, { source: 'game.json', rules: 'classic 4x4', seed: '7', search: 'depth 3' })
 */
export function formatReview(
  review: GameReview,
  positions: readonly ReviewPosition[],
  heading: ReviewHeading,
): string {
  const { moves } = review;
  const best = moves.filter((move) => move.played === move.best).length;
  const total = moves.reduce((sum, move) => sum + move.loss, 0);
  const lines = [
    `Review of ${heading.source}: ${heading.rules}, seed ${heading.seed}, ${formatNumber(moves.length)} moves, n-tuple search at ${heading.search}`,
    `Accuracy: ${(review.accuracy * 100).toFixed(1)} % (${formatNumber(best)} of ${formatNumber(moves.length)} moves the best)`,
    `Loss: ${points(total)} in all, ${points(moves.length === 0 ? 0 : total / moves.length)} a move (the best move's value minus the played one's)`,
    '',
  ];
  const costly = review.costliest.flatMap((index) => {
    const move = moves[index];
    const position = positions[index];
    return move && position && move.loss > 0 ? [{ move, position }] : [];
  });
  if (costly.length === 0) {
    lines.push('No costly moves: every move played was the best.', '');
  } else {
    lines.push(
      `The ${costly.length === 1 ? 'costliest move' : `${costly.length} costliest moves`}`,
      '',
    );
    for (const { move, position } of costly) lines.push(...formatCostlyMove(move, position), '');
  }
  lines.push('Loss over the game', ...formatLossChart(moves));
  return `${lines.join('\n')}\n`;
}
