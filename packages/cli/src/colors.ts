/**
 * 2048's colours in the terminal: the shared 2048 palette (`@twenty48/common`) as the terminal's
 * colours (the board, the empty cell, the tiles, the tiers). The modes and escapes are the
 * toolkit's (`toolkit/colors.ts`).
 */
import { SURFACES, TIER_COLOURS, tileColours } from '@twenty48/common';
import { type Rgb, rgbOf } from './toolkit/colors.js';

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
