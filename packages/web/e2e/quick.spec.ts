// Quick play, as the original allows it: a press during an animation ends that animation at
// once and plays (none waits behind it, none is lost), and auto-play at the top speed plays on
// without stalling the page. Behaviour only: the timings are figures in scripts/feel-bench.mjs.

import { expect, test } from '@playwright/test';
import {
  type Direction,
  newGame,
  parseRecord,
  replay,
  step,
  type TileEvent,
} from '@twenty48/engine';
import { mainThreadTasks } from '../scripts/trace.mjs';
import { expectGame, KEYS, shownBoard } from './board.js';

// Animations on, as in a player's browser: the presses land while slides run.
test.use({ reducedMotion: 'no-preference', serviceWorkers: 'block' });

const SEED = '7';
// Presses twice the same way: some change nothing.
const ORDER: Direction[] = ['left', 'left', 'up', 'up', 'right', 'down', 'down', 'left'];
const PRESSES = Array.from({ length: 40 }, (_, i) => ORDER[i % ORDER.length] as Direction);

/**
 * The engine's game after `presses` from SEED, how many of them changed the board, and the
 * events of the last that did.
 */
function replayPresses(presses: readonly Direction[]) {
  let game = newGame('classic', SEED);
  let events: readonly TileEvent[] = [];
  let moved = 0;
  for (const direction of presses) {
    const result = step(game, direction);
    if (result.moved) {
      events = result.events;
      moved += 1;
    }
    game = result.game;
  }
  return { game, events, moved };
}

test('40 quick presses: every press that changes the board is played, the board is the engine’s', async ({
  page,
}) => {
  await page.goto(`./?seed=${SEED}&rules=classic&size=4`);
  await expectGame(page, newGame('classic', SEED));
  for (const direction of PRESSES) await page.keyboard.press(KEYS[direction], { delay: 0 });
  const { game, moved } = replayPresses(PRESSES);
  // Some presses change nothing; every one that does is a move on the page.
  expect(moved).toBeLessThan(PRESSES.length);
  await expect(page.getByTestId('moves')).toHaveText(String(moved));
  await expectGame(page, game);
});

test('a press during an animation plays at once and ends that animation', async ({ page }) => {
  await page.goto(`./?seed=${SEED}&rules=classic&size=4`);
  await expectGame(page, newGame('classic', SEED));
  // All 40 key presses in one task, so no timer of the page runs in between: a move waiting
  // for the last one's animation would not be shown yet.
  const keys = PRESSES.map((direction) => KEYS[direction]);
  const shown = await page.evaluate((keys) => {
    for (const key of keys) {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    }
    const tiles = document.querySelector('[data-testid=board] .tiles') as HTMLElement;
    return {
      moves: document.querySelector('[data-testid=moves]')?.textContent,
      leaving: tiles.querySelectorAll('[data-testid=tile-leaving]').length,
    };
  }, keys);
  const { game, events, moved } = replayPresses(PRESSES);
  expect(shown.moves).toBe(String(moved));
  // Only the last move's merged tiles are still on their way out: those of the moves before it
  // were removed when the next move finished their animation.
  const merges = events.filter((e) => e.type === 'merge').length;
  expect(shown.leaving).toBe(2 * merges);
  expect(await shownBoard(page)).toEqual(game.board);
  await expectGame(page, game);
});

test('auto-play at the top speed plays on with short slides, and no task of the page works 50 ms', async ({
  browser,
  page,
}) => {
  await page.goto(`./?seed=${SEED}&rules=classic&size=4`);
  await page.getByLabel('Auto-play speed (moves per second)').fill('30');
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  const autoplay = page.getByRole('button', { name: 'Auto-play' });
  await autoplay.click();
  await expect(autoplay).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => Number(await page.getByTestId('moves').textContent()), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(60);
  // A slide lasts no longer than a turn at 30 moves a second.
  // (Read in one go: a tile found first may have merged away before it is read.)
  const slide = await page.getByTestId('board').evaluate((board) => {
    const tile = board.querySelector('[data-testid=tile]') as HTMLElement;
    return getComputedStyle(tile).transitionDuration;
  });
  expect(Number.parseFloat(slide)).toBeLessThanOrEqual(1 / 30);
  await autoplay.click();
  await expect(autoplay).toHaveAttribute('aria-pressed', 'false');
  const tasks = mainThreadTasks(await browser.stopTracing());
  // The trace saw the page work (each move is a task), and no task worked 50 ms or more.
  expect(tasks.length).toBeGreaterThan(60);
  expect(tasks.every((task) => Number.isFinite(task.work))).toBe(true);
  expect(tasks.filter((task) => task.work >= 50)).toEqual([]);
  const longest = Math.max(...tasks.map((task) => task.work));
  test.info().annotations.push({ type: 'feel', description: `longest task ${longest} ms` });
  // What auto-play did is a real game: the saved record replays to the board on the page.
  const saved = await page.evaluate(() => localStorage.getItem('twenty48:game'));
  const record = parseRecord((JSON.parse(saved ?? '{}') as { record: unknown }).record);
  if (!record.ok) throw new Error(record.error.message);
  const replayed = replay(record.value);
  if (!replayed.ok) throw new Error(replayed.error.message);
  await expectGame(page, replayed.value);
});
