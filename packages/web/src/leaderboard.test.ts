import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newGame, parseRecord, step } from '@twenty48/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeaderboard, parseAnswer, parseIssued, parseTable } from './leaderboard.js';

describe('reading answers', () => {
  it('turns the API error body into its named error', () => {
    const answer = parseAnswer(422, { error: 'ERR_GAME_USED', message: 'used' }, parseIssued);
    expect(answer).toEqual({ ok: false, error: { code: 'ERR_GAME_USED', message: 'used' } });
  });

  it('refuses a body of the wrong shape', () => {
    expect(parseAnswer(201, { gameId: 3 }, parseIssued)).toMatchObject({
      ok: false,
      error: { code: 'ERR_RESPONSE' },
    });
    expect(parseAnswer(500, '<html>', parseIssued)).toMatchObject({
      ok: false,
      error: { code: 'ERR_RESPONSE' },
    });
  });

  it('keeps the well-formed rows of a table', () => {
    expect(parseTable([{ rank: 1, name: 'Ada', score: 20, maxTile: 8 }, { rank: 'x' }])).toEqual([
      { rank: 1, name: 'Ada', score: 20, maxTile: 8 },
    ]);
  });
});

describe('over real HTTP', () => {
  // A stand-in for `2048 serve` on a random port: the page under Vite answers HTML to
  // everything, which is what `/vite/*` imitates; `/slow/*` never answers.
  const bodies: unknown[] = [];
  let server: Server;
  let origin = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => {
        text += chunk;
      });
      req.on('end', () => {
        if (req.url?.startsWith('/slow')) return undefined;
        if (req.url?.startsWith('/vite')) {
          return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html>');
        }
        const json = (status: number, body: unknown) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (req.url === '/api/health') return json(200, { ok: true });
        if (req.url === '/api/games')
          return json(201, { gameId: 'g1', seed: '77', rules: 'classic', size: 4 });
        if (req.url === '/api/scores' && req.method === 'POST') {
          bodies.push(JSON.parse(text));
          return json(422, { error: 'ERR_GAME_USED', message: 'this game was already submitted' });
        }
        if (req.url?.startsWith('/api/scores?'))
          return json(200, [{ rank: 1, name: 'Ada', score: 9, maxTile: 8 }]);
        return json(404, { error: 'ERR_NOT_FOUND', message: 'no route' });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('finds the API, gets a seed, sends a replayable record and reads the error', async () => {
    const board = createLeaderboard(fetch, `${origin}/api`);
    expect(await board.available()).toBe(true);
    expect(await board.issueGame({ rules: 'classic', size: 4 })).toEqual({
      ok: true,
      value: { gameId: 'g1', seed: '77' },
    });
    const game = step(newGame('classic', '77'), 'left').game;
    const answer = await board.submit('Ada', 'g1', game);
    expect(answer).toMatchObject({ ok: false, error: { code: 'ERR_GAME_USED' } });
    const sent = bodies.at(-1) as { name: string; gameId: string; record: unknown };
    expect(sent).toMatchObject({ name: 'Ada', gameId: 'g1' });
    expect(parseRecord(sent.record)).toMatchObject({
      ok: true,
      value: { seed: '77', moves: game.moves },
    });
    expect(await board.top({ rules: 'classic', size: 4 })).toMatchObject({
      ok: true,
      value: [{ name: 'Ada' }],
    });
  });

  it('is absent when the page is served without the API (Vite answers HTML)', async () => {
    expect(await createLeaderboard(fetch, `${origin}/vite/api`).available()).toBe(false);
  });

  it('gives up after the timeout, and names an unreachable server', async () => {
    const slow = createLeaderboard(fetch, `${origin}/slow/api`, 100);
    expect(await slow.issueGame({ rules: 'classic', size: 4 })).toMatchObject({
      ok: false,
      error: { code: 'ERR_TIMEOUT' },
    });
    const gone = createLeaderboard(fetch, 'http://127.0.0.1:1/api', 2000);
    expect(await gone.issueGame({ rules: 'classic', size: 4 })).toMatchObject({
      ok: false,
      error: { code: 'ERR_OFFLINE' },
    });
  });
});
