import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Game,
  makeRules,
  movableDirections,
  newGame,
  PRESET_NAMES,
  type PresetName,
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
  parseIssued,
  parseRanked,
  parseTable,
  submissionNote,
} from './leaderboard.js';

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
  it("gives the rank, or the server's reason with its code, or that nobody answered", () => {
    expect(submissionNote({ ok: true, value: { id: 1, rank: 3, score: 9 } })).toBe(
      'Online: verified by the server, number 3.',
    );
    const refused = submissionNote({
      ok: false,
      error: { code: 'ERR_ILLEGAL_MOVE', message: 'move 3 (up) changes nothing' },
    });
    expect(refused).toBe(
      'Online: the server refused this score: move 3 (up) changes nothing (ERR_ILLEGAL_MOVE).',
    );
    const offline = submissionNote({
      ok: false,
      error: { code: 'ERR_OFFLINE', message: 'Failed to fetch' },
    });
    expect(offline).toBe(
      'Online: not sent, the leaderboard could not be reached (ERR_OFFLINE: Failed to fetch). Save score tries again.',
    );
    const named = submissionNote({ ok: false, error: { code: 'ERR_NAME', message: 'no < or >' } });
    expect(named).toBe(
      'Online: the server refused this score: no < or > (ERR_NAME). Choose another name and save again.',
    );
  });

  it('offers to send again only when the game itself was not judged', () => {
    for (const code of ['ERR_NAME', 'ERR_RATE_LIMIT', 'ERR_OFFLINE', 'ERR_TIMEOUT']) {
      expect(mayRetry(code), code).toBe(true);
    }
    for (const code of ['ERR_ILLEGAL_MOVE', 'ERR_GAME_USED', 'ERR_SEED_MISMATCH', 'ERR_JSON']) {
      expect(mayRetry(code), code).toBe(false);
    }
  });
});

describe('over real HTTP', () => {
  // A stand-in for `2048 serve` on a random port: the page under Vite answers HTML to
  // everything, which is what `/vite/*` imitates; `/slow/*` never answers.
  const bodies: unknown[] = [];
  let healthChecks = 0;
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
        if (req.url === '/later/api/health') {
          healthChecks += 1;
          return healthChecks === 1 ? json(503, { error: 'ERR_DOWN' }) : json(200, { ok: true });
        }
        if (req.url === '/api/games')
          return json(201, { gameId: 'g1', seed: '77', rules: 'classic', size: 4 });
        if (req.url === '/api/scores' && req.method === 'POST') {
          bodies.push(JSON.parse(text));
          return json(422, { error: 'ERR_GAME_USED', message: 'this game was already submitted' });
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

  it('asks again after a no, and remembers a yes', async () => {
    const board = createLeaderboard(fetch, `${origin}/later/api`);
    expect(await board.available()).toBe(false);
    expect(await board.available()).toBe(true);
    expect(await board.available()).toBe(true);
    expect(healthChecks).toBe(2);
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

/**
 * Play to the end: the first direction that changes the board, every time; on a stuck board
 * (FiveTwelve: an ineffective move still spawns, and ends the game when there is no room) left.
 */
const playToEnd = (start: Game): Game => {
  let game = start;
  while (game.status !== 'lost') {
    const next = step(game, movableDirections(game.board)[0] ?? 'left').game;
    if (next === game) throw new Error('a game that is not lost takes a move');
    game = next;
  }
  return game;
};

const rulesOf3 = (name: PresetName) => {
  const made = makeRules(name, { size: 3 });
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
};

describe('against the real server (`startServer`, SQLite in a temp dir)', () => {
  let server: RunningServer;
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'twenty48-web-'));
    server = await startServer({ port: 0, dbFile: join(dir, 'scores.db'), webRoot: dir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('plays an issued seed to the end; the score is ranked, listed and replayable', async () => {
    const board = createLeaderboard(fetch, `${server.url}/api`);
    expect(await board.available()).toBe(true);
    const issued = await board.issueGame({ rules: 'classic', size: 3 });
    if (!issued.ok) throw new Error(issued.error.message);
    const game = playToEnd(newGame(rulesOf3('classic'), issued.value.seed));
    const ranked = await board.submit('Ada & "Bo"', issued.value.gameId, game);
    expect(ranked).toEqual({
      ok: true,
      value: { id: expect.any(Number), rank: 1, score: game.score },
    });
    const top = await board.top({ rules: 'classic', size: 3 });
    expect(top).toMatchObject({
      ok: true,
      value: [{ rank: 1, name: 'Ada & "Bo"', score: game.score }],
    });
    if (!ranked.ok) return;
    const record = parseRecord(await (await fetch(board.recordUrl(ranked.value.id))).json());
    expect(record.ok && replay(record.value)).toMatchObject({
      ok: true,
      value: { score: game.score },
    });
    const again = await board.submit('Ada', issued.value.gameId, game);
    expect(again).toMatchObject({ ok: false, error: { code: 'ERR_GAME_USED' } });
  });

  it.each(PRESET_NAMES)('ranks a finished %s 3x3 game the page sends', async (name) => {
    const board = createLeaderboard(fetch, `${server.url}/api`);
    const issued = await board.issueGame({ rules: name, size: 3 });
    if (!issued.ok) throw new Error(issued.error.message);
    const game = playToEnd(newGame(rulesOf3(name), issued.value.seed));
    const ranked = await board.submit('Ada', issued.value.gameId, game);
    expect(ranked).toMatchObject({ ok: true, value: { score: game.score } });
    const top = await board.top({ rules: name, size: 3 });
    expect(top.ok && top.value.map((row) => row.score)).toContain(game.score);
  });

  it('names the refusal of an edited record and of a name with markup', async () => {
    const board = createLeaderboard(fetch, `${server.url}/api`);
    const issued = await board.issueGame({ rules: 'classic', size: 3 });
    if (!issued.ok) throw new Error(issued.error.message);
    const game = playToEnd(newGame(rulesOf3('classic'), issued.value.seed));
    const named = await board.submit('<b>Ada</b>', issued.value.gameId, game);
    expect(named).toMatchObject({ ok: false, error: { code: 'ERR_NAME' } });
    // One more move on a lost game: the replay must refuse it.
    const forged = { ...game, moves: `${game.moves}L` };
    const refused = await board.submit('Ada', issued.value.gameId, forged);
    expect(refused).toMatchObject({ ok: false, error: { code: 'ERR_MOVE_AFTER_END' } });
  });
});
