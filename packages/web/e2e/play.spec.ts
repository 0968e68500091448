import { expect, test } from '@playwright/test';
import { DIRECTIONS, type Direction, newGame, slide, step } from '@twenty48/engine';
import { engineGame, expectGame, KEYS, shownNumber } from './board.js';

const MOVES: Direction[] = [
  'left',
  'up',
  'right',
  'down',
  'left',
  'left',
  'up',
  'right',
  'up',
  'down',
];

test('a seeded game played with keys shows exactly the engine’s game, tile by tile', async ({
  page,
}) => {
  await page.goto('./?seed=42&rules=classic&size=4');
  let game = newGame('classic', '42');
  await expectGame(page, game);
  for (const direction of MOVES) {
    await page.keyboard.press(KEYS[direction]);
    game = step(game, direction).game;
    await expectGame(page, game);
  }
  await expect(page.getByTestId('best')).toHaveText(shownNumber(game.score));
});

test('keys pressed during animations play at once, never lost; WASD and hjkl move too', async ({
  page,
}) => {
  await page.goto('./?seed=7');
  const keys = ['a', 'w', 'd', 's', 'h', 'k', 'l', 'j', 'ArrowLeft', 'ArrowUp'];
  const directions: Direction[] = [
    'left',
    'up',
    'right',
    'down',
    'left',
    'up',
    'right',
    'down',
    'left',
    'up',
  ];
  // No waiting between presses: most land while a slide is still running.
  for (const key of keys) await page.keyboard.press(key, { delay: 0 });
  await expectGame(page, engineGame('7', directions));
});

test('keys with Shift, Ctrl or Meta held do not move', async ({ page }) => {
  await page.goto('./?seed=7');
  for (const chord of ['Shift+ArrowLeft', 'Control+ArrowUp', 'Meta+ArrowRight']) {
    await page.keyboard.press(chord);
  }
  await page.keyboard.press('ArrowDown');
  await expectGame(page, engineGame('7', ['down']));
});

test('a swipe on the board moves and the page does not scroll', async ({ browser }) => {
  const context = await browser.newContext({
    hasTouch: true,
    viewport: { width: 360, height: 640 },
  });
  const phone = await context.newPage();
  await phone.goto('./?seed=11');
  const game = newGame('classic', '11');
  const direction = DIRECTIONS.find((d) => slide(game.board, d, game.rules).moved) as Direction;
  const box = await phone.getByTestId('board').boundingBox();
  if (!box) throw new Error('no board');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const [dx, dy] = { up: [0, -80], down: [0, 80], left: [-80, 0], right: [80, 0] }[direction] as [
    number,
    number,
  ];
  const cdp = await context.newCDPSession(phone);
  const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }],
    });
  const scrollBefore = await phone.evaluate(() => window.scrollY);
  await touch('touchStart', cx, cy);
  for (let i = 1; i <= 5; i++) await touch('touchMove', cx + (dx * i) / 5, cy + (dy * i) / 5);
  await touch('touchEnd', cx + dx, cy + dy);
  await expectGame(phone, step(game, direction).game);
  expect(await phone.evaluate(() => window.scrollY)).toBe(scrollBefore);
  await context.close();
});

test('undo takes back moves, one at a time', async ({ page }) => {
  await page.goto('./?seed=5');
  for (const direction of ['left', 'up', 'right'] as const)
    await page.keyboard.press(KEYS[direction]);
  await expectGame(page, engineGame('5', ['left', 'up', 'right']));
  await page.getByRole('button', { name: 'Undo' }).click();
  await expectGame(page, engineGame('5', ['left', 'up']));
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expectGame(page, newGame('classic', '5'));
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
});

test('a reload resumes the game, undo history included', async ({ page }) => {
  await page.goto('./?seed=13');
  const moves: Direction[] = ['down', 'left', 'down', 'right', 'up'];
  for (const direction of moves) await page.keyboard.press(KEYS[direction]);
  const game = engineGame('13', moves);
  await expectGame(page, game);
  await page.reload();
  await expectGame(page, game);
  await page.goto('./');
  await expectGame(page, game);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expectGame(page, engineGame('13', moves.slice(0, -1)));
});

test('New game asks before throwing away a game under way', async ({ page }) => {
  await page.goto('./?seed=21');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  const game = engineGame('21', ['left', 'up']);
  await expectGame(page, game);
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expectGame(page, game);
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: 'Yes, start over' }).click();
  await expect(page.getByTestId('moves')).toHaveText('0');
  // The new game is asked of the server first; its seed shows in the address once it is local.
  await expect(page).toHaveURL(/[?&]seed=(?!21(&|$))/);
  const seed = new URL(page.url()).searchParams.get('seed');
  await expectGame(page, newGame('classic', seed as string));
});

test('the live region says what each move did and the score', async ({ page }) => {
  await page.goto('./?seed=42');
  await page.keyboard.press('ArrowLeft');
  const game = engineGame('42', ['left']);
  const live = page.locator('#live');
  await expect(live).toHaveText(new RegExp(`^Left: .* Score ${game.score}\\.$`));
  // Every cell is in the accessible table, in reading order.
  const cells = page.getByRole('table', { name: 'Board, 4 by 4' }).getByRole('cell');
  await expect(cells).toHaveCount(16);
  const texts = await cells.allTextContents();
  expect(texts).toEqual(game.board.flat().map((v) => (v ? String(v) : 'empty')));
});
