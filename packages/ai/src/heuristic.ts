import { rowExponents, transposed, transposeLo } from './bitboard.js';

/**
 * The weights of the line score, as published for the strongest known 2048 AI (tuned there by
 * CMA-ES): a base that keeps every live board above a lost one (a lost board scores 0), rewards
 * for empty cells and for neighbours that can merge, and penalties for lines that are not
 * monotonic and for the sum of rank^3.5 (which makes the search prefer fewer, larger tiles).
 */
export const LINE_WEIGHTS = Object.freeze({
  base: 200_000,
  empty: 270,
  merges: 700,
  monotonicity: 47,
  monotonicityPower: 4,
  sum: 11,
  sumPower: 3.5,
});

/**
 * The score of one line of exponents (0 empty, 1 for a 2, 2 for a 4, …), any length.
 * A board's score is the sum over its rows and its columns.
 *
 * @example
 * lineScore([0, 0, 0, 0]) // 201080: four empty cells
 * lineScore([1, 1, 0, 0]) > lineScore([1, 2, 0, 0]) // a merge waiting beats none
 */
export function lineScore(exponents: readonly number[]): number {
  const w = LINE_WEIGHTS;
  let empty = 0;
  let merges = 0;
  let sum = 0;
  let previous = 0;
  let run = 0;
  for (const rank of exponents) {
    sum += rank ** w.sumPower;
    if (rank === 0) {
      empty++;
      continue;
    }
    // A run of k equal tiles (gaps ignored) counts k merges-to-be: 2 for a pair, 3 for three.
    if (rank === previous) run++;
    else if (run > 0) {
      merges += 1 + run;
      run = 0;
    }
    previous = rank;
  }
  if (run > 0) merges += 1 + run;

  let towardStart = 0;
  let towardEnd = 0;
  for (let i = 1; i < exponents.length; i++) {
    const before = (exponents[i - 1] as number) ** w.monotonicityPower;
    const after = (exponents[i] as number) ** w.monotonicityPower;
    if (before > after) towardStart += before - after;
    else towardEnd += after - before;
  }
  return (
    w.base +
    w.empty * empty +
    w.merges * merges -
    w.monotonicity * Math.min(towardStart, towardEnd) -
    w.sum * sum
  );
}

let rowScores: Float64Array | undefined;

/**
 * `lineScore` of every 16-bit row, built once: the search scores a board with eight lookups.
 *
 * @example
 * rowScoreTable()[0x0000] === lineScore([0, 0, 0, 0]) // true
 */
export function rowScoreTable(): Float64Array {
  if (!rowScores) {
    const table = new Float64Array(1 << 16);
    for (let row = 0; row < table.length; row++) table[row] = lineScore(rowExponents(row));
    rowScores = table;
  }
  return rowScores;
}

/**
 * A packed board's score: the row table summed over its four rows and, through a transpose,
 * its four columns. `scores` is `rowScoreTable()`, passed in so the hot loop holds it locally.
 *
 * @example
 * scoreBitboard(rowScoreTable(), lo, hi) // 1612345.2
 */
export function scoreBitboard(scores: Float64Array, lo: number, hi: number): number {
  const tlo = transposeLo(lo, hi);
  const thi = transposed.hi;
  return (
    (scores[lo & 0xffff] as number) +
    (scores[lo >>> 16] as number) +
    (scores[hi & 0xffff] as number) +
    (scores[hi >>> 16] as number) +
    (scores[tlo & 0xffff] as number) +
    (scores[tlo >>> 16] as number) +
    (scores[thi & 0xffff] as number) +
    (scores[thi >>> 16] as number)
  );
}
