import type { ReviewedMove } from '@twenty48/ai';
import { describe, expect, it } from 'vitest';
import { CHART_ROWS, formatLossChart } from './reviewText.js';

const moves = (losses: number[]): ReviewedMove[] =>
  losses.map((loss, index) => ({ index, played: 'L', best: 'U', values: { U: loss, L: 0 }, loss }));

describe('the loss chart', () => {
  it('draws each move as a column scaled to the largest loss, the scale on the left', () => {
    const chart = formatLossChart(moves([0, 100, 50, 0]));
    expect(chart).toHaveLength(CHART_ROWS + 2);
    expect(chart[0]).toBe('100 ┤ █  ');
    expect(chart[1]).toBe('    ┤ █  ');
    expect(chart[2]).toBe('    ┤ ██ ');
    expect(chart[3]).toBe('  0 ┤ ██ ');
    expect(chart[4]).toBe('    └────');
    expect(chart[5]).toBe('     moves 1 to 4, one a column');
  });

  it('keeps the largest loss of each run when the game is longer than the chart', () => {
    const losses = Array.from({ length: 600 }, (_, i) => (i === 333 ? 80 : 1));
    const chart = formatLossChart(moves(losses));
    expect(chart[0]).toBe(`80 ┤${' '.repeat(33)}█${' '.repeat(26)}`);
    expect(chart.at(-1)).toBe('    moves 1 to 600, 10 a column, the largest loss shown');
  });

  it('draws a flat line for a game without loss', () => {
    expect(formatLossChart(moves([0, 0]))[CHART_ROWS - 1]).toBe('0 ┤▁▁');
  });
});
