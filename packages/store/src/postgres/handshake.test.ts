/**
 * The PostgreSQL client against a database lost while a connection is being set up, and the
 * arrays the store sends, on the real test database (TWENTY48_TEST_DATABASE_URL).
 *
 * postgres.js by default asks each new connection for the database's array types, a statement
 * whose failure it leaves unhandled (porsager/postgres#1192): a database lost at that moment
 * would end the server (Node ends a process on an unhandled rejection). The client does not ask
 * (`fetch_types: false`) and serializes the arrays itself.
 */
import { describe, expect, it } from 'vitest';
import { relaysClosedAfterEach } from '../testing/relay.js';
import { postgresJsClient } from './client.js';

const url = process.env.TWENTY48_TEST_DATABASE_URL;

const startRelay = relaysClosedAfterEach();

describe.runIf(url)('the PostgreSQL client', { timeout: 30_000 }, () => {
  it('fails a statement whose connection is lost in its set-up, leaving nothing unhandled', async () => {
    const relay = await startRelay(url ?? '');
    relay.cutAtFirstStatement();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const client = postgresJsClient(relay.url, {
      max: 2,
      queryTimeoutMs: 1000,
    });
    try {
      await expect(client.query('SELECT 1', [])).rejects.toMatchObject({
        code: 'ERR_DB_FAILED',
      });
      await expect(client.transaction((tx) => tx.query('SELECT 1', []))).rejects.toMatchObject({
        code: 'ERR_DB_FAILED',
      });
    } finally {
      await client.close();
      // Give a dropped promise the turns it needs to be reported (ending the client ends the
      // connections it was still opening, too).
      await new Promise((resolve) => setTimeout(resolve, 300));
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });

  it('sends int, bigint and text arrays as the database reads them, any text included', async () => {
    const client = postgresJsClient(url ?? '', { max: 1 });
    try {
      const texts = [
        'plain',
        'a "quoted" word',
        'back\\slash',
        'a,b',
        '{braces}',
        'NULL',
        '',
        'é ✓',
      ];
      const ints = texts.map((_, i) => (i - 3) * 1000);
      const bigs = texts.map((_, i) => 2 ** 40 + i);
      const rows = await client.query<{ i: number; s: string; b: number }>(
        'SELECT * FROM unnest($1::int[], $2::text[], $3::bigint[]) AS t (i, s, b)',
        [ints, texts, bigs],
      );
      expect(rows).toEqual(texts.map((s, k) => ({ i: ints[k], s, b: bigs[k] })));
      const [empty] = await client.query<{ n: number }>('SELECT cardinality($1::text[]) AS n', [
        [],
      ]);
      expect(empty).toEqual({ n: 0 });
    } finally {
      await client.close();
    }
  });
});
