import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countMoves,
  generateMoves,
  jumpers,
  MAX_MOVES,
  MoveStack,
  positionOfMasks,
  sideMasks,
  stepNE,
  stepNW,
  stepSE,
  stepSW,
} from './bitboard.js';
import { pliesArb } from './games.testkit.js';
import { applyMove } from './moves.js';
import { referenceMoves as legalMoves } from './reference.testkit.js';
import { bitOf, neighbor } from './squares.js';
import type { Direction } from './types.js';

const key = (from: number, to: number, captured: number) =>
  `${from >>> 0}:${to >>> 0}:${captured >>> 0}`;

describe('the bitboard generator', () => {
  it('steps like the neighbour tables', () => {
    const steps: [Direction, (x: number) => number][] = [
      ['southeast', stepSE],
      ['southwest', stepSW],
      ['northeast', stepNE],
      ['northwest', stepNW],
    ];
    for (const [direction, step] of steps)
      for (let square = 1; square <= 32; square++) {
        const next = neighbor(square, direction);
        expect(step(bitOf(square) | 0) >>> 0).toBe(next === null ? 0 : bitOf(next));
      }
  });

  it('writes the same moves as legalMoves, and counts them', () => {
    const stack = new MoveStack(MAX_MOVES);
    fc.assert(
      fc.property(pliesArb(), (plies) => {
        for (const { position } of plies) {
          const { own, opp, kings, south } = sideMasks(position);
          const end = generateMoves(own, opp, kings, south, stack, 0);
          const fast: string[] = [];
          for (let i = 0; i < end; i++)
            fast.push(key(stack.from[i] ?? 0, stack.to[i] ?? 0, stack.captured[i] ?? 0));
          const slow = legalMoves(position).map((m) =>
            key(
              bitOf(m.from),
              bitOf(m.to),
              m.captured.reduce((a, s) => a | bitOf(s), 0),
            ),
          );
          expect(fast.sort()).toEqual(slow.sort());
          expect(countMoves(own, opp, kings, south)).toBe(slow.length);
          expect(jumpers(own, opp, kings, south) !== 0).toBe(
            legalMoves(position).some((m) => m.captured.length > 0),
          );
        }
      }),
      { numRuns: 100 },
    );
  });

  it('makes a move by xor as applyMove does, and the same xor unmakes it', () => {
    const stack = new MoveStack(MAX_MOVES);
    fc.assert(
      fc.property(pliesArb(), (plies) => {
        for (const { position } of plies) {
          const { own, opp, kings, south } = sideMasks(position);
          const end = generateMoves(own, opp, kings, south, stack, 0);
          const children = new Set(
            legalMoves(position).map((m) => JSON.stringify(applyMove(position, m))),
          );
          for (let i = 0; i < end; i++) {
            const from = stack.from[i] ?? 0;
            const to = stack.to[i] ?? 0;
            let o = own ^ from ^ to;
            let p = opp ^ (stack.captured[i] ?? 0);
            let k = kings ^ (stack.kingsXor[i] ?? 0);
            const child = positionOfMasks({ own: p, opp: o, kings: k, south: !south });
            expect(children.has(JSON.stringify(child))).toBe(true);
            o ^= from ^ to;
            p ^= stack.captured[i] ?? 0;
            k ^= stack.kingsXor[i] ?? 0;
            expect([o, p, k]).toEqual([own, opp, kings]);
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('converts positions to masks and back', () => {
    fc.assert(
      fc.property(pliesArb(), (plies) => {
        for (const { position } of plies)
          expect(positionOfMasks(sideMasks(position))).toEqual(position);
      }),
      { numRuns: 20 },
    );
  });

  it('throws when the stack is too small (a programmer error)', () => {
    expect(() => generateMoves(0xfff, 0xfff00000 | 0, 0, true, new MoveStack(4), 0)).toThrow(
      RangeError,
    );
  });
});
