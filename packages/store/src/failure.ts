import { errorMessage } from '@twenty48/common';
import { fail, type Result } from '@twenty48/engine';
import type { StoreError } from './types.js';

const sqliteCode = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';

const messageOf = (error: unknown): string => errorMessage(error);

/** SQLite's word that the file itself is damaged, or not a database at all. */
const isDamage = (code: string): boolean =>
  code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT');

/**
 * Whether SQLite refused to read because a crash left a transaction half written (a hot
 * journal) and the connection is read-only, so cannot roll it back.
 */
export const isInterrupted = (error: unknown): boolean =>
  sqliteCode(error) === 'SQLITE_READONLY_ROLLBACK';

/**
 * Map an error SQLite raised opening a file to a store error naming the file.
 *
 * @example
 * openFailure('/tmp/t.db', sqliteError) // { ok: false, error: { code: 'ERR_DB_CORRUPT', … } }
 */
export function openFailure(file: string, error: unknown): Result<never, StoreError> {
  if (isDamage(sqliteCode(error))) {
    return fail(
      'ERR_DB_CORRUPT',
      `${file} is not a twenty48 database or is damaged (${messageOf(error)}); it was left as it is`,
    );
  }
  return fail('ERR_DB_OPEN', `cannot open ${file}: ${messageOf(error)}`);
}

/**
 * What an open store throws when SQLite fails during an operation: an Error with the store's
 * code (ERR_DB_CORRUPT, ERR_DB_FAILED) and a message naming the file.
 *
 * @example
 * try { store.topScores(query) } catch (error) { if (error instanceof StoreFailure) … }
 */
export class StoreFailure extends Error {
  constructor(
    readonly code: StoreError,
    message: string,
  ) {
    super(message);
    this.name = 'StoreFailure';
  }
}

/**
 * The `StoreFailure` for an error SQLite raised during an operation on `file`, or null for
 * any other error (a bug, which is not SQLite's to name).
 *
 * @example
 * operationFailure('/tmp/t.db', new TypeError('x')) // null
 */
export function operationFailure(file: string, error: unknown): StoreFailure | null {
  const code = sqliteCode(error);
  if (!code.startsWith('SQLITE_')) return null;
  if (isDamage(code)) {
    return new StoreFailure(
      'ERR_DB_CORRUPT',
      `${file} is damaged (${messageOf(error)}); twenty48 stopped using it and left it as it is`,
    );
  }
  return new StoreFailure('ERR_DB_FAILED', `the database ${file} failed: ${messageOf(error)}`);
}
