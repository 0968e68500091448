import type { RankedErrorCode } from '@twenty48/common';
import type { GameRecord, GeneratorVersion, MoveLetter, Result } from '@twenty48/engine';
import type { PlayStore } from './playTypes.js';
import type { EndedRankedGame, RankedStatus } from './rankedStatus.js';

export type { EndedRankedGame, RankedStatus } from './rankedStatus.js';

/** What a ranked game's score row needs: the server's own record of it and its figures. */
export interface RankedScore {
  readonly name: string;
  readonly record: GameRecord;
  readonly score: number;
  readonly maxTile: number;
}

/**
 * Error codes of the store. A refusal is a Result carrying one; SQLite failing under an open
 * store (a damaged page, a full disk) is a thrown `StoreFailure` carrying one.
 */
export type StoreError =
  | 'ERR_DB_OPEN' // the directory or file cannot be opened or created, or the server reached
  | 'ERR_DB_URL' // a database URL of a kind twenty48 does not speak (mysql://…), or malformed
  | 'ERR_DB_CORRUPT' // the file is not a twenty48 database, or SQLite reports corruption
  | 'ERR_DB_NEWER' // the file was written by a newer twenty48 (schema version too high)
  | 'ERR_DB_FAILED' // SQLite failed during an operation (full disk, I/O error, locked too long)
  | 'ERR_DB_LOCKED' // another server serves this SQLite file (its lock file names it)
  | 'ERR_BACKUP' // a backup cannot be written (its file exists, its directory does not)
  | 'ERR_NOT_FOUND'
  | 'ERR_SAVE_CORRUPT' // a saved game's record no longer parses or replays
  | 'ERR_NAME' // a save or player name that is empty, too long or has control characters
  | 'ERR_UNKNOWN_GAME' // no ranked game with this id
  | 'ERR_GAME_EXPIRED' // a ranked game the server closed (idle, or abandoned for a newer one)
  | 'ERR_GAME_OVER' // a move on a lost ranked game
  | 'ERR_MOVE_ORDER' // a move computed on a state that is no longer the kept one
  | 'ERR_NOT_FINISHED' // ranking a game still in play
  | 'ERR_GAME_USED'; // ranking a game ranked already

/**
 * Why a ranked move did not land: only codes of the server's API (common's), so the server
 * answers them as they are.
 */
export type RankedMoveRefusal = Extract<
  RankedErrorCode,
  'ERR_UNKNOWN_GAME' | 'ERR_GAME_EXPIRED' | 'ERR_GAME_OVER' | 'ERR_MOVE_ORDER'
>;

/** Why a ranked game was not ranked: only codes of the server's API (common's). */
export type RankingRefusal = Extract<
  RankedErrorCode,
  'ERR_UNKNOWN_GAME' | 'ERR_GAME_USED' | 'ERR_NOT_FINISHED' | 'ERR_NAME'
>;

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

/** A ranked game as the server starts it: the ids, the seed (secret until the end), the rules. */
export interface NewRankedGame {
  /** Private: whoever holds it may play. */
  readonly gameId: string;
  /** Public: it may only watch. */
  readonly watchId: string;
  readonly seed: string;
  /** The generator that deals it: the record version (2 for every new game, 1 for old ones). */
  readonly version: GeneratorVersion;
  /** A preset's name. */
  readonly rules: string;
  readonly size: number;
  readonly score: number;
  readonly maxTile: number;
  readonly status: RankedStatus;
  /** The address it was created from, for the per-address limit. */
  readonly client: string;
  /**
   * The player who created it, for the per-player limit: their token (`t:…`), or their
   * address (`a:…`) when they sent none.
   */
  readonly player: string;
}

/** A ranked game as kept: its start, every move sent, and the figures after the last one. */
export interface RankedGameRow extends NewRankedGame {
  /** Every move sent, one letter each in index order, also those that changed nothing. */
  readonly sent: string;
  /** How many moves count in the record. */
  readonly moves: number;
  /** Set when the server closed the game before its end. */
  readonly closed: 'abandoned' | 'expired' | null;
  readonly createdAt: string; // ISO 8601
  readonly updatedAt: string; // the last move, ISO 8601
  readonly finishedAt: string | null;
  /** The score row once the game is ranked. */
  readonly scoreId: number | null;
  /** `movesDigest` of `sent`: what a move computed on these moves says it was computed on. */
  readonly digest: string;
}

/** One move applied by the server: its letter and the figures after it. */
export interface RankedMove {
  readonly gameId: string;
  /** The sent count before this move. */
  readonly index: number;
  /**
   * `movesDigest` of the moves sent before this one, as the server that computed it had them:
   * it lands only if the game's kept moves are exactly those (their digest is this).
   */
  readonly digest: string;
  readonly letter: MoveLetter;
  readonly moves: number;
  readonly score: number;
  readonly maxTile: number;
  readonly status: RankedStatus;
}

/**
 * The limits `createRankedGame` applies, in the same transaction as the insert. A game in
 * progress is never closed to make room: at a limit, the new game is refused.
 */
export interface RankedAdmission {
  /** Games one player (token) may have in progress. */
  readonly perPlayer: number;
  /** Games one address may have in progress, whatever the players behind it. */
  readonly perAddress: number;
  /** Games in progress on the whole server. */
  readonly maxInProgress: number;
  /** What to tell a client when the server is full. */
  readonly fullRetryMs: number;
}

/** A game in progress of the player who asked for one more, to resume instead. */
export interface OpenRankedGame {
  readonly gameId: string;
  readonly watchId: string;
  readonly rules: string;
  readonly size: number;
  readonly moves: number;
  readonly score: number;
}

/**
 * Why a ranked game was not created, and when to try again; at a games limit, the asking
 * player's games in progress (latest first), which they may resume.
 */
export interface AdmissionRefusal {
  readonly code: 'ERR_TOO_MANY_GAMES' | 'ERR_SERVER_FULL';
  readonly message: string;
  readonly retryAfterMs: number;
  readonly open?: readonly OpenRankedGame[];
}

/** A game in progress as the live list shows it: no private id, no seed. */
export interface LiveRankedGame {
  readonly watchId: string;
  readonly rules: string;
  readonly size: number;
  readonly score: number;
  readonly maxTile: number;
  readonly moves: number;
  readonly status: 'playing' | 'won';
  readonly updatedAt: string;
}

/**
 * The persistence of twenty48 (SQLite through better-sqlite3, WAL mode, versioned migrations).
 * Used by the terminal game (saves, high scores, the last player name, the autosave for
 * `--resume`) and by the server (scores, ranked games kept move by move).
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

  /** The daily challenge's and races' links, tables and clocks (`play.ts`). */
  readonly play: PlayStore;

  /**
   * Start a ranked game, within the admission's limits (in one transaction): at the client's
   * limit its oldest game idle long enough is abandoned (returned, so watchers can be told),
   * else ERR_TOO_MANY_GAMES; at the server's limit ERR_SERVER_FULL. Each says when to retry.
   */
  createRankedGame(
    game: NewRankedGame,
    admission: RankedAdmission,
    now?: Date,
  ): { ok: true; value: { abandoned: EndedRankedGame[] } } | { ok: false; error: AdmissionRefusal };
  /** A ranked game by its private id, with every move sent; null when unknown. */
  loadRankedGame(gameId: string): RankedGameRow | null;
  /** A ranked game by its watch id or its private id; null when unknown. */
  findWatchedGame(id: string): RankedGameRow | null;
  /**
   * Keep one applied move and the figures after it, in one transaction, only if the game is
   * in progress and has exactly `move.index` moves sent: a move cannot land twice
   * (ERR_MOVE_ORDER), nor on a game lost (ERR_GAME_OVER) or closed (ERR_GAME_EXPIRED).
   */
  appendRankedMove(move: RankedMove, now?: Date): Result<void, RankedMoveRefusal>;
  /**
   * Keep several moves (of one game or many, in order) in one transaction, each as
   * `appendRankedMove` would: one answer per move. A transaction per move costs several times
   * more, so the server keeps the moves it applied in one turn of its event loop together.
   */
  appendRankedMoves(moves: readonly RankedMove[], now?: Date): Result<void, RankedMoveRefusal>[];
  /** Games in progress, best score first (then the most recently played). */
  listLiveRankedGames(limit: number): LiveRankedGame[];
  /** Games in progress: of one client, or on the whole server. */
  countRankedGamesInProgress(client?: string): number;
  /** Close every game in progress with no move for `idleMs`; returns the games closed. */
  expireIdleRankedGames(idleMs: number, now?: Date): EndedRankedGame[];
  /** Delete lost and closed games last played before `before` (their scores stay). */
  forgetEndedRankedGames(before: Date): number;
  /**
   * Rank a lost game once, with the server's own record of it: ERR_NOT_FINISHED while it is in
   * play, ERR_GAME_USED the second time, ERR_NAME for a name the name rule refuses.
   */
  rankRankedGame(
    gameId: string,
    entry: RankedScore,
  ): Result<{ id: number; rank: number }, RankingRefusal>;

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

/**
 * What the server keeps in a database: the score tables and the ranked games, move by move.
 * One contract, two implementations: SQLite (`openStore`'s file, one server process) and
 * PostgreSQL (any number of servers on one database). Every operation is asynchronous, as a
 * database over the network is; a failure of the database rejects with a `StoreFailure`.
 * The contract's tests run against both (`testing/leaderboardContract.ts`).
 */
export interface LeaderboardStore {
  /** Which database: 'sqlite' or 'postgres'. */
  readonly kind: 'sqlite' | 'postgres';
  /** Where it is, for people: the file, or the URL without its password. */
  readonly location: string;

  topScores(query: ScoreQuery): Promise<ScoreRow[]>;
  getScore(id: number): Promise<(ScoreRow & { readonly record: GameRecord }) | null>;

  /** As `Store.createRankedGame`; on PostgreSQL the limits hold across every server. */
  createRankedGame(
    game: NewRankedGame,
    admission: RankedAdmission,
    now?: Date,
  ): Promise<
    { ok: true; value: { abandoned: EndedRankedGame[] } } | { ok: false; error: AdmissionRefusal }
  >;
  loadRankedGame(gameId: string): Promise<RankedGameRow | null>;
  findWatchedGame(id: string): Promise<RankedGameRow | null>;
  /**
   * As `Store.appendRankedMoves`: each move lands only on the sent count it was computed from,
   * so a move lands once, in order, whichever server (or how many) sends it.
   */
  appendRankedMoves(
    moves: readonly RankedMove[],
    now?: Date,
  ): Promise<Result<void, RankedMoveRefusal>[]>;
  listLiveRankedGames(limit: number): Promise<LiveRankedGame[]>;
  countRankedGamesInProgress(client?: string): Promise<number>;
  expireIdleRankedGames(idleMs: number, now?: Date): Promise<EndedRankedGame[]>;
  forgetEndedRankedGames(before: Date): Promise<number>;
  rankRankedGame(
    gameId: string,
    entry: RankedScore,
  ): Promise<Result<{ id: number; rank: number }, RankingRefusal>>;

  /**
   * Be told of the games another server changed (a move kept, a game closed), by private id;
   * returns the way to stop. On SQLite, one process holds the file: never called.
   */
  onOtherServers(listener: (gameIds: readonly string[]) => void): () => void;

  /** The daily challenge's and races' part, in the same database (`play.ts`). */
  readonly play: PlayStore;

  /** As `Store.health`. */
  health(): Promise<Result<void, StoreError>>;
  close(): Promise<void>;
}
