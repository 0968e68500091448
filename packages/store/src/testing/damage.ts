/** Test helpers that damage real database files the way a failing disk or a stray write does. */
import { closeSync, openSync, readdirSync, writeSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import Database from 'better-sqlite3';

/**
 * Overwrite one leaf page of `tree` (a table or an index) with garbage, past the header, so the
 * file still opens and only reading that page fails.
 *
 * @example
 * damageLeafPage('/tmp/t/twenty48.db', 'scores_ranking');
 */
export function damageLeafPage(file: string, tree: string): void {
  // Not read-only: a read-only connection to a WAL file leaves its -wal and -shm behind.
  const db = new Database(file);
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const leaf = db
    .prepare("SELECT max(pageno) AS page FROM dbstat WHERE name = ? AND pagetype = 'leaf'")
    .get(tree) as { page: number | null };
  db.close();
  if (!leaf.page || leaf.page < 2) throw new Error(`no leaf page of ${tree}`);
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (leaf.page - 1) * pageSize);
  closeSync(fd);
}

/**
 * The files SQLite keeps next to a database: its journal, WAL and shared memory.
 *
 * @example
 * sideFiles('/tmp/t/twenty48.db') // [] once every connection is closed
 */
export const sideFiles = (file: string): string[] =>
  readdirSync(dirname(file)).filter((name) => name.startsWith(`${basename(file)}-`));
