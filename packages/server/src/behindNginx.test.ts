/**
 * The server behind a real nginx (Debian's nginx-light; .ci/run installs it): the client's
 * address from X-Forwarded-For only as the trusted proxy set it. Clients reach nginx from
 * different loopback addresses (127.0.0.2, 127.0.0.3), so nginx sees two clients.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './server.js';
import { hasNginx, type Nginx, PROXY_HEADERS, send, startNginx } from './testing/nginx.js';
import { parseTrustProxy } from './trustProxy.js';
import { DEFAULT_WEB_ROOT } from './web-files.js';

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
    limits: { gamesPerPlayer: 1 },
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
      limits: { gamesPerPlayer: 1 },
    });
    expect((await newGame(server.url, '127.0.0.2', { 'x-forwarded-for': '10.0.0.1' })).status).toBe(
      201,
    );
    expect((await newGame(server.url, '127.0.0.2', { 'x-forwarded-for': '10.0.0.2' })).status).toBe(
      429,
    );
  });
});

const hasWebBuild = (): boolean => {
  try {
    readFileSync(join(DEFAULT_WEB_ROOT, 'index.html'));
    return true;
  } catch {
    return false;
  }
};

/** The relative links (`src`, `href`) of a page, resolved against `base` as a browser does. */
const linksOf = (html: string, base: string): string[] =>
  [...html.matchAll(/(?:src|href)="([^"#]+)"/g)]
    .map((match) => match[1] ?? '')
    .filter((link) => !/^[a-z]+:/i.test(link))
    .map((link) => new URL(link.replaceAll('&amp;', '&'), base).pathname);

describe.runIf(hasNginx() && hasWebBuild())(
  'under --base-path, behind nginx',
  { timeout: 60_000 },
  () => {
    it('serves every page, asset and link under the prefix, and nothing outside it', async () => {
      server = await startServer({
        port: 0,
        database: ':memory:',
        basePath: '/game',
        trust: trusting(['127.0.0.1']),
      });
      const upstream = new URL(server.url).host;
      nginx = await startNginx(
        [upstream],
        `location /game/ { ${PROXY_HEADERS} proxy_pass http://$UPSTREAM; }
       location = /game { proxy_pass http://$UPSTREAM; }`,
      );
      const redirect = await send(`${nginx.url}/game`, {});
      expect(redirect.status).toBe(308);
      expect(redirect.headers.location).toBe('/game/');
      const index = await send(`${nginx.url}/game/`, {});
      expect(index.status).toBe(200);
      expect(index.headers['content-type']).toMatch(/^text\/html/);
      const checkers = await send(`${nginx.url}/game/checkers.html`, {});
      const worker = await send(`${nginx.url}/game/sw.js`, {});
      expect(worker.status).toBe(200);
      // The service worker's precache list (written by the build) is relative to its own scope.
      const precached = /const PRECACHE = (\{.*\});/.exec(worker.body)?.[1] ?? '{"files":[]}';
      const files = (JSON.parse(precached) as { files: string[] }).files.map(
        (file) => new URL(file, `${nginx?.url}/game/`).pathname,
      );
      expect(files.length).toBeGreaterThan(3);
      const board = await send(`${nginx.url}/game/leaderboard`, {});
      // A page the server writes at any depth links under the prefix (no <base>: base-uri 'none').
      const deep = await send(`${nginx.url}/game/no/such/page`, {});
      expect(deep.status).toBe(404);
      const paths = new Set([
        ...linksOf(index.body, `${nginx.url}/game/`),
        ...linksOf(checkers.body, `${nginx.url}/game/`),
        ...linksOf(board.body, `${nginx.url}/game/leaderboard`),
        ...linksOf(deep.body, `${nginx.url}/game/no/such/page`),
        ...files,
        '/game/api/health',
        '/game/api/ready',
        '/game/fonts/clear-sans-400.woff2',
      ]);
      for (const path of paths) {
        expect(path.startsWith('/game/'), path).toBe(true);
        const answer = await send(`${nginx.url}${path}`, {});
        expect(answer.status, path).toBe(200);
      }
      // The game's API calls are relative too: a ranked game under the prefix.
      const game = await send(`${nginx.url}/game/api/games`, {
        body: { rules: 'classic', size: 4 },
      });
      expect(game.status).toBe(201);
      // Outside the prefix, straight to the server: nothing.
      expect((await send(`${server.url}/`, {})).status).toBe(404);
      expect((await send(`${server.url}/api/health`, {})).status).toBe(404);
    });
  },
);

describe.runIf(hasNginx())('HTTPS and live streams behind nginx', { timeout: 30_000 }, () => {
  it('sends HSTS only to a request a trusted proxy says came over HTTPS', async () => {
    server = await startServer({
      port: 0,
      database: ':memory:',
      webRoot: '/none',
      trust: trusting(['127.0.0.1']),
    });
    const upstream = new URL(server.url).host;
    // nginx stands for a TLS terminator here: it says https, as it would after the handshake.
    nginx = await startNginx(
      [upstream],
      `location / { ${PROXY_HEADERS} proxy_set_header X-Forwarded-Proto https; proxy_pass http://$UPSTREAM; }`,
    );
    const secure = await send(`${nginx.url}/api/health`, { from: '127.0.0.2' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
    // The same claim from a client that is not a trusted proxy is not believed.
    const forged = await send(`${server.url}/api/health`, {
      from: '127.0.0.2',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('passes a game’s live events through nginx while the stream stays open', async () => {
    server = await startServer({ port: 0, database: ':memory:', webRoot: '/none' });
    const upstream = new URL(server.url).host;
    nginx = await startNginx(
      [upstream],
      `location / { ${PROXY_HEADERS} proxy_pass http://$UPSTREAM; }`,
    );
    const base = nginx.url;
    const created = JSON.parse(
      (await send(`${base}/api/games`, { body: { rules: 'classic', size: 4 } })).body,
    ) as {
      gameId: string;
      watchId: string;
    };
    const seen: string[] = [];
    const moveSeen = new Promise<void>((resolve, reject) => {
      const req = request(`${base}/api/games/${created.watchId}/events`, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          seen.push(chunk);
          if (seen.join('').includes('event: move')) {
            req.destroy();
            resolve();
          }
        });
      });
      req.once('error', (error) =>
        seen.join('').includes('event: move') ? resolve() : reject(error),
      );
      req.end();
    });
    // The move is played once the stream has shown its first state, while it stays open.
    for (let tries = 0; !seen.join('').includes('event: state') && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen.join('')).toContain('event: state');
    for (const direction of ['up', 'left', 'down', 'right']) {
      await send(`${base}/api/games/${created.gameId}/moves`, { body: { direction } });
    }
    await moveSeen;
    expect(seen.join('')).toMatch(/event: move\ndata: \{/);
  });
});
