/**
 * What the 2048 palette's tests hold it to, for the palette's unit test (common) and the
 * browser's test of the rendered tiles (web/e2e/colours.spec.ts).
 */

/**
 * How far apart (CIEDE2000) neighbouring tiles must look, as `[tile, next tile, floor]`: the
 * original game's distances between neighbours, and 3 between the golds.
 */
export const TILE_DISTANCE_FLOORS = [
  [2, 4, 5.5],
  [4, 8, 15],
  [8, 16, 9],
  [16, 32, 9],
  [32, 64, 6.5],
  [128, 256, 3],
  [256, 512, 3],
  [512, 1024, 3],
  [1024, 2048, 3],
] as const;
