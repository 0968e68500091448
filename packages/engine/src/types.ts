/** The four moves, in the order the labwork breaks ties: up, down, left, right. */
export const DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/**
 * How equal tiles combine when a line collapses toward its edge.
 * - `once`: each tile merges at most once per move, the pair nearest the edge first (2048).
 * - `chain`: a merged tile may merge again with the next tile in line (the tiers rules).
 * - `cascade`: tiles move one at a time, nearest the edge first, and a moving tile absorbs an
 *   equal tile it meets and keeps moving (the FiveTwelve rules).
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

/**
 * The rules of a game as plain data, possibly unchecked (read from JSON, written by hand):
 * what `parseRules` reads and `sameRules` compares. The engine plays only checked `Rules`.
 */
export interface RulesData {
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

// The mark of rules that were checked. A class's #private field is nominal and a spread or a
// literal cannot copy it, so `{ ...classic, size: 9 }` is RulesData, not Rules; only
// `checkedRules` (rules.ts) puts it on, and it exists only in the types.
// biome-ignore lint/correctness/noUnusedPrivateClassMembers: the field is the mark itself
declare class OnlyFromParseRules {
  #brand: true;
}

/**
 * Rules that `parseRules`, `makeRules` or a preset produced: the only rules `newGame`, `slide`
 * and the rest of the engine accept, so no caller can skip the check.
 *
 * @example
 * newGame(classic, 'seed')                         // a preset is checked
 * const rules = makeRules('classic', { size: 5 }); // a Result<Rules>
 * newGame({ ...classic, size: 9 }, 'seed')         // a type error: RulesData, not Rules
 */
export type Rules = RulesData & OnlyFromParseRules;

export { type Failure, fail, ok, type Result } from '@twenty48/common';
