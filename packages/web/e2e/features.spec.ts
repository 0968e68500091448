import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  DIRECTIONS,
  type Direction,
  makeRecord,
  newGame,
  parseRecord,
  replay,
  slide,
  step,
} from '@twenty48/engine';
import {
  directionOfLetter,
  expectGame,
  FIRST_ANSWER,
  KEYS,
  presetOn,
  shownBoard,
  shownNumber,
  WIN,
} from './board.js';

/** Put a saved game in the page's storage and load the page again. */
async function loadSaved(page: Page, record: unknown): Promise<void> {
  await page.goto('./');
  await page.evaluate(
    (text) => localStorage.setItem('twenty48:game', text),
    JSON.stringify({ record }),
  );
  await page.goto('./');
}

test('a win shows "You win!"; Keep going plays on', async ({ page }) => {
  const beforeWin = { ...WIN, moves: WIN.moves.slice(0, -1) };
  const last = directionOfLetter(WIN.moves.at(-1));
  await loadSaved(page, JSON.parse(makeRecord(beforeWin)));
  const before = replay(beforeWin);
  if (!before.ok) throw new Error(before.error.message);
  await expectGame(page, before.value);
  await expect(page.getByTestId('overlay')).toBeHidden();
  await page.keyboard.press(KEYS[last]);
  const won = step(before.value, last).game;
  expect(won.status).toBe('won');
  await expectGame(page, won);
  const overlay = page.getByTestId('overlay');
  await expect(overlay).toHaveAttribute('data-state', 'won');
  await expect(overlay).toContainText('You win!');
  await expect(page.getByRole('button', { name: 'Keep going' })).toBeFocused();
  await page.getByRole('button', { name: 'Keep going' }).click();
  await expect(overlay).toBeHidden();
  let game = won;
  const next = DIRECTIONS.find((d) => slide(game.board, d, game.rules).moved) as Direction;
  await page.keyboard.press(KEYS[next]);
  game = step(game, next).game;
  await expectGame(page, game);
  await expect(overlay).toBeHidden();
});

test('game over: "Game over!", a name for the table, Try again', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('./?seed=3&rules=classic&size=3');
  let game = newGame(presetOn('classic', 3), '3');
  const order: Direction[] = ['left', 'up', 'right', 'up'];
  for (let i = 0; game.status === 'playing'; i++) {
    const direction = order[i % 4] as Direction;
    game = step(game, direction).game;
    await page.keyboard.press(KEYS[direction], { delay: 0 });
  }
  await expectGame(page, game);
  const overlay = page.getByTestId('overlay');
  await expect(overlay).toHaveAttribute('data-state', 'lost');
  await expect(overlay).toContainText('Game over!');
  await expect(page.getByRole('button', { name: 'Keep going' })).toBeHidden();
  await page.getByLabel('Your name for the high scores').fill('Ada');
  await page.getByRole('button', { name: 'Save score' }).click();
  await expect(overlay).toContainText('Number 1 in your table.');
  await expect(page.getByTestId('high-scores')).toContainText(`Ada: ${game.score}`);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(overlay).toBeHidden();
  await expect(page.getByTestId('moves')).toHaveText('0');
  await expect(page.getByTestId('best')).toHaveText(shownNumber(game.score));
});

test('settings: size, rules, colour-and-size tiles and theme; kept after a reload', async ({
  page,
}) => {
  await page.goto('./?seed=8');
  await page.getByLabel('Board size').selectOption('5');
  await expect(page.getByTestId('board')).toHaveAttribute('data-size', '5');
  await expect(page.getByRole('table', { name: 'Board, 5 by 5' }).getByRole('cell')).toHaveCount(
    25,
  );
  // The 5x5 board shows at once, empty, while its game is dealt; a change of rules made before
  // the game comes is not taken (by design: the form goes back to the game coming). So wait for
  // it: once it is here its seed is in the address, beside the size.
  await expect(page).toHaveURL(/^(?=.*[?&]size=5)(?=.*[?&]seed=)/);
  await page.getByLabel('Rules').selectOption('tiers');
  await expect(page.locator('#intro')).toContainText('Tiers');
  // The new game is asked of the server first; its seed shows in the address once it is local.
  await expect(page).toHaveURL(/[?&]seed=/);
  const url = new URL(page.url());
  expect(url.searchParams.get('rules')).toBe('tiers');
  expect(url.searchParams.get('size')).toBe('5');
  const seed = url.searchParams.get('seed') as string;
  const tiers = newGame(presetOn('tiers', 5), seed);
  expect(await shownBoard(page)).toEqual(tiers.board);

  // The tiers rules come with their colour-and-size tiles; numbers are one click away.
  await expect(page.getByLabel('Colour-and-size tiles')).toBeChecked();
  await expect(page.getByTestId('board')).toHaveAttribute('data-tiles', 'tiers');
  await page.getByLabel('Colour-and-size tiles').uncheck();
  await expect(page.getByTestId('board')).toHaveAttribute('data-tiles', 'numbers');
  await page.getByLabel('Colour-and-size tiles').check();
  await expect(page.getByTestId('board')).toHaveAttribute('data-tiles', 'tiers');
  // A 2 is a small green square: rgb of the light theme's first tier colour #1b5e20.
  const two = page.locator('[data-testid=tile][data-value="2"] .tile-inner').first();
  await expect(two).toHaveCSS('background-color', 'rgb(27, 94, 32)');
  await expect(
    page.getByRole('table').getByRole('cell').filter({ hasText: 'small green' }).first(),
  ).toBeAttached();

  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(30, 29, 26)');
  await expect(two).toHaveCSS('background-color', 'rgb(129, 199, 132)');

  await page.reload();
  await expect(page.getByLabel('Board size')).toHaveValue('5');
  await expect(page.getByLabel('Rules')).toHaveValue('tiers');
  await expect(page.getByLabel('Theme')).toHaveValue('dark');
  await expect(page.getByLabel('Colour-and-size tiles')).toBeChecked();
  await expect(page.getByLabel('Sound')).not.toBeChecked();
});

test('the system colour scheme is followed until a theme is chosen', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('./');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(30, 29, 26)');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(250, 248, 239)');
});

test('the AI hint names a move that changes the board; auto-play plays alone', async ({ page }) => {
  await page.goto('./?seed=17');
  const game = newGame('classic', '17');
  await page.getByRole('button', { name: 'Hint' }).click();
  const hint = page.getByTestId('hint');
  await expect(hint).toHaveText(/^Hint: move (up|down|left|right)\.$/, FIRST_ANSWER);
  const direction = (await hint.getAttribute('data-direction')) as Direction;
  expect(slide(game.board, direction, game.rules).moved).toBe(true);
  // The worker that answered searches with the AI's WebAssembly kernel, not the fallback.
  const workers = page.workers();
  expect(workers).toHaveLength(1);
  const kernel = await workers[0]?.evaluate(
    () => (self as unknown as { aiKernel: string }).aiKernel,
  );
  expect(kernel).toBe('webassembly');

  await page.getByLabel('Auto-play speed (moves per second)').fill('30');
  const autoplay = page.getByRole('button', { name: 'Auto-play' });
  await autoplay.click();
  await expect(autoplay).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(
      async () => Number((await page.getByTestId('moves').textContent())?.replaceAll(',', '')),
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(10);
  await autoplay.click();
  await expect(autoplay).toHaveAttribute('aria-pressed', 'false');
  // What auto-play did is a real game: the saved record replays to the board on the page.
  await page.waitForTimeout(300);
  const saved = await page.evaluate(() => localStorage.getItem('twenty48:game'));
  const record = parseRecord((JSON.parse(saved ?? '{}') as { record: unknown }).record);
  if (!record.ok) throw new Error(record.error.message);
  const replayed = replay(record.value);
  if (!replayed.ok) throw new Error(replayed.error.message);
  await expectGame(page, replayed.value);
});

test('with storage blocked the game still plays and says it will not be saved', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
  });
  await page.goto('./?seed=4');
  await expect(page.locator('#notice')).toContainText('does not allow saving');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await expectGame(
    page,
    ['left' as const, 'up' as const].reduce((g, d) => step(g, d).game, newGame('classic', '4')),
  );
});

test('a bad link is named and a game starts anyway', async ({ page }) => {
  await page.goto('./?seed=a%20b&rules=nope&size=12');
  // Said in words; the codes in the details line.
  await expect(page.getByTestId('notice')).toHaveText(
    'The link was not used in full; a game started anyway.',
  );
  const details = page.getByTestId('notice-details');
  await expect(details).toContainText('ERR_SEED');
  await expect(details).toContainText('ERR_UNKNOWN_RULES');
  await expect(details).toContainText('ERR_SIZE');
  await expect(page.getByTestId('board')).toHaveAttribute('data-size', '4');
  await expect(page.getByTestId('tile')).toHaveCount(2);
});

test('installable and offline: manifest, service worker, reload without network', async ({
  page,
  context,
}) => {
  await page.goto('./?seed=6');
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel=manifest]') as HTMLLinkElement;
    return (await fetch(link.href)).json();
  });
  expect(manifest).toMatchObject({ name: expect.any(String), display: 'standalone' });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.keyboard.press('ArrowLeft');
  const game = step(newGame('classic', '6'), 'left').game;
  await expectGame(page, game);
  await context.setOffline(true);
  await page.reload();
  await expectGame(page, game);
  await context.setOffline(false);
});

test('screenshots at 320 px and 1280 px; no sideways scrolling on a small phone', async ({
  page,
}) => {
  mkdirSync('test-results', { recursive: true });
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: width === 320 ? 640 : 900 });
    await page.goto('./?seed=2048');
    for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowUp'])
      await page.keyboard.press(key);
    await expect(page.getByTestId('moves')).not.toHaveText('0');
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    const board = await page.getByTestId('board').boundingBox();
    expect(board?.width).toBeGreaterThan(width === 320 ? 280 : 480);
    await page.screenshot({ path: `test-results/board-${width}.png`, fullPage: true });
  }
});
