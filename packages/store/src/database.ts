import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fail, ok, type Result } from '@twenty48/engine';
import Database from 'better-sqlite3';
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
];

const sqliteCode = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** Map an error SQLite raised on a file to a store error naming the file. */
export function storeFailure(file: string, error: unknown): Result<never, StoreError> {
  const code = sqliteCode(error);
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) {
    return fail(
      'ERR_DB_CORRUPT',
      `${file} is not a twenty48 database or is damaged (${messageOf(error)}); it was left as it is`,
    );
  }
  return fail('ERR_DB_OPEN', `cannot open ${file}: ${messageOf(error)}`);
}

/**
 * Read the schema version without writing anything, and refuse files that are not ours or
 * are newer than this code.
 */
function checkFile(db: Db, file: string): Result<number, StoreError> {
  const version = db.pragma('user_version', { simple: true }) as number;
  const applicationId = db.pragma('application_id', { simple: true }) as number;
  const tables = db
    .prepare("SELECT count(*) AS n FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")
    .get() as { n: number };
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
 * A damaged or foreign file is reported, never rewritten; nothing here throws.
 *
 * @example
 * const db = openDatabase('/tmp/t/twenty48.db'); // { ok: true, value: Database }
 */
export function openDatabase(file: string): Result<Db, StoreError> {
  try {
    makeDirectories(dirname(file));
  } catch (error) {
    return fail('ERR_DB_OPEN', `cannot create the directory of ${file}: ${messageOf(error)}`);
  }
  let db: Db;
  try {
    db = new Database(file, { timeout: 5000 });
  } catch (error) {
    return storeFailure(file, error);
  }
  try {
    const checked = checkFile(db, file);
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
    return storeFailure(file, error);
  }
}
