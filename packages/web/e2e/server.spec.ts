// The browser game served by the real leaderboard server (`startServer`, as `2048 serve` runs
// it) with a SQLite file in a temp dir: the page takes the server's seed, a finished game is
// ranked under the typed name, forgeries are refused with a named reason, and it plays offline.
// The game without a server (Vite) is covered by play.spec.ts and features.spec.ts.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import {
  DIRECTIONS,
  type Direction,
  type Game,
  MOVE_LETTERS,
  makeRecord,
  makeRules,
  movableDirections,
  newGame,
  parseRecord,
  recordOf,
  replay,
  step,
} from '@twenty48/engine';
import { type RunningServer, startServer } from '@twenty48/server';
import { expectGame, KEYS } from './board.js';

const WEB_ROOT = fileURLToPath(new URL('../dist/', import.meta.url));
const RULES_3 = (() => {
  const made = makeRules('classic', { size: 3 });
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
})();

let server: RunningServer;
let dataDir = '';

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'twenty48-e2e-'));
  server = await startServer({ port: 0, dbFile: join(dataDir, 'scores.db'), webRoot: WEB_ROOT });
});

test.afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// Moves end their animation at once, so a whole game is quick to play with keys.
test.use({ reducedMotion: 'reduce' });

/** Open the served page on a 3x3 classic board; resolves with the seed the server issued. */
async function openIssuedGame(page: Page): Promise<{ seed: string; gameId: string }> {
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/games') && r.request().method() === 'POST',
    { timeout: 10_000 },
  );
  await page.goto(`${server.url}/?rules=classic&size=3`);
  const response = await answer;
  expect(response.status()).toBe(201);
  const issued = (await response.json()) as { seed: string; gameId: string };
  await expect.poll(() => new URL(page.url()).searchParams.get('seed')).toBe(issued.seed);
  return issued;
}

/** Play with keys until the game is lost, always the first direction that changes the board. */
async function playToEnd(page: Page, start: Game): Promise<Game> {
  let game = start;
  while (game.status !== 'lost') {
    const direction = movableDirections(game.board)[0] as Direction;
    game = step(game, direction).game;
    await page.keyboard.press(KEYS[direction]);
  }
  await expectGame(page, game);
  return game;
}

/**
 * The game's moves with a move that changes nothing inserted before the end, or null if every
 * position allowed all four moves (none of 20,000 seeded 3x3 games played this way did).
 */
function withIneffectiveMove(game: Game): string | null {
  let position = newGame(game.rules, game.seed);
  for (let i = 0; i < game.moves.length; i++) {
    const still = DIRECTIONS.find((d) => !movableDirections(position.board).includes(d));
    if (still) return `${game.moves.slice(0, i)}${MOVE_LETTERS[still]}${game.moves.slice(i)}`;
    const letter = game.moves[i];
    const direction = DIRECTIONS.find((d) => MOVE_LETTERS[d] === letter);
    if (!direction) return null;
    position = step(position, direction).game;
  }
  return null;
}

test('the served page detects the server and plays the seed it issued', async ({ page }) => {
  const { seed } = await openIssuedGame(page);
  const start = newGame(RULES_3, seed);
  await expectGame(page, start);
  await expect(page.locator('#online-heading')).toHaveText('Online: classic 3×3');
  await expect(page.getByTestId('online-table')).toContainText('No verified scores yet');
  const moves: Direction[] = ['left', 'up', 'right', 'down'];
  let game = start;
  for (const direction of moves) {
    const next = step(game, direction).game;
    await page.keyboard.press(KEYS[direction]);
    if (next !== game) await expectGame(page, next);
    game = next;
  }
  await expectGame(page, game);
});

test('a finished game is ranked under the typed name; a refused name can be typed again', async ({
  page,
}) => {
  const { seed } = await openIssuedGame(page);
  const game = await playToEnd(page, newGame(RULES_3, seed));
  await expect(page.getByTestId('overlay')).toHaveAttribute('data-state', 'lost');

  const note = page.locator('#overlay-note');
  await page.getByLabel('Your name for the high scores').fill('<b>Ada</b>');
  await page.getByRole('button', { name: 'Save score' }).click();
  await expect(note).toContainText('the server refused this score');
  await expect(note).toContainText('(ERR_NAME)');
  await expect(page.getByRole('button', { name: 'Save score' })).toBeVisible();

  const name = `Ada & "Bo" 'Zed'`;
  await page.getByLabel('Your name for the high scores').fill(name);
  await page.getByRole('button', { name: 'Save score' }).click();
  await expect(note).toContainText(/Online: verified by the server, number \d+\./);
  await expect(page.getByRole('button', { name: 'Save score' })).toBeHidden();

  const table = (await (await fetch(`${server.url}/api/scores?rules=classic&size=3`)).json()) as {
    id: number;
    rank: number;
    name: string;
    score: number;
  }[];
  const mine = table.find((row) => row.name === name);
  expect(mine).toMatchObject({ name, score: game.score });
  if (!mine) return;
  await expect(note).toContainText(`number ${mine.rank}.`);
  const row = page.getByTestId('online-table').locator('li[aria-current=true]');
  await expect(row).toHaveAttribute('value', String(mine.rank));
  await expect(row).toContainText(`${name}: ${game.score}`);

  // Anyone can replay it: the row's record link gives the moves the page played.
  const href = await row.getByRole('link', { name: /record/ }).getAttribute('href');
  const record = parseRecord(await (await fetch(new URL(href ?? '', page.url()))).json());
  expect(record.ok && record.value.moves).toBe(game.moves);
  expect(record.ok && replay(record.value)).toMatchObject({
    ok: true,
    value: { score: game.score },
  });

  // The server's own page shows the name as text, escaped, not as markup.
  await page.goto(`${server.url}/leaderboard?rules=classic&size=3`);
  await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(1);
});

test('a seed from a link plays as asked, unranked, and the game-over screen says why', async ({
  page,
}) => {
  const issuedByPage: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/games')) issuedByPage.push(r.url());
  });
  await page.goto(`${server.url}/?seed=5&rules=classic&size=3`);
  await expect(page.locator('#online-heading')).toBeVisible();
  await playToEnd(page, newGame(RULES_3, '5'));
  await page.getByLabel('Your name for the high scores').fill('Linked');
  await page.getByRole('button', { name: 'Save score' }).click();
  await expect(page.locator('#overlay-note')).toContainText(
    'not ranked, because the server did not issue this game',
  );
  expect(issuedByPage).toEqual([]);
});

test('the server refuses forged records sent from the page, each with a named reason', async ({
  page,
}) => {
  await page.goto(`${server.url}/?rules=classic&size=3`);
  const send = (body: unknown): Promise<{ status: number; error: string }> =>
    page.evaluate(async (text) => {
      const post = (path: string, json: string) =>
        fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: json,
        });
      const response = await post('./api/scores', text);
      return {
        status: response.status,
        error: ((await response.json()) as { error: string }).error,
      };
    }, JSON.stringify(body));
  const issue = (): Promise<{ gameId: string; seed: string }> =>
    page.evaluate(async () => {
      const response = await fetch('./api/games', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rules: 'classic', size: 3 }),
      });
      return response.json();
    });

  const { gameId, seed } = await issue();
  let game = newGame(RULES_3, seed);
  while (game.status !== 'lost') {
    game = step(game, movableDirections(game.board)[0] as Direction).game;
  }
  const record = JSON.parse(makeRecord(recordOf(game))) as { moves: string };
  const forged = (moves: string) => ({ name: 'Mallory', gameId, record: { ...record, moves } });

  const inserted = withIneffectiveMove(game);
  expect(inserted, 'a 3x3 game to the end has a move that changes nothing').not.toBeNull();
  expect(await send(forged(inserted ?? ''))).toEqual({ status: 422, error: 'ERR_ILLEGAL_MOVE' });
  expect(await send(forged(`${game.moves}L`))).toEqual({
    status: 422,
    error: 'ERR_MOVE_AFTER_END',
  });
  expect(await send(forged(game.moves.slice(0, -1)))).toEqual({
    status: 422,
    error: 'ERR_NOT_FINISHED',
  });
  expect(await send({ ...forged(game.moves), score: game.score + 4 })).toEqual({
    status: 422,
    error: 'ERR_SCORE_MISMATCH',
  });
  const other = { ...record, seed: `${seed}x` };
  expect(await send({ name: 'Mallory', gameId, record: other })).toEqual({
    status: 422,
    error: 'ERR_SEED_MISMATCH',
  });
  expect(await send({ ...forged(game.moves), gameId: 'never-issued' })).toEqual({
    status: 422,
    error: 'ERR_UNKNOWN_GAME',
  });
  // None of the forgeries used the game up: the honest record still lands, once.
  expect(await send(forged(game.moves))).toEqual({ status: 201, error: undefined });
  expect(await send(forged(game.moves))).toEqual({ status: 422, error: 'ERR_GAME_USED' });
});

test('after the first load the page plays offline; a game finished offline is sent once back online', async ({
  page,
  context,
}) => {
  const { seed } = await openIssuedGame(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  let game = newGame(RULES_3, seed);
  for (const direction of movableDirections(game.board).slice(0, 2)) {
    game = step(game, direction).game;
    await page.keyboard.press(KEYS[direction]);
    await expectGame(page, game);
  }
  await context.setOffline(true);
  await page.reload();
  await expectGame(page, game);
  await expect(page.locator('#online-heading')).toBeHidden();
  game = await playToEnd(page, game);

  const note = page.locator('#overlay-note');
  await page.getByLabel('Your name for the high scores').fill('Offline Ada');
  await page.getByRole('button', { name: 'Save score' }).click();
  await expect(note).toContainText('Online: not sent, the leaderboard could not be reached');
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Save score' }).click();
  await expect(note).toContainText('Online: verified by the server');
  await expect(page.getByTestId('online-table')).toContainText(`Offline Ada: ${game.score}`);
});
