// The page tells the truth and does what the player asks (issue 24): a refusal by a server that
// answered is never "offline" and its codes go in a details line; a win is announced as a win;
// the notice is not announced again at every move; a refused name is never saved; an arrow
// takes over from auto-play; Watch reads its list again, lists as live only games moved in the
// last two minutes, and reconnects a broken stream; the leaderboard page and the game pages
// pass axe-core's WCAG 2.1 AA and best-practice rules; "Play checkers" is not the default blue.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Response, test } from '@playwright/test';
import { makeRecord, newGame, recordOf, step } from '@twenty48/engine';
import { type RunningServer, startServer } from '@twenty48/server';
import { RANKED_LINE } from '../src/view-state.js';
import { firstMovable, KEYS, shownNumber, WIN } from './board.js';
import { useRealServer, WEB_ROOT } from './realServer.js';

const server = useRealServer();

/** A JSON POST to the API, as another client would send it. */
const post = async <T>(base: string, path: string, body: unknown): Promise<T> => {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
};

/** axe-core's WCAG 2.0/2.1 A and AA rules and its best practices: the violations, named. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

test.describe('axe-core: WCAG 2.1 AA and best practices', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the leaderboard page, ${colorScheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      // A ranked score in the table, so its rows are checked too.
      const base = server().url;
      let game = await post<{ gameId: string; board: number[][]; status: string }>(
        base,
        '/api/games',
        { rules: 'classic', size: 3 },
      );
      const { gameId } = game;
      while (game.status !== 'lost') {
        const direction = firstMovable(game.board);
        game = { ...(await post(base, `/api/games/${gameId}/moves`, { direction })), gameId };
      }
      await post(base, '/api/scores', { gameId, name: 'Ada & Bo' });
      await page.goto(`${base}/leaderboard?rules=classic&size=3`);
      await expect(page.locator('main table')).toContainText('Ada & Bo');
      expect(await axeViolations(page)).toEqual([]);
    });

    test(`the 2048 page and the checkers page, ${colorScheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto(`${server().url}/`);
      await expect(page.getByTestId('ranked-line')).not.toHaveText('');
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(`${server().url}/checkers.html`);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test.describe('a server that refuses', () => {
  let refusing: RunningServer | undefined;
  let dataDir = '';
  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'twenty48-e2e-'));
    refusing = await startServer({
      port: 0,
      dbFile: join(dataDir, 'scores.db'),
      webRoot: WEB_ROOT,
      limits: { gamesPerPlayer: 1 },
    });
  });
  test.afterAll(async () => {
    await refusing?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  test.use({ viewport: { width: 320, height: 568 } });

  test('too many games: said in words, never "offline", the code in the details; the open game offered', async ({
    page,
  }) => {
    const base = refusing?.url ?? '';
    const isCreate = (r: Response) =>
      r.url().endsWith('/api/games') && r.request().method() === 'POST';
    const dealt = page.waitForResponse(isCreate);
    await page.goto(`${base}/`);
    expect((await dealt).status()).toBe(201);
    const { gameId } = (await (await dealt).json()) as { gameId: string };
    await expect(page.getByTestId('ranked-line')).toHaveText(RANKED_LINE);
    // Another size asks for a second game: one is all this server allows a player.
    const refused = page.waitForResponse(isCreate);
    await page.goto(`${base}/?size=3`);
    expect((await refused).status()).toBe(429);
    const notice = page.getByTestId('notice');
    await expect(notice).toHaveText(
      'You have too many unfinished ranked games: this one is local.',
    );
    await expect(page.getByTestId('notice-details')).toContainText('ERR_TOO_MANY_GAMES (HTTP 429)');
    await expect(page.getByTestId('ranked-line')).toHaveText(
      'Local game: the server dealt no ranked one. New game asks again.',
    );
    for (const text of [await notice.textContent(), await page.locator('.play').textContent()]) {
      expect(text).not.toMatch(/offline/i);
    }
    expect(await notice.textContent()).not.toMatch(/ERR_/);
    // The words stay in their room: the buttons below are not covered.
    const covered = await page.getByRole('button', { name: 'New game' }).evaluate((button) => {
      const r = button.getBoundingClientRect();
      return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) !== button;
    });
    expect(covered).toBe(false);
    // The words do not shrink the board.
    expect((await page.getByTestId('board').boundingBox())?.width).toBeGreaterThanOrEqual(280);
    // The open game, named by the refusal, is offered and resumed.
    const resumed = page.waitForResponse((r) => r.url().endsWith(`/api/games/${gameId}`));
    await page.getByRole('button', { name: /^Resume your 4×4 game \(score \d+\)$/ }).click();
    expect((await resumed).status()).toBe(200);
    await expect(page.getByTestId('ranked-line')).toHaveText(RANKED_LINE);
    await expect(page.getByTestId('board')).toHaveAttribute('data-size', '4');
    await expect(notice).toHaveText('');
  });
});

test('the notice is said once, not again at every move', async ({ page }) => {
  await page.goto(`${server().url}/?seed=1&size=12`);
  await expect(page.getByTestId('notice')).toContainText('The link was not used in full');
  await page.evaluate(() => {
    const box = document.getElementById('notice-box');
    const counted = { writes: 0 };
    Object.assign(window, { __noticeWrites: counted });
    if (box) {
      new MutationObserver((records) => {
        counted.writes += records.length;
      }).observe(box, { childList: true, subtree: true, characterData: true });
    }
  });
  let game = newGame('classic', '1');
  for (let i = 0; i < 6; i++) {
    const direction = firstMovable(game.board);
    game = step(game, direction).game;
    await page.keyboard.press(KEYS[direction]);
  }
  await expect(page.getByTestId('moves')).toHaveText('6');
  expect(
    await page.evaluate(
      () => (window as unknown as { __noticeWrites: { writes: number } }).__noticeWrites.writes,
    ),
  ).toBe(0);
});

/** Save a game as the page stores it and load the page again. */
async function loadSaved(page: Page, moves: string, keptPlaying = false): Promise<void> {
  await page.goto('./');
  await page.evaluate(
    (text) => localStorage.setItem('twenty48:game', text),
    JSON.stringify({ record: JSON.parse(makeRecord({ ...WIN, moves })), keptPlaying }),
  );
  await page.goto('./');
  await expect(page.getByTestId('moves')).toHaveText(shownNumber(moves.length));
}

test('a win reached by auto-play is announced as a win', async ({ page }) => {
  // The win, five moves short: auto-play at full speed plays it out.
  await loadSaved(page, WIN.moves.slice(0, -5));
  await page.getByLabel('Auto-play speed (moves per second)').fill('30');
  await page.getByRole('button', { name: 'Auto-play' }).click();
  await expect(page.getByTestId('overlay')).toHaveAttribute('data-state', 'won', {
    timeout: 30_000,
  });
  await expect(page.locator('#live')).toContainText('You win!');
  await expect(page.locator('#live')).not.toContainText('game is over');
  await expect(page.getByRole('button', { name: 'Auto-play' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('an arrow during auto-play stops it and plays the arrow', async ({ page }) => {
  await page.goto('./?seed=11');
  await page.getByLabel('Auto-play speed (moves per second)').fill('1');
  const autoplay = page.getByRole('button', { name: 'Auto-play' });
  await autoplay.click();
  await expect(autoplay).toHaveAttribute('aria-pressed', 'true');
  // At least one move by auto-play (two can come close together after the AI's first load).
  const moves = async (): Promise<number> => Number(await page.getByTestId('moves').textContent());
  await expect.poll(moves, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  await page.keyboard.press('ArrowDown');
  await expect(autoplay).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('#live')).toContainText(/^Auto-play stopped\. Down: /);
  // The arrow was played (said above); auto-play makes no move after it.
  const after = await moves();
  await page.waitForTimeout(1500);
  expect(await moves()).toBe(after);
});

test('a name the rule refuses is never saved: the form keeps the focus and says why', async ({
  page,
}) => {
  let game = newGame('classic', '3');
  const order = ['left', 'up', 'right', 'up'] as const;
  for (let i = 0; game.status === 'playing'; i++) game = step(game, order[i % 4] ?? 'left').game;
  await page.goto('./');
  await page.evaluate(
    (text) => localStorage.setItem('twenty48:game', text),
    JSON.stringify({
      record: JSON.parse(makeRecord(recordOf(game))),
      keptPlaying: false,
    }),
  );
  await page.goto('./');
  await expect(page.getByTestId('overlay')).toHaveAttribute('data-state', 'lost');
  const name = page.getByLabel('Your name for the high scores');
  await name.fill('A'.repeat(36));
  await name.press('Enter');
  await expect(name).toBeFocused();
  await expect(page.locator('#name-problem')).toBeVisible();
  await expect(page.locator('#name-problem')).toContainText('Not a valid name');
  await expect(page.getByTestId('high-scores')).not.toContainText('AAAA');
  const stored = await page.evaluate(() => localStorage.getItem('twenty48:scores:classic:4'));
  expect(stored ?? '[]').toBe('[]');
  await name.fill('Ada');
  await name.press('Enter');
  await expect(page.getByTestId('high-scores')).toContainText('Ada');
});

test.describe('Watch', () => {
  test.use({ serviceWorkers: 'block' });

  test('reads its list again by itself, lists only games moved in the last two minutes, reconnects a broken stream', async ({
    page,
  }) => {
    const base = server().url;
    const open = async () => {
      const game = await post<{ gameId: string; watchId: string; board: number[][] }>(
        base,
        '/api/games',
        { rules: 'classic', size: 4 },
      );
      const direction = firstMovable(game.board);
      await post(base, `/api/games/${game.gameId}/moves`, { direction });
      return game;
    };
    const first = await open();
    // The server's list, with one more game that last moved five minutes ago.
    await page.route('**/api/games/live', async (route) => {
      const response = await route.fetch();
      const games = (await response.json()) as { watchId: string; updatedAt: string }[];
      const stale = {
        ...games[0],
        watchId: 'stale',
        updatedAt: new Date(Date.now() - 300_000).toISOString(),
      };
      await route.fulfill({ response, json: [...games, stale] });
    });
    await page.goto(`${base}/?seed=2`);
    await page.getByRole('button', { name: 'Watch' }).click();
    const list = page.getByTestId('live-games');
    await expect(list.locator(`[data-watch-id="${first.watchId}"]`)).toBeVisible();
    await expect(list.locator('[data-watch-id="stale"]')).toHaveCount(0);
    const firstButton = list.locator(`[data-watch-id="${first.watchId}"]`);
    await firstButton.focus();
    const second = await open();
    // No click: the list is read again, and the focus stays on the game it was on.
    await expect(list.locator(`[data-watch-id="${second.watchId}"]`)).toBeVisible({
      timeout: 15_000,
    });
    await expect(firstButton).toBeFocused();
    // The first attempt at the stream fails; the page tries again by itself.
    let attempts = 0;
    await page.route(`**/api/games/${second.watchId}/events`, async (route) => {
      attempts += 1;
      if (attempts === 1) await route.abort('connectionreset');
      else await route.continue();
    });
    await list.locator(`[data-watch-id="${second.watchId}"]`).click();
    await expect(page.getByTestId('watch-status')).toContainText('reconnecting');
    await expect(page.getByTestId('watch-status')).toHaveText('Live.', { timeout: 10_000 });
    expect(attempts).toBe(2);
  });
});

test('"Play checkers" is in the text’s colour, not the browser’s blue', async ({ page }) => {
  await page.goto('./');
  const link = page.getByRole('link', { name: 'Play checkers' });
  const [colour, text] = await link.evaluate((a) => [
    getComputedStyle(a).color,
    getComputedStyle(document.body).color,
  ]);
  expect(colour).toBe(text);
  expect(colour).not.toBe('rgb(0, 0, 238)');
});
