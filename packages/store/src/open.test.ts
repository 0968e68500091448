/**
 * Opening PostgreSQL fails fast and says what answered: fake listeners on 127.0.0.1 stand for a
 * balancer with no backend (accepts, says nothing), a port that speaks HTTP, and a closed port.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openLeaderboard } from './open.js';

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const listen = (server: Server): Promise<number> => {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
};

const open = (port: number) =>
  openLeaderboard(`postgres://ada:secret@127.0.0.1:${port}/scores`, { connectTimeoutMs: 700 });

describe('opening PostgreSQL', { timeout: 20_000 }, () => {
  it('gives up on a listener that says nothing, at its deadline, naming it', async () => {
    const port = await listen(createServer((socket) => sockets.push(socket)));
    const opened = await open(port);
    expect(opened).toMatchObject({ ok: false, error: { code: 'ERR_DB_OPEN' } });
    const message = opened.ok ? '' : opened.error.message;
    expect(message).toContain(`127.0.0.1:${port} accepts connections but says nothing`);
    expect(message).not.toContain('secret');
  });

  it('names a port that answers HTTP, quoting it', async () => {
    const http = createHttpServer((_, res) => res.end('hello'));
    const port = await listen(http);
    const opened = await open(port);
    expect(opened.ok ? '' : opened.error.message).toMatch(
      new RegExp(
        `127\\.0\\.0\\.1:${port} is not PostgreSQL: it answered "HTTP/1\\.1 400 Bad Request"`,
      ),
    );
  });

  it('names a closed port', async () => {
    const port = await listen(createServer());
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const opened = await open(port);
    expect(opened.ok ? '' : opened.error.message).toContain(
      `nothing listens on 127.0.0.1:${port} (connection refused)`,
    );
  });
});
