import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseSettings, settingsFor } from './settings.js';

describe('settingsFor', () => {
  it('shows colour-and-size tiles when the rules become tiers, numbers when they leave', () => {
    const tiers = settingsFor(DEFAULT_SETTINGS, { rules: 'tiers', size: 5 });
    expect(tiers).toMatchObject({ rules: 'tiers', size: 5, tiles: 'tiers' });
    expect(settingsFor(tiers, { rules: 'fiveTwelve', size: 4 }).tiles).toBe('numbers');
  });

  it("keeps the player's choice while the rules stay the same", () => {
    const numbersOnTiers = {
      ...settingsFor(DEFAULT_SETTINGS, { rules: 'tiers', size: 4 }),
      tiles: 'numbers' as const,
    };
    expect(settingsFor(numbersOnTiers, { rules: 'tiers', size: 6 })).toMatchObject({
      size: 6,
      tiles: 'numbers',
    });
    const tilesOnClassic = { ...DEFAULT_SETTINGS, tiles: 'tiers' as const };
    expect(settingsFor(tilesOnClassic, { rules: 'classic', size: 4 }).tiles).toBe('tiers');
  });
});

describe('parseSettings', () => {
  it('falls back field by field', () => {
    expect(parseSettings({ size: 5, theme: 'pink', tiles: 'tiers' })).toEqual({
      ...DEFAULT_SETTINGS,
      size: 5,
      tiles: 'tiers',
    });
    expect(parseSettings('nonsense')).toEqual(DEFAULT_SETTINGS);
  });
});
