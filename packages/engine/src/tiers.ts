/** Three square sizes per colour tier (the tiers rules). */
export const SIZES_PER_TIER = 3;

/** Where a tile sits in the tiers rules' colours-and-sizes view of the board. */
export interface TierPlace {
  /** log2 of the value: 2 is level 1, 4 is level 2… (also what `levelCubes` cubes). */
  readonly level: number;
  /** The colour tier, from 0: levels 1–3 are tier 0, 4–6 tier 1… */
  readonly tier: number;
  /** The square's size within its tier: 0 small, 1 medium, 2 large. */
  readonly size: 0 | 1 | 2;
}

/**
 * The level, colour tier and size of a tile value: two small squares make a medium one, two
 * large squares make a small square of the next colour.
 *
 * @example
 * tierOf(2)  // { level: 1, tier: 0, size: 0 }
 * tierOf(16) // { level: 4, tier: 1, size: 0 }
 */
export function tierOf(value: number): TierPlace {
  const level = Math.max(1, Math.round(Math.log2(value)));
  return {
    level,
    tier: Math.floor((level - 1) / SIZES_PER_TIER),
    size: ((level - 1) % SIZES_PER_TIER) as 0 | 1 | 2,
  };
}
