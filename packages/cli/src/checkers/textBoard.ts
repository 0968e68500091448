/**
 * The board as text, for the line-by-line game: columns 1-8 along the top, rows 1-8 down the
 * side; `b`/`B` a black man/king, `r`/`R` red, `.` an empty dark square, a space a light one.
 */
import { formatCoords, type Game, type Position, pieceAt, squareAt } from '@twenty48/checkers';
import { jumpingSquare, sideName } from './moveText.js';

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

/**
 * The prompt: whose turn it is, and during a multi-jump which piece goes on.
 *
 * @example
 * promptOf(newGame()) // 'Black (p1) to move: '
 */
export function promptOf(game: Game): string {
  const jumping = jumpingSquare(game);
  const who = sideName(game.position.turn);
  if (jumping === null) return `${who} to move: `;
  return `${who}, keep jumping with ${formatCoords(jumping)}: `;
}
