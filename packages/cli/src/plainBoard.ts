/**
 * The labwork's text board: every cell left-aligned in a field of at least three
 * characters, `.` for an empty cell, each followed by `|`.
 */
import type { Board, Direction } from '@twenty48/engine';

/** The prompt of the labwork's interactive mode, with its trailing space. */
export const PLAIN_PROMPT = 'Next move [w/a/s/d]: ';

/** The key the prompt asks for each move: `PLAIN_KEYS.left` is `a`. */
export const PLAIN_KEYS: Readonly<Record<Direction, string>> = {
  up: 'w',
  left: 'a',
  down: 's',
  right: 'd',
};

/**
 * The rows of a board as the labwork prints them. Fields widen together when a value needs more
 * than three characters, so the columns stay aligned.
 *
 * @example
 * formatBoard([[0, 4], [2, 16]]) // ['|.  |4  |', '|2  |16 |']
 */
export function formatBoard(board: Board): string[] {
  const width = Math.max(3, ...board.flat().map((value) => String(value).length));
  return board.map(
    (row) => `|${row.map((value) => (value === 0 ? '.' : String(value)).padEnd(width)).join('|')}|`,
  );
}

/**
 * One state of the game as the labwork prints it: the score, a blank line, the board, a blank
 * line and the prompt (no newline after it: the player types on that line).
 *
 * @example
 * formatPlainState({ board, score: 152 })
 * // 'Score: 152\n\n|.  |.  |.  |4  |\n…\n\nNext move [w/a/s/d]: '
 */
export function formatPlainState(state: { readonly board: Board; readonly score: number }): string {
  return `${formatPlainBlock(state)}${PLAIN_PROMPT}`;
}

/**
 * The state without the prompt: score, blank line, board, blank line (what autoplay prints).
 *
 * @example
 * formatPlainBlock({ board: [[2, 0], [0, 0]], score: 0 }) // 'Score: 0\n\n|2  |.  |\n|.  |.  |\n\n'
 */
export function formatPlainBlock(state: { readonly board: Board; readonly score: number }): string {
  return `Score: ${state.score}\n\n${formatBoard(state.board).join('\n')}\n\n`;
}
