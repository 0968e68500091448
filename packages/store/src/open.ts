import { fail, ok, type Result } from '@twenty48/engine';
import { MIGRATIONS } from './database.js';
import { sqliteLeaderboard } from './leaderboard.js';
import { databaseTarget } from './location.js';
import { lockServer } from './lock.js';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  postgresJsClient,
  redactedUrl,
  type StatementObserver,
} from './postgres/client.js';
import { openPostgresLeaderboard } from './postgres/leaderboard.js';
import { PG_MIGRATIONS } from './postgres/migrations.js';
import { describeListener } from './postgres/probe.js';
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
  /** Told of each statement's (or transaction's) start and end (the server's metrics). */
  readonly observe?: StatementObserver;
  /** Hold an SQLite file for this process alone (a server): a second is ERR_DB_LOCKED. */
  readonly exclusive?: boolean;
}

/**
 * The schema version a store has once open: open migrates an older database to it, and
 * refuses a newer one (ERR_DB_NEWER), so it is the code's newest.
 */
export const SCHEMA_VERSIONS = { sqlite: MIGRATIONS.length, postgres: PG_MIGRATIONS.length };

/**
 * Open the server's leaderboard: `database` (the `--db` value, else `$DATABASE_URL`) is a
 * postgres:// URL, an SQLite file, or nothing for the default SQLite file. Never throws:
 * ERR_DB_URL for a URL of another kind (nothing is created), ERR_DB_OPEN for a database that
 * cannot be reached within `connectTimeoutMs` (naming what answered instead: nothing, a silent
 * listener, another protocol), and SQLite's refusals as `openStore` names them.
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
    if (!opened.ok) return opened;
    const store = opened.value;
    if (!options.exclusive || store.file === ':memory:') {
      return ok(sqliteLeaderboard(store, options.observe));
    }
    const lock = lockServer(store.file);
    if (!lock.ok) {
      store.close();
      return lock;
    }
    const leaderboard = sqliteLeaderboard(store, options.observe);
    return ok({
      ...leaderboard,
      async close() {
        await leaderboard.close();
        lock.value.release();
      },
    });
  }
  const { url, schema } = target.value;
  const deadline = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const client = postgresJsClient(url, {
    ...(options.pool === undefined ? {} : { max: options.pool }),
    connectTimeoutMs: deadline,
    ...(options.queryTimeoutMs === undefined ? {} : { queryTimeoutMs: options.queryTimeoutMs }),
    ...(options.observe === undefined ? {} : { observe: options.observe }),
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), deadline);
  });
  const opening = openPostgresLeaderboard(client, redactedUrl(url), schema).catch(
    (error: unknown) => fail('ERR_DB_OPEN', String(error)),
  );
  const opened = await Promise.race([opening, late]).finally(() => clearTimeout(timer));
  if (opened !== 'late' && (opened.ok || opened.error.code !== 'ERR_DB_OPEN')) return opened;
  // Past the deadline, or refused: stop the pool's retries, and say what is at that address.
  void client.close().catch(() => {});
  void opening.then((late) => (late.ok ? late.value.close() : undefined)).catch(() => {});
  const why = opened === 'late' ? `no answer within ${deadline} ms` : opened.error.message;
  const listener = await describeTarget(url, Math.min(deadline, 2000));
  return fail('ERR_DB_OPEN', `cannot open ${redactedUrl(url)}: ${why}${listener}`);
}

/** `; <what listens there>` for a URL's host and port (none for a Unix socket). */
async function describeTarget(url: string, waitMs: number): Promise<string> {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1') || 'localhost';
  if (parsed.searchParams.get('host')?.startsWith('/')) return '';
  return `; ${await describeListener(host, Number(parsed.port || 5432), waitMs)}`;
}
