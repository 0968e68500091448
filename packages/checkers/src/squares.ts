import {
  type Coords,
  DIRECTIONS,
  type Direction,
  fail,
  ok,
  type Result,
  type Side,
  type Square,
} from './types.js';

/** How many playable squares the board has. */
export const SQUARE_COUNT = 32;

/** True for an integer 1..32. */
export const isSquare = (value: unknown): value is Square =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= SQUARE_COUNT;

/**
 * The PDN square at `(row col)`, or `null` off the board or on a light square (ROW + COL even).
 *
 * @example
 * squareAt(1, 2) // 1
 * squareAt(8, 7) // 32
 * squareAt(1, 1) // null (a light square)
 */
export function squareAt(row: number, col: number): Square | null {
  if (!Number.isInteger(row) || !Number.isInteger(col)) return null;
  if (row < 1 || row > 8 || col < 1 || col > 8 || (row + col) % 2 === 0) return null;
  return (row - 1) * 4 + Math.floor((col - 1) / 2) + 1;
}

/**
 * The `(row col)` of a PDN square. Throws a RangeError for anything but 1..32 (a programmer
 * error: squares from outside go through `parseSquare` or `squareAt`).
 *
 * @example
 * coordsOf(5) // { row: 2, col: 1 }
 */
export function coordsOf(square: Square): Coords {
  if (!isSquare(square)) throw new RangeError(`not a square: ${square}`);
  const row = Math.floor((square - 1) / 4) + 1;
  const index = (square - 1) % 4;
  return { row, col: row % 2 === 1 ? 2 * index + 2 : 2 * index + 1 };
}

/**
 * The square at `(row col)` from outside: `ERR_SQUARE` off the board, `ERR_LIGHT_SQUARE` on a
 * light square (no piece ever stands there).
 *
 * @example
 * squareFromCoords(3, 2) // { ok: true, value: 9 }
 * squareFromCoords(3, 3) // fails with ERR_LIGHT_SQUARE
 */
export function squareFromCoords(
  row: number,
  col: number,
): Result<Square, 'ERR_SQUARE' | 'ERR_LIGHT_SQUARE'> {
  if (!Number.isInteger(row) || !Number.isInteger(col) || row < 1 || row > 8 || col < 1 || col > 8)
    return fail('ERR_SQUARE', `(${row} ${col}) is off the board: rows and columns are 1-8`);
  const square = squareAt(row, col);
  if (square === null)
    return fail('ERR_LIGHT_SQUARE', `(${row} ${col}) is a light square: play on ROW + COL odd`);
  return ok(square);
}

/**
 * A PDN square number from text, `ERR_SQUARE` unless it is 1..32.
 *
 * @example
 * parseSquare('32') // { ok: true, value: 32 }
 */
export function parseSquare(text: string): Result<Square, 'ERR_SQUARE'> {
  const trimmed = text.trim();
  const value = /^\d{1,2}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return isSquare(value) ? ok(value) : fail('ERR_SQUARE', `"${text}" is not a square 1-32`);
}

/**
 * A square as the terminal writes it, `(ROW COL)`.
 *
 * @example
 * formatCoords(1) // '(1 2)'
 */
export const formatCoords = (square: Square): string => {
  const { row, col } = coordsOf(square);
  return `(${row} ${col})`;
};

const ROW_DELTA: Readonly<Record<Direction, number>> = {
  northeast: -1,
  northwest: -1,
  southeast: 1,
  southwest: 1,
};
const COL_DELTA: Readonly<Record<Direction, number>> = {
  northeast: 1,
  northwest: -1,
  southeast: 1,
  southwest: -1,
};

// NEIGHBORS[d][s]: the square one step from s in DIRECTIONS[d], or 0 off the board.
const NEIGHBORS: readonly (readonly number[])[] = DIRECTIONS.map((direction) => {
  const table = [0];
  for (let square = 1; square <= SQUARE_COUNT; square++) {
    const { row, col } = coordsOf(square);
    table.push(squareAt(row + ROW_DELTA[direction], col + COL_DELTA[direction]) ?? 0);
  }
  return table;
});

/**
 * The square one diagonal step from `square` in `direction`, or `null` off the board.
 *
 * @example
 * neighbor(9, 'southeast') // 14, from (3 2) to (4 3)
 * neighbor(5, 'northwest') // null
 */
export function neighbor(square: Square, direction: Direction): Square | null {
  const next = NEIGHBORS[DIRECTIONS.indexOf(direction)]?.[square] ?? 0;
  return next === 0 ? null : next;
}

/** The direction from `from` to a square on one of its diagonals, or `null` if none. */
export function directionBetween(from: Square, to: Square): Direction | null {
  const a = coordsOf(from);
  const b = coordsOf(to);
  const dr = b.row - a.row;
  const dc = b.col - a.col;
  if (dr === 0 || Math.abs(dr) !== Math.abs(dc)) return null;
  if (dr < 0) return dc > 0 ? 'northeast' : 'northwest';
  return dc > 0 ? 'southeast' : 'southwest';
}

/** All four directions, for a king. */
export const DIRECTION_LIST: readonly Direction[] = DIRECTIONS;

/** The directions a man of `side` moves in: black goes south (down), red goes north. */
export const forwardDirections = (side: Side): readonly Direction[] =>
  side === 'black' ? BLACK_FORWARD : RED_FORWARD;
const BLACK_FORWARD: readonly Direction[] = ['southeast', 'southwest'];
const RED_FORWARD: readonly Direction[] = ['northeast', 'northwest'];

/** The row where a man of `side` is crowned: 8 for black, 1 for red. */
export const crowningRow = (side: Side): number => (side === 'black' ? 8 : 1);

/** The other side. */
export const opponent = (side: Side): Side => (side === 'black' ? 'red' : 'black');

/** The mask bit of a square (bit n-1 for square n), as an unsigned 32-bit number. */
export const bitOf = (square: Square): number => 2 ** (square - 1);

/** The squares of a mask, ascending. */
export function squaresOf(mask: number): Square[] {
  const squares: Square[] = [];
  for (let square = 1; square <= SQUARE_COUNT; square++)
    if ((mask >>> (square - 1)) & 1) squares.push(square);
  return squares;
}
