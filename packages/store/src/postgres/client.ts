import postgres from 'postgres';
import { StoreFailure } from '../failure.js';

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
    : new StoreFailure(
        'ERR_DB_FAILED',
        `the database ${location} failed: ${error instanceof Error ? error.message : String(error)}`,
      );

/** Connections each server keeps to PostgreSQL (`TWENTY48_PG_POOL` changes it). */
export const DEFAULT_POOL = 10;

/**
 * postgres.js on `url`: a pool of `max` connections, prepared statements, int8 read as numbers.
 *
 * @example
 * const client = postgresJsClient('postgres://twenty48@127.0.0.1/twenty48');
 */
export function postgresJsClient(url: string, max = DEFAULT_POOL): PgClient {
  const sql = postgres(url, {
    max,
    connect_timeout: 10,
    onnotice: () => {},
    types: {
      bigint: {
        to: 20,
        from: [20],
        serialize: (value: unknown) => String(value),
        parse: (value: string) => Number(value),
      },
    },
  });
  const location = redactedUrl(url);
  const session = (on: postgres.Sql | postgres.TransactionSql): PgSession => ({
    async query<T>(text: string, values: readonly unknown[]): Promise<T[]> {
      try {
        return (await on.unsafe(text, values as postgres.ParameterOrJSON<never>[], {
          prepare: true,
        })) as unknown as T[];
      } catch (error) {
        throw pgFailure(location, error);
      }
    },
  });
  return {
    ...session(sql),
    async transaction<R>(work: (tx: PgSession) => Promise<R>): Promise<R> {
      try {
        return (await sql.begin((tx) => work(session(tx)))) as R;
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
        const { unlisten } = await sql.listen(channel, onPayload);
        return unlisten;
      } catch (error) {
        throw pgFailure(location, error);
      }
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
