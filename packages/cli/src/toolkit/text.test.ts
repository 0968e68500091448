import { describe, expect, it } from 'vitest';
import { centreFrom, centreLines, fit, visibleLength, wrap } from './text.js';

describe('centreLines, fit and visibleLength', () => {
  it('centres each line on its own in exactly the rows given, colour escapes not counted', () => {
    expect(centreLines(['hi', '', '\x1b[1mwide\x1b[0m'], 10, 5)).toEqual([
      '',
      '    hi',
      '',
      '   \x1b[1mwide\x1b[0m',
      '',
    ]);
    expect(centreLines(['a', 'b', 'c'], 3, 2)).toEqual([' a', ' b']);
  });

  it('cuts long text with an ellipsis and measures what shows', () => {
    expect(fit('a long line', 6)).toBe('a lon…');
    expect(fit('short', 6)).toBe('short');
    expect(visibleLength('\x1b[38;5;1m●\x1b[0m x')).toBe(3);
  });
});

describe('wrap', () => {
  it('breaks at spaces to the width, and cuts a word longer than that', () => {
    expect(wrap('Make the window at least 25x13', 16)).toEqual([
      'Make the window',
      'at least 25x13',
    ]);
    expect(wrap('abcdefghij', 4)).toEqual(['abc…']);
  });
});

describe('centreFrom', () => {
  it('puts the content from its row down, centred, in exactly the rows given', () => {
    expect(centreFrom(['hi'], 1, 6, 3)).toEqual(['', '  hi', '']);
    expect(centreFrom(['a', 'b', 'c'], 2, 3, 3)).toEqual(['', '', ' a']);
  });
});
