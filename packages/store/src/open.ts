import { fail, ok, type Result } from '@twenty48/engine';
import { sqliteLeaderboard } from './leaderboard.js';
import { databaseTarget } from './location.js';
import { postgresJsClient, redactedUrl } from './postgres/client.js';
import { openPostgresLeaderboard } from './postgres/leaderboard.js';
import { openStore } from './store.js';
import type { LeaderboardStore, StoreError } from './types.js';

/** How to reach PostgreSQL: the pool's size, and the deadlines of connecting and of each query. */
export interface OpenLeaderboardOptions {
  readonly env?: NodeJS.ProcessEnv;
  /** Connections to PostgreSQL (default 10). */
  readonly pool?: number;
  /** The deadline of reaching the database at start, in ms (default 5000). */
  readonly connectTimeoutMs?: number;
  /** Each query's deadline, in ms: statement_timeout and the client's own (default 2000). */
  readonly queryTimeoutMs?: number;
}

/**
 * Open the server's leaderboard: `database` (the `--db` value, else `$DATABASE_URL`) is a
 * postgres:// URL, an SQLite file, or nothing for the default SQLite file. Never throws:
 * ERR_DB_URL for a URL of another kind (nothing is created), ERR_DB_OPEN for a database that
 * cannot be reached, and SQLite's refusals as `openStore` names them.
 *
 * @example
 * const opened = await openLeaderboard('postgres://twenty48@127.0.0.1/twenty48');
 */
export async function openLeaderboard(
  database?: string,
  options: OpenLeaderboardOptions = {},
): Promise<Result<LeaderboardStore, StoreError>> {
  const target = databaseTarget(database, options.env ?? process.env);
  if (!target.ok) return target;
  if (target.value.kind === 'sqlite') {
    const opened = openStore(target.value.file === undefined ? {} : { file: target.value.file });
    return opened.ok ? ok(sqliteLeaderboard(opened.value)) : opened;
  }
  const { url, schema } = target.value;
  try {
    const client = postgresJsClient(url, options.pool);
    return await openPostgresLeaderboard(client, redactedUrl(url), schema);
  } catch (error) {
    return fail('ERR_DB_OPEN', `cannot open ${redactedUrl(url)}: ${String(error)}`);
  }
}
