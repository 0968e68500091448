/**
 * How one cell of the board is drawn in the full-screen game: a number on the original game's
 * colours, or, under the `tiers` rules, a coloured square of one of three sizes.
 */
import { tierOf } from '@twenty48/engine';
import { EMPTY_CELL_COLOR, TIER_COLORS } from './colors.js';
import { tilePaint } from './terminalPalette.js';
import { BOLD, background, type ColorMode, foreground, RESET } from './toolkit/colors.js';

/** Cell size in characters: 3 lines tall when there is room, else 1. */
/** The size of one cell on screen, in columns and lines. */
export interface CellShape {
  readonly width: number;
  readonly height: 1 | 3 | 5;
}

/** How a tile is drawn: its number, or (the `tiers` rules) a coloured square of its size. */
export type TileTheme = 'numbers' | 'tiers';

// Without colour the tier shows as the glyph the square is drawn with.
const TIER_GLYPHS = ['█', '▓', '▒', '░', '#', '@', '%', '&', '*', '+'];

const center = (text: string, width: number): string => {
  const length = [...text].length;
  const left = Math.floor((width - length) / 2);
  return ' '.repeat(Math.max(0, left)) + text + ' '.repeat(Math.max(0, width - length - left));
};

/** The square of a tier tile, line by line, before colouring. */
function squareLines(size: 0 | 1 | 2, shape: CellShape, glyph: string): string[] {
  const block = (count: number, char = '█'): string => (glyph === '█' ? char : glyph).repeat(count);
  if (shape.height === 1) return [[block(1, '■'), block(2), block(4)][size] ?? ''];
  if (size === 0) return ['', block(2), ''];
  if (size === 1) return [block(4, '▄'), block(4), block(4, '▀')];
  return [block(6), block(6), block(6)];
}

/**
 * The lines of one cell, each exactly `shape.width` columns wide once escapes are removed.
 *
 * @example
 * drawCell(2048, { width: 7, height: 3 }, 'numbers', 'none') // ['       ', ' 2048  ', '       ']
 */
export function drawCell(
  value: number,
  shape: CellShape,
  theme: TileTheme,
  mode: ColorMode,
): string[] {
  const middle = Math.floor(shape.height / 2);
  const reset = mode === 'none' ? '' : RESET;
  const blank = Array.from({ length: shape.height }, () => '');
  if (theme === 'tiers' && value > 0) {
    const { tier, size } = tierOf(value);
    const glyph = mode === 'none' ? (TIER_GLYPHS[tier % TIER_GLYPHS.length] ?? '#') : '█';
    const color = TIER_COLORS[tier % TIER_COLORS.length] ?? EMPTY_CELL_COLOR;
    const paint = background(mode, EMPTY_CELL_COLOR) + foreground(mode, color);
    return squareLines(size, shape, glyph).map((line) => paint + center(line, shape.width) + reset);
  }
  if (value === 0) {
    const paint = background(mode, EMPTY_CELL_COLOR);
    return blank.map((_, i) =>
      mode === 'none'
        ? center(i === middle ? '·' : '', shape.width)
        : paint + ' '.repeat(shape.width) + RESET,
    );
  }
  // The tiles' own table for each mode: a nearest-colour mapping merges neighbours.
  const paint = tilePaint(mode, value);
  const bold = mode === 'none' ? '' : BOLD;
  return blank.map(
    (_, i) =>
      paint +
      (i === middle ? bold : '') +
      center(i === middle ? String(value) : '', shape.width) +
      reset,
  );
}
