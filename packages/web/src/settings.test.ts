import { MAX_RANKED_SIZE, MIN_RANKED_SIZE } from '@twenty48/common';
import { describe, expect, it } from 'vitest';
import { cleanName, DEFAULT_SETTINGS, parseSettings, settingsFor } from './settings.js';

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

describe('the name kept in the settings', () => {
  it('follows the shared player-name rule; a refused name is kept as none', () => {
    expect(parseSettings({ name: '  Zoe\u0308 ' }).name).toBe('Zo\u00EB');
    expect(parseSettings({ name: 'A\u200Bda' }).name).toBe('');
    expect(parseSettings({ name: '\u3164' }).name).toBe('');
    expect(parseSettings({ name: '<b>' }).name).toBe('');
    expect(parseSettings({ name: 42 }).name).toBe('');
  });

  it('drops control characters and cuts a long name to 24 characters, accents kept', () => {
    expect(cleanName('  Ada\u0007 \n')).toBe('Ada');
    expect(cleanName('x'.repeat(30))).toBe('x'.repeat(24));
    expect(cleanName(`${'e\u0301'.repeat(30)}`)).toBe('\u00E9'.repeat(24));
    expect(cleanName(`${'x'.repeat(23)}y\u0336z`)).toBe(`${'x'.repeat(23)}y\u0336`);
    expect(cleanName('😀'.repeat(30))).toBe('😀'.repeat(24));
  });
});

describe('the board sizes offered', () => {
  it('are the sizes the leaderboard ranks', () => {
    expect(parseSettings({ size: MIN_RANKED_SIZE }).size).toBe(MIN_RANKED_SIZE);
    expect(parseSettings({ size: MAX_RANKED_SIZE }).size).toBe(MAX_RANKED_SIZE);
    expect(parseSettings({ size: 2 }).size).toBe(DEFAULT_SETTINGS.size);
    expect(parseSettings({ size: 9 }).size).toBe(DEFAULT_SETTINGS.size);
  });
});
