/** The keys that move in the 2048 games (full-screen and ranked); arrows come as arrow keys. */
import type { Direction } from '@twenty48/engine';

/** The letter keys that move: W/A/S/D and vim's h/j/k/l (either case). */
export const LETTER_MOVES: Readonly<Record<string, Direction>> = {
  w: 'up',
  a: 'left',
  s: 'down',
  d: 'right',
  k: 'up',
  h: 'left',
  j: 'down',
  l: 'right',
};
