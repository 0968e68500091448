import type { GameRecord, Result } from '@twenty48/engine';

/**
 * Error codes of the store. A refusal is a Result carrying one; SQLite failing under an open
 * store (a damaged page, a full disk) is a thrown `StoreFailure` carrying one.
 */
export type StoreError =
  | 'ERR_DB_OPEN' // the directory or file cannot be opened or created
  | 'ERR_DB_CORRUPT' // the file is not a twenty48 database, or SQLite reports corruption
  | 'ERR_DB_NEWER' // the file was written by a newer twenty48 (schema version too high)
  | 'ERR_DB_FAILED' // SQLite failed during an operation (full disk, I/O error, locked too long)
  | 'ERR_NOT_FOUND'
  | 'ERR_SAVE_CORRUPT' // a saved game's record no longer parses or replays
  | 'ERR_NAME' // a save or player name that is empty, too long or has control characters
  | 'ERR_UNKNOWN_GAME' // an issued-seed game id that was never issued
  | 'ERR_GAME_EXPIRED'
  | 'ERR_GAME_USED';

/** A named saved game: the whole record, so it resumes exactly. */
export interface SavedGame {
  readonly name: string;
  readonly record: GameRecord;
  readonly score: number;
  readonly maxTile: number;
  readonly moves: number;
  readonly savedAt: string; // ISO 8601
}

/** One row of a high-score table; `rank` counts from 1 within its rules and size. */
export interface ScoreRow {
  readonly id: number;
  readonly rank: number;
  readonly name: string;
  readonly rules: string; // the rules' name: classic, fiveTwelve, tiers, custom…
  readonly size: number;
  readonly score: number;
  readonly maxTile: number;
  readonly moves: number;
  readonly seed: string;
  /** False for a game submitted unfinished (ranked as such). */
  readonly finished: boolean;
  readonly createdAt: string; // ISO 8601
}

export interface NewScore {
  readonly name: string;
  readonly record: GameRecord;
  readonly score: number;
  readonly maxTile: number;
  readonly finished: boolean;
}

export interface ScoreQuery {
  readonly rules: string;
  readonly size: number;
  /** Default 10, at most 100. */
  readonly limit?: number;
}

/** A seed the server issued for one game: single use, expiring. */
export interface IssuedGame {
  readonly gameId: string;
  readonly seed: string;
  readonly rules: string;
  readonly size: number;
  readonly expiresAt: string; // ISO 8601
}

/**
 * The persistence of twenty48 (SQLite through better-sqlite3, WAL mode, versioned migrations).
 * Used by the terminal game (saves, high scores, the last player name, the autosave for
 * `--resume`) and by the server (scores, issued seeds).
 *
 * When SQLite fails under an operation, the operation throws a `StoreFailure` naming the file.
 * The first sign of damage (ERR_DB_CORRUPT) stops the store: every later operation throws the
 * same failure without touching the file, and `health()` reports it.
 */
export interface Store {
  /** The database file in use. */
  readonly file: string;

  /** Save (or overwrite) a named game. */
  saveGame(name: string, record: GameRecord): Result<SavedGame, StoreError>;
  /** Load a named game; ERR_SAVE_CORRUPT when its record no longer parses or replays. */
  loadGame(name: string): Result<SavedGame, StoreError>;
  /** Every named save, most recent first. */
  listSaves(): SavedGame[];
  deleteSave(name: string): Result<void, StoreError>;

  /** Keep the game in progress (one slot), so `2048 play --resume` can continue it. */
  autosave(record: GameRecord): void;
  /** The game in progress, or null (none, or it was finished and cleared). */
  lastUnfinished(): SavedGame | null;
  clearAutosave(): void;

  /** Would this score enter the top `limit` (default 10) for its rules and size? */
  isHighScore(rules: string, size: number, score: number, limit?: number): boolean;
  /** Add a score; returns its id and rank. */
  addScore(entry: NewScore): Result<{ id: number; rank: number }, StoreError>;
  /** The table, best first (ties: earlier first). */
  topScores(query: ScoreQuery): ScoreRow[];
  /** One score with its full record, for replays. */
  getScore(id: number): (ScoreRow & { readonly record: GameRecord }) | null;

  /** A small key-value table: e.g. `lastName`, the last player name entered. */
  getSetting(key: string): string | null;
  setSetting(key: string, value: string): void;

  /** Issue a single-use seed for one game (server). */
  issueGame(rules: string, size: number, ttlMs: number, now?: Date): IssuedGame;
  /**
   * Record games issued elsewhere, with the ids and seeds given, in one transaction: for the
   * server's submission benchmark, which needs games whose seeds it has already played. The
   * server's API never calls it; every seed it hands out comes from `issueGame`.
   */
  addIssuedGames(games: readonly IssuedGame[]): void;
  /** Check an issued game without claiming it: the same failures as `claimGame`. */
  peekGame(gameId: string, now?: Date): Result<IssuedGame, StoreError>;
  /** Claim an issued game once; later claims fail with ERR_GAME_USED. */
  claimGame(gameId: string, now?: Date): Result<IssuedGame, StoreError>;

  /**
   * Whether the store can still be used: the damage an operation met, or a failure to read the
   * file's header now. Never throws.
   */
  health(): Result<void, StoreError>;

  close(): void;
}

export interface OpenOptions {
  /** A directory for `twenty48.db` (default `$XDG_DATA_HOME/twenty48` or `~/.local/share/twenty48`). */
  readonly dataDir?: string;
  /** An exact database file (the server's `--db PATH`); wins over dataDir. */
  readonly file?: string;
}
