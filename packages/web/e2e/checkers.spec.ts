/**
 * The checkers page in Chromium: moves by clicks, drags and keys, the rules' marks, the
 * computer in its worker, and the .xlsx saves shared with the terminal's `checkers`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  formatBoard,
  type Game,
  newGame,
  type Position,
  parseFen,
  parsePdnMove,
  pieceAt,
  playMove,
  SQUARE_COUNT,
} from '@twenty48/checkers';
import { encodeXlsx, sheetOf } from '@twenty48/checkers-xlsx';
import { SURFACES } from '@twenty48/common';
import { noise, rowsOf, START, workbookBytes } from '@twenty48/testkits/xlsx';
import { mainThreadTasks } from '../scripts/trace.mjs';
import { controlledBySw, sameOriginLinksAnswer, visibleHeadings } from './pages.js';

const CHECKERS = fileURLToPath(new URL('../../cli/bin/checkers.js', import.meta.url));

/** The built `checkers --plain` with these lines on its standard input, in `cwd`. */
function terminal(input: string, cwd: string): string {
  const run = spawnSync(process.execPath, [CHECKERS, '--plain'], {
    input,
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '' },
    timeout: 60_000,
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return run.stdout;
}

const positionOf = (fen: string): Position => {
  const position = parseFen(fen);
  if (!position.ok) throw new Error(position.error.message);
  return position.value;
};

/** The rules' game after these PDN moves. */
function played(moves: readonly string[], from: Game = newGame()): Game {
  let game = from;
  for (const text of moves) {
    const move = parsePdnMove(game.position, text);
    if (!move.ok) throw new Error(move.error.message);
    const next = playMove(game, move.value);
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
  }
  return game;
}

const square = (page: Page, n: number) => page.locator(`button[data-square="${n}"]`);

/** Every square of the page's board shows what `position` holds there. */
async function expectBoard(page: Page, position: Position): Promise<void> {
  for (let n = 1; n <= SQUARE_COUNT; n++) {
    const piece = pieceAt(position, n);
    const expected = piece === null ? 'empty' : `${piece.side}-${piece.king ? 'king' : 'man'}`;
    await expect(square(page, n), `square ${n}`).toHaveAttribute('data-piece', expected);
  }
}

async function openPage(page: Page, mode: 'two' | 'computer' = 'two'): Promise<void> {
  await page.goto('./checkers.html');
  await expect(page.getByTestId('status')).toHaveText('Black to move');
  if (mode === 'two') await page.locator('#mode').selectOption('two');
}

/** Loads `bytes` as an .xlsx through the page's file input. */
async function openFile(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await page.locator('#open-xlsx').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(bytes),
  });
}

async function openPosition(page: Page, fen: string): Promise<void> {
  await openFile(page, 'position.xlsx', await encodeXlsx(sheetOf(positionOf(fen))));
  await expect(page.getByTestId('notice')).toHaveText('Opened position.xlsx');
}

const click = async (page: Page, ...squares: number[]): Promise<void> => {
  for (const n of squares) await square(page, n).click();
};

test('a scripted game by clicks: the board, the PDN list, the turn, resumed after a reload', async ({
  page,
}) => {
  await openPage(page);
  await click(page, 11, 15);
  await expect(page.getByTestId('status')).toHaveText('Red to move');
  await click(page, 22, 18);
  await expect(page.getByTestId('status')).toHaveText('Black to move — a capture is compulsory');
  await click(page, 15, 22, 25, 18);
  const moves = ['11-15', '22-18', '15x22', '25x18'];
  await expect(page.getByTestId('moves').locator('li')).toHaveText(['11-15 22-18', '15x22 25x18']);
  await expect(page.getByTestId('status')).toHaveText('Black to move');
  await expect(page.getByTestId('announcer')).toHaveText(
    'Red moves 25x18, captures 22. Black to move.',
  );
  await expectBoard(page, played(moves).position);

  const download = page.waitForEvent('download');
  await page.locator('#export-pdn').click();
  const pdn = readFileSync(await (await download).path(), 'utf8');
  expect(pdn).toContain('1. 11-15 22-18 2. 15x22 25x18 *');

  await page.reload();
  await expect(page.getByTestId('moves').locator('li')).toHaveText(['11-15 22-18', '15x22 25x18']);
  await expectBoard(page, played(moves).position);
  await expect(page.locator('#mode')).toHaveValue('two');
});

test('a compulsory capture: only the capturing pieces are marked and may move', async ({
  page,
}) => {
  await openPage(page);
  await click(page, 11, 15, 22, 18);
  await expect(square(page, 15)).toHaveClass(/must-capture/);
  await expect(square(page, 15)).toHaveAttribute(
    'aria-label',
    'square 15, black man, must capture',
  );
  await expect(page.locator('.must-capture')).toHaveCount(1);
  await click(page, 9);
  await expect(square(page, 9)).not.toHaveClass(/selected/);
  await expect(page.getByTestId('notice')).toHaveText('A capture is compulsory: move 15');
  await expect(page.locator('.target')).toHaveCount(0);
  // A drag of the piece that may not move does nothing either.
  await square(page, 9).dragTo(square(page, 13));
  await expect(square(page, 13)).toHaveAttribute('data-piece', 'empty');
  await click(page, 15);
  await expect(page.locator('.target')).toHaveCount(1);
  await expect(square(page, 22)).toHaveClass(/target/);
  await click(page, 22);
  await expect(page.getByTestId('moves').locator('li')).toHaveText(['11-15 22-18', '15x22']);
  await expect(square(page, 18)).toHaveAttribute('data-piece', 'empty');
});

test('a multi-jump: the landing between the jumps shown, both pieces gone, one PDN move', async ({
  page,
}) => {
  await openPage(page);
  await openPosition(page, 'W:W22,30:B3,10,18');
  await expect(page.getByTestId('status')).toHaveText('Red to move — a capture is compulsory');
  await click(page, 22, 15);
  await expect(page.getByTestId('status')).toHaveText('Red keeps jumping with 15');
  await expect(square(page, 15)).toHaveAttribute('data-piece', 'red-man');
  await expect(square(page, 18)).toHaveAttribute('data-piece', 'empty');
  await expect(square(page, 10)).toHaveAttribute('data-piece', 'black-man');
  await expect(square(page, 6)).toHaveClass(/target/);
  await expect(page.getByTestId('moves').locator('li')).toHaveCount(0);
  await click(page, 6);
  await expect(page.getByTestId('moves').locator('li')).toHaveText(['… 22x15x6']);
  await expect(page.getByTestId('announcer')).toHaveText(
    'Red moves 22x15x6, captures 18 and 10. Black to move.',
  );
  await expectBoard(page, positionOf('B:W6,30:B3'));
});

test('a crowning: the man on the last row becomes a king, shown and announced', async ({
  page,
}) => {
  await openPage(page);
  await openPosition(page, 'B:W9,12:B26');
  await square(page, 26).dragTo(square(page, 31));
  await expect(square(page, 31)).toHaveAttribute('data-piece', 'black-king');
  await expect(square(page, 31)).toHaveAttribute('aria-label', /^square 31, black king/);
  await expect(square(page, 31)).toHaveClass(/crowned/);
  await expect(square(page, 31).locator('.piece')).toHaveText('♛');
  await expect(page.getByTestId('announcer')).toHaveText(
    'Black moves 26-31, crowned. Red to move.',
  );
});

test('keyboard play: arrows move the cursor, Enter picks and drops, Escape cancels', async ({
  page,
}) => {
  await openPage(page);
  await square(page, 9).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(square(page, 11)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(square(page, 11)).toHaveClass(/selected/);
  await page.keyboard.press('Escape');
  await expect(square(page, 11)).not.toHaveClass(/selected/);
  await page.keyboard.press('Space');
  await expect(square(page, 11)).toHaveClass(/selected/);
  await page.keyboard.press('ArrowDown');
  await expect(square(page, 15)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('moves').locator('li')).toHaveText(['11-15']);
  await expect(page.getByTestId('announcer')).toHaveText('Black moves 11-15. Red to move.');
  await expect(square(page, 15)).toBeFocused();
});

test("the cursor's ring shows for the keys, not after a click", async ({ page }) => {
  await openPage(page);
  const ring = (n: number) =>
    square(page, n).evaluate((button) => getComputedStyle(button).boxShadow);
  await click(page, 11);
  await expect(square(page, 11)).toBeFocused();
  expect(await ring(11)).toBe('none');
  await page.keyboard.press('ArrowDown');
  await expect(square(page, 15)).toBeFocused();
  expect(await ring(15)).toMatch(/inset/);
});

test('the computer answers in its worker: frames keep coming, no task of the page works 50 ms', async ({
  page,
  browser,
}) => {
  await openPage(page, 'computer');
  await page.locator('#level').selectOption('3');
  await page.evaluate(() => {
    const probe = window as unknown as { frames: number };
    probe.frames = 0;
    const tick = () => {
      probe.frames++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  // The main thread's own work per task, from a Chromium trace: long tasks as the page measures
  // them count the time a task waits for a core, which a loaded machine makes long.
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  await click(page, 11, 15);
  await expect(page.getByTestId('status')).toHaveText('Red (computer) is thinking…');
  const framesWhenAsked = await page.evaluate(
    () => (window as unknown as { frames: number }).frames,
  );
  await expect(page.getByTestId('moves').locator('li')).toHaveText(/^11-15 \d+-\d+$/, {
    timeout: 20_000,
  });
  await expect(page.getByTestId('status')).toHaveText(/^Black to move/);
  const frames = await page.evaluate(() => (window as unknown as { frames: number }).frames);
  const tasks = mainThreadTasks(await browser.stopTracing());
  // A level-3 search thinks for a second: a blocked page would draw no frame meanwhile.
  expect(frames - framesWhenAsked).toBeGreaterThan(10);
  expect(tasks.length).toBeGreaterThan(10);
  expect(tasks.every((task) => Number.isFinite(task.work))).toBe(true);
  expect(tasks.filter((task) => task.work >= 50)).toEqual([]);
});

test('an .xlsx saved by the terminal opens in the page', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'checkers-web-'));
  const out = terminal('(move (3 2) southeast)\n(move (6 1) (5 2))\n(save "from-terminal")\n', dir);
  expect(out).toContain('Saved from-terminal.xlsx: Black (p1) to move.');
  const file = join(dir, 'from-terminal.xlsx');
  expect(existsSync(file)).toBe(true);
  await openPage(page);
  await openFile(page, 'from-terminal.xlsx', readFileSync(file));
  await expect(page.getByTestId('notice')).toHaveText('Opened from-terminal.xlsx');
  await expectBoard(page, played(['9-14', '21-17']).position);
  await expect(page.getByTestId('status')).toHaveText('Black to move — a capture is compulsory');
});

test('an .xlsx downloaded from the page opens in the terminal', async ({ page }) => {
  await openPage(page);
  await click(page, 11, 15, 22, 18, 15, 22, 25, 18, 9, 13);
  const download = page.waitForEvent('download');
  await page.locator('#download-xlsx').click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('checkers.xlsx');
  const dir = mkdtempSync(join(tmpdir(), 'checkers-web-'));
  await saved.saveAs(join(dir, 'from-page.xlsx'));
  const out = terminal('(load "from-page")\n', dir);
  expect(out).toContain('Loaded from-page.xlsx: Red (p2) to move.');
  const position = played(['11-15', '22-18', '15x22', '25x18', '9-13']).position;
  expect(out).toContain(`\n${formatBoard(position).join('\n')}\n`);
});

test('bad files get a named reason and the game is kept', async ({ page }) => {
  await openPage(page);
  await click(page, 11, 15);
  const kept = played(['11-15']).position;
  await openFile(page, 'noise.xlsx', noise(3000, 7));
  await expect(page.getByTestId('notice')).toHaveText(
    'Cannot open noise.xlsx: it is not a zip file, so not an xlsx workbook (ERR_XLSX); the game is kept',
  );
  await openFile(page, 'board.xlsx', await workbookBytes('board', rowsOf(START)));
  await expect(page.getByTestId('notice')).toHaveText(
    'Cannot open board.xlsx: the workbook has no sheet named "game" (sheets: "board") (ERR_NO_GAME_SHEET); the game is kept',
  );
  const lightSquare = START.cells.map((row, r) => (r === 0 ? ['B n', ...row.slice(1)] : row));
  await openFile(page, 'light.xlsx', await encodeXlsx({ cells: lightSquare, turn: 'p1' } as never));
  await expect(page.getByTestId('notice')).toContainText('Cannot open light.xlsx:');
  await expect(page.getByTestId('notice')).toContainText('(ERR_LIGHT_SQUARE); the game is kept');
  await expect(page.getByTestId('moves').locator('li')).toHaveText(['11-15']);
  await expectBoard(page, kept);
});

test('a damaged save is reported and a new game starts', async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded') === null) {
      localStorage.setItem(
        'twenty48-checkers',
        JSON.stringify({ version: 1, start: 'B:W21-32:B1-12', moves: ['11-15', '11-16'] }),
      );
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto('./checkers.html');
  await expect(page.getByTestId('notice')).toContainText(
    'The saved game could not be resumed: move 2 "11-16"',
  );
  await expect(page.getByTestId('notice')).toContainText('a new game started');
  await expectBoard(page, newGame().position);
});

test('the pages link both ways', async ({ page }) => {
  await page.goto('./');
  await page.locator('#to-checkers').click();
  await expect(page).toHaveURL(/checkers\.html$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkers');
  await page.locator('#to-2048').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('2048');
});

test.describe('against the computer', () => {
  test('the computer plays Black: it opens the game by itself, and the choice stays after a reload', async ({
    page,
  }) => {
    await page.goto('./checkers.html');
    await expect(page.getByTestId('status')).toHaveText('Black to move');
    await page.getByLabel('Level').selectOption('1');
    await page.getByLabel('You play').selectOption('red');
    // Nobody touches the board: Black's first move comes from the computer.
    await expect(page.getByTestId('moves').locator('li')).toHaveText(/^\d+-\d+$/, {
      timeout: 20_000,
    });
    await expect(page.getByTestId('status')).toHaveText(/^Red to move/);
    const opening = (await page.getByTestId('moves').locator('li').textContent()) ?? '';
    await expectBoard(page, played([opening]).position);
    await page.reload();
    await expect(page.getByLabel('You play')).toHaveValue('red');
    await expect(page.getByLabel('Level')).toHaveValue('1');
    await expect(page.getByTestId('moves').locator('li')).toHaveText(opening);
    // A new game keeps the sides: the computer opens it again.
    await page.locator('#new-game').click();
    await expect(page.getByTestId('moves').locator('li')).toHaveText(/^\d+-\d+$/, {
      timeout: 20_000,
    });
    await expect(page.getByTestId('status')).toHaveText(/^Red to move/);
  });
});

/** The centre of square `n` on the screen. */
async function centreOf(page: Page, n: number): Promise<{ x: number; y: number }> {
  const box = await square(page, n).boundingBox();
  if (box === null) throw new Error(`square ${n} is not on the screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test.describe('dragging', () => {
  test('with the mouse: the piece follows the pointer, targets show at once, a non-target puts it back', async ({
    page,
  }) => {
    await openPage(page);
    const from = await centreOf(page, 11);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await expect(square(page, 15)).toHaveClass(/target/);
    await expect(square(page, 16)).toHaveClass(/target/);
    const over = await centreOf(page, 20);
    await page.mouse.move((from.x + over.x) / 2, (from.y + over.y) / 2, { steps: 4 });
    const ghost = page.getByTestId('drag-ghost');
    await expect(ghost).toBeVisible();
    const follow = async (x: number, y: number) => {
      await page.mouse.move(x, y, { steps: 3 });
      const box = await ghost.boundingBox();
      if (box === null) throw new Error('the dragged piece is not on the screen');
      expect(Math.abs(box.x + box.width / 2 - x)).toBeLessThan(2);
      expect(Math.abs(box.y + box.height / 2 - y)).toBeLessThan(2);
    };
    await follow(over.x, over.y);
    await expect(square(page, 11)).toHaveClass(/lifted/);
    // Dropped on a square that is no target: nothing moves, the piece is back.
    await page.mouse.up();
    await expect(ghost).toHaveCount(0);
    await expect(square(page, 11)).toHaveAttribute('data-piece', 'black-man');
    await expect(square(page, 11)).not.toHaveClass(/lifted/);
    await expect(square(page, 20)).toHaveAttribute('data-piece', 'empty');
    await expect(page.getByTestId('moves').locator('li')).toHaveCount(0);
    await expect(page.getByTestId('status')).toHaveText('Black to move');
    // Dragged to a target, it moves there.
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    const target = await centreOf(page, 15);
    await follow(target.x, target.y);
    await page.mouse.up();
    await expect(page.getByTestId('moves').locator('li')).toHaveText(['11-15']);
    await expect(square(page, 15)).toHaveAttribute('data-piece', 'black-man');
    await expect(ghost).toHaveCount(0);
  });

  test.describe('with a finger', () => {
    test.use({ hasTouch: true, isMobile: true, viewport: { width: 375, height: 667 } });

    test('a touch drag moves the piece, the copy under the finger; a tap-tap move works too', async ({
      page,
    }) => {
      await openPage(page);
      const cdp = await page.context().newCDPSession(page);
      const touch = (
        type: 'touchStart' | 'touchMove' | 'touchEnd',
        at?: { x: number; y: number },
      ) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: at === undefined ? [] : [{ x: at.x, y: at.y, id: 1 }],
        });
      const from = await centreOf(page, 10);
      const to = await centreOf(page, 14);
      await touch('touchStart', from);
      await expect(square(page, 14)).toHaveClass(/target/);
      await expect(square(page, 15)).toHaveClass(/target/);
      const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
      await touch('touchMove', mid);
      await touch('touchMove', to);
      const ghost = page.getByTestId('drag-ghost');
      await expect(ghost).toBeVisible();
      const box = await ghost.boundingBox();
      if (box === null) throw new Error('the dragged piece is not on the screen');
      expect(Math.abs(box.x + box.width / 2 - to.x)).toBeLessThan(2);
      await touch('touchEnd');
      await expect(page.getByTestId('moves').locator('li')).toHaveText(['10-14']);
      await expect(ghost).toHaveCount(0);
      await square(page, 22).tap();
      await square(page, 17).tap();
      await expect(page.getByTestId('moves').locator('li')).toHaveText(['10-14 22-17']);
    });
  });
});

test('a capture under way is resumed after a reload, mid-jump', async ({ page }) => {
  await openPage(page);
  await openPosition(page, 'W:W22,30:B3,10,18');
  await click(page, 22, 15);
  await expect(page.getByTestId('status')).toHaveText('Red keeps jumping with 15');
  await page.reload();
  await expect(page.getByTestId('status')).toHaveText('Red keeps jumping with 15');
  await expect(square(page, 15)).toHaveAttribute('data-piece', 'red-man');
  await expect(square(page, 18)).toHaveAttribute('data-piece', 'empty');
  await expect(square(page, 6)).toHaveClass(/target/);
  await click(page, 6);
  await expect(page.getByTestId('moves').locator('li')).toHaveText(['… 22x15x6']);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('after one online visit the page, its board, the computer and its network work offline', async ({
    page,
    context,
  }) => {
    await page.goto('./checkers.html');
    await controlledBySw(page);
    await page.getByLabel('Level').selectOption('1');

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('status')).toHaveText('Black to move');
    await expectBoard(page, newGame().position);
    await click(page, 11, 15);
    // The computer's worker was never started online: it comes from the cache.
    await expect(page.getByTestId('moves').locator('li')).toHaveText(/^11-15 \d+-\d+$/, {
      timeout: 20_000,
    });
    await expect(page.getByTestId('status')).toHaveText(/^Black to move/);
    await expect(page.getByTestId('notice')).toHaveText('');
    // So did the evaluation network the worker thinks with, evaluated in its WebAssembly kernel
    // ('loaded'; 'loaded-script' would be the TypeScript fallback).
    const networkState = (): Promise<string | undefined> | undefined =>
      page
        .workers()[0]
        ?.evaluate(() => (self as unknown as { checkersNetwork: string }).checkersNetwork);
    await expect.poll(networkState).toBe('loaded');
    // And it searches in WebAssembly too ('script' would be the TypeScript searcher).
    const searchState = (): Promise<string | undefined> | undefined =>
      page
        .workers()[0]
        ?.evaluate(() => (self as unknown as { checkersSearch: string }).checkersSearch);
    await expect.poll(searchState).toBe('kernel');
    await context.setOffline(false);
  });
});

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the page');
  return box;
};
const inside = (box: Box, width: number, height: number): boolean =>
  box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
const style = (locator: Locator, property: string): Promise<string> =>
  locator.evaluate((e, p) => getComputedStyle(e).getPropertyValue(p), property);
/** `rgb(r, g, b)` as `#rrggbb`. */
const hexOf = (rgb: string): string => {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
  return `#${[r, g, b].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;
};

test.describe('the look, as the 2048 page', () => {
  for (const [width, height] of [
    [1280, 720],
    [667, 375],
    [375, 667],
    [320, 568],
  ] as const) {
    test(`the board, the turn and the buttons fit ${width}x${height} without scrolling`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await openPage(page);
      const board = await boxOf(page.getByTestId('board'));
      expect(inside(board, width, height), JSON.stringify(board)).toBe(true);
      for (const part of ['.controls', '#status', '.title']) {
        const box = await boxOf(page.locator(part).first());
        expect(inside(box, width, height), `${part} ${JSON.stringify(box)}`).toBe(true);
      }
      expect(board.width).toBeGreaterThan(Math.min(width, height) / 2);
      // Square: 8 rows of 8.
      expect(Math.abs(board.width - board.height)).toBeLessThan(2);
      expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    });
  }

  test('a wide and short window puts the board on the left, the controls on its right', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 667, height: 375 });
    await openPage(page);
    const board = await boxOf(page.getByTestId('board'));
    for (const part of ['.controls', '#status']) {
      const box = await boxOf(page.locator(part).first());
      expect(box.x).toBeGreaterThanOrEqual(board.x + board.width);
    }
  });

  test("Clear Sans and the 2048 page's buttons and selects", async ({ page }) => {
    await openPage(page);
    const font = await page.evaluate(async () => {
      await document.fonts.ready;
      return {
        family: getComputedStyle(document.body).fontFamily,
        loaded: [...document.fonts]
          .filter((f) => f.family.replaceAll('"', '') === 'Clear Sans' && f.status === 'loaded')
          .map((f) => f.weight),
      };
    });
    expect(font.family.split(',')[0]?.replaceAll('"', '').trim()).toBe('Clear Sans');
    expect(font.loaded).toContain('400');
    expect(font.loaded).toContain('700');
    const level = page.getByLabel('Level');
    expect(await style(level, 'appearance')).toBe('none');
    expect(hexOf(await style(level, 'background-color'))).toBe(SURFACES.light.board);
    expect(hexOf(await style(level, 'color'))).toBe(SURFACES.light.onBoard);
    expect(await style(level, 'font-family')).toMatch(/^"?Clear Sans"?,/);
    const undo = page.getByRole('button', { name: 'New game' });
    expect(hexOf(await style(undo, 'background-color'))).toBe(SURFACES.light.accent);
    expect(hexOf(await style(undo, 'color'))).toBe(SURFACES.light.onAccent);
    // The same rules as on the 2048 page: its New game button and Theme select measure the same.
    const measure = (locator: Locator) =>
      Promise.all(
        ['font-size', 'font-weight', 'min-height', 'border-radius'].map((p) => style(locator, p)),
      );
    const here = [await measure(undo), await measure(page.getByLabel('Theme'))];
    await page.goto('./');
    const there = [
      await measure(page.getByRole('button', { name: 'New game' })),
      await measure(page.getByLabel('Theme')),
    ];
    expect(here).toEqual(there);
  });

  test('How to play and the footer: headings in order, the rules in words, links that answer', async ({
    page,
  }) => {
    await openPage(page);
    expect(await visibleHeadings(page)).toEqual([
      'H1 Checkers',
      'H2 Moves',
      'H2 Settings',
      'H2 Files',
      'H2 How to play',
    ]);
    const how = page.locator('#how-to-play');
    await expect(how).toContainText('captures are compulsory');
    await expect(how).toContainText('king');
    await expect(how).toContainText('arrow keys');
    await expect(how).toContainText('.xlsx');
    const footer = page.locator('footer');
    await expect(footer).toContainText('American checkers');
    await expect(footer.getByRole('link', { name: 'Play 2048' })).toBeVisible();
    await sameOriginLinksAnswer(page);
  });
});
