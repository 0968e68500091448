import { TILE_DISTANCE_FLOORS } from '@twenty48/testkits/palette';
import { describe, expect, it } from 'vitest';
import { deltaE2000, hslOf } from './colourDifference.js';
import { contrastRatio, luminance } from './contrast.js';
import {
  colourOfTier,
  GOLD,
  nameOfTier,
  SURFACES,
  THEMES,
  TIER_COLOURS,
  TIER_NAMES,
  tileColours,
  tileGlow,
} from './palette.js';

const VALUES = Array.from({ length: 30 }, (_, i) => 2 ** (i + 1));
/** Every tile a game can show, 2 to 2^17, in both themes. */
const TILES = THEMES.flatMap((theme) =>
  Array.from({ length: 17 }, (_, i) => [theme, 2 ** (i + 1)] as const),
);
const LIGHT_INK = '#f9f6f2';

describe('contrast (WCAG 2.1 AA for large bold text: the numbers are bold and large)', () => {
  it('computes the known ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The original's 2 tile: the reason its text colour is not kept.
    expect(contrastRatio('#776e65', '#eee4da')).toBeLessThan(4.5);
  });

  it.each(TILES)('%s theme: tile %i text reaches 3:1 on its background', (theme, value) => {
    const { background, text } = tileColours(value, theme);
    expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(3);
  });

  it.each(VALUES)('tile %i text reaches 3:1 beyond 2^17 too', (value) => {
    for (const theme of THEMES) {
      const { background, text } = tileColours(value, theme);
      expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(3);
    }
  });
});

describe("the original's feel", () => {
  it('keeps the original beiges for 2 and 4 with dark text in the light theme', () => {
    expect(tileColours(2).background).toBe('#eee4da');
    expect(tileColours(4).background).toBe('#ede0c8');
    expect(tileColours(2).text).not.toBe(LIGHT_INK);
  });

  it.each(THEMES)(
    '%s theme: dark ink on the golds, light ink on 32, 64 and beyond 2048',
    (theme) => {
      for (const value of [2, 4, 8, 16, 128, 256, 512, 1024, 2048]) {
        expect(tileColours(value, theme).text).not.toBe(LIGHT_INK);
      }
      for (const value of [32, 64, 4096]) expect(tileColours(value, theme).text).toBe(LIGHT_INK);
    },
  );

  it('gives each tile up to 2048 its own shade, and the larger ones one "super" colour', () => {
    for (const theme of THEMES) {
      const shades = VALUES.slice(0, 11).map((value) => tileColours(value, theme).background);
      expect(new Set(shades).size).toBe(11);
      expect(tileColours(8192, theme).background).toBe(tileColours(4096, theme).background);
    }
  });

  it('has dark tiles of its own in the dark theme, none brighter than its light twin', () => {
    for (const value of VALUES.slice(0, 12)) {
      const light = tileColours(value, 'light').background;
      const dark = tileColours(value, 'dark').background;
      expect(dark).not.toBe(light);
      if (value <= 4) expect(luminance(dark)).toBeLessThan(luminance(light));
    }
  });

  it('glows from 128, more with each tile to the full glow at 2048', () => {
    expect(tileGlow(2)).toBe(0);
    expect(tileGlow(64)).toBe(0);
    const glows = [128, 256, 512, 1024, 2048].map(tileGlow);
    expect(glows[0]).toBeGreaterThan(0);
    for (let i = 1; i < glows.length; i++) {
      expect(glows[i]).toBeGreaterThan(glows[i - 1] ?? 1);
    }
    expect(tileGlow(2048)).toBe(1);
    expect(tileGlow(131072)).toBe(1);
    expect(tileColours(256).glow).toBe(tileGlow(256));
  });
});

const FLOORS = TILE_DISTANCE_FLOORS;

describe('2048’s colours, told apart', () => {
  it.each(THEMES.flatMap((theme) => FLOORS.map(([a, b, floor]) => [theme, a, b, floor] as const)))(
    '%s theme: %i and %i at least %f apart (CIEDE2000)',
    (theme, a, b, floor) => {
      const one = tileColours(a, theme).background;
      const two = tileColours(b, theme).background;
      expect(deltaE2000(one, two)).toBeGreaterThanOrEqual(floor);
    },
  );

  it.each(THEMES)(
    '%s theme: bright golds from 128 to 2048 (hue 35-55°, S ≥ 0.6, L ≥ 0.45)',
    (theme) => {
      for (const value of [128, 256, 512, 1024, 2048]) {
        const { h, s, l } = hslOf(tileColours(value, theme).background);
        expect(h).toBeGreaterThanOrEqual(35);
        expect(h).toBeLessThanOrEqual(55);
        expect(s).toBeGreaterThanOrEqual(0.6);
        expect(l).toBeGreaterThanOrEqual(0.45);
      }
    },
  );

  it('glows and wins in gold', () => {
    const { h, s, l } = hslOf(GOLD);
    expect([h >= 35 && h <= 55, s >= 0.6, l >= 0.45]).toEqual([true, true, true]);
  });
});

describe('the page around the tiles (WCAG 2.1 AA)', () => {
  it.each(THEMES)(
    '%s theme: text on the page, the score boxes and buttons reaches 4.5:1',
    (theme) => {
      const s = SURFACES[theme];
      expect(contrastRatio(s.page, s.text)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(s.board, s.onBoard)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(s.accent, s.onAccent)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(THEMES)(
    '%s theme: the +N gain reads 4.5:1 on the page and differs from the score digits',
    (theme) => {
      const s = SURFACES[theme];
      expect(contrastRatio(s.page, s.gain)).toBeGreaterThanOrEqual(4.5);
      expect(s.gain).not.toBe(s.onBoard);
    },
  );

  it.each(THEMES)('%s theme: the focus ring stands 3:1 against the page', (theme) => {
    expect(contrastRatio(SURFACES[theme].page, SURFACES[theme].focus)).toBeGreaterThanOrEqual(3);
  });

  it.each(THEMES)('%s theme: every tier colour stands 3:1 against the empty cell', (theme) => {
    for (const colour of TIER_COLOURS[theme]) {
      expect(contrastRatio(colour, SURFACES[theme].empty)).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('the tiers rules', () => {
  it('names a tier tile by size and colour', () => {
    expect(nameOfTier(0, 0)).toBe('small green');
    expect(nameOfTier(1, 2)).toBe('large blue');
    expect(nameOfTier(TIER_NAMES.length, 1)).toBe('medium green');
  });

  it('has a colour and a name for each of ten tiers in both themes, then repeats', () => {
    for (const theme of THEMES) {
      const colours = TIER_NAMES.map((_, tier) => colourOfTier(tier, theme));
      expect(new Set(colours).size).toBe(TIER_NAMES.length);
      expect(colourOfTier(TIER_NAMES.length, theme)).toBe(colourOfTier(0, theme));
    }
  });
});
