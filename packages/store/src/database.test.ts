import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newGame, recordOf, step } from '@twenty48/engine';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from './database.js';
import { databaseFile, dataDirectory } from './location.js';
import { openStore } from './store.js';
import { damageLeafPage, sideFiles } from './testing/damage.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'twenty48-db-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A real database with a few rows, closed, so its bytes can be damaged. */
function realDatabase(file: string): void {
  const opened = openStore({ file });
  if (!opened.ok) throw new Error(opened.error.message);
  const game = step(newGame('classic', 'db'), 'left').game;
  for (let i = 0; i < 200; i++) {
    opened.value.addScore({
      name: `player ${i}`,
      record: recordOf(game),
      score: i,
      maxTile: 4,
      finished: false,
    });
  }
  opened.value.close();
}

function expectRefusedUnchanged(file: string, code: string): void {
  const before = readFileSync(file);
  expect(sideFiles(file)).toEqual([]);
  const opened = openStore({ file });
  expect(opened.ok).toBe(false);
  if (opened.ok) return;
  expect(opened.error.code).toBe(code);
  expect(opened.error.message).toContain(file);
  expect(readFileSync(file).equals(before)).toBe(true);
  expect(sideFiles(file)).toEqual([]);
}

describe('where the database lives', () => {
  it('prefers the option, then TWENTY48_DATA_DIR, then XDG_DATA_HOME, then ~/.local/share', () => {
    expect(dataDirectory({ dataDir: '/a' }, { TWENTY48_DATA_DIR: '/b' })).toBe('/a');
    expect(dataDirectory({}, { TWENTY48_DATA_DIR: '/b', XDG_DATA_HOME: '/c' })).toBe('/b');
    expect(dataDirectory({}, { XDG_DATA_HOME: '/c' })).toBe('/c/twenty48');
    expect(dataDirectory({}, {})).toMatch(/\/\.local\/share\/twenty48$/);
    expect(databaseFile({ dataDir: '/a', file: '/f.db' })).toBe('/f.db');
    expect(databaseFile({ dataDir: '/a' })).toBe('/a/twenty48.db');
  });

  it('creates the data directory with mode 0700 and the file in it', () => {
    const dataDir = join(dir, 'deep', 'data');
    const opened = openStore({ dataDir });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.value.file).toBe(join(dataDir, 'twenty48.db'));
    opened.value.close();
    const db = new Database(join(dataDir, 'twenty48.db'), { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    db.close();
    expect(readFileSync(join(dataDir, 'twenty48.db')).subarray(0, 15).toString()).toBe(
      'SQLite format 3',
    );
  });

  it('reports a directory that cannot be created as ERR_DB_OPEN', () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, 'not a directory');
    const opened = openStore({ dataDir: join(blocker, 'sub') });
    expect(opened.ok ? 'opened' : opened.error.code).toBe('ERR_DB_OPEN');
  });

  // Node's recursive mkdir never returns here (ENOENT under an existing parent).
  it.runIf(existsSync('/proc/self'))(
    'reports /proc/nope/deeper as ERR_DB_OPEN instead of hanging',
    () => {
      const opened = openStore({ dataDir: '/proc/nope/deeper' });
      expect(opened.ok ? 'opened' : opened.error.code).toBe('ERR_DB_OPEN');
    },
  );

  it('creates several missing levels of directories', () => {
    const opened = openStore({ dataDir: join(dir, 'one', 'two', 'three') });
    expect(opened.ok).toBe(true);
    if (opened.ok) opened.value.close();
    expect(existsSync(join(dir, 'one', 'two', 'three', 'twenty48.db'))).toBe(true);
  });
});

describe('files that are not ours', () => {
  it('refuses random bytes, unchanged', () => {
    const file = join(dir, 'random.db');
    writeFileSync(file, randomBytes(8192));
    expectRefusedUnchanged(file, 'ERR_DB_CORRUPT');
  });

  it('refuses a text file, unchanged', () => {
    const file = join(dir, 'notes.db');
    writeFileSync(file, 'my shopping list\n'.repeat(100));
    expectRefusedUnchanged(file, 'ERR_DB_CORRUPT');
  });

  it('refuses a truncated real database, unchanged', () => {
    const file = join(dir, 'real.db');
    realDatabase(file);
    const whole = readFileSync(file);
    expect(whole.length).toBeGreaterThan(8192);
    writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 2)));
    expectRefusedUnchanged(file, 'ERR_DB_CORRUPT');
  });

  it("refuses another program's SQLite database, unchanged", () => {
    const file = join(dir, 'other.db');
    const db = new Database(file);
    db.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)');
    db.close();
    expectRefusedUnchanged(file, 'ERR_DB_CORRUPT');
  });

  it('refuses a database written by a newer twenty48 with ERR_DB_NEWER, unchanged', () => {
    const file = join(dir, 'newer.db');
    realDatabase(file);
    const db = new Database(file);
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    db.pragma('journal_mode = DELETE');
    db.close();
    expectRefusedUnchanged(file, 'ERR_DB_NEWER');
  });

  it('opens an empty file as a new database', () => {
    const file = join(dir, 'empty.db');
    writeFileSync(file, '');
    const opened = openStore({ file });
    expect(opened.ok).toBe(true);
    if (opened.ok) opened.value.close();
  });
});

describe('damaged pages behind a valid header', () => {
  it.each([
    ['in WAL mode', 'wal'],
    ['in rollback mode', 'delete'],
  ])('refuses a real database %s with a damaged index page, unchanged', (_, journalMode) => {
    const file = join(dir, 'damaged.db');
    realDatabase(file);
    const db = new Database(file);
    db.pragma(`journal_mode = ${journalMode}`);
    db.close();
    damageLeafPage(file, 'scores_ranking');
    expectRefusedUnchanged(file, 'ERR_DB_CORRUPT');
    const opened = openStore({ file });
    expect(opened.ok ? '' : opened.error.message).toMatch(/damaged.*left as it is/);
  });

  it('refuses a real database with a damaged table page, unchanged', () => {
    const file = join(dir, 'damaged.db');
    realDatabase(file);
    damageLeafPage(file, 'scores');
    expectRefusedUnchanged(file, 'ERR_DB_CORRUPT');
  });

  it('opens a sound database without changing it, and leaves nothing beside it', () => {
    const file = join(dir, 'sound.db');
    realDatabase(file);
    const before = readFileSync(file);
    const opened = openStore({ file });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.topScores({ rules: 'classic', size: 4, limit: 100 })).toHaveLength(100);
    opened.value.close();
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(sideFiles(file)).toEqual([]);
  });

  it('opens a database another connection is writing to (a running server)', () => {
    const file = join(dir, 'shared.db');
    realDatabase(file);
    const first = openStore({ file });
    if (!first.ok) throw new Error(first.error.message);
    const game = step(newGame('classic', 'shared'), 'left').game;
    const entry = { name: 'late', record: recordOf(game), maxTile: 4, finished: false };
    first.value.addScore({ ...entry, score: 1000 });
    const second = openStore({ file });
    if (!second.ok) throw new Error(second.error.message);
    expect(second.value.topScores({ rules: 'classic', size: 4, limit: 1 })[0]?.name).toBe('late');
    second.value.close();
    first.value.addScore({ ...entry, name: 'later', score: 2000 });
    expect(
      first.value.topScores({ rules: 'classic', size: 4, limit: 2 }).map((row) => row.name),
    ).toEqual(['later', 'late']);
    first.value.close();
    expect(sideFiles(file)).toEqual([]);
  });

  it('rolls back a transaction a crash left half written (a hot journal), as SQLite does', () => {
    const file = join(dir, 'kept.db');
    realDatabase(file);
    const writer = new Database(file);
    writer.pragma('journal_mode = DELETE');
    writer.pragma('cache_size = 1'); // spill the transaction into the file before it commits
    writer.exec('BEGIN');
    const insert = writer.prepare('INSERT INTO settings (key, value) VALUES (?, ?)');
    for (let i = 0; i < 2000; i++) insert.run(`key ${i}`, 'x'.repeat(200));
    // A copy taken now is what a crash leaves: the half-written file and its journal.
    const crashed = join(dir, 'crashed.db');
    copyFileSync(file, crashed);
    copyFileSync(`${file}-journal`, `${crashed}-journal`);
    writer.exec('ROLLBACK');
    writer.close();
    const opened = openStore({ file: crashed });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.getSetting('key 0')).toBeNull();
    expect(opened.value.topScores({ rules: 'classic', size: 4, limit: 100 })).toHaveLength(100);
    opened.value.close();
  });
});
