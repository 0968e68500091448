/**
 * Games in words, for the terminal's lines and the browser's announcements alike: the sides'
 * names, a move as a sentence, why a game ended.
 */
import { moveToPdn } from './pdn.js';
import type { Move, Side, Status } from './types.js';

/** `Black` or `Red`. */
export const sideWord = (side: Side): string => (side === 'black' ? 'Black' : 'Red');

/**
 * A whole move as one sentence, the captured squares named in the order they were jumped.
 *
 * @example
 * moveSentence('black', { from: 22, to: 6, path: [22, 15, 6], captured: [18, 10], crowned: false })
 * // 'Black moves 22x15x6, captures 18 and 10'
 */
export function moveSentence(side: Side, move: Move): string {
  const captured = move.captured.map(String);
  const last = captured.pop();
  const captures =
    last === undefined
      ? ''
      : `, captures ${captured.length > 0 ? `${captured.join(', ')} and ${last}` : last}`;
  return `${sideWord(side)} moves ${moveToPdn(move)}${captures}${move.crowned ? ', crowned' : ''}`;
}

/**
 * Why the game ended, in one line, or null while it goes on.
 *
 * @example
 * announcement({ kind: 'won', winner: 'red', reason: 'no-pieces' })
 * // 'Red wins: black has no pieces left'
 */
export function announcement(status: Status): string | null {
  switch (status.kind) {
    case 'playing':
      return null;
    case 'draw':
      return status.reason === 'repetition'
        ? 'Draw: the same position a third time'
        : "Draw: 40 moves each without a capture or a man's move";
    case 'won': {
      const loser = status.winner === 'black' ? 'red' : 'black';
      const why =
        status.reason === 'no-pieces'
          ? `${loser} has no pieces left`
          : `${loser} has no legal move`;
      return `${sideWord(status.winner)} wins: ${why}`;
    }
  }
}
