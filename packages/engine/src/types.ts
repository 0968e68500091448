/** The four moves, in the order the labwork breaks ties: up, down, left, right. */
export const DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/**
 * How equal tiles combine when a line collapses toward its edge.
 * - `once`: each tile merges at most once per move, the pair nearest the edge first (2048).
 * - `chain`: a merged tile may merge again with the next tile in line (seed 000, tiers).
 * - `cascade`: tiles move one at a time, nearest the edge first, and a moving tile absorbs an
 *   equal tile it meets and keeps moving (seed 004, FiveTwelve).
 */
export const MERGE_POLICIES = ['once', 'chain', 'cascade'] as const;
export type MergePolicy = (typeof MERGE_POLICIES)[number];

/**
 * How the score is kept.
 * - `merges`: every merge adds the value of the tile it makes (2048).
 * - `tileSum`: the score is the sum of the tiles on the board (FiveTwelve).
 * - `levelCubes`: the score is the sum over tiles of log2(value) cubed (tiers).
 */
export const SCORINGS = ['merges', 'tileSum', 'levelCubes'] as const;
export type Scoring = (typeof SCORINGS)[number];

/** What a move that changes nothing does: `ignore` it (2048) or still `spawn` a tile (FiveTwelve). */
export const INEFFECTIVE_MOVES = ['ignore', 'spawn'] as const;
export type IneffectiveMoves = (typeof INEFFECTIVE_MOVES)[number];

export const STATUSES = ['playing', 'won', 'lost'] as const;
export type Status = (typeof STATUSES)[number];

/** A square grid of tile values, rows top to bottom, 0 for an empty cell. */
export type Board = readonly (readonly number[])[];

/** A cell as `[row, column]`, both counted from 0 at the top left. */
export type Cell = readonly [row: number, col: number];

/** One possible spawned tile and its relative weight. */
export interface SpawnOption {
  readonly value: number;
  readonly weight: number;
}

/** The rules of a game, as plain data. Get a checked value from `parseRules` or a preset. */
export interface Rules {
  /** `classic`, `fiveTwelve`, `tiers`, or any name for custom rules. */
  readonly name: string;
  /** Board width and height, 2..8. */
  readonly size: number;
  /** The tile that wins the game, or `null` for a game that cannot be won. */
  readonly goal: number | null;
  readonly merge: MergePolicy;
  readonly ineffectiveMoves: IneffectiveMoves;
  readonly spawn: readonly SpawnOption[];
  readonly startTiles: number;
  readonly scoring: Scoring;
}

export { type Failure, fail, ok, type Result } from '@twenty48/common';
