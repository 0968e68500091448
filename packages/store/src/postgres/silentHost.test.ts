/**
 * A PostgreSQL host that goes silent (drops packets: no refusal, no reset), for real: the
 * client talks to the test database through a TCP relay on 127.0.0.1 that, told to, stops
 * forwarding in both directions without closing anything. Only deadlines tell then; once one
 * ran out with nothing answered meanwhile, the circuit opens and statements fail at once.
 */
import { describe, expect, it } from 'vitest';
import { relaysClosedAfterEach } from '../testing/relay.js';
import { postgresJsClient } from './client.js';

const url = process.env.TWENTY48_TEST_DATABASE_URL;

const startRelay = relaysClosedAfterEach();

describe.runIf(url)('a PostgreSQL host gone silent', { timeout: 30_000 }, () => {
  it('opens the circuit once a statement ran out of time with nothing answered: the next fails at once', async () => {
    const relay = await startRelay(url ?? '');
    const client = postgresJsClient(relay.url, {
      max: 2,
      queryTimeoutMs: 300,
    });
    try {
      expect(await client.query<{ one: number }>('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
      relay.silence();
      await expect(client.query('SELECT 1', [])).rejects.toMatchObject({
        code: 'ERR_DB_FAILED',
        message: expect.stringMatching(/did not answer within \d+ ms$/),
      });
      // Not another wait of the deadline: refused by the open circuit, saying why.
      await expect(client.query('SELECT 1', [])).rejects.toMatchObject({
        code: 'ERR_DB_FAILED',
        message: expect.stringMatching(/is unreachable \(.*did not answer within \d+ ms\)$/),
      });
      await expect(client.transaction((tx) => tx.query('SELECT 1', []))).rejects.toMatchObject({
        message: expect.stringMatching(/is unreachable/),
      });
    } finally {
      await relay.close();
      await client.close();
    }
  });

  it('keeps it closed for a statement that is only slow: the database ends it, and says so', async () => {
    const client = postgresJsClient(url ?? '', { max: 2, queryTimeoutMs: 300 });
    try {
      await expect(client.query('SELECT pg_sleep(5)', [])).rejects.toMatchObject({
        message: expect.stringMatching(/canceling statement due to statement timeout/),
      });
      expect(await client.query<{ one: number }>('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
    } finally {
      await client.close();
    }
  });
});
