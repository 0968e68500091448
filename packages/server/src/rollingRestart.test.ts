/**
 * A rolling restart behind Debian's nginx with no failed request: nginx configured as the
 * README says (`RETRY_POSTS`: a POST whose connection failed goes to the other server), each
 * server restarted with SIGTERM alone.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './server.js';
import {
  hasNginx,
  type Nginx,
  PROXY_HEADERS,
  RETRY_POSTS,
  send,
  startNginx,
} from './testing/nginx.js';
import { rollingRestart } from './testing/rollingRestart.js';

let server: RunningServer | undefined;
let nginx: Nginx | undefined;
let closing: Server | undefined;
afterEach(async () => {
  await nginx?.stop();
  await server?.close();
  await new Promise((resolve) => (closing ? closing.close(resolve) : resolve(null)));
  nginx = undefined;
  server = undefined;
  closing = undefined;
});

/**
 * An upstream that takes each connection, reads a whole request and resets the connection
 * unanswered: what nginx sees from a connection the kernel accepted for a server that closed
 * its listener before taking it. Counts the requests it read.
 */
async function resetAfterReading(): Promise<{ address: string; read: () => number }> {
  let read = 0;
  closing = createServer((socket: Socket) => {
    let text = '';
    socket.on('error', () => {});
    socket.on('data', (data: Buffer) => {
      text += data.toString('latin1');
      const head = text.indexOf('\r\n\r\n');
      const length = Number(/content-length: *(\d+)/i.exec(text)?.[1] ?? 0);
      if (head >= 0 && text.length >= head + 4 + length) {
        read++;
        socket.resetAndDestroy();
      }
    });
  });
  await new Promise<void>((resolve) => closing?.listen(0, '127.0.0.1', resolve));
  const port = (closing.address() as { port: number }).port;
  return { address: `127.0.0.1:${port}`, read: () => read };
}

/** A game on `server` and nginx in front of the reset upstream and it, `retries` set or not. */
async function behindResettingUpstream(retries: string) {
  server = await startServer({ port: 0, database: ':memory:', webRoot: '/none' });
  const upstream = await resetAfterReading();
  nginx = await startNginx(
    [upstream.address, new URL(server.url).host],
    `location / { ${PROXY_HEADERS} ${retries} proxy_pass http://$UPSTREAM; }`,
  );
  const created = await send(`${server.url}/api/games`, { body: { rules: 'classic', size: 4 } });
  const { gameId } = JSON.parse(created.body) as { gameId: string };
  return { upstream, nginx, gameId };
}

const DIRECTIONS = ['down', 'left', 'up', 'right'] as const;

describe.runIf(hasNginx())('nginx in front of a server that closed its listener', () => {
  it('with the README’s retry, passes a move reset after it was sent to the other server: answered once', async () => {
    const { upstream, nginx, gameId } = await behindResettingUpstream(RETRY_POSTS);
    // Round robin: of four moves, two go first to the upstream that resets.
    for (const [index, direction] of DIRECTIONS.entries()) {
      const moved = await send(`${nginx.url}/api/games/${gameId}/moves`, {
        body: { direction, index },
      });
      expect(moved.status).toBe(200);
      expect(JSON.parse(moved.body)).toMatchObject({ index });
    }
    expect(upstream.read()).toBeGreaterThan(0);
    const resumed = await send(`${server?.url}/api/games/${gameId}`, {});
    expect(JSON.parse(resumed.body)).toMatchObject({ sent: DIRECTIONS.length });
  });

  it('without it, nginx answers such a POST 502 (what a rolling restart showed)', async () => {
    const { upstream, nginx, gameId } = await behindResettingUpstream('');
    const statuses: number[] = [];
    for (const [index, direction] of DIRECTIONS.entries()) {
      const moved = await send(`${nginx.url}/api/games/${gameId}/moves`, {
        body: { direction, index },
      });
      statuses.push(moved.status);
      if (moved.status === 502) break;
    }
    expect(upstream.read()).toBeGreaterThan(0);
    expect(statuses).toContain(502);
  });
});

const base = process.env.TWENTY48_TEST_DATABASE_URL;

describe.runIf(hasNginx() && base)('a rolling restart behind nginx', { timeout: 120_000 }, () => {
  it('SIGTERM to each server in turn under 32 keep-alive clients: no 502, no reset, every answered move kept', async () => {
    const schema = `t_rolling_${randomBytes(5).toString('hex')}`;
    const database = `${base}${base?.includes('?') ? '&' : '?'}search_path=${schema}`;
    const tally = await rollingRestart(database, {
      clients: 32,
      procedure: 'retry',
      // What is tested is the restart: a statement slow on a loaded machine is not a 503 here.
      serveFlags: ['--query-timeout-ms', '10000'],
    });
    expect(tally.answered).toBeGreaterThan(0);
    expect(tally.restarts).toHaveLength(2);
    // Every answer and error by kind, shown should one be off.
    expect(tally, JSON.stringify([tally.counts, tally.lostGames, tally.nginxErrors])).toMatchObject(
      {
        badGateway: 0,
        otherStatus: 0,
        resets: 0,
        lost: 0,
      },
    );
  });
});
