import { errorMessage } from '@twenty48/common';
import postgres from 'postgres';
import { StoreFailure } from '../failure.js';
import { observed, type StatementObserver } from '../observe.js';
import { createCircuit, isUnreachable } from './circuit.js';

export type { StatementObserver };

/** One connection's (or one transaction's) way to run a statement: `$1`… and their values. */
export interface PgSession {
  query<T>(text: string, values: readonly unknown[]): Promise<T[]>;
}

/**
 * What the PostgreSQL store needs of a client: statements, transactions, LISTEN and an end.
 * Two implement it: postgres.js for a server (`postgresJsClient`), and PGlite, an embedded
 * PostgreSQL for the tests (`testing/pglite.ts`). bigint columns read as numbers.
 */
export interface PgClient extends PgSession {
  /** Run `work` in one transaction (READ COMMITTED), committed when it resolves. */
  transaction<R>(work: (tx: PgSession) => Promise<R>): Promise<R>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * A URL without its password, to name a database in messages and logs.
 *
 * @example
 * redactedUrl('postgres://ada:secret@db:5432/scores') // 'postgres://ada:***@db:5432/scores'
 */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/:[^:@/]*@/, ':***@');
  }
}

/** Every error of the client as the store names it: ERR_DB_FAILED with the database's name. */
export const pgFailure = (location: string, error: unknown): StoreFailure =>
  error instanceof StoreFailure
    ? error
    : new StoreFailure('ERR_DB_FAILED', `${location} failed: ${errorMessage(error)}`);

/** Connections each server keeps to PostgreSQL (`TWENTY48_PG_POOL` changes it). */
export const DEFAULT_POOL = 10;
/** Reaching the database at all, and each statement (`--db-connect-timeout-ms`, `--query-timeout-ms`). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
export const DEFAULT_QUERY_TIMEOUT_MS = 2000;
/** How much longer than statement_timeout the client waits for a statement's answer. */
export const CANCEL_MARGIN_MS = 500;

/** The pool's size and deadlines. */
export interface PgClientOptions {
  readonly max?: number;
  readonly connectTimeoutMs?: number;
  /** PostgreSQL's statement_timeout, and the time the client waits for any statement's answer. */
  readonly queryTimeoutMs?: number;
  /** Told when each statement or transaction starts; the function it returns, when it ends. */
  readonly observe?: StatementObserver;
}

/**
 * An array parameter in PostgreSQL's text form: each element quoted, its quotes and backslashes
 * escaped; null as NULL.
 *
 * @example
 * arrayLiteral([1, 'a "b"', null]) // '{"1","a \\"b\\"",NULL}'
 */
function arrayLiteral(values: unknown): string {
  if (!Array.isArray(values)) return String(values);
  const element = (value: unknown) =>
    value === null || value === undefined
      ? 'NULL'
      : `"${String(value).replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return `{${values.map(element).join(',')}}`;
}

/**
 * The array parameters the store sends (int4[], text[], int8[] by their type ids), serialized
 * here since the client does not fetch the database's array types. None is read back.
 */
const ARRAY_TYPES = Object.fromEntries(
  [
    ['intArray', 1007],
    ['textArray', 1009],
    ['bigintArray', 1016],
  ].map(([name, oid]) => [
    name,
    { to: oid as number, from: [] as number[], serialize: arrayLiteral, parse: String },
  ]),
);

/** The failures `withDeadline` made: a statement that ran out of time, not an answer. */
const deadlines = new WeakSet<object>();

/**
 * `work` or, past `ms`, ERR_DB_FAILED. The statement itself is not cancelled (a cancel costs a
 * connection and may hit another statement, as postgres.js warns): PostgreSQL's own
 * statement_timeout ends it, and its answer, if any, is ignored.
 */
function withDeadline<T>(work: Promise<T>, ms: number, location: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const failure = new StoreFailure(
        'ERR_DB_FAILED',
        `${location} did not answer within ${ms} ms`,
      );
      deadlines.add(failure);
      reject(failure);
    }, ms);
  });
  work.catch(() => {}); // its failure after the deadline is nobody's to hear
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * postgres.js on `url`: a pool of `max` connections, prepared statements, int8 read as numbers.
 *
 * @example
 * const client = postgresJsClient('postgres://twenty48@127.0.0.1/twenty48');
 */
export function postgresJsClient(url: string, options: PgClientOptions = {}): PgClient {
  const queryMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  // The client waits a little past statement_timeout: a statement that is only slow is then
  // ended by the database, which says so (an answer), and only a silent database runs out
  // the client's own deadline (which may open the circuit).
  const answerMs = queryMs + CANCEL_MARGIN_MS;
  const connectMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const sql = postgres(url, {
    max: options.max ?? DEFAULT_POOL,
    connect_timeout: Math.max(1, Math.ceil(connectMs / 1000)),
    // The database ends a statement past this, whoever is waiting for it.
    connection: { statement_timeout: queryMs },
    onnotice: () => {},
    // Not asking each new connection for the database's array types: postgres.js leaves that
    // statement's failure unhandled (porsager/postgres#1192), and a database lost while a
    // connection is set up would end the process. The arrays the store sends are below.
    fetch_types: false,
    types: {
      bigint: {
        to: 20,
        from: [20],
        serialize: (value: unknown) => String(value),
        parse: (value: string) => Number(value),
      },
      ...ARRAY_TYPES,
    },
  });
  const location = redactedUrl(url);
  const circuit = createCircuit();
  /**
   * `start()` within `ms`, measured, through the circuit: refused at once while the database
   * was just found unreachable (its reconnect backoff would make every statement wait).
   */
  const guarded = async <T>(start: () => Promise<T>, ms: number): Promise<T> => {
    const admitted = circuit.admit(Date.now());
    if (admitted.go === 'refuse') {
      throw new StoreFailure('ERR_DB_FAILED', `${location} is unreachable (${admitted.reason})`);
    }
    const probe = admitted.go === 'probe';
    const heard = circuit.heard();
    try {
      const value = await observed(() => withDeadline(start(), ms, location), options.observe);
      circuit.answered(probe);
      return value;
    } catch (error) {
      const now = Date.now();
      const late = typeof error === 'object' && error !== null && deadlines.has(error);
      // A deadline counts as the database unreachable during an outage, or when nothing came
      // back from it all the while (packets dropped: no refusal ever comes).
      const silent = late && (circuit.recentlyDown(now) || circuit.silentSince(heard));
      if (isUnreachable(error) || silent) {
        circuit.failed(now, errorMessage(error), probe);
      } else circuit.answered(probe); // an error of SQL is an answer: the database is there
      throw error;
    }
  };
  const session = (on: postgres.Sql | postgres.TransactionSql, top: boolean): PgSession => ({
    async query<T>(text: string, values: readonly unknown[]): Promise<T[]> {
      const start = () =>
        on.unsafe(text, values as postgres.ParameterOrJSON<never>[], { prepare: true });
      try {
        // In a transaction, the transaction as a whole went through the circuit.
        const rows = top
          ? await guarded(start, answerMs)
          : await withDeadline(start(), answerMs, location);
        return rows as unknown as T[];
      } catch (error) {
        throw pgFailure(location, error);
      }
    },
  });
  return {
    ...session(sql, true),
    async transaction<R>(work: (tx: PgSession) => Promise<R>): Promise<R> {
      try {
        // Waiting for a connection counts too: during an outage none comes.
        return (await guarded(
          () => sql.begin((tx) => work(session(tx, false))),
          2 * queryMs + CANCEL_MARGIN_MS,
        )) as R;
      } catch (error) {
        // A refusal of ours (a thrown Error that is not the client's) stays as it is.
        if (error instanceof Error && !('code' in error) && !(error instanceof StoreFailure)) {
          throw error;
        }
        throw pgFailure(location, error);
      }
    },
    async listen(channel, onPayload) {
      try {
        const { unlisten } = await withDeadline(
          sql.listen(channel, onPayload),
          connectMs,
          location,
        );
        return unlisten;
      } catch (error) {
        throw pgFailure(location, error);
      }
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
