import { describe, expect, it } from 'vitest';
import { THEMES, TIER_COLOURS, tierColour, tierName } from './palette.js';

const VALUES = Array.from({ length: 30 }, (_, i) => 2 ** (i + 1));

// The palette's data and its contrast are specified in @twenty48/common (palette.test.ts);
// here, the tier of a tile's value.
describe('the tiers rules in the browser', () => {
  it('names each tier tile by size and colour', () => {
    expect(tierName(2)).toBe('small green');
    expect(tierName(16)).toBe('small blue');
    expect(tierName(64)).toBe('large blue');
  });

  it('gives each of the first ten tiers its own colour in both themes', () => {
    for (const theme of THEMES) {
      const colours = VALUES.map((v) => tierColour(v, theme));
      expect(new Set(colours).size).toBe(10);
      expect(tierColour(2, theme)).toBe(TIER_COLOURS[theme][0]);
    }
  });
});
