import type Database from 'better-sqlite3';
import { operationFailure } from './failure.js';
import { positional } from './leaderboardSql.js';
import type { PlayRunner } from './playTypes.js';
import type { PgClient, PgSession } from './postgres/client.js';

type Named = Record<string, unknown>;

/**
 * The play store's runner on an SQLite file: statements prepared once; work `alone` runs one
 * at a time (the file has one server process, so no other server counts between a check and
 * its insert; each statement commits on its own).
 *
 * @example
 * createPlayStore(sqlitePlayRunner(db, file))
 */
export function sqlitePlayRunner(db: Database.Database, file: string): PlayRunner {
  const prepared = new Map<string, Database.Statement>();
  const all = <T>(sql: string, values: Named = {}): Promise<T[]> =>
    new Promise((resolve) => {
      let statement = prepared.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        prepared.set(sql, statement);
      }
      const bound = Object.fromEntries(
        [...sql.matchAll(/@([A-Za-z]\w*)/g)].map(([, name = '']) => [name, values[name] ?? null]),
      );
      try {
        if (statement.reader) resolve(statement.all(bound) as T[]);
        else {
          statement.run(bound);
          resolve([]);
        }
      } catch (error) {
        // SQLite failing (a full disk, a damaged page) is the store's named failure (503).
        throw operationFailure(file, error) ?? error;
      }
    });
  let queue: Promise<unknown> = Promise.resolve();
  const runner: PlayRunner = {
    all,
    alone<R>(work: (run: PlayRunner) => Promise<R>): Promise<R> {
      const turn = queue.then(() => work(runner));
      queue = turn.catch(() => {});
      return turn;
    },
  };
  return runner;
}

/** The advisory lock of the play store's checked writes (limits, joins, rankings). */
const PLAY_LOCK = 0x32303530;

/**
 * The play store's runner on PostgreSQL: work `alone` is one transaction under an advisory
 * lock, so that every server's counts and inserts take turns.
 *
 * @example
 * createPlayStore(postgresPlayRunner(client))
 */
export function postgresPlayRunner(client: PgClient): PlayRunner {
  const compiled = new Map<string, { text: string; names: string[] }>();
  const on =
    (session: PgSession) =>
    <T>(sql: string, values: Named = {}): Promise<T[]> => {
      let statement = compiled.get(sql);
      if (!statement) {
        statement = positional(sql);
        compiled.set(sql, statement);
      }
      return session.query<T>(
        statement.text,
        statement.names.map((name) => values[name] ?? null),
      );
    };
  return {
    all: on(client),
    alone: (work) =>
      client.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [PLAY_LOCK]);
        const inside: PlayRunner = { all: on(tx), alone: (more) => more(inside) };
        return work(inside);
      }),
  };
}
