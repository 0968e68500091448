/**
 * A PostgreSQL outage, for real: a cluster of our own (testing/ownPostgres.ts) stopped under a
 * running server and started again. Requests fail fast with a short public 503, and the server
 * recovers without a restart, every answered move kept.
 */
import type { MoveAnswer, RankedDirection, ResumeAnswer } from '@twenty48/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './server.js';
import { type OwnPostgres, ownPostgresMissing, startOwnPostgres } from './testing/ownPostgres.js';
import { rankedClient } from './testing/rankedClient.js';

const missing = ownPostgresMissing();
const CYCLE: readonly RankedDirection[] = ['down', 'left', 'down', 'right'];

let pg: OwnPostgres;
let server: RunningServer;
const client = rankedClient(() => server.url);

// Said in the run's output when this machine cannot make a cluster of its own.
describe.runIf(missing !== null)(`a PostgreSQL outage (skipped: ${missing})`, () => {
  it.skip('needs initdb and pg_ctl', () => {});
});

describe.skipIf(missing !== null)('a PostgreSQL outage', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    pg = await startOwnPostgres();
    server = await startServer({
      port: 0,
      database: pg.url,
      webRoot: '/none',
      queryTimeoutMs: 1000,
      readyCheckMs: 200,
      limits: { movesPerSecond: Number.POSITIVE_INFINITY, moveBurst: Number.POSITIVE_INFINITY },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    pg?.remove();
  });

  it('answers 503 with a short message while it lasts, and recovers by itself', async () => {
    const { gameId } = await client.create('classic', 4);
    const move = (index: number) =>
      client.post<MoveAnswer>(`/api/games/${gameId}/moves`, {
        direction: CYCLE[index % CYCLE.length],
        index,
      });
    let last: MoveAnswer | undefined;
    for (let index = 0; index < 6; index++) {
      const answered = await move(index);
      expect(answered.status).toBe(200);
      last = answered.body;
    }
    pg.stop();
    const failed = await move(6);
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({
      error: 'ERR_DB_FAILED',
      message: 'the database is unavailable; try again in a moment',
    });
    const scores = await client.get('/api/scores');
    expect(scores.status).toBe(503);
    expect(scores.text).not.toMatch(/127\.0\.0\.1|twenty48@|ECONNREFUSED|the database the/);

    // The timer finds the database gone: not ready (a balancer stops sending), but alive.
    const readyWhile = async (status: number) => {
      let ready = await client.get('/api/ready');
      for (let tries = 0; ready.status !== status && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        ready = await client.get('/api/ready');
      }
      return ready;
    };
    expect(await readyWhile(503)).toMatchObject({
      status: 503,
      body: { ok: false, error: 'ERR_DB_FAILED' },
    });
    expect((await client.get('/api/live')).status).toBe(200);

    pg.start();
    expect((await readyWhile(200)).status).toBe(200);
    let retried = failed;
    for (let tries = 0; retried.status !== 200 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      retried = await move(6);
    }
    expect(retried.status).toBe(200);
    last = retried.body as MoveAnswer;
    const resumed = await client.get<ResumeAnswer>(`/api/games/${gameId}`);
    expect(resumed.body).toMatchObject({ moves: last.moves, sent: 7, board: last.board });
  });
});
