/**
 * Keys from a terminal in raw mode: the bytes of one read decoded into key presses. Arrows come
 * as escape sequences (`ESC [ A`, or `ESC O A` in application mode); Page Up and Page Down as
 * `ESC [ 5 ~` and `ESC [ 6 ~`; arrows with Ctrl, Alt or
 * Shift held and Alt+letter are reported as `ignored`, as the original game ignores them.
 */

/** An arrow key's direction. */
export type ArrowDirection = 'up' | 'down' | 'left' | 'right';

/** One key press, as a full-screen program cares about it. */
export type Key =
  | { readonly kind: 'arrow'; readonly direction: ArrowDirection }
  | { readonly kind: 'char'; readonly char: string }
  | { readonly kind: 'enter' }
  | { readonly kind: 'escape' }
  | { readonly kind: 'backspace' }
  /** Page Up or Page Down: a page that does not fit turns. */
  | { readonly kind: 'page'; readonly direction: 'up' | 'down' }
  /** Ctrl-U: a line editor clears the line. */
  | { readonly kind: 'clearLine' }
  | { readonly kind: 'interrupt' }
  | { readonly kind: 'ignored' };

const ARROWS: Readonly<Record<string, ArrowDirection>> = {
  A: 'up',
  B: 'down',
  C: 'right',
  D: 'left',
};

/** Length of the escape sequence starting at `i` (an ESC), and what it means. */
function readEscape(data: string, i: number): { length: number; key: Key } {
  const next = data[i + 1];
  if (next === undefined) return { length: 1, key: { kind: 'escape' } };
  const third = data[i + 2];
  if (next === 'O' && third !== undefined) {
    const direction = ARROWS[third];
    return { length: 3, key: direction ? { kind: 'arrow', direction } : { kind: 'ignored' } };
  }
  if (next === '[') {
    let end = i + 2;
    while (end < data.length && !/[@-~]/.test(data.charAt(end))) end++;
    const params = data.slice(i + 2, end);
    const direction = ARROWS[data[end] ?? ''];
    const final = data[end] ?? '';
    const key: Key =
      direction && params === ''
        ? { kind: 'arrow', direction }
        : final === '~' && (params === '5' || params === '6')
          ? { kind: 'page', direction: params === '5' ? 'up' : 'down' }
          : { kind: 'ignored' };
    return { length: end - i + 1, key };
  }
  if (next === '\x1b') return { length: 1, key: { kind: 'escape' } };
  return { length: 2, key: { kind: 'ignored' } }; // Alt + key
}

/**
 * Decode one chunk of raw input into keys, in order.
 *
 * @example
 * decodeKeys('\x1b[Aq') // [{ kind: 'arrow', direction: 'up' }, { kind: 'char', char: 'q' }]
 */
export function decodeKeys(data: string): Key[] {
  const keys: Key[] = [];
  let i = 0;
  while (i < data.length) {
    const char = data.charAt(i);
    if (char === '\x1b') {
      const { length, key } = readEscape(data, i);
      keys.push(key);
      i += length;
      continue;
    }
    i += 1;
    if (char === '\x03') keys.push({ kind: 'interrupt' });
    else if (char === '\r' || char === '\n') keys.push({ kind: 'enter' });
    else if (char === '\x7f' || char === '\b') keys.push({ kind: 'backspace' });
    else if (char === '\x15') keys.push({ kind: 'clearLine' });
    else if (char < ' ') keys.push({ kind: 'ignored' });
    else keys.push({ kind: 'char', char });
  }
  return keys;
}
