/**
 * The server behind a real nginx (Debian's nginx-light; .ci/run installs it): the client's
 * address from X-Forwarded-For only as the trusted proxy set it. Clients reach nginx from
 * different loopback addresses (127.0.0.2, 127.0.0.3), so nginx sees two clients.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './server.js';
import { hasNginx, type Nginx, PROXY_HEADERS, startNginx } from './testing/nginx.js';
import { parseTrustProxy } from './trustProxy.js';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One HTTP request from the local address `from`, with extra headers. */
export function send(
  url: string,
  options: { from?: string; method?: string; body?: unknown; headers?: Record<string, string> },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(
      url,
      {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        ...(options.from === undefined ? {} : { localAddress: options.from }),
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

let server: RunningServer | undefined;
let nginx: Nginx | undefined;
afterEach(async () => {
  await nginx?.stop();
  await server?.close();
  nginx = undefined;
  server = undefined;
});

const trusting = (entries: string[]) => {
  const trust = parseTrustProxy(entries);
  if (!trust.ok) throw new Error(trust.error.message);
  return trust.value;
};

async function behindNginx(trustProxy: string[], dir = ''): Promise<string> {
  server = await startServer({
    port: 0,
    database: ':memory:',
    webRoot: `${dir}/none`,
    trust: trusting(trustProxy),
    limits: { gamesPerClient: 1, replaceIdleMs: 3_600_000 },
  });
  const upstream = new URL(server.url).host;
  nginx = await startNginx(
    [upstream],
    `location / { ${PROXY_HEADERS} proxy_pass http://$UPSTREAM; }`,
  );
  return nginx.url;
}

const newGame = (url: string, from: string, headers: Record<string, string> = {}) =>
  send(`${url}/api/games`, { from, body: { rules: 'classic', size: 4 }, headers });

describe.runIf(hasNginx())('behind nginx', { timeout: 30_000 }, () => {
  it('with --trust-proxy, counts each client by the address nginx saw, whatever it forges', async () => {
    const url = await behindNginx(['127.0.0.1']);
    expect((await newGame(url, '127.0.0.2')).status).toBe(201);
    expect((await newGame(url, '127.0.0.3')).status).toBe(201);
    // A second game of the first client is over its limit, however it names itself.
    const again = await newGame(url, '127.0.0.2', { 'x-forwarded-for': '127.0.0.9' });
    expect(again.status).toBe(429);
    expect(JSON.parse(again.body)).toMatchObject({ error: 'ERR_TOO_MANY_GAMES' });
    const forged = await newGame(url, '127.0.0.2', { forwarded: 'for=127.0.0.8' });
    expect(forged.status).toBe(429);
  });

  it('without it, every client behind nginx is nginx (one set of limits)', async () => {
    const url = await behindNginx([]);
    expect((await newGame(url, '127.0.0.2')).status).toBe(201);
    expect((await newGame(url, '127.0.0.3')).status).toBe(429);
  });

  it('believes no forwarded header from a client that is not a trusted proxy', async () => {
    server = await startServer({
      port: 0,
      database: ':memory:',
      webRoot: '/none',
      trust: trusting(['127.0.0.1']),
      limits: { gamesPerClient: 1, replaceIdleMs: 3_600_000 },
    });
    expect((await newGame(server.url, '127.0.0.2', { 'x-forwarded-for': '10.0.0.1' })).status).toBe(
      201,
    );
    expect((await newGame(server.url, '127.0.0.2', { 'x-forwarded-for': '10.0.0.2' })).status).toBe(
      429,
    );
  });
});
