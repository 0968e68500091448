import { DIRECTIONS, MERGE_POLICIES, slide } from '@twenty48/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countEmpty,
  fitsBitboard,
  fromBitboard,
  OVERFLOW_LEFT,
  OVERFLOW_RIGHT,
  rowTables,
  slideBitboard,
  toBitboard,
  transpose,
} from './bitboard.js';

/** Boards per merge policy in the differential test; each is checked in one direction. */
const DIFFERENTIAL_BOARDS = 100_000;

/** A small xorshift so generating 300,000 boards costs little next to the engine's slides. */
function boardMaker(seed: number) {
  let state = seed | 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  // Mostly small, often equal tiles so merges (and chains, cascades) are common; now and then
  // a 16384 or 32768 so the clamp at the top is exercised.
  const exponent = () => {
    const roll = next() % 100;
    if (roll < 30) return 0;
    if (roll < 97) return 1 + (next() % 5);
    return 14 + (next() % 2);
  };
  return () =>
    Array.from({ length: 4 }, () =>
      Array.from({ length: 4 }, () => {
        const e = exponent();
        return e === 0 ? 0 : 2 ** e;
      }),
    );
}

const cell = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 1, max: 15 }).map((e) => 2 ** e),
);
const boardArb = fc.array(fc.array(cell, { minLength: 4, maxLength: 4 }), {
  minLength: 4,
  maxLength: 4,
});

describe('bitboard packing', () => {
  it('round-trips every 4x4 board with tiles up to 32768', () => {
    fc.assert(
      fc.property(boardArb, (board) => {
        expect(fromBitboard(toBitboard(board))).toEqual(board);
      }),
    );
  });

  it('puts cell (r, c) at bit 16r + 4c of (lo, hi)', () => {
    const board = [
      [2, 0, 0, 0],
      [0, 4, 0, 0],
      [0, 0, 8, 0],
      [0, 0, 0, 32768],
    ];
    expect(toBitboard(board)).toEqual({ lo: 1 | (2 << 20), hi: (3 << 8) | (15 << 28) });
  });

  it('transposes like swapping rows and columns, and twice is the identity', () => {
    fc.assert(
      fc.property(boardArb, (board) => {
        const swapped = board.map((row, r) => row.map((_, c) => board[c]?.[r] ?? 0));
        const packed = toBitboard(board);
        expect(fromBitboard(transpose(packed))).toEqual(swapped);
        expect(transpose(transpose(packed))).toEqual(packed);
      }),
    );
  });

  it('counts empty cells', () => {
    fc.assert(
      fc.property(boardArb, (board) => {
        const { lo, hi } = toBitboard(board);
        expect(countEmpty(lo, hi)).toBe(board.flat().filter((v) => v === 0).length);
      }),
    );
  });

  it('knows which boards fit: 4x4 with powers of two up to 32768', () => {
    const four = (v: number) => [
      [v, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ];
    expect(fitsBitboard(four(32768))).toBe(true);
    expect(fitsBitboard(four(65536))).toBe(false);
    expect(fitsBitboard(four(3))).toBe(false);
    expect(
      fitsBitboard([
        [2, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ]),
    ).toBe(false);
    expect(() => toBitboard(four(65536))).toThrow(/32768/);
  });
});

describe('row tables', () => {
  it('move rows as each merge policy says', () => {
    // [2, 2, 4, 8] left: once -> [4, 4, 8, 0]; chain and cascade -> [16, 0, 0, 0].
    const row = 0x3211;
    expect(rowTables('once').left[row]).toBe(0x0322);
    expect(rowTables('chain').left[row]).toBe(0x0004);
    expect(rowTables('cascade').left[row]).toBe(0x0004);
    // cascade right on [2, 2, 4, 8] gives [_, _, _, 16].
    expect(rowTables('cascade').right[row]).toBe(0x4000);
    expect(rowTables('once').right[row]).toBe(0x3220); // [_, 4, 4, 8]
  });

  it('flag a merge of two 32768s, which a nibble cannot hold', () => {
    const { left, overflows } = rowTables('once');
    expect(overflows[0x00ff]).toBe(OVERFLOW_LEFT | OVERFLOW_RIGHT);
    expect(left[0x00ff]).toBe(0x000f);
    expect(overflows[0x01f1]).toBe(0);
    expect(overflows[0x1f1f]).toBe(0);
    // Chained left, [16384, 16384, 32768, _] makes 32768 and then 65536; to the right the new
    // 32768 never looks back at the old one.
    expect(rowTables('chain').overflows[0x0fee]).toBe(OVERFLOW_LEFT);
  });
});

describe('slideBitboard against the engine', () => {
  for (const policy of MERGE_POLICIES) {
    it(`matches slide on ${DIFFERENTIAL_BOARDS.toLocaleString('en')} generated boards (${policy})`, () => {
      const rules = { once: 'classic', cascade: 'fiveTwelve', chain: 'tiers' } as const;
      const tables = rowTables(policy);
      const makeBoard = boardMaker(policy.length * 7919);
      let overflowed = 0;
      for (let i = 0; i < DIFFERENTIAL_BOARDS; i++) {
        const board = makeBoard();
        const direction = DIRECTIONS[i & 3] ?? 'up';
        const expected = slide(board, direction, rules[policy]).board;
        const actual = slideBitboard(toBitboard(board), direction, tables);
        if (actual === null) {
          overflowed++;
          // Refused only when the engine really makes a tile the nibbles cannot hold.
          expect(Math.max(...expected.flat()), JSON.stringify(board)).toBeGreaterThan(32768);
        } else if (JSON.stringify(fromBitboard(actual)) !== JSON.stringify(expected)) {
          expect(fromBitboard(actual), `${direction} ${JSON.stringify(board)}`).toEqual(expected);
        }
      }
      // The generator must reach the clamp sometimes, or the refusal path went untested.
      expect(overflowed).toBeGreaterThan(0);
    });
  }
});
