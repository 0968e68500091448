import { TIER_COLOURS, tileColours } from '@twenty48/common';
import { describe, expect, it } from 'vitest';
import {
  background,
  detectColorMode,
  EMPTY_CELL_COLOR,
  foreground,
  rgbOf,
  TIER_COLORS,
  tileColors,
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

describe('palette', () => {
  it("draws the shared palette's light theme: dark ink on 2 and 8, light on the super tiles", () => {
    expect(tileColors(2)).toEqual({ background: [0xee, 0xe4, 0xda], text: [0x26, 0x22, 0x1e] });
    expect(tileColors(8)).toEqual({ background: [0xf2, 0xb1, 0x79], text: [0x26, 0x22, 0x1e] });
    expect(tileColors(2048).background).toEqual(rgbOf(tileColours(2048, 'light').background));
    expect(tileColors(4096)).toEqual({ background: [0x3c, 0x3a, 0x32], text: [0xf9, 0xf6, 0xf2] });
    expect(EMPTY_CELL_COLOR).toEqual([0xcd, 0xc1, 0xb4]);
  });

  it("draws each tier in the browser's light-theme colour, so tier 2 is the same in both", () => {
    expect(TIER_COLORS).toEqual(TIER_COLOURS.light.map(rgbOf));
    expect(TIER_COLORS[0]).toEqual([0x1b, 0x5e, 0x20]);
    expect(TIER_COLORS[2]).toEqual([0x6a, 0x1b, 0x9a]);
  });

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
});
