import { describe, expect, it } from 'vitest';
import { isRankedSize, MAX_RANKED_SIZE, MIN_RANKED_SIZE, RANKED_SIZES } from './rankedSizes.js';

describe('the sizes the leaderboard ranks', () => {
  it('are 3x3 to 8x8', () => {
    expect([MIN_RANKED_SIZE, MAX_RANKED_SIZE]).toEqual([3, 8]);
    expect(RANKED_SIZES).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it.each([
    [3, true],
    [8, true],
    [2, false],
    [9, false],
    [4.5, false],
    ['4', false],
    [Number.NaN, false],
    [undefined, false],
  ])('%j ranked: %s', (size, ranked) => {
    expect(isRankedSize(size)).toBe(ranked);
  });
});
