/**
 * The line-by-line game's text: the board (its lines drawn by @twenty48/checkers' formatBoard,
 * re-exported here) and the prompt.
 */
import { formatCoords, type Game } from '@twenty48/checkers';
import { jumpingSquare, sideName } from './moveText.js';

export { formatBoard } from '@twenty48/checkers';

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
