import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.js';
import {
  colourOfTier,
  nameOfTier,
  SURFACES,
  THEMES,
  TIER_COLOURS,
  TIER_NAMES,
  tileColours,
} from './palette.js';

const VALUES = Array.from({ length: 30 }, (_, i) => 2 ** (i + 1));

describe('contrast (WCAG 2.1 AA)', () => {
  it('computes the known ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The original's 2 tile: the reason its text colour is not kept.
    expect(contrastRatio('#776e65', '#eee4da')).toBeLessThan(4.5);
  });

  it.each(VALUES)('tile %i text reaches 4.5:1 on its background', (value) => {
    const { background, text } = tileColours(value);
    expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the original backgrounds', () => {
    expect(tileColours(2).background).toBe('#eee4da');
    expect(tileColours(2048).background).toBe('#edc22e');
    expect(tileColours(4096).background).toBe('#3c3a32');
  });

  it.each(THEMES)(
    '%s theme: text on the page, the score boxes and buttons reaches 4.5:1',
    (theme) => {
      const s = SURFACES[theme];
      expect(contrastRatio(s.page, s.text)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(s.board, s.onBoard)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(s.accent, s.onAccent)).toBeGreaterThanOrEqual(4.5);
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
