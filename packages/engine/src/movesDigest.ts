import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The digest of no moves: a game just dealt. */
export const NO_MOVES_DIGEST = '';

/**
 * The digest of a game's moves after one more, chained: d(0 moves) = '' and
 * d(n + 1) = hex SHA-256 of the UTF-8 text d(n) followed by move n's letter. Two games have the
 * same digest only if their moves are the same, so a store compares 64 characters, not the
 * whole history, to keep a move only on the moves it was computed on.
 *
 * @example
 * nextMovesDigest('', 'L') // sha256('L') in hex
 */
export function nextMovesDigest(previous: string, letter: string): string {
  return bytesToHex(sha256(utf8ToBytes(previous + letter)));
}

/**
 * The digest of a whole string of moves (letters `U`, `D`, `L`, `R`).
 *
 * @example
 * movesDigest('LR') === nextMovesDigest(nextMovesDigest('', 'L'), 'R') // true
 */
export function movesDigest(letters: string): string {
  let digest = NO_MOVES_DIGEST;
  for (const letter of letters) digest = nextMovesDigest(digest, letter);
  return digest;
}
