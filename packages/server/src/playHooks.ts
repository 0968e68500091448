import type { DailyRankAnswer, MoveAnswer, RankedStatus } from '@twenty48/common';
import type { Outcome, Refusal } from './outcome.js';

/**
 * What the daily challenge and the races add to the ranked games' edge (`rankedTable.ts`),
 * which stays their one game loop: a move may be refused by its day's or race's clock, a kept
 * move may end a race, and a game of a day or a race is ranked on their tables, never on the
 * plain leaderboard (whose records are public at once, and would give the seed away).
 */
export interface PlayHooks {
  /** Null to play the move on, or why not (the race not started or over, the day over). */
  beforeMove(gameId: string): Promise<Refusal | null>;
  /** Told of every move answered (again, too: idempotent). */
  afterMove(gameId: string, answer: MoveAnswer): Promise<void>;
  /** The ranking of a day's or a race's game; null for a plain ranked game. */
  rank(gameId: string, entry: PlayRankEntry): Promise<Outcome<DailyRankAnswer> | null>;
  /** The server closes: timers stop, the races' streams end. */
  close(): void;
}

/** A game to rank as it stands, under a name. */
export interface PlayRankEntry {
  readonly name: string;
  readonly score: number;
  readonly maxTile: number;
  readonly moves: number;
  readonly status: RankedStatus;
}

/** How a game of a day or a race is dealt: its seed, and its link written before it. */
export interface Deal {
  readonly seed: string;
  /** Link the new game's ids first (refused: no game is made). */
  link(ids: { gameId: string; watchId: string }): Promise<Outcome<void>>;
  /** The game was refused after the link was written: the link goes. */
  unlink(ids: { gameId: string; watchId: string }): Promise<void>;
}
