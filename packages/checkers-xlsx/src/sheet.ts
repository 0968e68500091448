/**
 * The save file's sheet and the rules' position, both ways: the sheet's cells ("E", "B n", …)
 * are the rules' grid, and whether a grid is a position checkers allows (no piece on a light
 * square, at most 12 a side, no uncrowned man on its crowning row) is the rules' to say.
 */
import {
  type Cell,
  type GridError,
  gridOf,
  type Position,
  positionFromGrid,
} from '@twenty48/checkers';
import { fail, type Result } from '@twenty48/common';
import type { CellText, SheetGame } from './codec.js';

const textOfCell = (cell: Cell): CellText => {
  if (cell === null) return 'E';
  if (cell.side === 'black') return cell.king ? 'B k' : 'B n';
  return cell.king ? 'R k' : 'R n';
};

const CELL_OF_TEXT: Readonly<Record<CellText, Cell>> = {
  E: null,
  'B n': { side: 'black', king: false },
  'B k': { side: 'black', king: true },
  'R n': { side: 'red', king: false },
  'R k': { side: 'red', king: true },
};

/**
 * The sheet that saves `position`: black is "p1", red "p2".
 *
 * @example
 * sheetOf(initialPosition()).cells[0] // ['E', 'B n', 'E', 'B n', 'E', 'B n', 'E', 'B n']
 */
export function sheetOf(position: Position): SheetGame {
  return {
    cells: gridOf(position).map((row) => row.map(textOfCell)),
    turn: position.turn === 'black' ? 'p1' : 'p2',
  };
}

/** Why a sheet is no position: the rules' reasons, or a board with no piece at all. */
export type SheetPositionError = GridError | 'ERR_EMPTY_BOARD';

/**
 * The position a loaded sheet holds, checked by the rules: `ERR_LIGHT_SQUARE`,
 * `ERR_TOO_MANY_PIECES`, `ERR_UNCROWNED_MAN` name what is wrong, and `ERR_EMPTY_BOARD` a board
 * without a piece (no save of a game has one: it would load as a game already won).
 *
 * @example
 * positionOfSheet(sheetOf(initialPosition())) // ok(initialPosition())
 */
export function positionOfSheet(sheet: SheetGame): Result<Position, SheetPositionError> {
  if (sheet.cells.every((row) => row.every((text) => text === 'E'))) {
    return fail('ERR_EMPTY_BOARD', 'the board has no piece on it, so there is no game to load');
  }
  const grid = sheet.cells.map((row) => row.map((text) => CELL_OF_TEXT[text]));
  return positionFromGrid(grid, sheet.turn === 'p1' ? 'black' : 'red');
}
