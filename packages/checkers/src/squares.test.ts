import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coordsOf,
  directionBetween,
  formatCoords,
  neighbor,
  parseSquare,
  squareAt,
  squareFromCoords,
} from './squares.js';
import { DIRECTIONS } from './types.js';

describe('PDN squares and (ROW COL)', () => {
  it.each([
    [1, 1, 2],
    [4, 1, 8],
    [5, 2, 1],
    [8, 2, 7],
    [9, 3, 2],
    [12, 3, 8],
    [13, 4, 1],
    [29, 8, 1],
    [32, 8, 7],
  ])('square %i is (%i %i)', (square, row, col) => {
    expect(coordsOf(square)).toEqual({ row, col });
    expect(squareAt(row, col)).toBe(square);
  });

  it('maps the 32 dark squares one to one; light squares and off-board are null', () => {
    const seen = new Set<number>();
    for (let row = 1; row <= 8; row++)
      for (let col = 1; col <= 8; col++) {
        const square = squareAt(row, col);
        if ((row + col) % 2 === 0) expect(square).toBeNull();
        else {
          expect(square).not.toBeNull();
          seen.add(square as number);
          expect(coordsOf(square as number)).toEqual({ row, col });
        }
      }
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    expect(squareAt(0, 1)).toBeNull();
    expect(squareAt(9, 2)).toBeNull();
    expect(squareAt(1.5, 2)).toBeNull();
  });

  it('steps in the four directions as (row±1, col±1)', () => {
    expect(neighbor(9, 'northeast')).toBe(6); // (3 2) -> (2 3)
    expect(neighbor(9, 'northwest')).toBe(5); // (3 2) -> (2 1)
    expect(neighbor(9, 'southeast')).toBe(14); // (3 2) -> (4 3)
    expect(neighbor(9, 'southwest')).toBe(13); // (3 2) -> (4 1)
    expect(neighbor(5, 'northwest')).toBeNull();
    expect(neighbor(4, 'northeast')).toBeNull();
    expect(neighbor(32, 'southwest')).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 32 }), fc.constantFrom(...DIRECTIONS), (s, d) => {
        const n = neighbor(s, d);
        if (n === null) return;
        const a = coordsOf(s);
        const b = coordsOf(n);
        expect(Math.abs(a.row - b.row)).toBe(1);
        expect(Math.abs(a.col - b.col)).toBe(1);
        expect(directionBetween(s, n)).toBe(d);
      }),
    );
  });

  it('parses squares and coordinates from outside with named errors', () => {
    expect(parseSquare(' 17 ')).toEqual({ ok: true, value: 17 });
    expect(parseSquare('0')).toMatchObject({ ok: false, error: { code: 'ERR_SQUARE' } });
    expect(parseSquare('33')).toMatchObject({ ok: false, error: { code: 'ERR_SQUARE' } });
    expect(parseSquare('x')).toMatchObject({ ok: false, error: { code: 'ERR_SQUARE' } });
    expect(squareFromCoords(3, 2)).toEqual({ ok: true, value: 9 });
    expect(squareFromCoords(9, 2)).toMatchObject({ ok: false, error: { code: 'ERR_SQUARE' } });
    const light = squareFromCoords(3, 3);
    expect(light).toMatchObject({ ok: false, error: { code: 'ERR_LIGHT_SQUARE' } });
    if (!light.ok) expect(light.error.message).toContain('(3 3)');
    expect(formatCoords(32)).toBe('(8 7)');
    expect(() => coordsOf(0)).toThrow(RangeError);
  });
});
