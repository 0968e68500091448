import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sideMasks } from './bitboard.js';
import { EVAL_FEATURES, evalFeatures, evaluate, handEvaluate, plainEvaluate } from './evaluate.js';
import { EVAL_WEIGHTS } from './evalWeights.js';
import { pliesArb } from './games.testkit.js';
import { initialPosition } from './position.js';

describe('the evaluation', () => {
  it('is zero at the symmetric start', () => {
    const { own, opp, kings, south } = sideMasks(initialPosition());
    expect(evaluate(own, opp, kings, south)).toBe(0);
  });

  it('is the hand-written part plus the learned weights times the features the tuner fits', () => {
    expect(EVAL_WEIGHTS.length).toBe(EVAL_FEATURES);
    fc.assert(
      fc.property(pliesArb(120), (plies) => {
        for (const { position } of plies) {
          const { own, opp, kings, south } = sideMasks(position);
          const row = new Float64Array(EVAL_FEATURES);
          evalFeatures(own, opp, kings, south, row, 0);
          const learned = row.reduce((sum, x, i) => sum + x * (EVAL_WEIGHTS[i] ?? 0), 0);
          const expected = handEvaluate(own, opp, kings, south) + learned;
          // The engine blends the weights once per number of pieces, rounded to whole numbers.
          expect(Math.abs(evaluate(own, opp, kings, south) - expected)).toBeLessThan(25);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('is exactly the plain evaluation, square by square, in games and on random boards', () => {
    fc.assert(
      fc.property(pliesArb(120), (plies) => {
        for (const { position } of plies) {
          const { own, opp, kings, south } = sideMasks(position);
          expect(evaluate(own, opp, kings, south)).toBe(plainEvaluate(own, opp, kings, south));
        }
      }),
      { numRuns: 50 },
    );
    // Random boards too (kings anywhere, men on any row, sides of any size): every table entry.
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.integer(), fc.boolean(), (a, b, k, south) => {
        const own = a & ~b;
        const opp = b & ~a;
        const kings = k & (own | opp);
        expect(evaluate(own, opp, kings, south)).toBe(plainEvaluate(own, opp, kings, south));
      }),
      { numRuns: 3000 },
    );
  });

  it('scores a position and its colours swapped the same for the side to move', () => {
    fc.assert(
      fc.property(pliesArb(120), (plies) => {
        for (const { position } of plies) {
          const { own, opp, kings, south } = sideMasks(position);
          const turned = (m: number): number => {
            let x = m;
            let r = 0;
            for (let i = 0; i < 32; i++) r |= ((x >>> i) & 1) << (31 - i);
            x = r;
            return x | 0;
          };
          expect(evaluate(turned(own), turned(opp), turned(kings), !south)).toBe(
            evaluate(own, opp, kings, south),
          );
        }
      }),
      { numRuns: 30 },
    );
  });
});
