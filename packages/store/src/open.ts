import { fail, ok, type Result } from '@twenty48/engine';
import { sqliteLeaderboard } from './leaderboard.js';
import { databaseTarget } from './location.js';
import { postgresJsClient, redactedUrl } from './postgres/client.js';
import { openPostgresLeaderboard } from './postgres/leaderboard.js';
import { openStore } from './store.js';
import type { LeaderboardStore, StoreError } from './types.js';

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
  env: NodeJS.ProcessEnv = process.env,
): Promise<Result<LeaderboardStore, StoreError>> {
  const target = databaseTarget(database, env);
  if (!target.ok) return target;
  if (target.value.kind === 'sqlite') {
    const opened = openStore(target.value.file === undefined ? {} : { file: target.value.file });
    return opened.ok ? ok(sqliteLeaderboard(opened.value)) : opened;
  }
  const pool = Number(env.TWENTY48_PG_POOL);
  const { url, schema } = target.value;
  try {
    const client = postgresJsClient(url, pool >= 1 ? Math.floor(pool) : undefined);
    return await openPostgresLeaderboard(client, redactedUrl(url), schema);
  } catch (error) {
    return fail('ERR_DB_OPEN', `cannot open ${redactedUrl(url)}: ${String(error)}`);
  }
}
