import { describe, expect, it } from 'vitest';
import { tierOf } from './tiers.js';

describe('tierOf (the tiers rules)', () => {
  it.each([
    [2, 1, 0, 0],
    [4, 2, 0, 1],
    [8, 3, 0, 2],
    [16, 4, 1, 0],
    [128, 7, 2, 0],
    [2048, 11, 3, 1],
  ])('%i is level %i, tier %i, size %i', (value, level, tier, size) => {
    expect(tierOf(value)).toEqual({ level, tier, size });
  });

  it('two large squares make the next tier small square', () => {
    for (let level = 3; level < 15; level += 3) {
      const large = tierOf(2 ** level);
      const next = tierOf(2 ** (level + 1));
      expect(large.size).toBe(2);
      expect(next).toMatchObject({ tier: large.tier + 1, size: 0 });
    }
  });
});
