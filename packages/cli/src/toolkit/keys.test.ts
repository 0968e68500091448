import { describe, expect, it } from 'vitest';
import { decodeKeys } from './keys.js';

describe('decodeKeys', () => {
  it.each([
    ['\x1b[A', [{ kind: 'arrow', direction: 'up' }]],
    [
      '\x1b[B\x1b[C\x1b[D',
      [
        { kind: 'arrow', direction: 'down' },
        { kind: 'arrow', direction: 'right' },
        { kind: 'arrow', direction: 'left' },
      ],
    ],
    ['\x1bOA', [{ kind: 'arrow', direction: 'up' }]],
    ['\x1b[1;5A', [{ kind: 'ignored' }]],
    [
      '\x1b[5~\x1b[6~\x1b[3~',
      [{ kind: 'page', direction: 'up' }, { kind: 'page', direction: 'down' }, { kind: 'ignored' }],
    ],
    ['\x1bw', [{ kind: 'ignored' }]],
    ['\x1b', [{ kind: 'escape' }]],
    [
      'wq',
      [
        { kind: 'char', char: 'w' },
        { kind: 'char', char: 'q' },
      ],
    ],
    ['\x03', [{ kind: 'interrupt' }]],
    ['\r', [{ kind: 'enter' }]],
    ['\x7f', [{ kind: 'backspace' }]],
    ['\x01', [{ kind: 'ignored' }]],
    ['\x15', [{ kind: 'clearLine' }]],
    ['é', [{ kind: 'char', char: 'é' }]],
  ])('%j', (input, keys) => {
    expect(decodeKeys(input)).toEqual(keys);
  });
});
