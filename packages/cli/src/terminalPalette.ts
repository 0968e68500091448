/**
 * The 2048 tiles' colours chosen for each kind of terminal, beside the shared palette
 * (`@twenty48/common`, the browser's): a nearest-colour mapping of the browser's oranges gives
 * 8 and 16 the same brown in 256 colours and 128-1024 one olive, so the 256- and 16-colour
 * tiles are picked here by hand, each tile value up to 2^17 unlike the values next to it.
 * Truecolor draws the shared palette up to 2048 and this file's own shades above it (the shared
 * palette gives every larger tile one "super" colour).
 */
import { tileColours } from '@twenty48/common';
import { type Rgb, rgbOf256 } from './toolkit/colors.js';

/** The largest tile the tables name: 2^17. */
export const LARGEST_TILE = 2 ** 17;

/** Truecolor tiles above 2048: dark, far apart in hue, all under light text. */
const SUPER_TILES: Readonly<Record<number, string>> = {
  4096: '#3c3a32',
  8192: '#5b2a62',
  16384: '#1f4e79',
  32768: '#2d5e2d',
  65536: '#7a1f4f',
  131072: '#23236b',
};

/** 256-colour backgrounds by tile value (xterm indices): beiges, oranges, reds, golds, then darks. */
const TILE_256: Readonly<Record<number, number>> = {
  2: 255,
  4: 223,
  8: 215,
  16: 208,
  32: 202,
  64: 160,
  128: 220,
  256: 178,
  512: 136,
  1024: 130,
  2048: 94,
  4096: 238,
  8192: 54,
  16384: 24,
  32768: 22,
  65536: 89,
  131072: 17,
};

/** 16-colour backgrounds by tile value (SGR codes); grey (100) and white (47) are the board's. */
const TILE_16: Readonly<Record<number, number>> = {
  2: 107,
  4: 103,
  8: 43,
  16: 101,
  32: 41,
  64: 45,
  128: 105,
  256: 44,
  512: 104,
  1024: 46,
  2048: 106,
  4096: 42,
  8192: 102,
  16384: 40,
  32768: 45,
  65536: 44,
  131072: 41,
};

/** Relative luminance (WCAG) of a colour. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** True when black text reads better than white on `rgb`. */
const darkTextOn = (rgb: Rgb): boolean => {
  const l = luminance(rgb);
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05);
};

/** The nearest value the tables name (a tile above 2^17 takes 2^17's colours). */
const tableValue = (value: number): number => Math.min(LARGEST_TILE, Math.max(2, value));

/**
 * The escape sequence that paints a tile of `value` (background and text) in a colour mode.
 *
 * @example
 * tilePaint('256', 8) // '\x1b[48;5;215m\x1b[38;5;16m'
 * tilePaint('16', 2) // '\x1b[107m\x1b[30m'
 * tilePaint('none', 2) // ''
 */
export function tilePaint(mode: 'truecolor' | '256' | '16' | 'none', value: number): string {
  const key = tableValue(value);
  if (mode === 'none') return '';
  if (mode === '256') {
    const index = TILE_256[key] ?? 255;
    return `\x1b[48;5;${index}m\x1b[38;5;${darkTextOn(rgbOf256(index)) ? 16 : 231}m`;
  }
  if (mode === '16') {
    const code = TILE_16[key] ?? 107;
    const rgb = rgbOf256(code >= 100 ? code - 92 : code - 40);
    return `\x1b[${code}m\x1b[${darkTextOn(rgb) ? 30 : 97}m`;
  }
  const shared = tileColours(key);
  const super_ = key > 2048 ? SUPER_TILES[key] : undefined;
  const [br, bg, bb] = hexRgb(super_ ?? shared.background);
  const [tr, tg, tb] = hexRgb(super_ === undefined ? shared.text : '#f9f6f2');
  return `\x1b[48;2;${br};${bg};${bb}m\x1b[38;2;${tr};${tg};${tb}m`;
}

const hexRgb = (code: string): Rgb => [
  Number.parseInt(code.slice(1, 3), 16),
  Number.parseInt(code.slice(3, 5), 16),
  Number.parseInt(code.slice(5, 7), 16),
];
