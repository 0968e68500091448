/**
 * Colour for the full-screen game: what the terminal can show (truecolor, 256 colours or none),
 * the shared 2048 palette (`@twenty48/common`) as the terminal's colours, and the escape
 * sequences for each mode.
 */
import { SURFACES, TIER_COLOURS, tileColours } from '@twenty48/common';
import { nearest16 } from './terminalPalette.js';

/**
 * What the terminal can show: 24-bit colour, the xterm 256-colour palette, the 16 standard
 * colours, or no colour.
 */
export type ColorMode = 'truecolor' | '256' | '16' | 'none';

/** A colour as red, green and blue from 0 to 255. */
export type Rgb = readonly [red: number, green: number, blue: number];

/**
 * The colour mode from the environment: `--no-color` and `NO_COLOR` (any non-empty value) turn
 * colour off, `COLORTERM=truecolor|24bit` turns 24-bit on, `TERM=dumb` or no `TERM` means none,
 * a `TERM` naming 256 colours gets them, a plain `xterm`, `screen`, `linux`… the 16 standard
 * colours, any other terminal 256 colours.
 *
 * @example
 * detectColorMode({ TERM: 'xterm-256color', COLORTERM: 'truecolor' }, false) // 'truecolor'
 * detectColorMode({ TERM: 'xterm-256color', NO_COLOR: '1' }, false)         // 'none'
 */
export function detectColorMode(env: NodeJS.ProcessEnv, noColorFlag: boolean): ColorMode {
  if (noColorFlag || (env.NO_COLOR !== undefined && env.NO_COLOR !== '')) return 'none';
  const colorterm = (env.COLORTERM ?? '').toLowerCase();
  if (colorterm === 'truecolor' || colorterm === '24bit') return 'truecolor';
  const term = env.TERM ?? '';
  if (term === '' || term === 'dumb') return 'none';
  if (/256/.test(term)) return '256';
  // A terminal that names no 256 colours (xterm, screen, linux, vt100…) is given the 16 it has.
  if (SIXTEEN_COLOUR_TERMS.test(term)) return '16';
  return '256';
}

const SIXTEEN_COLOUR_TERMS =
  /^(xterm|screen|tmux|linux|vt1\d\d|vt2\d\d|rxvt|ansi|cygwin|konsole|putty)(-.*)?$/;

/**
 * A `#rrggbb` colour as its red, green and blue.
 *
 * @example
 * rgbOf('#ff8000') // [255, 128, 0]
 */
export const rgbOf = (code: string): Rgb => [
  Number.parseInt(code.slice(1, 3), 16),
  Number.parseInt(code.slice(3, 5), 16),
  Number.parseInt(code.slice(5, 7), 16),
];

// The terminal draws the shared palette's light theme: the browser's tiles, board and tiers.
const LIGHT = SURFACES.light;

/** The board's colour, the original game's #bbada0. */
export const BOARD_COLOR = rgbOf(LIGHT.board);
/** An empty cell: the original's rgba(238,228,218,0.35) over the board colour. */
export const EMPTY_CELL_COLOR = rgbOf(LIGHT.empty);

/**
 * A tile's background and text colours, from the shared palette's light theme (the original's
 * look, its text at 3:1 or more on each, as for large bold text).
 *
 * @example
 * tileColors(8) // { background: [242, 177, 121], text: [38, 34, 30] }
 */
export function tileColors(value: number): { background: Rgb; text: Rgb } {
  const { background, text } = tileColours(value);
  return { background: rgbOf(background), text: rgbOf(text) };
}

/** The colour of each tier under the tiers rules, the browser's light theme's (green first). */
export const TIER_COLORS: readonly Rgb[] = TIER_COLOURS.light.map(rgbOf);

const CUBE_STEPS = [0, 95, 135, 175, 215, 255];

const nearestStep = (channel: number): number => {
  let best = 0;
  CUBE_STEPS.forEach((step, i) => {
    if (Math.abs(step - channel) < Math.abs((CUBE_STEPS[best] ?? 0) - channel)) best = i;
  });
  return best;
};

/**
 * The nearest xterm 256-colour index: the 6x6x6 cube or the grey ramp, whichever is closer.
 *
 * @example
 * to256([255, 0, 0]) // 196
 */
export function to256([red, green, blue]: Rgb): number {
  const [r, g, b] = [nearestStep(red), nearestStep(green), nearestStep(blue)];
  const cube = 16 + 36 * r + 6 * g + b;
  const cubeRgb = [CUBE_STEPS[r] ?? 0, CUBE_STEPS[g] ?? 0, CUBE_STEPS[b] ?? 0];
  const grey = Math.round((red + green + blue) / 3);
  const greyIndex = Math.min(23, Math.max(0, Math.round((grey - 8) / 10)));
  const greyLevel = 8 + 10 * greyIndex;
  const distance = (other: readonly number[]): number =>
    (red - (other[0] ?? 0)) ** 2 + (green - (other[1] ?? 0)) ** 2 + (blue - (other[2] ?? 0)) ** 2;
  return distance([greyLevel, greyLevel, greyLevel]) < distance(cubeRgb) ? 232 + greyIndex : cube;
}

/**
 * The escape sequence that sets the text colour (empty when there is no colour).
 *
 * @example
 * foreground('truecolor', [1, 2, 3]) // '\x1b[38;2;1;2;3m'
 */
export function foreground(mode: ColorMode, rgb: Rgb): string {
  if (mode === 'truecolor') return `\x1b[38;2;${rgb[0]};${rgb[1]};${rgb[2]}m`;
  if (mode === '16') return `\x1b[${30 + nearest16(rgb)}m`;
  return mode === '256' ? `\x1b[38;5;${to256(rgb)}m` : '';
}

/**
 * The escape sequence that sets the background colour (empty when there is no colour).
 *
 * @example
 * background('256', [255, 0, 0]) // '\x1b[48;5;196m'
 */
export function background(mode: ColorMode, rgb: Rgb): string {
  if (mode === 'truecolor') return `\x1b[48;2;${rgb[0]};${rgb[1]};${rgb[2]}m`;
  if (mode === '16') return `\x1b[${40 + nearest16(rgb)}m`;
  return mode === '256' ? `\x1b[48;5;${to256(rgb)}m` : '';
}

/** Back to the terminal's own colours and attributes. */
export const RESET = '\x1b[0m';
/** Bold text (the title line). */
export const BOLD = '\x1b[1m';
