/**
 * The board as text, as the terminal game prints it: columns 1-8 along the top, rows 1-8 down the
 * side; `b`/`B` a black man/king, `r`/`R` red, `.` an empty dark square, a space a light one.
 * Here, beside the position, so that the terminal and the browser's tests read the same lines.
 */
import { pieceAt } from './position.js';
import { squareAt } from './squares.js';
import type { Position } from './types.js';

/**
 * The board's lines: a header of column numbers, then one line per row.
 *
 * @example
 * formatBoard(initialPosition())
 * // ['  1 2 3 4 5 6 7 8', '1   b   b   b   b', '2 b   b   b   b', …]
 */
export function formatBoard(position: Position): string[] {
  const lines = ['  1 2 3 4 5 6 7 8'];
  for (let row = 1; row <= 8; row++) {
    const cells: string[] = [];
    for (let col = 1; col <= 8; col++) {
      const square = squareAt(row, col);
      const piece = square === null ? null : pieceAt(position, square);
      if (square === null) cells.push(' ');
      else if (piece === null) cells.push('.');
      else {
        const letter = piece.side === 'black' ? 'b' : 'r';
        cells.push(piece.king ? letter.toUpperCase() : letter);
      }
    }
    lines.push(`${row} ${cells.join(' ')}`.trimEnd());
  }
  return lines;
}
