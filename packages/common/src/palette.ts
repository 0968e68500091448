/**
 * The 2048 tile palette as data: the colours the terminal and the browser both draw with, so a
 * tile, a tier and the board look the same in each, and a unit test checks their contrast.
 *
 * Number tiles keep the original game's backgrounds (gabrielecirulli/2048). Its text colours do not:
 * the original's #776e65 on 2 and 4 reaches only 3.98:1 and its white on 8..2048 as little as
 * 1.42:1, so every tile up to 2048 uses one dark ink instead (at least 4.5:1, WCAG AA).
 */

/** A tile's background and text colour as `#rrggbb`. */
export interface TileColours {
  readonly background: string;
  readonly text: string;
}

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The original backgrounds, by tile value. */
const ORIGINAL_BACKGROUNDS: Readonly<Record<number, string>> = {
  2: '#eee4da',
  4: '#ede0c8',
  8: '#f2b179',
  16: '#f59563',
  32: '#f67c5f',
  64: '#f65e3b',
  128: '#edcf72',
  256: '#edcc61',
  512: '#edc850',
  1024: '#edc53f',
  2048: '#edc22e',
};
const SUPER_BACKGROUND = '#3c3a32';
const DARK_INK = '#26221e';
const LIGHT_INK = '#f9f6f2';

/** The colours around the tiles in each theme; `onX` is the text written on `x`. */
export interface Surfaces {
  readonly page: string;
  readonly text: string;
  readonly board: string;
  readonly onBoard: string;
  /** The empty cell as it looks on the board. */
  readonly empty: string;
  readonly accent: string;
  readonly onAccent: string;
  readonly focus: string;
}

/**
 * Light keeps the original's page, board and cell (its rgba(238,228,218,0.35) cell composited
 * on #bbada0); its buttons (#8f7a66 under white, 4.08:1) and score boxes (white on #bbada0)
 * are darkened or inked to reach 4.5:1. The terminal draws its board in the light theme.
 */
export const SURFACES: Readonly<Record<Theme, Surfaces>> = {
  light: {
    page: '#faf8ef',
    text: '#4f4740',
    board: '#bbada0',
    onBoard: '#1f1b17',
    empty: '#cdc1b4',
    accent: '#776552',
    onAccent: '#ffffff',
    focus: '#1565c0',
  },
  dark: {
    page: '#1e1d1a',
    text: '#f2ede6',
    board: '#3a352f',
    onBoard: '#ffffff',
    empty: '#4a443d',
    accent: '#d9b45b',
    onAccent: '#1f1b17',
    focus: '#64b5f6',
  },
};

/**
 * The tiers rules' colour-and-size tiles: one colour per tier of three sizes. Light colours
 * are dark enough and dark-theme colours light enough to stand 3:1 against the empty cell
 * (WCAG 1.4.11).
 */
export const TIER_COLOURS: Readonly<Record<Theme, readonly string[]>> = {
  light: [
    '#1b5e20',
    '#0d47a1',
    '#6a1b9a',
    '#b71c1c',
    '#a63c00',
    '#00574f',
    '#880e4f',
    '#4e342e',
    '#1a237e',
    '#212121',
  ],
  dark: [
    '#81c784',
    '#64b5f6',
    '#ce93d8',
    '#ef9a9a',
    '#ffb74d',
    '#4db6ac',
    '#f48fb1',
    '#bcaaa4',
    '#9fa8da',
    '#f5f5f5',
  ],
};

/** Names of the tier colours and the three sizes, for screen readers. */
export const TIER_NAMES = [
  'green',
  'blue',
  'purple',
  'red',
  'orange',
  'teal',
  'pink',
  'brown',
  'indigo',
  'grey',
] as const;
export const SIZE_NAMES = ['small', 'medium', 'large'] as const;

/**
 * The colours of a number tile; tiles above 2048 share the original's dark "super" colour.
 *
 * @example
 * tileColours(8) // { background: '#f2b179', text: '#26221e' }
 */
export function tileColours(value: number): TileColours {
  const background = ORIGINAL_BACKGROUNDS[value];
  if (background) return { background, text: DARK_INK };
  return { background: SUPER_BACKGROUND, text: LIGHT_INK };
}

/**
 * The colour of a tier (0 is the first) in a theme; colours repeat after the last tier.
 *
 * @example
 * colourOfTier(0, 'light') // '#1b5e20'
 */
export function colourOfTier(tier: number, theme: Theme): string {
  const colours = TIER_COLOURS[theme];
  return colours[tier % colours.length] ?? '#212121';
}

/**
 * A tier tile in words, from its tier and size (0 small, 1 medium, 2 large).
 *
 * @example
 * nameOfTier(1, 2) // 'large blue'
 */
export function nameOfTier(tier: number, size: number): string {
  const colour = TIER_NAMES[tier % TIER_NAMES.length] ?? 'grey';
  return `${SIZE_NAMES[size] ?? 'small'} ${colour}`;
}
