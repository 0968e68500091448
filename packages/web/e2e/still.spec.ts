// The board holds still: nothing that appears or goes (the ranked line, a hint, "Thinking…",
// notices, errors, dealing) moves or resizes it. Measured as Chromium measures it: the
// layout-shift entries of each page (PerformanceObserver, buffered), summed without those
// that had recent input — and the actions are sent as script events, not trusted input, so
// no shift they cause is excused. Each scenario at four window sizes, against the real server.
// The figures are printed (`CLS <scenario> <size>: <value>`) for the issue's note.

import { expect, type Page, test } from '@playwright/test';
import type { Direction } from '@twenty48/engine';
import { RANKED_LINE } from '../src/view-state.js';
import { FIRST_ANSWER, firstMovable } from './board.js';
import { useRealServer } from './realServer.js';

const server = useRealServer();

// Routes must see every request: no service worker between the page and the test.
test.use({ serviceWorkers: 'block' });

const SIZES = [
  [1280, 720],
  [375, 667],
  [667, 375],
  [320, 568],
] as const;

/** The most a scenario may shift, over its whole page: the issue's target. */
const MAX_CLS = 0.01;

type Box = { x: number; y: number; width: number; height: number };

/** Record every layout shift of every document the page loads, from its first paint. */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; input: boolean; sources: string[] }[] = [];
    Object.assign(window, { __shifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        };
        const sources = (shift.sources ?? []).map((s) => {
          const node = s.node instanceof Text ? s.node.parentElement : s.node;
          if (!(node instanceof Element)) return node?.nodeName ?? '?';
          return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${node.className}`;
        });
        shifts.push({ value: shift.value, input: shift.hadRecentInput, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's cumulative layout shift so far (shifts after recent input left out), and its sources. */
async function cls(page: Page): Promise<{ value: number; sources: string[] }> {
  // Entries are delivered after a frame: wait for two.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  return page.evaluate(() => {
    const shifts = (
      window as unknown as { __shifts: { value: number; input: boolean; sources: string[] }[] }
    ).__shifts;
    const counted = shifts.filter((s) => !s.input);
    return {
      value: counted.reduce((sum, s) => sum + s.value, 0),
      sources: counted.flatMap((s) => s.sources.map((n) => `${s.value.toFixed(4)} ${n}`)),
    };
  });
}

const boardBox = async (page: Page): Promise<Box> => {
  const box = await page.getByTestId('board').boundingBox();
  if (!box) throw new Error('no board');
  return box;
};

/** A click as a script sends it: not trusted input, so Chromium excuses none of its shifts. */
const scriptClick = (page: Page, id: string): Promise<void> =>
  page.evaluate((i) => document.getElementById(i)?.click(), id);

const KEY_NAMES: Readonly<Record<Direction, string>> = {
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
};

/** A key as a script sends it (not trusted input). */
const scriptKey = (page: Page, direction: Direction): Promise<void> =>
  page.evaluate((key) => {
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  }, KEY_NAMES[direction]);

/** The board the page shows, as the tiles' values by row. */
const shownBoard = (page: Page): Promise<number[][]> =>
  page.getByTestId('board').evaluate((board) => {
    const size = Number((board as HTMLElement).dataset.size);
    const rows = Array.from({ length: size }, () => Array<number>(size).fill(0));
    for (const tile of board.querySelectorAll<HTMLElement>('[data-testid=tile]')) {
      const row = rows[Number(tile.dataset.row)];
      if (row) row[Number(tile.dataset.col)] = Number(tile.dataset.value);
    }
    return rows;
  });

/** Wait until a moment passes with no animation and no request: the page at rest. */
const settle = (page: Page, ms = 700): Promise<void> => page.waitForTimeout(ms);

/** Open the served page and wait for the ranked game it deals. */
async function openRanked(page: Page): Promise<string> {
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/games') && r.request().method() === 'POST',
  );
  await page.goto(`${server().url}/`);
  const { gameId } = (await (await created).json()) as { gameId: string };
  await expect(page.getByTestId('ranked-line')).toHaveText(RANKED_LINE);
  await settle(page);
  return gameId;
}

/** Report the figure and check it. */
async function expectStill(page: Page, scenario: string, size: string, before: Box): Promise<void> {
  const measured = await cls(page);
  console.log(`CLS ${scenario} ${size}: ${measured.value.toFixed(4)}`);
  test
    .info()
    .annotations.push({ type: `CLS ${scenario} ${size}`, description: measured.value.toFixed(4) });
  expect(await boardBox(page), 'the board kept its place and size').toEqual(before);
  expect(measured.value, measured.sources.join('\n')).toBeLessThanOrEqual(MAX_CLS);
}

for (const [width, height] of SIZES) {
  const size = `${width}x${height}`;
  test.describe(`at ${size}`, () => {
    test.use({ viewport: { width, height } });

    test('load: a ranked game is dealt', async ({ page }) => {
      await watchShifts(page);
      await openRanked(page);
      const measured = await cls(page);
      console.log(`CLS load ${size}: ${measured.value.toFixed(4)}\n${measured.sources.join('\n')}`);
      expect(measured.value, measured.sources.join('\n')).toBeLessThanOrEqual(MAX_CLS);
    });

    test('a ranked reload', async ({ page }) => {
      await watchShifts(page);
      await openRanked(page);
      const direction = firstMovable(await shownBoard(page));
      await scriptKey(page, direction);
      await expect(page.getByTestId('moves')).toHaveText('1');
      await settle(page);
      const before = await boardBox(page);
      await page.reload();
      await expect(page.getByTestId('moves')).toHaveText('1');
      await settle(page);
      await expectStill(page, 'ranked-reload', size, before);
    });

    test('a hint, then a move', async ({ page }) => {
      await watchShifts(page);
      await page.goto(`${server().url}/?seed=7`);
      await settle(page);
      const before = await boardBox(page);
      await scriptClick(page, 'hint');
      await expect(page.getByTestId('hint')).toHaveText(/^Hint: /, FIRST_ANSWER);
      const direction = (await page
        .getByTestId('hint')
        .getAttribute('data-direction')) as Direction;
      await scriptKey(page, direction || 'left');
      await expect(page.getByTestId('moves')).toHaveText('1');
      await settle(page);
      await expectStill(page, 'hint', size, before);
    });

    test('auto-play, started and stopped', async ({ page }) => {
      await watchShifts(page);
      await page.goto(`${server().url}/?seed=7`);
      await settle(page);
      const before = await boardBox(page);
      await scriptClick(page, 'autoplay');
      // The AI's first moves wait for its network to load; slow on a busy machine, not wrong.
      await expect
        .poll(async () => Number(await page.getByTestId('moves').textContent()), {
          timeout: 30_000,
        })
        .toBeGreaterThan(10);
      await scriptClick(page, 'autoplay');
      await settle(page);
      await expectStill(page, 'autoplay', size, before);
    });

    test('a lost connection, and back', async ({ page }) => {
      await watchShifts(page);
      await openRanked(page);
      const before = await boardBox(page);
      await page.route('**/api/games/*/moves', (route) => route.abort('internetdisconnected'));
      const direction = firstMovable(await shownBoard(page));
      await scriptKey(page, direction);
      await expect(page.getByTestId('notice')).toContainText(/connection lost/i);
      await settle(page);
      await page.unroute('**/api/games/*/moves');
      await expect(page.getByTestId('notice')).not.toContainText(/connection lost/i, {
        timeout: 15_000,
      });
      await settle(page);
      await expectStill(page, 'lost-connection', size, before);
    });
  });
}
