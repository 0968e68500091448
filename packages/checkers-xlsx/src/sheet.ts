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
import type { Result } from '@twenty48/common';
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

/**
 * The position a loaded sheet holds, checked by the rules: `ERR_LIGHT_SQUARE`,
 * `ERR_TOO_MANY_PIECES`, `ERR_UNCROWNED_MAN` name what is wrong.
 *
 * @example
 * positionOfSheet(sheetOf(initialPosition())) // ok(initialPosition())
 */
export function positionOfSheet(sheet: SheetGame): Result<Position, GridError> {
  const grid = sheet.cells.map((row) => row.map((text) => CELL_OF_TEXT[text]));
  return positionFromGrid(grid, sheet.turn === 'p1' ? 'black' : 'red');
}
