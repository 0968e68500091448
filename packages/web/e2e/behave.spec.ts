// How the page behaves around the game (issue 13): the AI works offline without having been
// used online (the service worker precaches every file of the build), the page shows one game
// from the start when the server deals it, no focus ring stays on the board after a click,
// and the arrow keys never change a setting that restarts the game.

import { expect, type Page, test } from '@playwright/test';
import {
  DIRECTIONS,
  type Direction,
  type Game,
  makeRecord,
  newGame,
  replay,
  slide,
  step,
} from '@twenty48/engine';
import { RANKED_LINE } from '../src/view-state.js';
import { directionOfLetter, expectGame, KEYS, shownBoard, WIN } from './board.js';
import { controlledBySw } from './pages.js';
import { useRealServer } from './realServer.js';

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('Hint and Auto-play work offline although the AI was never used online', async ({
    page,
    context,
  }) => {
    await page.goto('./?seed=17');
    await controlledBySw(page);
    // The AI worker is in the cache although the page never started it.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.some((url) => /\/assets\/ai-worker-[^/]+\.js$/.test(url))).toBe(true);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));

    await context.setOffline(true);
    await page.reload();
    const game = newGame('classic', '17');
    await expectGame(page, game);
    await page.getByRole('button', { name: 'Hint' }).click();
    const hint = page.getByTestId('hint');
    await expect(hint).toHaveText(/^Hint: move (up|down|left|right)\.$/);
    const direction = (await hint.getAttribute('data-direction')) as Direction;
    expect(slide(game.board, direction, game.rules).moved).toBe(true);
    expect(workers.some((url) => /ai-worker/.test(url))).toBe(true);

    const autoplay = page.getByRole('button', { name: 'Auto-play' });
    await autoplay.click();
    await expect
      .poll(async () => Number(await page.getByTestId('moves').textContent()), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(5);
    await autoplay.click();
    await expect(autoplay).toHaveAttribute('aria-pressed', 'false');
    await expect(hint).not.toContainText('ERR_');
    await context.setOffline(false);
  });
});

/** The page one move before the win (saved, then reloaded), the winning key pressed. */
async function wonByKey(page: Page): Promise<Game> {
  const beforeWin = { ...WIN, moves: WIN.moves.slice(0, -1) };
  await page.goto('./?seed=1');
  await page.evaluate(
    (text) => localStorage.setItem('twenty48:game', text),
    JSON.stringify({ record: JSON.parse(makeRecord(beforeWin)) }),
  );
  await page.goto('./');
  const before = replay(beforeWin);
  if (!before.ok) throw new Error(before.error.message);
  await expectGame(page, before.value);
  const last = directionOfLetter(WIN.moves.at(-1));
  await page.keyboard.press(KEYS[last]);
  const won = step(before.value, last).game;
  await expect(page.getByTestId('overlay')).toHaveAttribute('data-state', 'won');
  await expect(page.getByRole('button', { name: 'Keep going' })).toBeFocused();
  return won;
}

/** The board's focus ring as drawn: none when the outline is off or has no width. */
const ringOf = (page: Page) =>
  page.locator('#cells').evaluate((cells) => {
    const style = getComputedStyle(cells);
    return style.outlineStyle === 'none' || Number.parseFloat(style.outlineWidth) === 0
      ? 'none'
      : `${style.outlineStyle} ${style.outlineWidth}`;
  });

test.describe('the focus after Keep going', () => {
  test('clicked with the mouse: focus on the board, no ring, and the arrows play', async ({
    page,
  }) => {
    let game = await wonByKey(page);
    await page.getByRole('button', { name: 'Keep going' }).click();
    await expect(page.getByTestId('overlay')).toBeHidden();
    await expect(page.locator('#cells')).toBeFocused();
    expect(await ringOf(page)).toBe('none');
    const next = DIRECTIONS.find((d) => slide(game.board, d, game.rules).moved) as Direction;
    await page.keyboard.press(KEYS[next]);
    game = step(game, next).game;
    await expectGame(page, game);
    expect(await ringOf(page)).toBe('none');
  });

  test('pressed with the keyboard: focus on the board, where keyboard users see it', async ({
    page,
  }) => {
    await wonByKey(page);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('overlay')).toBeHidden();
    await expect(page.locator('#cells')).toBeFocused();
    expect(await ringOf(page)).not.toBe('none');
  });
});

test.describe('the arrow keys on the Rules and Size lists', () => {
  test.use({ reducedMotion: 'reduce' });

  for (const [label, id] of [
    ['Rules', 'setting-rules'],
    ['Board size', 'setting-size'],
  ] as const) {
    test(`on the ${label} list they play the move and change nothing; the list opens with Space`, async ({
      page,
    }) => {
      await page.goto('./?seed=6');
      let game = newGame('classic', '6');
      await expectGame(page, game);
      const select = page.locator(`#${id}`);
      await expect(select).toHaveAccessibleDescription(/arrow keys play the game.*Space/i);
      const before = await select.inputValue();
      await select.focus();
      for (const direction of ['down', 'up', 'left', 'right', 'down'] as const) {
        await page.keyboard.press(KEYS[direction]);
        game = step(game, direction).game;
        await expectGame(page, game);
        await expect(select).toHaveValue(before);
        await expect(page.locator('#confirm')).toBeHidden();
        await expect(select).toBeFocused();
      }
      expect(game.moves.length).toBeGreaterThan(0);

      // A keyboard user still changes it: Space opens the list, the arrows choose, Enter takes.
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      const dialog = page.locator('#confirm');
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      // Cancelled: the list shows the game's setting again and keeps the focus.
      await expect(select).toHaveValue(before);
      await expect(select).toBeFocused();
      await expectGame(page, game);

      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await page.getByRole('button', { name: 'Yes, start over' }).press('Enter');
      await expect(dialog).toBeHidden();
      await expect(select).not.toHaveValue(before);
      await expect(page.getByTestId('moves')).toHaveText('0');
      // Confirmed: the focus is back on the list, whose arrows play the new game.
      await expect(select).toBeFocused();
      const changed = await select.inputValue();
      const moves = async () => Number(await page.getByTestId('moves').textContent());
      for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) {
        await page.keyboard.press(key);
        if ((await moves()) > 0) break;
      }
      await expect.poll(moves).toBeGreaterThan(0);
      await expect(select).toHaveValue(changed);
    });
  }
});

test.describe('one game from the start, served by the real server', () => {
  const server = useRealServer();

  test.use({ reducedMotion: 'reduce', serviceWorkers: 'block' });

  /** Every board the game's tiles layer shows, from the navigation on, as `value@row,col` lists. */
  const recordBoards = (page: Page) =>
    page.addInitScript(() => {
      const boards: string[] = [];
      (window as unknown as { boards: string[] }).boards = boards;
      const snap = () => {
        const board = document.getElementById('board');
        if (!board) return;
        const tiles = [...board.querySelectorAll<HTMLElement>('[data-testid=tile]')]
          .map((t) => `${t.dataset.value}@${t.dataset.row},${t.dataset.col}`)
          .sort()
          .join(' ');
        if (boards.at(-1) !== tiles) boards.push(tiles);
      };
      new MutationObserver(snap).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-value', 'data-row', 'data-col'],
      });
    });
  const boardsShown = (page: Page) =>
    page.evaluate(() => (window as unknown as { boards: string[] }).boards);
  const asShown = (board: number[][]): string =>
    board
      .flatMap((line, r) => line.flatMap((v, c) => (v === 0 ? [] : [`${v}@${r},${c}`])))
      .sort()
      .join(' ');

  interface Held {
    readonly board: number[][];
    readonly moves: number;
    readonly sent: number;
  }
  const held = async (gameId: string): Promise<Held> =>
    (await (await fetch(`${server().url}/api/games/${gameId}`)).json()) as Held;

  /** Answers to `POST /api/games` held back `ms`, so the page waits for its game that long. */
  const delayDealing = (page: Page, ms: number) =>
    page.route('**/api/games', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, ms));
      await route.continue();
    });

  const OPPOSITE: Record<Direction, Direction> = {
    left: 'right',
    right: 'left',
    up: 'down',
    down: 'up',
  };

  /**
   * What the page may show first when keys were held while the game came: the game itself, or
   * it slid by the held keys (left then right, unless others are named) before the server placed
   * their new tiles.
   */
  const firstShown = (
    board: number[][],
    [first, second]: readonly [Direction, Direction] = ['left', 'right'],
  ): string[] => {
    const once = slide(board, first, 'classic');
    const afterFirst = once.moved ? once.board : board;
    return [board, afterFirst, slide(afterFirst, second, 'classic').board].map(asShown);
  };

  const dealt = (page: Page) =>
    page.waitForResponse((r) => r.url().endsWith('/api/games') && r.request().method() === 'POST');

  test('the first tiles shown are the server’s: no local game shows before it', async ({
    page,
  }) => {
    await recordBoards(page);
    await delayDealing(page, 600);
    const created = dealt(page);
    await page.goto(`${server().url}/?rules=classic&size=3`);
    const game = (await (await created).json()) as { gameId: string; board: number[][] };
    await expect(page.getByTestId('ranked-line')).toHaveText(RANKED_LINE);
    expect(await shownBoard(page)).toEqual(game.board);
    const boards = await boardsShown(page);
    // An empty board while the server deals, then its game: never another game's tiles.
    expect(boards.filter((b) => b !== '')).toEqual([asShown(game.board)]);
  });

  test('keys pressed before the server answered are played on the ranked game, which stays ranked', async ({
    page,
  }) => {
    await recordBoards(page);
    await delayDealing(page, 800);
    const created = dealt(page);
    await page.goto(`${server().url}/?rules=classic&size=3`);
    // Left then right: with two tiles on the board, one of them moves it.
    await page.keyboard.press(KEYS.left);
    await page.keyboard.press(KEYS.right);
    const game = (await (await created).json()) as { gameId: string; board: number[][] };
    await expect(page.getByTestId('ranked-line')).toHaveText(RANKED_LINE);
    await expect.poll(async () => (await held(game.gameId)).moves).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const now = await held(game.gameId);
        return JSON.stringify(await shownBoard(page)) === JSON.stringify(now.board) && now.sent;
      })
      .toBe((await held(game.gameId)).sent);
    await expect(page.getByTestId('moves')).toHaveText(String((await held(game.gameId)).moves));
    await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
    const boards = (await boardsShown(page)).filter((b) => b !== '');
    expect(firstShown(game.board)).toContain(boards[0]);
  });

  test('a reload resuming a ranked game shows its board once', async ({ page }) => {
    const created = dealt(page);
    await page.goto(`${server().url}/?rules=classic&size=3`);
    const { gameId, board } = (await (await created).json()) as {
      gameId: string;
      board: number[][];
    };
    await expect(page.getByTestId('ranked-line')).toHaveText(RANKED_LINE);
    const direction = DIRECTIONS.find((d) => slide(board, d, newGame('classic', '1').rules).moved);
    await page.keyboard.press(KEYS[direction ?? 'left']);
    await expect.poll(async () => (await held(gameId)).moves).toBe(1);
    const before = await held(gameId);
    await expect.poll(() => shownBoard(page)).toEqual(before.board);

    await recordBoards(page);
    await page.route(`**/api/games/${gameId}`, async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    // The held keys: one that moves this board (after the deal's first move a 3x3 board may be
    // one full row such as 2 4 2, which neither left nor right moves), then its opposite.
    const first = DIRECTIONS.find((d) => slide(before.board, d, 'classic').moved) as Direction;
    const keys = [first, OPPOSITE[first]] as const;
    await page.reload();
    // A key pressed while the game is read again waits for it, then plays on it.
    await page.keyboard.press(KEYS[keys[0]]);
    await page.keyboard.press(KEYS[keys[1]]);
    await expect(page.getByTestId('ranked-line')).toHaveText(RANKED_LINE);
    await expect.poll(async () => (await held(gameId)).moves).toBeGreaterThan(1);
    const boards = (await boardsShown(page)).filter((b) => b !== '');
    expect(firstShown(before.board, keys)).toContain(boards[0]);
  });

  test('a reload draws the ranked game it resumes and nothing before it', async ({ page }) => {
    const created = dealt(page);
    await page.goto(`${server().url}/?rules=classic&size=3`);
    const { gameId, board } = (await (await created).json()) as {
      gameId: string;
      board: number[][];
    };
    await expect(page.getByTestId('ranked-line')).toHaveText(RANKED_LINE);
    const direction = DIRECTIONS.find((d) => slide(board, d, newGame('classic', '1').rules).moved);
    await page.keyboard.press(KEYS[direction ?? 'left']);
    await expect.poll(async () => (await held(gameId)).moves).toBe(1);
    const before = (await (await fetch(`${server().url}/api/games/${gameId}`)).json()) as Held & {
      score: number;
    };
    await expect.poll(() => shownBoard(page)).toEqual(before.board);

    await recordBoards(page);
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/games/${gameId}`, async (route) => {
      await answered;
      await route.continue();
    });
    await page.reload();
    // While the server is asked, the page already shows that game: its board, its numbers, as
    // a ranked game (no fresh local game with Score 0 and Undo, Hint and Auto-play).
    await expect(page.getByTestId('moves')).toHaveText('1');
    await expect(page.getByTestId('score')).toHaveText(String(before.score));
    await expect(page.getByTestId('ranked-line')).toHaveText(RANKED_LINE);
    await expect(page.getByRole('button', { name: 'Hint' })).toBeDisabled();
    expect(await shownBoard(page)).toEqual(before.board);
    release();
    await expect(page.getByTestId('notice')).toHaveText('');
    expect((await boardsShown(page)).filter((b) => b !== '')).toEqual([asShown(before.board)]);
  });

  test('when the server deals no game, the local game shows once, and says why', async ({
    page,
  }) => {
    await recordBoards(page);
    await page.route('**/api/games', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'ERR_SERVER_FULL', message: 'the server is full' }),
          })
        : route.continue(),
    );
    await page.goto(`${server().url}/?rules=classic&size=3`);
    // A server that answered is not "offline": the sentence says what it did, the code below.
    await expect(page.getByTestId('notice')).toHaveText(
      'The server is busy: this game is local and unranked.',
    );
    await expect(page.getByTestId('notice-details')).toHaveText(
      'ERR_SERVER_FULL (HTTP 503): the server is full',
    );
    await expect(page.getByRole('button', { name: 'Hint' })).toBeEnabled();
    const shown = await shownBoard(page);
    expect((await boardsShown(page)).filter((b) => b !== '')).toEqual([asShown(shown)]);
  });
});
