import {
  closeSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contrastRatio } from '@twenty48/common';
import {
  DIRECTIONS,
  type Direction,
  type Game,
  MOVE_LETTERS,
  makeRecord,
  makeRules,
  parseRecord,
  recordOf,
  replay,
  step,
} from '@twenty48/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { playCorner } from './corner-player.js';
import type { Limits } from './limits.js';
import { type RunningServer, startServer } from './server.js';

let dir: string;
let server: RunningServer;
const dbFile = () => join(dir, 'scores.db');
const start = (limits: Partial<Limits> = {}) =>
  startServer({ port: 0, dbFile: dbFile(), webRoot: join(dir, 'no-web'), limits });

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'twenty48-server-'));
  server = await start();
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const JSON_TYPE = { 'content-type': 'application/json' };
const post = (path: string, body: unknown, headers: Record<string, string> = JSON_TYPE) =>
  fetch(server.url + path, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const get = async (path: string) => {
  const response = await fetch(server.url + path);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
/** Status and body of a response, for one-line expectations. */
const answer = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as Record<string, unknown>,
});

/** The Retry-After header in whole seconds (NaN when it is missing or not a number). */
const retryAfter = (response: Response): number => {
  const header = response.headers.get('retry-after') ?? '';
  return /^\d+$/.test(header) ? Number(header) : Number.NaN;
};

async function newIssuedGame(rules = 'classic', size = 4) {
  const response = await post('/api/games', { rules, size });
  expect(response.status).toBe(201);
  return (await response.json()) as { gameId: string; seed: string };
}

/** Ask for a game, play it to the end with the corner strategy, and keep what to submit. */
async function playIssuedGame(): Promise<{ gameId: string; game: Game; record: unknown }> {
  const { gameId, seed } = await newIssuedGame();
  const game = playCorner('classic', seed);
  return { gameId, game, record: JSON.parse(makeRecord(recordOf(game))) };
}

describe('a legitimate game', () => {
  it('is issued a seed, verified, ranked, listed, and its record replays', async () => {
    const { gameId, game, record } = await playIssuedGame();
    const submitted = await answer(
      await post('/api/scores', { name: '  Ada ', gameId, record, score: game.score }),
    );
    const maxTile = Math.max(...game.board.flat());
    expect(submitted).toMatchObject({ status: 201, body: { rank: 1, score: game.score, maxTile } });

    const table = await get('/api/scores?rules=classic&size=4&limit=10');
    expect(table.status).toBe(200);
    expect(table.body).toEqual([
      {
        id: submitted.body.id,
        rank: 1,
        name: 'Ada',
        score: game.score,
        maxTile,
        moves: game.moves.length,
        finished: true,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);

    const stored = await get(`/api/scores/${submitted.body.id}/record`);
    const parsed = parseRecord(stored.body);
    const replayed = parsed.ok ? replay(parsed.value) : parsed;
    expect(replayed.ok && replayed.value).toEqual(game);
  });

  it('may be submitted unfinished and is ranked as such', async () => {
    const { gameId, seed } = await newIssuedGame('tiers', 5);
    const rules = makeRules('tiers', { size: 5 });
    if (!rules.ok) throw new Error(rules.error.message);
    const game = playCorner(rules.value, seed, 25);
    const record = JSON.parse(makeRecord(recordOf(game)));
    const refused = await answer(await post('/api/scores', { name: 'Bo', gameId, record }));
    expect(refused).toMatchObject({ status: 422, body: { error: 'ERR_NOT_FINISHED' } });
    const accepted = await post('/api/scores', { name: 'Bo', gameId, record, unfinished: true });
    expect(accepted.status).toBe(201);
    const table = await get('/api/scores?rules=tiers&size=5');
    expect(table.body).toMatchObject([{ name: 'Bo', finished: false, moves: 25 }]);
  });

  it('keeps the table across a restart', async () => {
    const { gameId, record } = await playIssuedGame();
    await post('/api/scores', { name: 'Kept', gameId, record });
    const before = await get('/api/scores');
    await server.close();
    server = await start();
    const after = await get('/api/scores');
    expect(after.body).toEqual(before.body);
    expect(after.body).toMatchObject([{ name: 'Kept' }]);
  });

  it('lands every one of many concurrent submissions', async () => {
    const games = await Promise.all(Array.from({ length: 12 }, () => playIssuedGame()));
    const responses = await Promise.all(
      games.map(({ gameId, record }, i) => post('/api/scores', { name: `p${i}`, gameId, record })),
    );
    expect(responses.map((response) => response.status)).toEqual(games.map(() => 201));
    const table = await get('/api/scores?limit=100');
    const rows = table.body as unknown as { name: string; score: number; rank: number }[];
    expect(rows.map((row) => row.name).sort()).toEqual(games.map((_, i) => `p${i}`).sort());
    expect(rows.map((row) => row.rank)).toEqual(games.map((_, i) => i + 1));
    const scores = rows.map((row) => row.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('refuses a name with HTML, returns other names as given and escapes them in the page', async () => {
    const { gameId, record } = await playIssuedGame();
    const html = await answer(
      await post('/api/scores', { name: '<img src=x onerror=f()>', gameId, record }),
    );
    expect(html).toMatchObject({ status: 422, body: { error: 'ERR_NAME' } });
    const name = `Tom & "Jerry's"`;
    expect((await post('/api/scores', { name, gameId, record })).status).toBe(201);
    expect((await get('/api/scores')).body).toMatchObject([{ name }]);
    const page = await fetch(`${server.url}/leaderboard?rules=classic&size=4`);
    const text = await page.text();
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(text).toContain('Tom &amp; &quot;Jerry&#39;s&quot;');
    expect(text).not.toContain(name);
    expect(text).toContain('<a href="/">Play a game</a>');
  });
});

describe('forged and broken submissions', () => {
  it('refuses an edited score, and the game can still be submitted honestly', async () => {
    const { gameId, game, record } = await playIssuedGame();
    const forged = await post('/api/scores', {
      name: 'Eve',
      gameId,
      record,
      score: game.score * 2,
    });
    expect(await answer(forged)).toMatchObject({
      status: 422,
      body: { error: 'ERR_SCORE_MISMATCH', message: expect.stringContaining(String(game.score)) },
    });
    expect((await post('/api/scores', { name: 'Eve', gameId, record })).status).toBe(201);
  });

  it('refuses an appended move that changes nothing, and one after the end', async () => {
    const { gameId, seed } = await newIssuedGame();
    let game = playCorner('classic', seed, 1);
    let idle: Direction | undefined;
    while (!idle && game.status !== 'lost') {
      idle = DIRECTIONS.find((direction) => !step(game, direction).moved);
      if (!idle) game = playCorner('classic', seed, game.moves.length + 1);
    }
    if (!idle) throw new Error('no idle move in this game');
    const record = {
      ...JSON.parse(makeRecord(recordOf(game))),
      moves: game.moves + MOVE_LETTERS[idle],
    };
    const idleMove = await post('/api/scores', { name: 'Eve', gameId, record, unfinished: true });
    expect(await answer(idleMove)).toMatchObject({
      status: 422,
      body: { error: 'ERR_ILLEGAL_MOVE' },
    });

    const finished = playCorner('classic', seed);
    const extended = { ...JSON.parse(makeRecord(recordOf(finished))), moves: `${finished.moves}U` };
    const afterEnd = await post('/api/scores', { name: 'Eve', gameId, record: extended });
    expect(await answer(afterEnd)).toMatchObject({
      status: 422,
      body: { error: 'ERR_MOVE_AFTER_END' },
    });
  });

  it('refuses a game whose spawns the issued seed could not make', async () => {
    const { gameId, seed } = await newIssuedGame();
    // Another seed's game, relabelled: its moves fit tiles the issued seed never spawns.
    const forged = Array.from({ length: 20 }, (_, i) => playCorner('classic', `other-${i}`)).find(
      (game) => {
        const replayed = replay({ ...recordOf(game), seed });
        return !replayed.ok && replayed.error.code === 'ERR_ILLEGAL_MOVE';
      },
    );
    if (!forged) throw new Error('no relabelled game found');
    const record = { ...JSON.parse(makeRecord(recordOf(forged))), seed };
    const response = await post('/api/scores', {
      name: 'Eve',
      gameId,
      record,
      score: forged.score,
    });
    expect(await answer(response)).toMatchObject({
      status: 422,
      body: { error: 'ERR_ILLEGAL_MOVE' },
    });
  });

  it('refuses a seed that was not issued, a game id never issued, and a reused seed', async () => {
    const { gameId, record } = await playIssuedGame();
    const ownSeed = playCorner('classic', 'my-lucky-seed');
    const ownRecord = JSON.parse(makeRecord(recordOf(ownSeed)));
    expect(
      await answer(await post('/api/scores', { name: 'Eve', gameId, record: ownRecord })),
    ).toMatchObject({ status: 422, body: { error: 'ERR_SEED_MISMATCH' } });
    expect(
      await answer(await post('/api/scores', { name: 'Eve', gameId: 'made-up', record })),
    ).toMatchObject({ status: 422, body: { error: 'ERR_UNKNOWN_GAME' } });
    expect((await post('/api/scores', { name: 'Ann', gameId, record })).status).toBe(201);
    expect(await answer(await post('/api/scores', { name: 'Ann', gameId, record }))).toMatchObject({
      status: 422,
      body: { error: 'ERR_GAME_USED' },
    });
  });

  it('refuses a game submitted after its seed expired', async () => {
    await server.close();
    server = await start({ gameTtlMs: 1 });
    const { gameId, record } = await playIssuedGame();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await answer(await post('/api/scores', { name: 'Late', gameId, record }))).toMatchObject(
      { status: 422, body: { error: 'ERR_GAME_EXPIRED' } },
    );
  });

  it('refuses malformed bodies with 400, a wrong content type with 415, 10 MB with 413', async () => {
    const { gameId, record } = await playIssuedGame();
    const whole = JSON.stringify({ name: 'Eve', gameId, record });
    const truncated = await post('/api/scores', whole.slice(0, whole.length / 2));
    expect(await answer(truncated)).toMatchObject({ status: 400, body: { error: 'ERR_JSON' } });
    const missingName = await post('/api/scores', { gameId, record });
    expect(await answer(missingName)).toMatchObject({ status: 400, body: { error: 'ERR_BODY' } });
    const textPlain = await post('/api/scores', whole, { 'content-type': 'text/plain' });
    expect(await answer(textPlain)).toMatchObject({
      status: 415,
      body: { error: 'ERR_CONTENT_TYPE' },
    });
    const huge = await post('/api/scores', `{"name":"${'x'.repeat(10 * 1024 * 1024)}"}`);
    expect(await answer(huge)).toMatchObject({ status: 413, body: { error: 'ERR_TOO_LARGE' } });
    const badName = await post('/api/scores', { name: 'a\u0000b', gameId, record });
    expect(await answer(badName)).toMatchObject({ status: 422, body: { error: 'ERR_NAME' } });
    const tooLong = await post('/api/scores', { name: 'x'.repeat(25), gameId, record });
    expect(await answer(tooLong)).toMatchObject({ status: 422, body: { error: 'ERR_NAME' } });
    const invisible = await post('/api/scores', { name: '\u3164', gameId, record });
    expect(await answer(invisible)).toMatchObject({ status: 422, body: { error: 'ERR_NAME' } });
    // None of the refusals used the game up.
    expect((await post('/api/scores', { name: 'Eve', gameId, record })).status).toBe(201);
  });

  it('limits one address to 30 submissions a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await post('/api/scores', { name: 'Spam', gameId: 'x', record: {} })).status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(422));
    expect(statuses[30]).toBe(429);
    const response = await post('/api/scores', { name: 'Spam', gameId: 'x', record: {} });
    expect(await answer(response)).toMatchObject({ body: { error: 'ERR_RATE_LIMIT' } });
    expect(retryAfter(response)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(response)).toBeLessThanOrEqual(60);
  });

  it('limits new games too, and says when to come back', async () => {
    await server.close();
    server = await start({ gamesPerMinute: 2 });
    await newIssuedGame();
    await newIssuedGame();
    const response = await post('/api/games', { rules: 'classic', size: 4 });
    expect(await answer(response)).toMatchObject({
      status: 429,
      body: { error: 'ERR_RATE_LIMIT', message: expect.stringMatching(/in \d+ s/) },
    });
    expect(retryAfter(response)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(response)).toBeLessThanOrEqual(60);
  });
});

describe('the rest of the API', () => {
  it('issues only ranked rules and sizes', async () => {
    const cases: [unknown, number, string][] = [
      [{ rules: 'chess', size: 4 }, 422, 'ERR_UNKNOWN_RULES'],
      [{ rules: 'classic', size: 9 }, 422, 'ERR_SIZE'],
      [{ rules: 'classic', size: 2 }, 422, 'ERR_SIZE'],
      [{ rules: 'classic', size: 4.5 }, 422, 'ERR_SIZE'],
      [{ size: 4 }, 400, 'ERR_BODY'],
      [[1], 400, 'ERR_BODY'],
    ];
    for (const [body, status, error] of cases) {
      expect(await answer(await post('/api/games', body))).toMatchObject({
        status,
        body: { error },
      });
    }
    const issued = await newIssuedGame('fiveTwelve', 8);
    expect(issued.seed).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it('answers health, refuses bad queries and unknown records, and speaks JSON everywhere', async () => {
    expect(await get('/api/health')).toMatchObject({ status: 200, body: { ok: true } });
    expect(await get('/api/scores?size=twelve')).toMatchObject({
      status: 400,
      body: { error: 'ERR_QUERY' },
    });
    expect(await get('/api/scores?limit=0')).toMatchObject({ status: 400 });
    expect(await get('/api/scores?rules=chess')).toMatchObject({ status: 400 });
    expect(await get('/api/scores?rules=tiers&size=8')).toEqual({ status: 200, body: [] });
    expect(await get('/api/scores/999/record')).toMatchObject({
      status: 404,
      body: { error: 'ERR_NOT_FOUND' },
    });
    expect(await get('/api/scores/abc/record')).toMatchObject({ status: 404 });
    expect(await get('/api/nothing-here')).toMatchObject({
      status: 404,
      body: { error: 'ERR_NOT_FOUND' },
    });
  });
});

describe('the pages', () => {
  const WEB = fileURLToPath(new URL('../../web/', import.meta.url));

  /** The game's build in the server's web root: its index.html and its icon from public/. */
  function buildGame(): void {
    const root = join(dir, 'no-web');
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>2048</title>');
    copyFileSync(join(WEB, 'public', 'icon.svg'), join(root, 'icon.svg'));
  }

  it('forbid framing: frame-ancestors in the CSP (merged with one already sent) and X-Frame-Options', async () => {
    const policyOf = async (path: string) => {
      const response = await fetch(server.url + path);
      await response.body?.cancel();
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      return (response.headers.get('content-security-policy') ?? '').split(/\s*;\s*/);
    };
    expect(await policyOf('/')).toContain("frame-ancestors 'none'"); // the "not built" page
    const leaderboard = await policyOf('/leaderboard');
    expect(leaderboard).toContain("frame-ancestors 'none'");
    expect(leaderboard).toContain("default-src 'none'"); // the page's own policy is kept
    buildGame();
    expect(await policyOf('/')).toEqual(["frame-ancestors 'none'"]);
    expect(await policyOf('/no-such-page')).toContain("frame-ancestors 'none'");
  });

  it("shows the game's icon, by the URL the server serves it at", async () => {
    buildGame();
    // The icon the game's own page links, resolved as a browser would.
    const gamePage = readFileSync(join(WEB, 'index.html'), 'utf8');
    const href = /<link rel="icon" href="([^"]+)"/.exec(gamePage)?.[1] ?? 'none';
    const iconPath = new URL(href, `${server.url}/`).pathname;
    const page = await (await fetch(`${server.url}/leaderboard`)).text();
    expect(page).toContain(`<link rel="icon" href="${iconPath}" type="image/svg+xml">`);
    const icon = await fetch(server.url + iconPath);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(Buffer.from(await icon.arrayBuffer())).toEqual(
      readFileSync(join(WEB, 'public', 'icon.svg')),
    );
  });

  it('has text and links of at least 4.5:1 contrast, light and dark', async () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#f65e3b', '#faf8ef')).toBeLessThan(4.5); // the old links: 3.0:1

    const page = await (await fetch(`${server.url}/leaderboard`)).text();
    const css = /<style>([\s\S]*)<\/style>/.exec(page)?.[1] ?? '';
    // The colours are custom properties, set for light and then for dark; the rules use them.
    expect(css).toMatch(/body \{[^}]*background: var\(--page\); color: var\(--text\)/);
    expect(css).toMatch(/(^|\n)a \{ color: var\(--link\); \}/);
    expect(css).toMatch(/code \{ background: var\(--code\)/);
    const themes = [...css.matchAll(/:root \{([^}]*)\}/g)].map((match) =>
      Object.fromEntries(
        [...(match[1] ?? '').matchAll(/--(\w+): (#[0-9a-f]{6});/g)].map(([, n, v]) => [n, v]),
      ),
    );
    expect(themes).toHaveLength(2);
    expect(css).toMatch(/@media \(prefers-color-scheme: dark\) \{ :root \{/);
    for (const theme of themes) {
      for (const [fore, back] of [
        ['link', 'page'],
        ['text', 'page'],
        ['text', 'code'],
      ]) {
        const ratio = contrastRatio(theme[fore as string] ?? '', theme[back as string] ?? '');
        expect(ratio, `${fore} on ${back} in ${JSON.stringify(theme)}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

describe('methods', () => {
  it.each([
    ['DELETE', '/api/scores', 'GET, HEAD, POST'],
    ['PUT', '/api/scores', 'GET, HEAD, POST'],
    ['PUT', '/api/games', 'POST'],
    ['GET', '/api/games', 'POST'],
    ['POST', '/api/health', 'GET, HEAD'],
    ['DELETE', '/api/scores/1/record', 'GET, HEAD'],
    ['OPTIONS', '/api/health', 'GET, HEAD'],
    ['POST', '/leaderboard', 'GET, HEAD'],
    ['DELETE', '/', 'GET, HEAD'],
    ['PUT', '/assets/main.js', 'GET, HEAD'],
  ])('%s %s is 405 with Allow: %s', async (method, path, allow) => {
    const response = await fetch(server.url + path, {
      method,
      headers: JSON_TYPE,
      body: method === 'GET' || method === 'HEAD' ? null : '{}',
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    expect(await response.json()).toMatchObject({ error: 'ERR_METHOD_NOT_ALLOWED' });
  });

  it('serves HEAD wherever it serves GET, and still answers 404 where nothing is', async () => {
    expect((await fetch(`${server.url}/api/health`, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(`${server.url}/leaderboard`, { method: 'HEAD' })).status).toBe(200);
    const plain = await post('/api/health', 'hi', { 'content-type': 'text/plain' });
    expect(plain.status).toBe(405); // the method is wrong before the body is
    await plain.body?.cancel();
    const nowhere = await fetch(`${server.url}/api/nothing`, { method: 'DELETE' });
    expect(await answer(nowhere)).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
    expect(nowhere.headers.get('allow')).toBeNull();
  });
});

describe('a database damaged under the running server', () => {
  /** Garbage over every page after the first (the schema, read at start), as a failing disk. */
  function damageAfterSchema(file: string): void {
    const bytes = readFileSync(file);
    const pageSize = bytes.readUInt16BE(16);
    const fd = openSync(file, 'r+');
    writeSync(
      fd,
      Buffer.alloc(bytes.length - pageSize, 0xa5),
      0,
      bytes.length - pageSize,
      pageSize,
    );
    closeSync(fd);
  }

  it('answers 503 naming ERR_DB_CORRUPT on health and every route that needs the store', async () => {
    const { gameId, record } = await playIssuedGame();
    expect((await post('/api/scores', { name: 'Ada', gameId, record })).status).toBe(201);
    await server.close(); // everything is now in the file itself, not in its WAL
    server = await start();
    damageAfterSchema(dbFile());
    const damaged = readFileSync(dbFile());

    const scores = await get('/api/scores');
    expect(scores).toMatchObject({
      status: 503,
      body: { error: 'ERR_DB_CORRUPT', message: expect.stringMatching(/^the database is damaged/) },
    });
    expect(String(scores.body.message)).not.toContain(dir); // no server paths to the world
    expect(await get('/api/health')).toMatchObject({
      status: 503,
      body: { ok: false, error: 'ERR_DB_CORRUPT', message: expect.stringContaining('damaged') },
    });
    expect(await answer(await post('/api/games', { rules: 'classic', size: 4 }))).toMatchObject({
      status: 503,
      body: { error: 'ERR_DB_CORRUPT' },
    });
    expect(await get('/api/scores/1/record')).toMatchObject({
      status: 503,
      body: { error: 'ERR_DB_CORRUPT' },
    });
    const page = await fetch(`${server.url}/leaderboard`);
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('the database is damaged');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    await server.close();
    expect(readFileSync(dbFile()).equals(damaged)).toBe(true);
  });
});
