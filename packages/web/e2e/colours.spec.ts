// The colours are 2048's, as the page RENDERS them (getComputedStyle, not the palette's data):
// bright golds from 128 to 2048 with a gold glow and a gold win overlay, every number 3:1
// against its tile, neighbouring tiles at least as far apart as the original's (CIEDE2000),
// each gold 3 from the next; in the light and the dark theme. And on phones: the board large,
// nothing overlapping, scores up to 999,999 in their boxes, 8x8 digits at least 11 px tall,
// the end of a game on a solid panel.

import { expect, type Locator, type Page, test } from '@playwright/test';
import { contrastRatio, deltaE2000, hslOf } from '@twenty48/common';
import { type GameRecord, makeRecord, newGame, recordOf, step } from '@twenty48/engine';
import { TILE_DISTANCE_FLOORS } from '@twenty48/testkits/palette';
import { shownNumber, WIN } from './board.js';

/** The win's first `n` moves (the board after 945 shows 2 to 1024; all of them, 2048 too). */
const upTo = (n: number): GameRecord => ({ ...WIN, moves: WIN.moves.slice(0, n) });

/** Save a game as the page stores it and load the page again. */
async function loadSaved(page: Page, record: GameRecord, keptPlaying = true): Promise<void> {
  await page.goto('./');
  await page.evaluate(
    (text) => localStorage.setItem('twenty48:game', text),
    JSON.stringify({ record: JSON.parse(makeRecord(record)), keptPlaying }),
  );
  await page.goto('./');
  await expect(page.getByTestId('moves')).toHaveText(shownNumber(record.moves.length));
}

/** A computed colour (`rgb(…)`, `rgba(…)` or `color(srgb …)`) as `#rrggbb` and its alpha. */
function parseColour(css: string): { hex: string; alpha: number } {
  const srgb = /color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)/.exec(css);
  const channels = srgb
    ? srgb.slice(1, 4).map((c) => Math.round(Number(c) * 255))
    : (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const alpha = srgb ? Number(srgb[4] ?? 1) : Number((css.match(/[\d.]+/g) ?? [])[3] ?? 1);
  const hex = `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  return { hex, alpha };
}

const style = (locator: Locator, property: string): Promise<string> =>
  locator.evaluate((e, p) => getComputedStyle(e).getPropertyValue(p), property);

/** Each value's rendered tile: background, ink and glow, read from the board shown. */
async function renderedTiles(
  page: Page,
): Promise<Map<number, { background: string; text: string; shadow: string }>> {
  const found = await page.locator('#board [data-testid=tile] .tile-inner').evaluateAll((inners) =>
    inners.map((inner) => {
      const tile = inner.closest<HTMLElement>('[data-testid=tile]');
      const css = getComputedStyle(inner);
      return {
        value: Number(tile?.dataset.value),
        background: css.backgroundColor,
        text: css.color,
        shadow: css.boxShadow,
      };
    }),
  );
  return new Map(found.map((t) => [t.value, t]));
}

const FLOORS = TILE_DISTANCE_FLOORS;
const GOLDS = [128, 256, 512, 1024, 2048];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`the ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('tiles are 2048’s: bright golds, numbers 3:1, neighbours apart, a gold glow', async ({
      page,
    }) => {
      await loadSaved(page, upTo(945));
      const tiles = await renderedTiles(page);
      await loadSaved(page, upTo(WIN.moves.length));
      for (const [value, tile] of await renderedTiles(page)) tiles.set(value, tile);
      const colour = (value: number) => {
        const tile = tiles.get(value);
        if (!tile) throw new Error(`no ${value} tile shown`);
        return { ...tile, bg: parseColour(tile.background).hex, ink: parseColour(tile.text).hex };
      };
      const report: string[] = [];
      for (const value of [2, 4, 8, 16, 32, 64, ...GOLDS]) {
        const { bg, ink } = colour(value);
        const ratio = contrastRatio(bg, ink);
        report.push(`${value} ${bg} ink ${ink} ${ratio.toFixed(2)}:1`);
        expect(ratio, `${value}: ${bg} / ${ink}`).toBeGreaterThanOrEqual(3);
      }
      for (const [a, b, floor] of FLOORS) {
        const distance = deltaE2000(colour(a).bg, colour(b).bg);
        report.push(`ΔE ${a}/${b} ${distance.toFixed(2)}`);
        expect(distance, `${a}/${b}`).toBeGreaterThanOrEqual(floor);
      }
      for (const value of GOLDS) {
        const { h, s, l } = hslOf(colour(value).bg);
        expect([h >= 35 && h <= 55, s >= 0.6, l >= 0.45], `${value}: ${colour(value).bg}`).toEqual([
          true,
          true,
          true,
        ]);
        // The glow is gold, and stronger from 128 to 2048.
        expect(colour(value).shadow).toMatch(/rgba\(243, 215, 116, 0\.[1-9]/);
      }
      expect(colour(64).shadow).toMatch(/rgba\(243, 215, 116, 0\)/);
      console.log(`${colorScheme}:\n${report.join('\n')}`);
    });

    test('a win is shown over a gold veil, its words on a solid panel', async ({ page }) => {
      await loadSaved(page, WIN, false);
      const overlay = page.getByTestId('overlay');
      await expect(overlay).toHaveAttribute('data-state', 'won');
      const veil = parseColour(await style(overlay, 'background-color'));
      const { h, s } = hslOf(veil.hex);
      expect(veil.alpha).toBeGreaterThan(0.3);
      expect([h >= 35 && h <= 55, s >= 0.6], veil.hex).toEqual([true, true]);
      const panel = overlay.locator('.overlay-panel');
      const solid = parseColour(await style(panel, 'background-color'));
      expect(solid.alpha).toBe(1);
      const page_ = parseColour(await style(page.locator('body'), 'background-color'));
      expect(solid.hex).toBe(page_.hex);
      const title = parseColour(await style(page.locator('#overlay-title'), 'color'));
      expect(contrastRatio(title.hex, solid.hex)).toBeGreaterThanOrEqual(4.5);
      const border = parseColour(await style(panel, 'border-top-color'));
      expect(hslOf(border.hex).h).toBeGreaterThanOrEqual(35);
    });
  });
}

test.describe('on a 320x568 phone', () => {
  test.use({ viewport: { width: 320, height: 568 } });

  type Box = { x: number; y: number; width: number; height: number };
  const boxOf = async (locator: Locator): Promise<Box> => {
    const box = await locator.boundingBox();
    if (!box) throw new Error('not shown');
    return box;
  };
  const overlap = (a: Box, b: Box): boolean =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  for (const rules of ['classic', 'fiveTwelve', 'tiers']) {
    test(`${rules}: the 4x4 board is at least 280 px wide and nothing overlaps`, async ({
      page,
    }) => {
      await page.goto(`./?seed=5&rules=${rules}&size=4`);
      const board = await boxOf(page.getByTestId('board'));
      expect(board.width).toBeGreaterThanOrEqual(280);
      expect(board.y + board.height).toBeLessThanOrEqual(568);
      const parts = {
        title: page.locator('.title'),
        scores: page.locator('#scores'),
        messages: page.locator('.messages'),
        controls: page.locator('#game-view > .controls'),
        status: page.locator('.status-line'),
        board: page.getByTestId('board'),
      };
      const boxes = Object.fromEntries(
        await Promise.all(Object.entries(parts).map(async ([k, l]) => [k, await boxOf(l)])),
      ) as Record<string, Box>;
      const names = Object.keys(boxes);
      for (const [i, a] of names.entries()) {
        for (const b of names.slice(i + 1)) {
          expect(overlap(boxes[a] as Box, boxes[b] as Box), `${a} and ${b}`).toBe(false);
        }
      }
      // The intro fits its reserved room (nothing cut off), and the buttons their one row.
      const intro = await page.locator('#intro').evaluate((e) => [e.scrollHeight, e.clientHeight]);
      expect(intro[0]).toBeLessThanOrEqual((intro[1] ?? 0) + 1);
      const tops = await page
        .locator('#game-view > .controls button:visible')
        .evaluateAll((buttons) =>
          buttons.map((b) => [b.getBoundingClientRect().top, b.scrollWidth - b.clientWidth]),
        );
      expect(new Set(tops.map(([top]) => top)).size).toBe(1);
      expect(tops.every(([, cut]) => (cut ?? 0) <= 0)).toBe(true);
    });
  }

  test('scores up to 999,999 fit their boxes, on one row with the title', async ({ page }) => {
    await page.goto('./?seed=5');
    await page.evaluate(() => {
      for (const id of ['score', 'best', 'moves']) {
        const value = document.getElementById(id);
        if (value) value.textContent = '999,999';
      }
    });
    // Measured in the page's own font: before it loads, a wider fallback can overflow the boxes.
    await page.evaluate(() => document.fonts.ready);
    const title = await boxOf(page.locator('.title'));
    for (const id of ['score', 'best', 'moves']) {
      const value = page.getByTestId(id);
      const digits = await boxOf(value);
      const box = await boxOf(value.locator('..'));
      expect(digits.x).toBeGreaterThanOrEqual(box.x);
      expect(digits.x + digits.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
      expect(overlap(digits, title)).toBe(false);
      expect(box.y).toBeLessThan(title.y + title.height);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
    }
  });

  test('8x8: the digits are at least 11 px tall, up to three of them', async ({ page }) => {
    await page.goto('./?seed=5&size=8');
    const tile = page.locator('#board [data-testid=tile]').first();
    await expect(tile).toBeVisible();
    /** The painted height of `text` in the font the tile shows it in (canvas metrics). */
    const inkHeight = (text: string, digits: string) =>
      tile.evaluate(
        (element, [t, d]) => {
          (element as HTMLElement).dataset.digits = d as string;
          const inner = element.querySelector('.tile-inner') as HTMLElement;
          const css = getComputedStyle(inner);
          const context = document.createElement('canvas').getContext('2d');
          if (!context) return 0;
          context.font = `${css.fontWeight} ${css.fontSize} ${css.fontFamily}`;
          const m = context.measureText(t as string);
          return m.actualBoundingBoxAscent + m.actualBoundingBoxDescent;
        },
        [text, digits],
      );
    await page.evaluate(() => document.fonts.ready);
    for (const [text, digits] of [
      ['2', '1'],
      ['64', '2'],
      ['512', '3'],
    ] as const) {
      expect(await inkHeight(text, digits), text).toBeGreaterThanOrEqual(11);
    }
  });

  test('the end of a game is written on a solid panel', async ({ page }) => {
    let game = newGame('classic', '3');
    const order = ['left', 'up', 'right', 'up'] as const;
    for (let i = 0; game.status === 'playing'; i++) game = step(game, order[i % 4] ?? 'left').game;
    await loadSaved(page, recordOf(game), false);
    const panel = page.getByTestId('overlay').locator('.overlay-panel');
    await expect(panel).toBeVisible();
    expect(parseColour(await style(panel, 'background-color')).alpha).toBe(1);
    const box = await boxOf(panel);
    const board = await boxOf(page.getByTestId('board'));
    expect(box.x).toBeGreaterThanOrEqual(board.x);
    expect(box.x + box.width).toBeLessThanOrEqual(board.x + board.width + 0.5);
  });
});
