import { homedir } from 'node:os';
import { join } from 'node:path';
import { fail, ok, type Result } from '@twenty48/engine';
import type { OpenOptions, StoreError } from './types.js';

/** The database file name inside the data directory. */
export const DB_FILE_NAME = 'twenty48.db';

/**
 * Where the data directory is: `options.dataDir`, else `$TWENTY48_DATA_DIR`, else
 * `$XDG_DATA_HOME/twenty48`, else `~/.local/share/twenty48`.
 *
 * @example
 * dataDirectory({}, { XDG_DATA_HOME: '/x' }) // '/x/twenty48'
 */
export function dataDirectory(options: OpenOptions, env: NodeJS.ProcessEnv = process.env): string {
  if (options.dataDir) return options.dataDir;
  if (env.TWENTY48_DATA_DIR) return env.TWENTY48_DATA_DIR;
  if (env.XDG_DATA_HOME) return join(env.XDG_DATA_HOME, 'twenty48');
  return join(homedir(), '.local', 'share', 'twenty48');
}

/**
 * The database file for these options: `options.file` when given, else `twenty48.db` in the
 * data directory.
 *
 * @example
 * databaseFile({ dataDir: '/tmp/d' }) // '/tmp/d/twenty48.db'
 */
export function databaseFile(options: OpenOptions, env: NodeJS.ProcessEnv = process.env): string {
  return options.file ?? join(dataDirectory(options, env), DB_FILE_NAME);
}

/** Where the server's leaderboard lives: an SQLite file, or a PostgreSQL database by URL. */
export type DatabaseTarget =
  | { readonly kind: 'sqlite'; readonly file?: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema: string | null };

/** A scheme of two letters or more: `C:\…` is a Windows path, `postgres:` is not. */
const URL_LIKE = /^([A-Za-z][A-Za-z0-9+.-]+):/;

/**
 * Read the server's `--db` value (else `DATABASE_URL`): a URL names a database, and only
 * postgres:// and postgresql:// are spoken (ERR_DB_URL for any other scheme, or a malformed
 * one, so that no file is ever made of it); anything else is an SQLite file; nothing at all is
 * the default file in the data directory.
 *
 * @example
 * databaseTarget('postgres://ada@db/scores') // { ok: true, value: { kind: 'postgres', url: … } }
 * databaseTarget('mysql://db/scores') // { ok: false, error: { code: 'ERR_DB_URL', … } }
 * databaseTarget('./scores.db') // { ok: true, value: { kind: 'sqlite', file: './scores.db' } }
 */
export function databaseTarget(
  value: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Result<DatabaseTarget, StoreError> {
  const given = value ?? (env.DATABASE_URL || undefined);
  if (given === undefined) return ok({ kind: 'sqlite' });
  const scheme = URL_LIKE.exec(given)?.[1]?.toLowerCase();
  if (scheme === undefined) return ok({ kind: 'sqlite', file: given });
  if (scheme !== 'postgres' && scheme !== 'postgresql') {
    return fail(
      'ERR_DB_URL',
      `twenty48 speaks PostgreSQL (postgres://…) or an SQLite file path, not ${scheme}:`,
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(given);
  } catch {
    return fail('ERR_DB_URL', `the database URL is malformed: ${redacted(given)}`);
  }
  if (!given.startsWith(`${parsed.protocol}//`) || parsed.hostname === '') {
    return fail(
      'ERR_DB_URL',
      `the database URL names no host: ${redacted(given)} (postgres://user:password@host:5432/db)`,
    );
  }
  const schema = parsed.searchParams.get('search_path');
  if (schema !== null && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    return fail('ERR_DB_URL', `search_path must be one plain schema name, not "${schema}"`);
  }
  return ok({ kind: 'postgres', url: given, schema });
}

const redacted = (url: string): string => url.replace(/:[^:@/]*@/, ':***@');
