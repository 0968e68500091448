// The play store's shapes (the daily challenge's and races' rows, refusals and operations), apart
// from its implementation (play.ts), so the store's types can name it without importing it.

import type { Result } from '@twenty48/engine';
import type { EndedRankedGame, RankedStatus } from './rankedStatus.js';

/** Named statement values. */
export type Named = Record<string, unknown>;

/**
 * How the play store reaches its database: one `@name` statement at a time, and work done
 * alone (PostgreSQL: one transaction under an advisory lock, so that counts and inserts hold
 * across servers; SQLite: one at a time in the one process that holds the file).
 */
export interface PlayRunner {
  all<T>(sql: string, values?: Named): Promise<T[]>;
  alone<R>(work: (run: PlayRunner) => Promise<R>): Promise<R>;
}

/** What a game is part of: a day's challenge or a race; null for a plain ranked game. */
export type PlayOf =
  | { readonly kind: 'daily'; readonly day: string }
  | { readonly kind: 'race'; readonly raceId: string };

/** A race as kept: its host (the token's SHA-256), rules, clock and seed (secret). */
export interface RaceRow {
  readonly raceId: string;
  readonly hostHash: string;
  readonly rules: string;
  readonly size: number;
  readonly minutes: number;
  readonly seed: string;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly endsAt: string | null;
  /** Set when a player reached the goal (the race is then over). */
  readonly finishedAt: string | null;
}

/** A race's player as kept, with their game's figures now. */
export interface RacePlayerRow {
  readonly name: string;
  readonly gameId: string;
  readonly watchId: string;
  readonly joinedAt: string;
  readonly reachedAt: string | null;
  readonly score: number;
  readonly maxTile: number;
  readonly moves: number;
  readonly status: RankedStatus;
}

/** A row of a day's table, best first. */
export interface DailyScoreRow {
  readonly name: string;
  readonly score: number;
  readonly maxTile: number;
  readonly moves: number;
}

/** The refusals of the play store, each with a sentence. */
export type PlayRefusal =
  | 'ERR_TOO_MANY_DAILY_GAMES'
  | 'ERR_TOO_MANY_RACES'
  | 'ERR_DAILY_RANKED'
  | 'ERR_GAME_USED'
  | 'ERR_UNKNOWN_RACE'
  | 'ERR_RACE_STARTED'
  | 'ERR_RACE_FULL'
  | 'ERR_NAME_TAKEN';

/** A per-player count and its address share, as the limits give them. */
export interface PlayAdmission {
  readonly perPlayer: number;
  readonly perAddress: number;
}

/**
 * The daily challenge's and races' part of the server's database, on SQLite and PostgreSQL
 * alike (`playSql.ts`). Their games are ranked games, kept by `LeaderboardStore`; this keeps
 * what links them to a day or a race. A link is written before its game, so a game dealt from a
 * day's or a race's seed is never a plain ranked game (whose record is published once ranked).
 */
export interface PlayStore {
  /**
   * The secret named `name`, made of 32 random bytes the first time any server asks: servers
   * sharing the database read the same one.
   */
  secret(name: string, now?: Date): Promise<string>;
  /** Link a new game to `day` for `player`, within the day's limits; remove it with `unlinkDaily`. */
  linkDaily(
    link: { gameId: string; day: string; player: string; client: string },
    admission: PlayAdmission,
    now?: Date,
  ): Promise<Result<void, PlayRefusal>>;
  unlinkDaily(gameId: string): Promise<void>;
  /** What the game is part of. */
  playOf(gameId: string): Promise<PlayOf | null>;
  /** How many players started a game of `day`. */
  dailyPlayers(day: string): Promise<number>;
  /** The day's table, best first (equal scores: who was ranked first). */
  dailyTable(day: string, limit: number): Promise<DailyScoreRow[]>;
  /**
   * Rank a finished game of `day` under `name`: ERR_DAILY_RANKED when the name is ranked that
   * day already, or when the player who started it finished another game of the day before it
   * (only their first finished game ranks: no best of several); ERR_GAME_USED when this game is
   * ranked already.
   */
  rankDaily(
    entry: {
      day: string;
      gameId: string;
      name: string;
      score: number;
      maxTile: number;
      moves: number;
    },
    now?: Date,
  ): Promise<Result<{ rank: number }, PlayRefusal>>;

  /** Create a race, within the player's and address's races of the last `windowMs`. */
  createRace(
    race: Omit<RaceRow, 'createdAt' | 'startedAt' | 'endsAt' | 'finishedAt'> & {
      player: string;
      client: string;
    },
    admission: PlayAdmission & { windowMs: number },
    now?: Date,
  ): Promise<Result<void, PlayRefusal>>;
  loadRace(raceId: string): Promise<{ race: RaceRow; players: RacePlayerRow[] } | null>;
  /** Link a new game to a race that has not started, has room, and no player of that name. */
  joinRace(
    raceId: string,
    player: { gameId: string; watchId: string; name: string },
    maxPlayers: number,
    now?: Date,
  ): Promise<Result<void, PlayRefusal>>;
  unlinkRacePlayer(gameId: string): Promise<void>;
  /** Start a race once: false when it had started already. */
  startRace(raceId: string, startedAt: Date, endsAt: Date): Promise<boolean>;
  /**
   * Close the games in progress of the days before `today` and of the races over at `now` (a
   * race never started is over `waitingMs` after it was created); returns them.
   */
  closeOver(today: string, waitingMs: number, now?: Date): Promise<EndedRankedGame[]>;
  /** The game reached the goal at `at`: kept once, and its race finished then, if not before. */
  reachGoal(gameId: string, at: Date): Promise<void>;
}
