import { describe, expect, it } from 'vitest';
import {
  background,
  detectColorMode,
  foreground,
  nearest16,
  rgbOf,
  rgbOf256,
  to256,
} from './colors.js';

describe('colour mode', () => {
  it.each([
    [{ TERM: 'xterm-256color', COLORTERM: 'truecolor' }, false, 'truecolor'],
    [{ TERM: 'xterm-256color', COLORTERM: '24bit' }, false, 'truecolor'],
    [{ TERM: 'xterm-256color' }, false, '256'],
    [{ TERM: 'xterm' }, false, '16'],
    [{ TERM: 'linux' }, false, '16'],
    [{ TERM: 'screen' }, false, '16'],
    [{ TERM: 'screen-256color' }, false, '256'],
    [{ TERM: 'tmux-256color' }, false, '256'],
    [{ TERM: 'alacritty' }, false, '256'],
    [{ TERM: 'dumb' }, false, 'none'],
    [{}, false, 'none'],
    [{ TERM: 'xterm-256color', COLORTERM: 'truecolor', NO_COLOR: '1' }, false, 'none'],
    [{ TERM: 'xterm-256color', NO_COLOR: '' }, false, '256'],
    [{ TERM: 'xterm-256color', COLORTERM: 'truecolor' }, true, 'none'],
  ] as const)('%j with --no-color %s gives %s', (env, flag, mode) => {
    expect(detectColorMode(env, flag)).toBe(mode);
  });
});

describe('colours and their escapes', () => {
  it('reads #rrggbb', () => {
    expect(rgbOf('#ff8000')).toEqual([255, 128, 0]);
  });

  it('maps to the nearest of the 256 colours', () => {
    expect(to256([255, 0, 0])).toBe(196);
    expect(to256([0, 0, 0])).toBe(16);
    expect(to256([128, 128, 128])).toBe(244);
    expect(to256([0x87, 0xaf, 0xd7])).toBe(16 + 36 * 2 + 6 * 3 + 4);
  });

  it('writes escapes for each mode, nothing without colour', () => {
    expect(foreground('truecolor', [1, 2, 3])).toBe('\x1b[38;2;1;2;3m');
    expect(background('256', [255, 0, 0])).toBe('\x1b[48;5;196m');
    expect(foreground('none', [1, 2, 3])).toBe('');
    expect(background('none', [1, 2, 3])).toBe('');
  });

  it('maps colours to the 16 standard ones and xterm indices to their colours', () => {
    expect(nearest16([200, 0, 0])).toBe(1);
    expect(nearest16([250, 250, 250])).toBe(67);
    expect(rgbOf256(196)).toEqual([255, 0, 0]);
    expect(rgbOf256(232)).toEqual([8, 8, 8]);
    expect(rgbOf256(9)).toEqual([255, 0, 0]);
  });
});
