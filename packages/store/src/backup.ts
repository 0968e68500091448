import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { errorMessage } from '@twenty48/common';
import { fail, ok, type Result } from '@twenty48/engine';
import Database from 'better-sqlite3';
import { APPLICATION_ID } from './database.js';
import { openFailure } from './failure.js';
import type { StoreError } from './types.js';

/** What a backup copied. */
export interface BackupDone {
  readonly file: string;
  readonly pages: number;
}

/**
 * Copy the SQLite database `file` to `out` while servers keep writing to it: SQLite's online
 * backup (better-sqlite3's `backup`), all pages in one step under one read transaction, so the
 * copy is the database as of one moment (moves answered after it are not in it; none is half
 * in). The copy is checked (`quick_check`, twenty48's application id) before it is reported.
 * Refuses to replace an existing `out` (ERR_BACKUP). A plain `cp` of a live file can miss what
 * is still in its write-ahead log, or copy a page mid-write.
 *
 * @example
 * await backupSqlite('/srv/twenty48.db', '/backups/twenty48-2026-11-26.db') // { ok: true, value: { pages: 812 } }
 */
export async function backupSqlite(
  file: string,
  out: string,
): Promise<Result<BackupDone, StoreError>> {
  if (existsSync(out)) return fail('ERR_BACKUP', `${out} exists; give a new file for the backup`);
  if (!existsSync(dirname(out) || '.')) {
    return fail('ERR_BACKUP', `the directory of ${out} does not exist`);
  }
  let source: Database.Database;
  try {
    source = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return openFailure(file, error);
  }
  try {
    if (source.pragma('application_id', { simple: true }) !== APPLICATION_ID) {
      return fail('ERR_DB_CORRUPT', `${file} is not a twenty48 database`);
    }
    // The first step opens the backup; the second copies every page at once (a step of many
    // small ones restarts whenever the server writes, and might never end under load).
    const done = await source.backup(out, { progress: () => 0x7fffffff });
    const copy = new Database(out, { readonly: true });
    try {
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok')
        return fail('ERR_BACKUP', `the copy ${out} failed its check: ${String(check)}`);
    } finally {
      copy.close();
    }
    return ok({ file: out, pages: done.totalPages });
  } catch (error) {
    const reason = errorMessage(error);
    return fail('ERR_BACKUP', `cannot back ${file} up to ${out}: ${reason}`);
  } finally {
    source.close();
  }
}
