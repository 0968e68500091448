import { type Board, collapseLine, type Direction, type MergePolicy } from '@twenty48/engine';

/**
 * A 4x4 board packed as sixteen 4-bit exponents (0 = empty, 1 = 2, … 15 = 32768) in two signed
 * 32-bit halves, because JavaScript's bit operators are 32-bit and BigInt is far too slow for a
 * search. Cell (row r, column c) sits at bit 16·r + 4·c of the 64-bit word: `lo` holds rows 0
 * and 1, `hi` rows 2 and 3, so every row is one 16-bit field that indexes a lookup table.
 */
export interface Bitboard {
  readonly lo: number;
  readonly hi: number;
}

/** The largest exponent a nibble holds: 2^15 = 32768. */
export const MAX_EXPONENT = 15;

/**
 * Row lookup tables for one merge policy, built from the engine's own `collapseLine` so the
 * rules live in one place. `left[row]` is the row after a move toward column 0, `right[row]`
 * toward column 3. A merge that would make a tile above 32768 is clamped to 32768 and the row
 * is flagged in `overflows` (`OVERFLOW_LEFT`, `OVERFLOW_RIGHT` bits); the exact `slideBitboard`
 * refuses such rows, while the search accepts the clamp (two 32768s are beyond its horizon).
 */
export interface RowTables {
  readonly policy: MergePolicy;
  readonly left: Uint16Array;
  readonly right: Uint16Array;
  readonly overflows: Uint8Array;
}

const ROWS = 1 << 16;
/** Bits of `RowTables.overflows`: the row overflows when moved toward column 0 / column 3. */
export const OVERFLOW_LEFT = 1;
export const OVERFLOW_RIGHT = 2;

/** The four exponents of a 16-bit row, column 0 first. */
export const rowExponents = (row: number): number[] => [
  row & 15,
  (row >>> 4) & 15,
  (row >>> 8) & 15,
  (row >>> 12) & 15,
];

const reverseRow = (row: number): number =>
  ((row & 15) << 12) | (((row >>> 4) & 15) << 8) | (((row >>> 8) & 15) << 4) | (row >>> 12);

function buildTables(policy: MergePolicy): RowTables {
  const left = new Uint16Array(ROWS);
  const right = new Uint16Array(ROWS);
  const overflows = new Uint8Array(ROWS);
  for (let row = 0; row < ROWS; row++) {
    const values = rowExponents(row).map((e) => (e === 0 ? 0 : 2 ** e));
    const { line } = collapseLine(values, policy);
    let packed = 0;
    line.forEach((value, i) => {
      let exponent = value === 0 ? 0 : Math.log2(value);
      if (exponent > MAX_EXPONENT) {
        exponent = MAX_EXPONENT;
        overflows[row] = OVERFLOW_LEFT;
      }
      packed |= exponent << (4 * i);
    });
    left[row] = packed;
  }
  // A move toward column 3 is a move toward column 0 of the mirrored row.
  for (let row = 0; row < ROWS; row++) {
    right[row] = reverseRow(left[reverseRow(row)] as number);
    if ((overflows[reverseRow(row)] as number) & OVERFLOW_LEFT) {
      overflows[row] = (overflows[row] as number) | OVERFLOW_RIGHT;
    }
  }
  return { policy, left, right, overflows };
}

const tableCache = new Map<MergePolicy, RowTables>();

/**
 * The row tables of a merge policy, built on first use (about 65,536 line collapses) and kept.
 *
 * @example
 * const { left } = rowTables('once');
 * left[0x1101] // 0x0012: [2, 0, 2, 2] moves left to [4, 2, 0, 0]
 */
export function rowTables(policy: MergePolicy): RowTables {
  let tables = tableCache.get(policy);
  if (!tables) {
    tables = buildTables(policy);
    tableCache.set(policy, tables);
  }
  return tables;
}

/**
 * Swap rows and columns, in two halves: first the 2x2 blocks of nibbles inside each 32-bit
 * half, then the bytes between the halves. Returns the new `lo`; the new `hi` is left in
 * `transposed.hi` so the hot loop allocates nothing.
 */
export const transposed = { hi: 0 };
export function transposeLo(lo: number, hi: number): number {
  const a = (lo & 0xf0f00f0f) | ((lo & 0x0000f0f0) << 12) | ((lo >>> 12) & 0x0000f0f0);
  const b = (hi & 0xf0f00f0f) | ((hi & 0x0000f0f0) << 12) | ((hi >>> 12) & 0x0000f0f0);
  transposed.hi = (b & 0xff00ff00) | ((a >>> 8) & 0x00ff00ff);
  return (a & 0x00ff00ff) | ((b & 0x00ff00ff) << 8);
}

/** The transpose of a bitboard, as a value (for tests and setup code, not the hot loop). */
export function transpose(board: Bitboard): Bitboard {
  const lo = transposeLo(board.lo, board.hi);
  return { lo, hi: transposed.hi };
}

/** True when every tile of a square board fits a nibble: 4x4 and no tile above 32768. */
export function fitsBitboard(board: Board): boolean {
  if (board.length !== 4) return false;
  return board.every(
    (row) =>
      row.length === 4 &&
      row.every((v) => v === 0 || (Number.isInteger(Math.log2(v)) && v >= 2 && v <= 32768)),
  );
}

/**
 * Pack an engine board; throws on a board that does not fit (check `fitsBitboard` first).
 *
 * @example
 * toBitboard([[2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 4]]) // { lo: 1, hi: 0x20000000 }
 */
export function toBitboard(board: Board): Bitboard {
  if (!fitsBitboard(board)) throw new Error('toBitboard: the board is not 4x4 with tiles ≤ 32768');
  let lo = 0;
  let hi = 0;
  board.forEach((row, r) => {
    row.forEach((value, c) => {
      const exponent = value === 0 ? 0 : Math.log2(value);
      const shift = 16 * (r & 1) + 4 * c;
      if (r < 2) lo |= exponent << shift;
      else hi |= exponent << shift;
    });
  });
  return { lo, hi };
}

/** Unpack a bitboard into an engine board of tile values. */
export function fromBitboard({ lo, hi }: Bitboard): number[][] {
  const rows = [lo & 0xffff, lo >>> 16, hi & 0xffff, hi >>> 16];
  return rows.map((row) => rowExponents(row).map((e) => (e === 0 ? 0 : 2 ** e)));
}

/** Apply a row table to all four rows of a bitboard. */
function applyRows(table: Uint16Array, lo: number, hi: number): Bitboard {
  return {
    lo: (table[lo & 0xffff] as number) | ((table[lo >>> 16] as number) << 16),
    hi: (table[hi & 0xffff] as number) | ((table[hi >>> 16] as number) << 16),
  };
}

const rowsOf = ({ lo, hi }: Bitboard): number[] => [lo & 0xffff, lo >>> 16, hi & 0xffff, hi >>> 16];

/**
 * Slide a bitboard the way the engine's `slide` would, or return `null` when a merge would make
 * a tile above 32768 (the caller falls back to the engine). Up and down go through a transpose.
 *
 * @example
 * const moved = slideBitboard(toBitboard(board), 'up', rowTables('once'));
 */
export function slideBitboard(
  board: Bitboard,
  direction: Direction,
  tables: RowTables,
): Bitboard | null {
  const vertical = direction === 'up' || direction === 'down';
  const source = vertical ? transpose(board) : board;
  const towardStart = direction === 'left' || direction === 'up';
  const flag = towardStart ? OVERFLOW_LEFT : OVERFLOW_RIGHT;
  if (rowsOf(source).some((row) => ((tables.overflows[row] as number) & flag) !== 0)) return null;
  const table = towardStart ? tables.left : tables.right;
  const moved = applyRows(table, source.lo, source.hi);
  return vertical ? transpose(moved) : moved;
}

/** Number of empty cells of a bitboard. */
export function countEmpty(lo: number, hi: number): number {
  let empty = 0;
  for (let shift = 0; shift < 32; shift += 4) {
    if (((lo >>> shift) & 15) === 0) empty++;
    if (((hi >>> shift) & 15) === 0) empty++;
  }
  return empty;
}

let emptyCounts: Uint8Array | undefined;

/**
 * Empty cells of every 16-bit row, so a board's count is four lookups.
 *
 * @example
 * emptyCellTable()[0x0100] // 3
 */
export function emptyCellTable(): Uint8Array {
  if (!emptyCounts) {
    const table = new Uint8Array(ROWS);
    for (let row = 0; row < ROWS; row++) {
      table[row] = rowExponents(row).filter((e) => e === 0).length;
    }
    emptyCounts = table;
  }
  return emptyCounts;
}

const gainCache = new Map<MergePolicy, { left: Float64Array; right: Float64Array }>();

/**
 * The score each 16-bit row gains when moved toward column 0 (`left`) or column 3 (`right`),
 * from the engine's own `collapseLine`, so the rules keep one home.
 *
 * @example
 * gainTables('once').left[0x0011] // 4: two 2s merge
 */
export function gainTables(policy: MergePolicy): { left: Float64Array; right: Float64Array } {
  let tables = gainCache.get(policy);
  if (!tables) {
    const left = new Float64Array(1 << 16);
    const right = new Float64Array(1 << 16);
    for (let row = 0; row < 1 << 16; row++) {
      const values = rowExponents(row).map((e) => (e === 0 ? 0 : 2 ** e));
      left[row] = collapseLine(values, policy).gained;
      right[row] = collapseLine(values.slice().reverse(), policy).gained;
    }
    tables = { left, right };
    gainCache.set(policy, tables);
  }
  return tables;
}
