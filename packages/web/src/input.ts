import type { Direction } from '@twenty48/engine';

/** The keys that move: arrows, W/A/S/D, vim's h/j/k/l and AZERTY's Z/Q. */
const KEY_DIRECTIONS: Readonly<Record<string, Direction>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  w: 'up',
  s: 'down',
  a: 'left',
  d: 'right',
  k: 'up',
  j: 'down',
  h: 'left',
  l: 'right',
  z: 'up',
  q: 'left',
};

/** The parts of a keyboard event that decide a move. */
export interface KeyPress {
  readonly key: string;
  readonly altKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
}

/**
 * The direction a key asks for, or `null`. Keys with a modifier held are the browser's
 * (Ctrl+W, Alt+Left) and are left alone, as in the original game.
 *
 * @example
 * directionOfKey({ key: 'ArrowLeft', altKey: false, ctrlKey: false, metaKey: false, shiftKey: false }) // 'left'
 */
export function directionOfKey(press: KeyPress): Direction | null {
  if (press.altKey || press.ctrlKey || press.metaKey || press.shiftKey) return null;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  return KEY_DIRECTIONS[key] ?? null;
}

/** Shortest swipe that counts, in CSS pixels (the original's threshold). */
export const MIN_SWIPE = 10;

/**
 * The direction of a swipe from its displacement: the longer axis decides; a swipe shorter
 * than `MIN_SWIPE` is a tap and moves nothing.
 *
 * @example
 * directionOfSwipe(-40, 12) // 'left'
 * directionOfSwipe(3, 4)    // null
 */
export function directionOfSwipe(dx: number, dy: number): Direction | null {
  if (Math.max(Math.abs(dx), Math.abs(dy)) < MIN_SWIPE) return null;
  if (Math.abs(dx) > Math.abs(dy)) return dx > 0 ? 'right' : 'left';
  return dy > 0 ? 'down' : 'up';
}

/**
 * Listen to swipes on an element with pointer events (touch, pen and a mouse drag). The
 * element's CSS has `touch-action: none`, so the page never scrolls under a swipe.
 *
 * @example
 * const stop = listenSwipes(boardElement, (direction) => model.push(direction));
 */
export function listenSwipes(element: HTMLElement, onSwipe: (d: Direction) => void): () => void {
  const starts = new Map<number, { x: number; y: number }>();
  const down = (event: PointerEvent): void => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    starts.set(event.pointerId, { x: event.clientX, y: event.clientY });
  };
  const up = (event: PointerEvent): void => {
    const start = starts.get(event.pointerId);
    starts.delete(event.pointerId);
    if (!start) return;
    const direction = directionOfSwipe(event.clientX - start.x, event.clientY - start.y);
    if (direction) onSwipe(direction);
  };
  const cancel = (event: PointerEvent): void => {
    starts.delete(event.pointerId);
  };
  element.addEventListener('pointerdown', down);
  element.addEventListener('pointerup', up);
  element.addEventListener('pointercancel', cancel);
  return () => {
    element.removeEventListener('pointerdown', down);
    element.removeEventListener('pointerup', up);
    element.removeEventListener('pointercancel', cancel);
  };
}
