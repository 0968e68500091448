import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINE_WEIGHTS, lineScore, rowScoreTable } from './heuristic.js';

describe('lineScore', () => {
  it('adds the published weights', () => {
    const w = LINE_WEIGHTS;
    expect(lineScore([0, 0, 0, 0])).toBe(w.base + 4 * w.empty);
    // [2, 2, _, _]: two empties, one pair (2 merges), monotone one way only, sum 2·1^3.5.
    expect(lineScore([1, 1, 0, 0])).toBe(w.base + 2 * w.empty + 2 * w.merges - 2 * w.sum);
    // [4, 2, 4, _]: one empty, no merge; rank^4 steps 16→1→16→0 go down 31 and up 15.
    const down = 2 ** 4 - 1 + (2 ** 4 - 0); // 16→1 and 16→0 steps
    const up = 2 ** 4 - 1; // 1→16
    expect(lineScore([2, 1, 2, 0])).toBeCloseTo(
      w.base + w.empty - w.monotonicity * Math.min(down, up) - w.sum * (2 * 2 ** 3.5 + 1),
    );
  });

  it('prefers a merge waiting to a line with none, and ignores gaps between equal tiles', () => {
    expect(lineScore([1, 1, 0, 0])).toBeGreaterThan(lineScore([1, 2, 0, 0]));
    expect(lineScore([3, 0, 3, 0]) - lineScore([3, 0, 4, 0])).toBeGreaterThan(0);
  });

  it('scores a line and its mirror the same', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 15 }), { minLength: 4, maxLength: 4 }),
        (line) => {
          expect(lineScore([...line].reverse())).toBeCloseTo(lineScore(line), 6);
        },
      ),
    );
  });

  it('is tabled for every 16-bit row, column 0 in the low nibble', () => {
    const table = rowScoreTable();
    expect(table[0x0021]).toBe(lineScore([1, 2, 0, 0]));
    expect(table[0xf000]).toBe(lineScore([0, 0, 0, 15]));
  });
});
