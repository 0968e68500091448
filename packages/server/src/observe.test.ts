/** The server's JSON log lines and its Prometheus metrics, read from a real server. */
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from './logging.js';
import { type RunningServer, startServer } from './server.js';
import { rankedClient } from './testing/rankedClient.js';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const client = rankedClient(() => server?.url ?? '');

async function start(options: {
  metrics?: boolean;
  level?: 'info' | 'warn';
  database?: string;
  basePath?: string;
}) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(options.level ?? 'info', {
    write: (line: string) => {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  });
  server = await startServer({
    port: 0,
    database: options.database ?? ':memory:',
    webRoot: '/none',
    logger,
    ...(options.metrics === undefined ? {} : { metrics: options.metrics }),
    ...(options.basePath === undefined ? {} : { basePath: options.basePath }),
  });
  return lines;
}

const metricValue = (text: string, line: string): number => {
  const found = text.split('\n').find((row) => row.startsWith(`${line} `));
  return found === undefined ? Number.NaN : Number(found.slice(line.length + 1));
};

describe('logs and metrics', { timeout: 30_000 }, () => {
  it('logs the start and one line per request as JSON, with the route, status, time and client', async () => {
    const lines = await start({});
    const { gameId } = await client.create('classic', 4);
    await client.post(`/api/games/${gameId}/moves`, { direction: 'up', index: 0 });
    await client.post(`/api/games/${gameId}/moves`, { direction: 'sideways' });
    const listening = lines.find((line) => line.msg === 'listening');
    expect(listening).toMatchObject({
      level: 'info',
      service: 'twenty48',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      schemaVersion: expect.any(Number),
      settings: { trustProxy: [], pgPool: 10, limits: { gamesPerPlayer: 5 } },
    });
    expect(Date.parse(String(listening?.time))).not.toBeNaN();
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        route: '/api/games',
        status: 201,
        client: '127.0.0.1',
      }),
      expect.objectContaining({
        route: '/api/games/:gameId/moves',
        status: 200,
        ms: expect.any(Number),
      }),
      expect.objectContaining({ route: '/api/games/:gameId/moves', status: 400, code: 'ERR_BODY' }),
    ]);
  });

  it('logs no request at level warn, and never a database password', async () => {
    const url = process.env.TWENTY48_TEST_DATABASE_URL;
    const lines = await start({ level: 'warn', ...(url ? { database: url } : {}) });
    await client.get('/api/scores');
    expect(lines.filter((line) => line.msg === 'request')).toEqual([]);
    await server?.close();
    server = undefined;
    const infoLines = await start({ ...(url ? { database: url } : {}) });
    const password = url ? new URL(url).password : '';
    const text = JSON.stringify(infoLines);
    expect(text).toContain('listening');
    if (password) expect(text).not.toContain(`:${password}@`);
  });

  it('serves /metrics only when asked, in Prometheus text: moves, games, errors, latency, watchers, event loop', async () => {
    await start({});
    const off = await fetch(`${server?.url}/metrics`);
    expect(off.status).not.toBe(200);
    expect(await off.text()).not.toContain('twenty48_');
    await server?.close();
    await start({ metrics: true });
    const { gameId, watchId } = await client.create('classic', 4);
    await client.post(`/api/games/${gameId}/moves`, { direction: 'up', index: 0 });
    await client.post(`/api/games/${gameId}/moves`, { direction: 'sideways' });
    const stream = new AbortController();
    const watching = await fetch(`${server?.url}/api/games/${watchId}/events`, {
      signal: stream.signal,
    });
    expect(watching.status).toBe(200);
    const metrics = await fetch(`${server?.url}/metrics`);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await metrics.text();
    expect(metricValue(text, 'twenty48_moves_total')).toBe(1);
    expect(metricValue(text, 'twenty48_games_created_total')).toBe(1);
    expect(metricValue(text, 'twenty48_errors_total{code="ERR_BODY"}')).toBe(1);
    expect(metricValue(text, 'twenty48_watchers')).toBe(1);
    expect(metricValue(text, 'twenty48_ready')).toBe(1);
    expect(
      metricValue(
        text,
        'twenty48_http_request_duration_seconds_count{method="POST",route="/api/games/:gameId/moves",status="200"}',
      ),
    ).toBe(1);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    stream.abort();
    for (let tries = 0; tries < 50; tries++) {
      const again = await (await fetch(`${server?.url}/metrics`)).text();
      if (metricValue(again, 'twenty48_watchers') === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the watcher was never counted out');
  });
});

describe('logs and metrics under a base path', () => {
  it('name the routes without the prefix', async () => {
    const lines = await start({ metrics: true, basePath: '/game' });
    const game = rankedClient(() => `${server?.url ?? ''}/game`);
    const { gameId } = await game.create('classic', 4);
    await game.post(`/api/games/${gameId}/moves`, { direction: 'up', index: 0 });
    const text = await (await fetch(`${server?.url}/game/metrics`)).text();
    expect(metricValue(text, 'twenty48_moves_total')).toBe(1);
    expect(lines.filter((line) => line.msg === 'request').map((line) => line.route)).toEqual([
      '/api/games',
      '/api/games/:gameId/moves',
      '/metrics',
    ]);
  });
});

describe('metrics on SQLite', () => {
  it('measure the database: statements by outcome and in flight, as on PostgreSQL', async () => {
    await start({ metrics: true });
    const before = await (await fetch(`${server?.url}/metrics`)).text();
    const counted = metricValue(before, 'twenty48_db_query_duration_seconds_count{outcome="ok"}');
    const { gameId } = await client.create('classic', 4);
    await client.post(`/api/games/${gameId}/moves`, { direction: 'up', index: 0 });
    const text = await (await fetch(`${server?.url}/metrics`)).text();
    // At least the game's creation and its move's write.
    expect(
      metricValue(text, 'twenty48_db_query_duration_seconds_count{outcome="ok"}'),
    ).toBeGreaterThanOrEqual((Number.isNaN(counted) ? 0 : counted) + 2);
    expect(
      metricValue(text, 'twenty48_db_query_duration_seconds_sum{outcome="ok"}'),
    ).toBeGreaterThan(0);
    expect(metricValue(text, 'twenty48_db_queries_in_flight')).toBe(0);
  });
});

describe.runIf(process.env.TWENTY48_TEST_DATABASE_URL)('metrics on PostgreSQL', () => {
  it('measure the database: statements by outcome, in flight, the pool size', async () => {
    await start({ metrics: true, database: process.env.TWENTY48_TEST_DATABASE_URL ?? '' });
    const { gameId } = await client.create('classic', 4);
    await client.post(`/api/games/${gameId}/moves`, { direction: 'up', index: 0 });
    const text = await (await fetch(`${server?.url}/metrics`)).text();
    expect(
      metricValue(text, 'twenty48_db_query_duration_seconds_count{outcome="ok"}'),
    ).toBeGreaterThan(1);
    expect(metricValue(text, 'twenty48_db_pool_size')).toBe(10);
    expect(metricValue(text, 'twenty48_db_queries_in_flight')).toBe(0);
  });
});
