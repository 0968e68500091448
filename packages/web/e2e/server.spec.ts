// The browser game served by the real leaderboard server (`startServer`, as `2048 serve` runs
// it) with a SQLite file in a temp dir: every new game is a ranked game the server deals, the
// page shows exactly what it dealt, keys are pipelined, a lost connection pauses and resumes, a
// reload resumes, the end ranks under the typed name, the Watch view follows another client's
// game, and a game from a link or offline stays local and unranked. The game without a server
// (Vite) is covered by play.spec.ts and features.spec.ts; the forgeries the server refuses, by
// the server's own tests.

import { expect, type Page, test } from '@playwright/test';
import {
  type Direction,
  type Game,
  makeRules,
  newGame,
  parseRecord,
  replay,
  step,
} from '@twenty48/engine';
import { RANKED_LINE } from '../src/view-state.js';
import { expectGame, firstMovable, KEYS, shownBoard, shownNumber } from './board.js';
import { useRealServer } from './realServer.js';

const RULES_3 = (() => {
  const made = makeRules('classic', { size: 3 });
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
})();

const server = useRealServer();

// Moves end their animation at once, so a whole game is quick to play with keys.
test.use({ reducedMotion: 'reduce' });

interface Held {
  readonly board: number[][];
  readonly score: number;
  readonly status: string;
  readonly sent: number;
  readonly moves: number;
  readonly watchId: string;
}

/** The game as the server holds it (`GET /api/games/:gameId`). */
const held = async (gameId: string): Promise<Held> =>
  (await (await fetch(`${server().url}/api/games/${gameId}`)).json()) as Held;

/** A JSON POST to the API, as another client would send it. */
const post = async <T = { error?: string }>(
  path: string,
  body: unknown,
): Promise<{ status: number; body: T }> => {
  const response = await fetch(`${server().url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
};

interface Dealt {
  readonly gameId: string;
  readonly watchId: string;
  readonly board: number[][];
  readonly score: number;
  readonly moves: number;
}

/** Open the served page; resolves with the ranked game the server created for it. */
async function openRankedGame(
  page: Page,
  search = '?rules=classic&size=3',
): Promise<{ gameId: string; watchId: string; board: number[][] }> {
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/games') && r.request().method() === 'POST',
    { timeout: 10_000 },
  );
  await page.goto(`${server().url}/${search}`);
  const response = await created;
  expect(response.status()).toBe(201);
  const game = (await response.json()) as { gameId: string; watchId: string; board: number[][] };
  expect(game).not.toHaveProperty('seed');
  await expect(page.getByTestId('ranked-line')).toHaveText(RANKED_LINE);
  await expectServerGame(page, game.gameId);
  return game;
}

/** Wait until the page shows exactly the game the server holds: every tile, the score, the moves. */
async function expectServerGame(page: Page, gameId: string): Promise<Held> {
  let last: Held | undefined;
  await expect
    .poll(
      async () => {
        last = await held(gameId);
        const shown = {
          board: await shownBoard(page),
          score: await page.getByTestId('score').textContent(),
          moves: await page.getByTestId('moves').textContent(),
        };
        const dealt = {
          board: last.board,
          score: shownNumber(last.score),
          moves: shownNumber(last.moves),
        };
        return JSON.stringify(shown) === JSON.stringify(dealt) ? 'same' : { shown, dealt };
      },
      { timeout: 10_000 },
    )
    .toBe('same');
  return last as Held;
}

/**
 * Play with keys until the server says lost, the first direction that moves its board each
 * time; resolves with the last game and every board the page showed, the start included.
 */
async function playToEnd(page: Page, gameId: string): Promise<Held & { shown: number[][][] }> {
  let game = await expectServerGame(page, gameId);
  const shown = [game.board];
  while (game.status !== 'lost') {
    const direction = firstMovable(game.board);
    await page.keyboard.press(KEYS[direction]);
    await expect.poll(async () => (await held(gameId)).moves).toBeGreaterThan(game.moves);
    game = await expectServerGame(page, gameId);
    shown.push(await shownBoard(page));
  }
  await expect(page.getByTestId('overlay')).toHaveAttribute('data-state', 'lost');
  return { ...game, shown };
}

test('a ranked game played with keys shows exactly what the server dealt, and its revealed record replays to it', async ({
  page,
}) => {
  const { gameId } = await openRankedGame(page);
  await expect(page.locator('#online-heading')).toHaveText('Online: classic 3×3');
  const last = await playToEnd(page, gameId);
  await page.getByLabel('Your name for the high scores').fill('Replayed');
  await page.getByRole('button', { name: 'Save score' }).click();
  await expect(page.locator('#overlay-note')).toContainText(
    /Online: ranked by the server, number \d+\./,
  );
  const row = page.getByTestId('online-table').locator('li[aria-current=true]');
  const href = await row.getByRole('link', { name: /record/ }).getAttribute('href');
  const record = parseRecord(await (await fetch(new URL(href ?? '', page.url()))).json());
  if (!record.ok) throw new Error(record.error.message);
  expect(record.value.moves).toHaveLength(last.moves);
  const replayed = replay(record.value);
  expect(replayed).toMatchObject({ ok: true, value: { board: last.board, score: last.score } });
  // The engine, from the seed revealed at the end, deals the very boards the page showed.
  const boards = [newGame(RULES_3, record.value.seed)];
  for (const letter of record.value.moves) {
    const direction = ({ U: 'up', D: 'down', L: 'left', R: 'right' } as const)[letter as 'U'];
    boards.push(step(boards.at(-1) as Game, direction).game);
  }
  expect(last.shown).toEqual(boards.map((game) => game.board));
});

test('undo, hint and auto-play are not offered in a ranked game, and the page says why', async ({
  page,
}) => {
  const { gameId, board } = await openRankedGame(page);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Hint' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Auto-play' })).toBeDisabled();
  await expect(page.getByTestId('ranked-line')).toHaveText(RANKED_LINE);
  await page.keyboard.press(KEYS[firstMovable(board)]);
  const moved = await expectServerGame(page, gameId);
  expect(moved.moves).toBe(1);
  await page.keyboard.press('u');
  await page.waitForTimeout(200);
  expect(await expectServerGame(page, gameId)).toMatchObject({ moves: 1, sent: moved.sent });
});

test('a reload mid-game resumes the same ranked game', async ({ page }) => {
  const { gameId } = await openRankedGame(page);
  let game = await held(gameId);
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press(KEYS[firstMovable(game.board)]);
    await expect.poll(async () => (await held(gameId)).moves).toBe(i + 1);
    game = await expectServerGame(page, gameId);
  }
  const creations: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/games') && r.method() === 'POST') creations.push(r.url());
  });
  const resumed = page.waitForResponse((r) => r.url().endsWith(`/api/games/${gameId}`));
  await page.reload();
  expect((await resumed).status()).toBe(200);
  await expectServerGame(page, gameId);
  await expect(page.getByTestId('ranked-line')).toHaveText(RANKED_LINE);
  await page.keyboard.press(KEYS[firstMovable(game.board)]);
  await expect.poll(async () => (await held(gameId)).moves).toBe(4);
  await expectServerGame(page, gameId);
  expect(creations).toEqual([]);
});

test.describe('with the network in the test’s hands', () => {
  test.use({ serviceWorkers: 'block' });
  // A service worker that has claimed the page hides its requests from page.route (Playwright's
  // documented limit), so every test here that routes the API runs with it blocked.

  test('quick key presses are pipelined: all sent and slid before any answer, none lost', async ({
    page,
  }) => {
    const { gameId, board } = await openRankedGame(page, '?rules=classic&size=4');
    // The answers are held back until every key is pressed, as on a very slow network: the
    // moves must go out, and the slides show, without waiting for them.
    let sent = 0;
    let release = () => {};
    const answersHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/games/*/moves', async (route) => {
      sent += 1;
      const response = await route.fetch();
      await answersHeld;
      await route.fulfill({ response });
    });
    const first = firstMovable(board);
    const keys: Direction[] = [first, 'up', 'left', 'down', 'right', 'up', 'left', 'down'];
    for (const direction of keys) await page.keyboard.press(KEYS[direction], { delay: 0 });
    await expect.poll(() => sent).toBe(keys.length);
    await expect(page.getByTestId('moves')).toHaveText('0');
    expect(await shownBoard(page)).not.toEqual(board);
    release();
    const game = await expectServerGame(page, gameId);
    expect(game.sent).toBe(keys.length);
  });

  test('a dropped connection pauses with a notice and resumes with the same game', async ({
    page,
  }) => {
    const { gameId, board } = await openRankedGame(page);
    let dropped = 0;
    await page.route('**/api/games/*/moves', (route) => {
      dropped += 1;
      return route.abort('internetdisconnected');
    });
    await page.keyboard.press(KEYS[firstMovable(board)]);
    await expect(page.getByTestId('notice')).toHaveText('Connection lost, retrying…');
    await expect.poll(() => dropped).toBeGreaterThan(1);
    // Keys pressed while paused are not made (and say so).
    await page.keyboard.press(KEYS.up);
    await expect(page.locator('#live')).toContainText('that move was not made');
    await page.unroute('**/api/games/*/moves');
    await expect(page.getByTestId('notice')).toHaveText('', { timeout: 10_000 });
    const game = await expectServerGame(page, gameId);
    expect(game).toMatchObject({ moves: 1, sent: 1 });
    await page.keyboard.press(KEYS[firstMovable(game.board)]);
    await expect.poll(async () => (await held(gameId)).moves).toBe(2);
    await expectServerGame(page, gameId);
  });
});

test('a finished game ranks under the typed name; a refused name can be typed again', async ({
  page,
}) => {
  const { gameId } = await openRankedGame(page);
  const last = await playToEnd(page, gameId);
  const note = page.locator('#overlay-note');
  await page.getByLabel('Your name for the high scores').fill('<b>Ada</b>');
  await page.getByRole('button', { name: 'Save score' }).click();
  // Refused before it is saved or sent: the form says why and keeps the focus.
  await expect(page.locator('#name-problem')).toHaveText(
    'Not a valid name: a name may not contain < or >.',
  );
  await expect(page.getByLabel('Your name for the high scores')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Save score' })).toBeVisible();

  const name = `Ada & "Bo" 'Zed'`;
  await page.getByLabel('Your name for the high scores').fill(name);
  await page.getByRole('button', { name: 'Save score' }).click();
  await expect(note).toContainText(/Online: ranked by the server, number \d+\./);
  await expect(page.getByRole('button', { name: 'Save score' })).toBeHidden();
  const table = (await (await fetch(`${server().url}/api/scores?rules=classic&size=3`)).json()) as {
    rank: number;
    name: string;
    score: number;
  }[];
  const mine = table.find((row) => row.name === name);
  expect(mine).toMatchObject({ name, score: last.score });
  await expect(note).toContainText(`number ${mine?.rank}.`);
  const row = page.getByTestId('online-table').locator('li[aria-current=true]');
  await expect(row).toHaveAttribute('value', String(mine?.rank));
  await expect(row).toContainText(`${name}: ${last.score}`);
  // Ranked once: the same game again is refused.
  expect(await post('/api/scores', { gameId, name: 'Twice' })).toMatchObject({
    status: 409,
    body: { error: 'ERR_GAME_USED' },
  });
  await page.goto(`${server().url}/leaderboard?rules=classic&size=3`);
  await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(1);
});

test('what a page could forge is refused: a record it made, a finished claim, play by watchId', async ({
  page,
}) => {
  const { gameId, watchId, board } = await openRankedGame(page);
  const send = (path: string, body: unknown) =>
    page.evaluate(
      async ([url, text]) => {
        const response = await fetch(url as string, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: text as string,
        });
        return {
          status: response.status,
          error: ((await response.json()) as { error?: string }).error,
        };
      },
      [path, JSON.stringify(body)],
    );
  // The old flow: a record made in the page, whatever it claims, is not ranked.
  let game = newGame(RULES_3, '5');
  while (game.status !== 'lost') game = step(game, firstMovable(game.board)).game;
  const record = { version: 1, rules: { ...RULES_3 }, seed: '5', moves: game.moves };
  expect(await send('./api/scores', { name: 'Mallory', gameId, record })).toEqual({
    status: 422,
    error: 'ERR_FLOW_CHANGED',
  });
  // A game not over does not rank; the public id cannot play.
  expect(await send('./api/scores', { name: 'Mallory', gameId })).toEqual({
    status: 409,
    error: 'ERR_NOT_FINISHED',
  });
  const direction = firstMovable(board);
  expect(await send(`./api/games/${watchId}/moves`, { direction })).toEqual({
    status: 404,
    error: 'ERR_UNKNOWN_GAME',
  });
  expect(await held(gameId)).toMatchObject({ sent: 0, moves: 0 });
});

test('the Watch view follows a game another client plays, move by move, and goes back', async ({
  page,
}) => {
  const created = await post<Dealt>('/api/games', { rules: 'classic', size: 4 });
  expect(created.status).toBe(201);
  const { gameId, watchId } = created.body;
  let board = created.body.board;
  const playApi = async () => {
    const direction = firstMovable(board);
    const answer = await post<Dealt>(`/api/games/${gameId}/moves`, { direction });
    expect(answer.status).toBe(200);
    board = answer.body.board;
    return answer.body;
  };
  await playApi();
  await openRankedGame(page, '?rules=classic&size=4');
  await page.getByRole('button', { name: 'Watch' }).click();
  await expect(page.getByRole('heading', { name: 'Watch live games' })).toBeFocused();
  const entry = page
    .getByTestId('live-game')
    .filter({ has: page.locator(`[data-watch-id="${watchId}"]`) });
  await expect(entry).toContainText('classic 4×4: score');
  await entry.getByRole('button', { name: /^Watch the classic 4×4/ }).click();
  await expect(page.getByTestId('game-view')).toBeHidden();
  await expect.poll(() => shownBoard(page, 'watch-board')).toEqual(board);
  for (let i = 0; i < 6; i++) {
    const answer = await playApi();
    await expect.poll(() => shownBoard(page, 'watch-board')).toEqual(answer.board);
    await expect(page.getByTestId('watch-score')).toHaveText(shownNumber(answer.score));
    await expect(page.getByTestId('watch-moves')).toHaveText(shownNumber(answer.moves));
    await expect(page.locator('#watch-live')).toContainText(`Score ${answer.score}.`);
  }
  await page.getByRole('button', { name: 'Back to your game' }).click();
  await expect(page.getByTestId('watch-view')).toBeHidden();
  await expect(page.getByTestId('board')).toBeVisible();
});

test('a game from a ?seed= link stays local and unranked, with undo and hints', async ({
  page,
}) => {
  const created: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/games')) created.push(r.url());
  });
  await page.goto(`${server().url}/?seed=5&rules=classic&size=3`);
  await expect(page.locator('#online-heading')).toBeVisible();
  await expect(page.getByTestId('ranked-line')).toHaveText(
    'Local game from a link: not ranked. New game plays a ranked one.',
  );
  await expect(page.getByRole('button', { name: 'Hint' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Hint' })).toBeVisible();
  let game: Game = newGame(RULES_3, '5');
  while (game.status !== 'lost') {
    const direction = firstMovable(game.board);
    game = step(game, direction).game;
    await page.keyboard.press(KEYS[direction]);
  }
  await expectGame(page, game);
  await page.getByLabel('Your name for the high scores').fill('Linked');
  await page.getByRole('button', { name: 'Save score' }).click();
  await expect(page.locator('#overlay-note')).toContainText(
    'Online: not ranked, because this game came from a link',
  );
  expect(created).toEqual([]);
});

test('offline after the first load, the page plays a local game; back online, the ranked game resumes', async ({
  page,
  context,
}) => {
  const { gameId, board } = await openRankedGame(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.keyboard.press(KEYS[firstMovable(board)]);
  const ranked = await expectServerGame(page, gameId);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('notice')).toContainText(
    'Your ranked game could not be reached: this one is local.',
  );
  await expect(page.getByTestId('ranked-line')).toHaveText('');
  await expect(page.getByRole('button', { name: 'Hint' })).toBeEnabled();
  const local = await shownBoard(page);
  const direction = firstMovable(local);
  await page.keyboard.press(KEYS[direction]);
  await expect(page.getByTestId('moves')).not.toHaveText('0');
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByTestId('ranked-line')).toHaveText(RANKED_LINE);
  expect(await expectServerGame(page, gameId)).toMatchObject({ moves: ranked.moves });
});
