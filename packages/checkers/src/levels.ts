import { applyMove, legalMoves } from './moves.js';
import { searchValue } from './search.js';
import type { Move, Position } from './types.js';

/**
 * The computer's levels, one table for every place that offers them (the browser page, the
 * level benchmark): how deep or how long it searches, and at the beginner level how much it may
 * give up to vary its play.
 *
 * Level 1 was a plain 2-ply search, and a shallow search is not a weak player so much as an
 * absurd one: it hung a man every 25 to 40 moves (a shallower search hangs more, not fewer).
 * So the beginner searches 4 plies and then picks at random among the root moves scored within
 * `margin` of the best; a margin below a man's value (100) means it never gives a man away that
 * its own 4-ply search sees, yet it drifts into positions a club player wins.
 */

/** How the computer plays one move: a depth or a time budget; with `margin`, a varied choice. */
export interface LevelLimits {
  readonly depth?: number;
  readonly ms?: number;
  /** Choose at random among the root moves scored at most this far below the best (a man = 100). */
  readonly margin?: number;
}

export const LEVELS = [1, 2, 3, 4] as const;
export type Level = (typeof LEVELS)[number];

/** How the computer plays at each level: a varied 4-ply search, then time budgets. */
export const LEVEL_LIMITS: Readonly<Record<Level, LevelLimits>> = {
  1: { depth: 4, margin: 30 },
  2: { ms: 250 },
  3: { ms: 1000 },
  4: { ms: 3000 },
};

/** The options of a varied search. */
export interface VariedOptions {
  /** Plies each root move is searched (the move itself counts as one). */
  readonly depth: number;
  /** The most a chosen move may score below the best, a man = 100. */
  readonly margin: number;
  /** The random choice's seed: the same seed, position and history give the same move. */
  readonly seed: number;
  /** The game's earlier positions, oldest first (as `searchBest` takes them). */
  readonly history?: readonly Position[];
}

/** A root move and its score for the side to move. */
export interface ScoredMove {
  readonly move: Move;
  readonly score: number;
}

/**
 * Every legal move of `position` with its score from a `depth`-ply search, best first. A reply
 * that is forced (the only legal move, often a capture) is played out without costing a ply, so
 * a man hung to a forced capture is seen: `searchBest` answers a one-move position unsearched.
 *
 * @example
 * rootScores(initialPosition(), 4)[0] // { move: 11-15 (or another), score: … }
 */
export function rootScores(
  position: Position,
  depth: number,
  history: readonly Position[] = [],
): ScoredMove[] {
  const scored = legalMoves(position).map((move) => ({
    move,
    score: -searchValue(applyMove(position, move), depth - 1, [...history, position]),
  }));
  return scored.sort((a, b) => b.score - a.score);
}

/** A small seeded generator (mulberry32): numbers in [0, 1), the same for the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A move chosen at random (seeded) among those a `depth`-ply search scores within `margin` of
 * the best: the beginner level's play. `null` when the side to move has no legal move.
 *
 * @example
 * searchVaried(initialPosition(), { depth: 4, margin: 60, seed: 1 }) // { move: …, score: … }
 */
export function searchVaried(position: Position, options: VariedOptions): ScoredMove | null {
  const scored = rootScores(position, options.depth, options.history);
  const best = scored[0];
  if (best === undefined) return null;
  const near = scored.filter((entry) => entry.score >= best.score - options.margin);
  const pick = Math.floor(seededRandom(options.seed)() * near.length);
  return near[Math.min(pick, near.length - 1)] ?? best;
}
