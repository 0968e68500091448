import { BLACK_KING_ROW, bitCount, RED_KING_ROW, reverseBits } from './bitboard.js';
import { bitOf, coordsOf, formatCoords, SQUARE_COUNT, squareAt } from './squares.js';
import {
  fail,
  ok,
  type Piece,
  type Position,
  type Result,
  type Side,
  type Square,
} from './types.js';

/** Squares 1-12: where black's men start. */
export const BLACK_START = 0x00000fff;
/** Squares 21-32: where red's men start. */
export const RED_START = 0xfff00000;
/** The most pieces a side can have. */
export const MAX_PIECES = 12;

/**
 * The starting position: black men on 1-12, red men on 21-32, black to move.
 *
 * @example
 * initialPosition() // { black: 0xfff, red: 0xfff00000, kings: 0, turn: 'black' }
 */
export const initialPosition = (): Position => ({
  black: BLACK_START,
  red: RED_START,
  kings: 0,
  turn: 'black',
});

/**
 * What stands on a square: `null` when it is empty.
 *
 * @example
 * pieceAt(initialPosition(), 1) // { side: 'black', king: false }
 * pieceAt(initialPosition(), 16) // null
 */
export function pieceAt(position: Position, square: Square): Piece | null {
  const bit = bitOf(square);
  const king = (position.kings & bit) !== 0;
  if ((position.black & bit) !== 0) return { side: 'black', king };
  if ((position.red & bit) !== 0) return { side: 'red', king };
  return null;
}

/** The mask of a side's pieces. */
export const piecesOf = (position: Position, side: Side): number =>
  side === 'black' ? position.black : position.red;

/** True when two positions have the same pieces and the same side to move. */
export const samePosition = (a: Position, b: Position): boolean =>
  a.black === b.black && a.red === b.red && a.kings === b.kings && a.turn === b.turn;

/**
 * The same position with the colours exchanged: the board turned half round (square s becomes
 * 33 - s), black's pieces red's and red's black's, and the other side to move. The rules treat
 * the two alike, so an evaluation should give the side to move the same value in both (GuiNN's
 * does not: `tune.js static --symmetric`).
 *
 * @example
 * makeFen(colourFlip(parseFen('B:W18,K22:B5').value)) // 'W:W28:BK11,15'
 */
export const colourFlip = (p: Position): Position => ({
  black: reverseBits(p.red) >>> 0,
  red: reverseBits(p.black) >>> 0,
  kings: reverseBits(p.kings) >>> 0,
  turn: p.turn === 'black' ? 'red' : 'black',
});

/** A short string that identifies a position (pieces and side to move), for repetition counts. */
export const positionKey = (p: Position): string =>
  `${p.turn === 'black' ? 'B' : 'W'}${p.black.toString(36)}.${p.red.toString(36)}.${p.kings.toString(36)}`;

export type PositionError = 'ERR_FEN' | 'ERR_TOO_MANY_PIECES' | 'ERR_UNCROWNED_MAN';

/**
 * A position from masks, checked: no square held by both sides, kings only where pieces stand,
 * at most 12 pieces a side (`ERR_TOO_MANY_PIECES`), and no man on its own crowning row
 * (`ERR_UNCROWNED_MAN`: a black man on row 8 would already be a king). The masks are
 * normalised to unsigned 32-bit numbers.
 *
 * @example
 * makePosition(0b1, 0b1000, 0, 'red') // a black man on 1, a red man on 4, red to move
 */
export function makePosition(
  black: number,
  red: number,
  kings: number,
  turn: Side,
): Result<Position, PositionError> {
  const b = black >>> 0;
  const r = red >>> 0;
  const k = kings >>> 0;
  if ((b & r) !== 0) return fail('ERR_FEN', 'a square holds a black and a red piece');
  if ((k & ~(b | r)) !== 0) return fail('ERR_FEN', 'a king is marked on an empty square');
  for (const [side, mask] of [
    ['black', b],
    ['red', r],
  ] as const) {
    if (bitCount(mask) > MAX_PIECES)
      return fail('ERR_TOO_MANY_PIECES', `${side} has ${bitCount(mask)} pieces; at most 12`);
  }
  const stuck = (b & BLACK_KING_ROW & ~k) | (r & RED_KING_ROW & ~k);
  if (stuck !== 0) {
    const square = Math.clz32(stuck) ^ 31;
    const side = (b & (1 << square)) !== 0 ? 'black' : 'red';
    return fail(
      'ERR_UNCROWNED_MAN',
      `a ${side} man on ${formatCoords(square + 1)} stands on its crowning row: make it a king`,
    );
  }
  return ok({ black: b, red: r, kings: k, turn });
}

/** One cell of a grid: empty, or a piece. */
export type Cell = Piece | null;
/** 8 rows of 8 cells, row 1 first, column 1 first in each row. */
export type Grid = readonly (readonly Cell[])[];

export type GridError = 'ERR_GRID' | 'ERR_LIGHT_SQUARE' | PositionError;

/**
 * A position from an 8x8 grid (row 1 first, as a spreadsheet shows the board). Refuses a grid
 * that is not 8x8 or holds something else than `null` or `{ side, king }` (`ERR_GRID`), a
 * piece on a light square (`ERR_LIGHT_SQUARE`, naming its `(ROW COL)`), more than 12 pieces a
 * side (`ERR_TOO_MANY_PIECES`) and a man on its own crowning row (`ERR_UNCROWNED_MAN`).
 *
 * @example
 * const grid = gridOf(initialPosition());
 * positionFromGrid(grid, 'black') // { ok: true, value: initialPosition() }
 */
export function positionFromGrid(grid: Grid, turn: Side): Result<Position, GridError> {
  if (!Array.isArray(grid) || grid.length !== 8)
    return fail('ERR_GRID', 'the grid must have 8 rows');
  let black = 0;
  let red = 0;
  let kings = 0;
  for (let row = 1; row <= 8; row++) {
    const cells = grid[row - 1];
    if (!Array.isArray(cells) || cells.length !== 8)
      return fail('ERR_GRID', `row ${row} of the grid must have 8 cells`);
    for (let col = 1; col <= 8; col++) {
      const cell: unknown = cells[col - 1];
      if (cell === null || cell === undefined) continue;
      if (
        typeof cell !== 'object' ||
        !('side' in cell) ||
        (cell.side !== 'black' && cell.side !== 'red') ||
        !('king' in cell) ||
        typeof cell.king !== 'boolean'
      )
        return fail('ERR_GRID', `(${row} ${col}) holds something that is not a piece`);
      const square = squareAt(row, col);
      if (square === null)
        return fail('ERR_LIGHT_SQUARE', `a piece stands on the light square (${row} ${col})`);
      const bit = bitOf(square);
      if (cell.side === 'black') black += bit;
      else red += bit;
      if (cell.king) kings += bit;
    }
  }
  return makePosition(black, red, kings, turn);
}

/**
 * The board as an 8x8 grid of cells, row 1 first: the inverse of `positionFromGrid`.
 *
 * @example
 * gridOf(initialPosition())[0] // [null, black man, null, black man, ...]
 */
export function gridOf(position: Position): Cell[][] {
  const grid: Cell[][] = Array.from({ length: 8 }, () => Array<Cell>(8).fill(null));
  for (let square = 1; square <= SQUARE_COUNT; square++) {
    const piece = pieceAt(position, square);
    if (piece === null) continue;
    const { row, col } = coordsOf(square);
    const cells = grid[row - 1];
    if (cells) cells[col - 1] = piece;
  }
  return grid;
}
