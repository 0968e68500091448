/**
 * The vocabulary of American checkers (English draughts), as data.
 *
 * The board is 8x8, rows 1-8 top to bottom and columns 1-8 left to right; the playable (dark)
 * squares are those with ROW + COL odd, numbered 1-32 as in PDN: square 1 is (1 2), 4 is (1 8),
 * 5 is (2 1), 29 is (8 1), 32 is (8 7). Black ("p1", PDN "B") starts on squares 1-12 at the top
 * and moves first; red ("p2", PDN "W") starts on squares 21-32.
 */

/** The two sides; black moves first. */
export const SIDES = ['black', 'red'] as const;
export type Side = (typeof SIDES)[number];

/**
 * The four diagonal directions: northeast = (row-1, col+1), northwest = (row-1, col-1),
 * southeast = (row+1, col+1), southwest = (row+1, col-1). North is toward row 1 (black's home).
 */
export const DIRECTIONS = ['northeast', 'northwest', 'southeast', 'southwest'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** A PDN square number, 1-32. */
export type Square = number;

/** A square as `(ROW COL)`, both counted from 1 at the top left. */
export interface Coords {
  readonly row: number;
  readonly col: number;
}

/** What stands on a square. */
export interface Piece {
  readonly side: Side;
  readonly king: boolean;
}

/**
 * A position: plain, immutable data. `black`, `red` and `kings` are unsigned 32-bit masks in
 * which bit n-1 stands for PDN square n (`kings` marks the kings of both sides).
 * Get one from `initialPosition`, `parseFen` or `positionFromGrid`.
 */
export interface Position {
  readonly black: number;
  readonly red: number;
  readonly kings: number;
  readonly turn: Side;
}

/**
 * A whole move of one side: a step to an adjacent square, or a capture that may jump several
 * times. `path` lists every square the piece stands on, from `from` to `to` (two squares for a
 * simple move or a single jump); `captured` lists the squares jumped, in order.
 * `crowned` is true when a man reaches the far row (which ends the move).
 */
export interface Move {
  readonly from: Square;
  readonly to: Square;
  readonly path: readonly Square[];
  readonly captured: readonly Square[];
  readonly crowned: boolean;
}

/** How a game ended, or that it goes on. */
export type Status =
  | { readonly kind: 'playing' }
  | { readonly kind: 'won'; readonly winner: Side; readonly reason: 'no-pieces' | 'no-moves' }
  | { readonly kind: 'draw'; readonly reason: 'repetition' | 'forty-moves' };

/** Every error code the package returns, so callers can switch on them exhaustively. */
export const ERROR_CODES = [
  'ERR_FEN',
  'ERR_SQUARE',
  'ERR_LIGHT_SQUARE',
  'ERR_GRID',
  'ERR_TOO_MANY_PIECES',
  'ERR_UNCROWNED_MAN',
  'ERR_PDN_MOVE',
  'ERR_ILLEGAL_MOVE',
  'ERR_AMBIGUOUS_MOVE',
  'ERR_GAME_OVER',
  'ERR_NO_PIECE',
  'ERR_NOT_YOUR_PIECE',
  'ERR_NOT_DIAGONAL',
  'ERR_BACKWARD',
  'ERR_BLOCKED',
  'ERR_NOTHING_TO_JUMP',
  'ERR_OFF_BOARD',
  'ERR_CAPTURE_REQUIRED',
  'ERR_MUST_CONTINUE',
] as const;
export type CheckersError = (typeof ERROR_CODES)[number];

export { type Failure, fail, ok, type Result } from '@twenty48/common';
