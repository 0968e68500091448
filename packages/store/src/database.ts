import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { errorMessage, mapResult } from '@twenty48/common';
import { fail, ok, type Result } from '@twenty48/engine';
import Database from 'better-sqlite3';
import { isInterrupted, openFailure } from './failure.js';
import { PLAY_SCHEMA } from './playSql.js';
import type { StoreError } from './types.js';

type Db = Database.Database;

/** Marks a file as ours in the SQLite header: the bytes of "2048". */
export const APPLICATION_ID = 0x32303438;

/**
 * The schema, one step per version: step `i` takes the file from version `i` to `i + 1`.
 * Steps are only ever appended; a released step is never edited.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE saves (
    name TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    score INTEGER NOT NULL,
    max_tile INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    saved_at TEXT NOT NULL
  );
  CREATE TABLE autosave (
    slot INTEGER PRIMARY KEY CHECK (slot = 1),
    record TEXT NOT NULL,
    saved_at TEXT NOT NULL
  );
  CREATE TABLE scores (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    rules TEXT NOT NULL,
    size INTEGER NOT NULL,
    score INTEGER NOT NULL,
    max_tile INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    seed TEXT NOT NULL,
    record TEXT NOT NULL,
    finished INTEGER NOT NULL CHECK (finished IN (0, 1)),
    created_at TEXT NOT NULL
  );
  CREATE INDEX scores_ranking ON scores (rules, size, score DESC, id);
  CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  CREATE TABLE issued_games (
    game_id TEXT PRIMARY KEY,
    seed TEXT NOT NULL,
    rules TEXT NOT NULL,
    size INTEGER NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  );
  CREATE INDEX issued_games_expiry ON issued_games (expires_at);
  `,
  // Ranked games the server deals, kept move by move; the seed stays here until the end.
  // Seeds are no longer issued to clients, so issued_games goes.
  `
  DROP TABLE issued_games;
  CREATE TABLE ranked_games (
    id INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL UNIQUE,
    watch_id TEXT NOT NULL UNIQUE,
    seed TEXT NOT NULL,
    rules TEXT NOT NULL,
    size INTEGER NOT NULL,
    sent INTEGER NOT NULL DEFAULT 0,
    moves INTEGER NOT NULL DEFAULT 0,
    score INTEGER NOT NULL,
    max_tile INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('playing', 'won', 'lost')),
    closed TEXT CHECK (closed IN ('abandoned', 'expired')),
    client TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    finished_at TEXT,
    score_id INTEGER REFERENCES scores (id)
  );
  -- Indexes on columns a move does not change, so that a move writes two rows and no index:
  -- the games in progress (a few thousand, sorted or filtered when listed or swept), and those
  -- of one client.
  CREATE INDEX ranked_games_in_progress ON ranked_games (id)
    WHERE status <> 'lost' AND closed IS NULL;
  CREATE INDEX ranked_games_client ON ranked_games (client)
    WHERE status <> 'lost' AND closed IS NULL;
  CREATE INDEX ranked_games_ended ON ranked_games (finished_at)
    WHERE status = 'lost' OR closed IS NOT NULL;
  CREATE TABLE ranked_moves (
    game INTEGER NOT NULL REFERENCES ranked_games (id) ON DELETE CASCADE,
    sent INTEGER NOT NULL,
    letter TEXT NOT NULL CHECK (letter IN ('U', 'D', 'L', 'R')),
    PRIMARY KEY (game, sent)
  ) WITHOUT ROWID;
  `,
  // The player behind a ranked game (their token, or their address), for the per-player
  // limit beside the per-address one; games from before it count for no player.
  `
  ALTER TABLE ranked_games ADD COLUMN player TEXT NOT NULL DEFAULT '';
  CREATE INDEX ranked_games_player ON ranked_games (player)
    WHERE status <> 'lost' AND closed IS NULL;
  `,
  // Record version 2: the generator a ranked game is dealt with (the games already kept are
  // version 1, and replay so), and the digest of its kept moves, which a move must match to be
  // kept (NULL for the games already kept: filled from their moves when first read).
  `
  ALTER TABLE ranked_games ADD COLUMN version INTEGER NOT NULL DEFAULT 1
    CHECK (version IN (1, 2));
  ALTER TABLE ranked_games ADD COLUMN digest TEXT;
  `,
  // The daily challenge and the races: their links to ranked games, a day's names, a race's
  // host, clock and players, and the secret the days' seeds are derived from (playSql.ts).
  PLAY_SCHEMA,
];

/** How long a statement waits for another connection's lock before failing. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Read the schema version without writing anything, and refuse files that are not ours or
 * are newer than this code.
 */
function checkFile(db: Db, file: string): Result<number, StoreError> {
  const version = db.pragma('user_version', { simple: true }) as number;
  const applicationId = db.pragma('application_id', { simple: true }) as number;
  const tables = db
    .prepare<unknown[], { n: number }>(
      "SELECT count(*) AS n FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'",
    )
    .get() ?? { n: 0 };
  const foreign =
    (applicationId !== 0 && applicationId !== APPLICATION_ID) ||
    (applicationId === 0 && (version !== 0 || tables.n > 0));
  if (foreign) {
    return fail(
      'ERR_DB_CORRUPT',
      `${file} is an SQLite database of another program; left as it is`,
    );
  }
  if (version > MIGRATIONS.length) {
    return fail(
      'ERR_DB_NEWER',
      `${file} has schema version ${version}; this twenty48 knows up to ${MIGRATIONS.length}: upgrade twenty48`,
    );
  }
  return ok(version);
}

/** SQLite's check of every page and index (not of foreign keys); null when it finds nothing. */
function damageIn(db: Db): string | null {
  const found = (db.pragma('quick_check') as { quick_check: string }[]).map(
    (row) => row.quick_check,
  );
  if (found.length === 1 && found[0] === 'ok') return null;
  return found.join('; ').replace(/\s+/g, ' ').slice(0, 300);
}

/** `checkFile`, then every page: the whole verdict on a file before anything writes to it. */
function checkContents(db: Db, file: string): Result<number, StoreError> {
  const checked = checkFile(db, file);
  if (!checked.ok) return checked;
  const damage = damageIn(db);
  if (damage === null) return checked;
  return fail('ERR_DB_CORRUPT', `${file} is damaged (${damage}); it was left as it is`);
}

/**
 * Close a connection as the last one would: SQLite removes the -wal and -shm files of a WAL
 * database when its last connection closes, but only a writable connection may do it, and only
 * after it has read. Nothing is written to the database: the WAL this follows is empty.
 */
function closeLikeLastReader(file: string): void {
  const db = new Database(file, { fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
  try {
    db.pragma('query_only = ON');
    db.pragma('user_version');
  } finally {
    db.close();
  }
}

/**
 * What a read-only look at an existing file found: sound, or a transaction a crash left half
 * written (a hot journal), which only a writable connection can roll back, so the check waits
 * until it has.
 */
type Inspection = 'sound' | 'interrupted';

/**
 * Look at an existing file before anything may write to it, through a read-only connection.
 * Such a connection to a WAL file creates -wal and -shm files it cannot remove, so when there
 * were none, they are removed the way SQLite removes them: the look leaves no trace.
 */
function inspectFile(file: string): Result<Inspection, StoreError> {
  const hadWal = existsSync(`${file}-wal`);
  let db: Db | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
    return mapResult(checkContents(db, file), (): Inspection => 'sound');
  } catch (error) {
    if (isInterrupted(error)) return ok('interrupted');
    return openFailure(file, error);
  } finally {
    db?.close();
    if (!hadWal && existsSync(`${file}-wal`)) {
      try {
        closeLikeLastReader(file);
      } catch {
        // Empty -wal and -shm files are harmless; the next connection uses them.
      }
    }
  }
}

/** Apply the steps the file has not seen, each in its own transaction. */
function migrate(db: Db, from: number): void {
  for (let version = from; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version] as string);
      db.pragma(`application_id = ${APPLICATION_ID}`);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

/**
 * Create `dir` and its missing parents, one level at a time. Node's own recursive mkdir loops
 * forever where the kernel answers ENOENT under a parent that exists (`/proc/x`); one level at a
 * time that is a plain error.
 */
function makeDirectories(dir: string): void {
  const missing: string[] = [];
  for (let at = dir; !existsSync(at); at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const level of missing) mkdirSync(level, { mode: 0o700 });
}

/**
 * Open (creating it and its directory when missing) and migrate a twenty48 database.
 * An existing file is checked read-only first (ours, not newer, `PRAGMA quick_check`): a
 * damaged or foreign file is reported, never written to; nothing here throws.
 *
 * @example
 * const db = openDatabase('/tmp/t/twenty48.db'); // { ok: true, value: Database }
 */
export function openDatabase(file: string): Result<Db, StoreError> {
  let inspection: Inspection | 'new' = 'new';
  if (existsSync(file)) {
    const inspected = inspectFile(file);
    if (!inspected.ok) return inspected;
    inspection = inspected.value;
  }
  try {
    makeDirectories(dirname(file));
  } catch (error) {
    return fail('ERR_DB_OPEN', `cannot create the directory of ${file}: ${errorMessage(error)}`);
  }
  let db: Db;
  try {
    db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  } catch (error) {
    return openFailure(file, error);
  }
  try {
    // Checked again on this connection, as another process may have migrated the file since;
    // its first read rolls back a hot journal, and then the pages can be checked.
    const checked = inspection === 'interrupted' ? checkContents(db, file) : checkFile(db, file);
    if (!checked.ok) {
      db.close();
      return checked;
    }
    // Only now, with the file known to be ours (or new), may anything be written to it.
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    migrate(db, checked.value);
    return ok(db);
  } catch (error) {
    db.close();
    return openFailure(file, error);
  }
}
