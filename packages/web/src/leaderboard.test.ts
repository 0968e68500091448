import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRankedGame, type RankedGame, rankGame } from '@twenty48/client';
import {
  makeRules,
  movableDirections,
  newGame,
  PRESET_NAMES,
  parseRecord,
  replay,
  step,
} from '@twenty48/engine';
import { type RunningServer, startServer } from '@twenty48/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLeaderboard,
  mayRetry,
  parseAnswer,
  parseRanked,
  parseTable,
  submissionNote,
} from './leaderboard.js';

describe('reading answers', () => {
  it('turns the API error body into its named error', () => {
    const answer = parseAnswer(409, { error: 'ERR_GAME_USED', message: 'used' }, parseRanked);
    expect(answer).toEqual({ ok: false, error: { code: 'ERR_GAME_USED', message: 'used' } });
  });

  it('refuses a body of the wrong shape', () => {
    expect(parseAnswer(201, { id: 'x' }, parseRanked)).toMatchObject({
      ok: false,
      error: { code: 'ERR_RESPONSE' },
    });
    expect(parseAnswer(500, '<html>', parseRanked)).toMatchObject({
      ok: false,
      error: { code: 'ERR_RESPONSE' },
    });
  });

  it('keeps the well-formed rows of a table', () => {
    const rows = [
      { id: 4, rank: 1, name: 'Ada', score: 20, maxTile: 8 },
      { rank: 2, name: 'No id', score: 10, maxTile: 4 },
      { id: 5, rank: 'x' },
    ];
    expect(parseTable(rows)).toEqual([{ id: 4, rank: 1, name: 'Ada', score: 20, maxTile: 8 }]);
  });

  it('reads a ranked score only with its id, rank and score', () => {
    expect(parseRanked({ id: 7, rank: 2, score: 196, maxTile: 32 })).toEqual({
      id: 7,
      rank: 2,
      score: 196,
    });
    expect(parseRanked({ rank: 2, score: 196 })).toBeNull();
  });
});

describe('what the game-over screen says', () => {
  it("gives the rank, or the server's reason (its code in the details), or that nobody answered", () => {
    expect(submissionNote({ ok: true, value: { id: 1, rank: 3, score: 9 } })).toEqual({
      text: 'Online: ranked by the server, number 3.',
      details: '',
    });
    const refused = submissionNote({
      ok: false,
      error: { code: 'ERR_GAME_USED', message: 'this game is ranked already' },
    });
    expect(refused).toEqual({
      text: 'Online: the server refused this score: this game is ranked already.',
      details: 'ERR_GAME_USED',
    });
    const busy = submissionNote({
      ok: false,
      error: { code: 'ERR_RATE_LIMIT', message: 'slow down' },
    });
    expect(busy).toEqual({
      text: 'Online: the server refused this score: slow down. Save score tries again.',
      details: 'ERR_RATE_LIMIT',
    });
    const offline = submissionNote({
      ok: false,
      error: { code: 'ERR_OFFLINE', message: 'Failed to fetch' },
    });
    expect(offline).toEqual({
      text: 'Online: not sent, the leaderboard could not be reached. Save score tries again.',
      details: 'ERR_OFFLINE: Failed to fetch',
    });
    const named = submissionNote({ ok: false, error: { code: 'ERR_NAME', message: 'no < or >' } });
    expect(named).toEqual({
      text: 'Online: the server refused this score: no < or >. Choose another name and save again.',
      details: 'ERR_NAME',
    });
  });

  it('offers to send again only when the game itself was not judged', () => {
    for (const code of [
      'ERR_NAME',
      'ERR_RATE_LIMIT',
      'ERR_STARTING',
      'ERR_OFFLINE',
      'ERR_TIMEOUT',
    ]) {
      expect(mayRetry(code), code).toBe(true);
    }
    for (const code of ['ERR_GAME_USED', 'ERR_NOT_FINISHED', 'ERR_UNKNOWN_GAME', 'ERR_JSON']) {
      expect(mayRetry(code), code).toBe(false);
    }
  });
});

describe('over real HTTP', () => {
  // A stand-in for `2048 serve` on a random port: the page under Vite answers HTML to
  // everything, which is what `/vite/*` imitates; `/slow/*` never answers.
  let healthChecks = 0;
  let server: Server;
  let origin = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url?.startsWith('/slow')) return undefined;
        if (req.url?.startsWith('/vite')) {
          return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html>');
        }
        const json = (status: number, body: unknown) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (req.url === '/api/health') return json(200, { ok: true });
        if (req.url === '/later/api/health') {
          healthChecks += 1;
          return healthChecks === 1 ? json(503, { error: 'ERR_DOWN' }) : json(200, { ok: true });
        }
        if (req.url?.startsWith('/api/scores?'))
          return json(200, [{ id: 1, rank: 1, name: 'Ada', score: 9, maxTile: 8 }]);
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

  it('finds the API and reads a table', async () => {
    const board = createLeaderboard(fetch, `${origin}/api`);
    expect(await board.available()).toBe(true);
    expect(await board.top({ rules: 'classic', size: 4 })).toMatchObject({
      ok: true,
      value: [{ name: 'Ada' }],
    });
  });

  it('is absent when the page is served without the API (Vite answers HTML)', async () => {
    expect(await createLeaderboard(fetch, `${origin}/vite/api`).available()).toBe(false);
  });

  it('asks again after a no, and remembers a yes', async () => {
    const board = createLeaderboard(fetch, `${origin}/later/api`);
    expect(await board.available()).toBe(false);
    expect(await board.available()).toBe(true);
    expect(await board.available()).toBe(true);
    expect(healthChecks).toBe(2);
  });

  it('gives up after the timeout, and names an unreachable server', async () => {
    const slow = createLeaderboard(fetch, `${origin}/slow/api`, 100);
    expect(await slow.top({ rules: 'classic', size: 4 })).toMatchObject({
      ok: false,
      error: { code: 'ERR_TIMEOUT' },
    });
    const gone = createLeaderboard(fetch, 'http://127.0.0.1:1/api', 2000);
    expect(await gone.top({ rules: 'classic', size: 4 })).toMatchObject({
      ok: false,
      error: { code: 'ERR_OFFLINE' },
    });
  });
});

/** Play a ranked game to the end through the client, as the page does, four moves at a time. */
async function playRankedToEnd(game: RankedGame): Promise<void> {
  for (let i = 0; game.snapshot().confirmed.status !== 'lost' && i < 5000; i++) {
    for (const direction of ['left', 'down', 'right', 'up'] as const) game.move(direction);
    await game.settled();
  }
  if (game.snapshot().connection !== 'online') throw new Error(game.snapshot().error?.message);
}

describe('against the real server (`startServer`, SQLite in a temp dir)', () => {
  let server: RunningServer;
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'twenty48-web-'));
    server = await startServer({
      port: 0,
      dbFile: join(dir, 'scores.db'),
      webRoot: dir,
      limits: {
        gamesPerPlayer: 50,
        gamesPerAddress: 50,
        movesPerSecond: 10_000,
        moveBurst: 10_000,
      },
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const link = () => ({ fetch, baseUrl: server.url });

  it.each(PRESET_NAMES)(
    'ranks a %s 3x3 game the server dealt; the table lists it and its record replays',
    async (name) => {
      const board = createLeaderboard(fetch, `${server.url}/api`);
      expect(await board.available()).toBe(true);
      const created = await createRankedGame(link(), { rules: name, size: 3 });
      if (!created.ok) throw new Error(created.error.message);
      await playRankedToEnd(created.value);
      const { score, board: last } = created.value.snapshot().position;
      const ranked = await rankGame(link(), created.value.gameId, `Ada & "Bo"`);
      expect(ranked).toMatchObject({ ok: true, value: { score } });
      const top = await board.top({ rules: name, size: 3 });
      expect(top.ok && top.value.map((row) => [row.name, row.score])).toContainEqual([
        `Ada & "Bo"`,
        score,
      ]);
      if (!ranked.ok) return;
      const record = parseRecord(await (await fetch(board.recordUrl(ranked.value.id))).json());
      const replayed = record.ok ? replay(record.value) : record;
      expect(replayed).toMatchObject({ ok: true, value: { score, board: last } });
      const again = await rankGame(link(), created.value.gameId, 'Ada');
      expect(again).toMatchObject({ ok: false, error: { code: 'ERR_GAME_USED' } });
    },
    30_000,
  );

  it('names the refusal of a name with markup, of a game not over, and of a record the page made', async () => {
    const created = await createRankedGame(link(), { rules: 'classic', size: 3 });
    if (!created.ok) throw new Error(created.error.message);
    const early = await rankGame(link(), created.value.gameId, 'Ada');
    expect(early).toMatchObject({ ok: false, error: { code: 'ERR_NOT_FINISHED' } });
    await playRankedToEnd(created.value);
    const named = await rankGame(link(), created.value.gameId, '<b>Ada</b>');
    expect(named).toMatchObject({ ok: false, error: { code: 'ERR_NAME' } });
    // The old flow: a record the client made and sent. Whatever it says, it is not ranked.
    const rules = makeRules('classic', { size: 3 });
    if (!rules.ok) throw new Error(rules.error.message);
    let game = newGame(rules.value, '5');
    while (game.status !== 'lost')
      game = step(game, movableDirections(game.board)[0] ?? 'left').game;
    const response = await fetch(`${server.url}/api/scores`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Mallory',
        gameId: created.value.gameId,
        record: { version: 1, rules: 'classic', seed: '5', moves: game.moves },
      }),
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: string }).error).toBe('ERR_FLOW_CHANGED');
  }, 30_000);
});
