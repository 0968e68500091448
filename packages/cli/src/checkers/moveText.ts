/**
 * Moves and sides in the words the terminal uses: the Racket original's
 * `(move (ROW COL) DIRECTION)`, PDN beside it, `Black (p1)` and `Red (p2)`, and the announcement
 * of the end.
 */
import {
  directionBetween,
  formatCoords,
  type Game,
  type Move,
  moveToPdn,
  type Side,
  type Square,
} from '@twenty48/checkers';

/** The words shared with the browser game live in the rules package. */
export { announcement, sideWord } from '@twenty48/checkers';

/**
 * A side as the Racket original's save file and prompt name it.
 *
 * @example
 * sideName('red') // 'Red (p2)'
 */
export const sideName = (side: Side): string => (side === 'black' ? 'Black (p1)' : 'Red (p2)');

/**
 * One step as the command that plays it: a jump's direction is that of the piece jumped.
 *
 * @example
 * stepCommand(9, 14) // '(move (3 2) southeast)'
 */
export function stepCommand(from: Square, to: Square): string {
  return `(move ${formatCoords(from)} ${directionBetween(from, to) ?? '?'})`;
}

/**
 * A whole move as the commands that play it, one per jump, then its PDN; from the `from`-th
 * square of its path when part of it is played already.
 *
 * @example
 * describeMove(move) // '(move (6 3) northeast), (move (4 5) northwest) [22x15x6]'
 */
export function describeMove(move: Move, from = 0): string {
  return `${pathCommands(move.path.slice(from))} [${moveToPdn(move)}]`;
}

/**
 * The commands that walk a piece along `path`, one per step.
 *
 * @example
 * pathCommands([22, 15, 6]) // '(move (6 3) northeast), (move (4 5) northwest)'
 */
export const pathCommands = (path: readonly Square[]): string =>
  path
    .slice(1)
    .map((to, i) => stepCommand(path[i] as Square, to))
    .join(', ');

/** The square the jumping piece stands on during a multi-jump, or null between moves. */
export const jumpingSquare = (game: Game): Square | null =>
  game.jump === null ? null : (game.jump.path[game.jump.path.length - 1] ?? null);
