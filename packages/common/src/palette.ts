/**
 * The 2048 tile palette as data: the colours the terminal and the browser both draw with, so a
 * tile, a tier and the board look the same in each, and a unit test checks them.
 *
 * Number tiles look like the original game (gabrielecirulli/2048): 2 and 4 in its beiges, 8 to
 * 64 its oranges and reds, then bright golds from 128 to 2048 that glow. What it lacks is fixed
 * by rule, and the tests check the rules: every number stands at least 3:1 against its tile
 * (WCAG AA for large bold text; the original's white on gold is 1.6:1), so the golds and the
 * light tiles carry a dark ink, 32 and 64 (a little deeper than the original's) a light one;
 * neighbouring tiles are at least as far apart as the original's (CIEDE2000: 2/4 5.5, 4/8 15,
 * 8/16 9, 16/32 9, 32/64 6.5), and each gold at least 3 from the next (the original's are 1.4
 * to 2.1 apart), its lightness falling and its hue warming from 128 to 2048. The dark theme
 * has its own, less glaring beiges and oranges under the same rules, and golds as bright.
 */

/** A tile's background and text colour as `#rrggbb`, and how strongly it glows (0 to 1). */
export interface TileColours {
  readonly background: string;
  readonly text: string;
  /** The glow around tiles of 128 and up (the original's box-shadow), growing to 1 at 2048. */
  readonly glow: number;
}

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The tiles' backgrounds per theme, by tile value; larger tiles share the "super" colour. */
const TILE_BACKGROUNDS: Readonly<Record<Theme, Readonly<Record<number, string>>>> = {
  light: {
    2: '#eee4da',
    4: '#ede0c8',
    8: '#f2b179',
    16: '#f59563',
    32: '#ec6141',
    64: '#d4381a',
    128: '#f2d67a',
    256: '#f0cb5c',
    512: '#edbf42',
    1024: '#eab32c',
    2048: '#e8a617',
  },
  dark: {
    2: '#b8ad9f',
    4: '#c4ad80',
    8: '#d98b4e',
    16: '#dc6d3c',
    32: '#c9502f',
    64: '#ad3518',
    128: '#e3c56a',
    256: '#dfb94f',
    512: '#dbac3a',
    1024: '#d79f28',
    2048: '#d39218',
  },
};
const SUPER_BACKGROUND: Readonly<Record<Theme, string>> = { light: '#3c3a32', dark: '#57504a' };
/** The dark ink: on the beiges, 8 and 16, and the golds. */
const DARK_INK = '#26221e';
/** The original's light text: on 32, 64 and the "super" tiles. */
const LIGHT_INK = '#f9f6f2';
const LIGHT_INK_ON: ReadonlySet<number> = new Set([32, 64]);
/** The first and the fullest glow. */
const GLOW_FROM = 128;
const GLOW_FULL = 2048;

/**
 * The gold of the glow around tiles from 128 up and of the win overlay (the original's
 * rgba(243, 215, 116) glow; its win overlay is 2048's gold at half strength).
 */
export const GOLD = '#f3d774';

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
  /** The "+N" that rises over the page beside the score after a move. */
  readonly gain: string;
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
    gain: '#b0450c',
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
    gain: '#f0a04b',
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
 * How strongly a tile glows: nothing below 128, then in equal steps to 1 at 2048 and above.
 *
 * @example
 * tileGlow(64) // 0
 * tileGlow(2048) // 1
 */
export function tileGlow(value: number): number {
  if (!(value >= GLOW_FROM)) return 0;
  const steps = Math.log2(GLOW_FULL / GLOW_FROM) + 1;
  return Math.min(1, (Math.log2(value / GLOW_FROM) + 1) / steps);
}

/**
 * The colours of a number tile in a theme (the terminal draws the light one).
 *
 * @example
 * tileColours(8) // { background: '#f2b179', text: '#26221e', glow: 0 }
 * tileColours(2, 'dark') // { background: '#b8ad9f', text: '#26221e', glow: 0 }
 */
export function tileColours(value: number, theme: Theme = 'light'): TileColours {
  const own = TILE_BACKGROUNDS[theme][value];
  const background = own ?? SUPER_BACKGROUND[theme];
  const text = own === undefined || LIGHT_INK_ON.has(value) ? LIGHT_INK : DARK_INK;
  return { background, text, glow: tileGlow(value) };
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
