import { describe, expect, it } from 'vitest';
import { directionOfKey, directionOfSwipe } from './input.js';

const press = (
  key: string,
  held: Partial<Record<'alt' | 'ctrl' | 'meta' | 'shift', boolean>> = {},
) => ({
  key,
  altKey: held.alt ?? false,
  ctrlKey: held.ctrl ?? false,
  metaKey: held.meta ?? false,
  shiftKey: held.shift ?? false,
});

describe('keys', () => {
  it.each([
    ['ArrowUp', 'up'],
    ['ArrowDown', 'down'],
    ['ArrowLeft', 'left'],
    ['ArrowRight', 'right'],
    ['w', 'up'],
    ['A', 'left'],
    ['s', 'down'],
    ['d', 'right'],
    ['k', 'up'],
    ['j', 'down'],
    ['h', 'left'],
    ['l', 'right'],
    ['z', 'up'],
    ['q', 'left'],
  ])('%s moves %s', (key, direction) => {
    expect(directionOfKey(press(key))).toBe(direction);
  });

  it('leaves keys with a modifier to the browser', () => {
    for (const held of ['alt', 'ctrl', 'meta', 'shift'] as const) {
      expect(directionOfKey(press('ArrowLeft', { [held]: true }))).toBe(null);
    }
  });

  it('ignores other keys', () => {
    for (const key of ['x', 'Enter', ' ', 'Tab', 'F5', '', 'ArrowUpp']) {
      expect(directionOfKey(press(key))).toBe(null);
    }
  });
});

describe('swipes', () => {
  it('takes the longer axis', () => {
    expect(directionOfSwipe(-40, 12)).toBe('left');
    expect(directionOfSwipe(40, -39)).toBe('right');
    expect(directionOfSwipe(10, 30)).toBe('down');
    expect(directionOfSwipe(-5, -30)).toBe('up');
  });

  it('treats a short touch as a tap', () => {
    expect(directionOfSwipe(9, 9)).toBe(null);
    expect(directionOfSwipe(0, 0)).toBe(null);
    expect(directionOfSwipe(0, 10)).toBe('down');
  });
});
