/** Test helper: PGlite (PostgreSQL compiled to WASM, in this process) as the store's client. */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { type PgClient, type PgSession, pgFailure } from '../postgres/client.js';

const LOCATION = 'PGlite (embedded PostgreSQL)';

const session = (on: PGlite | Transaction): PgSession => ({
  async query<T>(text: string, values: readonly unknown[]): Promise<T[]> {
    try {
      return (await on.query<T>(text, [...values])).rows;
    } catch (error) {
      throw pgFailure(LOCATION, error);
    }
  },
});

/**
 * An embedded PostgreSQL in memory, and a way to hand it to several stores as if each had its
 * own connection (`client()`: closing one leaves the database; `end()` ends it).
 */
export async function embeddedPostgres() {
  // int8 read as numbers, as the postgres.js client does.
  const db = await PGlite.create({ parsers: { 20: (value: string) => Number(value) } });
  return {
    location: LOCATION,
    client(): PgClient {
      const unlistens: (() => Promise<void>)[] = [];
      return {
        ...session(db),
        transaction: (work) => db.transaction((tx) => work(session(tx))),
        async listen(channel, onPayload) {
          const unlisten = await db.listen(channel, onPayload);
          unlistens.push(unlisten);
          return unlisten;
        },
        async close() {
          for (const unlisten of unlistens.splice(0)) await unlisten();
        },
      };
    },
    end: () => db.close(),
  };
}
