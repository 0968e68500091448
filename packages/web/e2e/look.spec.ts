// How the game looks, in measurable facts: the board and the scores on the first screen at four
// window sizes, the phone layout, the settings and high scores in the game's style, the +N float
// clear of the digits, Clear Sans shipped (here and on the server's leaderboard page), the tile
// palette in both themes, and the How to play section and footer.

import { expect, type Locator, type Page, test } from '@playwright/test';
import { contrastRatio, SURFACES } from '@twenty48/common';
import { type Game, type GameRecord, makeRecord, newGame, replay, step } from '@twenty48/engine';
import { directionOfLetter, FIRST_ANSWER, KEYS, shownNumber, WIN } from './board.js';
import { sameOriginLinksAnswer, visibleHeadings } from './pages.js';
import { useRealServer } from './realServer.js';

const played = (record: GameRecord): Game => {
  const game = replay(record);
  if (!game.ok) throw new Error(game.error.message);
  return game.value;
};

/** The first moves of the win whose board shows both an 8 and a 128. */
const WITH_8_AND_128 = (() => {
  let game = newGame(WIN.rules, WIN.seed, WIN.version);
  for (let n = 1; n <= WIN.moves.length; n++) {
    game = step(game, directionOfLetter(WIN.moves[n - 1])).game;
    const tiles = game.board.flat();
    if (tiles.includes(8) && tiles.includes(128)) return { ...WIN, moves: WIN.moves.slice(0, n) };
  }
  throw new Error('the win never shows an 8 beside a 128');
})();

/** Save a game as the page stores it and load the page again. */
async function loadSaved(page: Page, record: GameRecord, keptPlaying = true): Promise<void> {
  await page.goto('./');
  await page.evaluate(
    (text) => localStorage.setItem('twenty48:game', text),
    JSON.stringify({ record: JSON.parse(makeRecord(record)), keptPlaying }),
  );
  await page.goto('./');
  await expect(page.getByTestId('moves')).toHaveText(shownNumber(played(record).moves.length));
}

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the page');
  return box;
};
const inside = (box: Box, width: number, height: number): boolean =>
  box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
const overlap = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** `rgb(r, g, b)` as `#rrggbb`, for the one contrast formula. */
const hexOf = (rgb: string): string => {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
  return `#${[r, g, b].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;
};
const style = (locator: Locator, property: string): Promise<string> =>
  locator.evaluate((e, p) => getComputedStyle(e).getPropertyValue(p), property);
const tile = (page: Page, value: number): Locator =>
  page.locator(`#board [data-testid=tile][data-value="${value}"] .tile-inner`).first();

const SIZES = [
  [1280, 720],
  [667, 375],
  [375, 667],
  [320, 568],
] as const;

test.describe('the board and the scores fit the window without scrolling', () => {
  for (const [width, height] of SIZES) {
    test(`at ${width}x${height}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await loadSaved(page, WIN);
      const board = await boxOf(page.getByTestId('board'));
      expect(inside(board, width, height), JSON.stringify(board)).toBe(true);
      expect(inside(await boxOf(page.locator('#scores')), width, height)).toBe(true);
      expect(inside(await boxOf(page.locator('.controls').first()), width, height)).toBe(true);
      // The board is as large as the room allows: at least half the shorter side.
      expect(board.width).toBeGreaterThan(Math.min(width, height) / 2);
      const scroll = await page.evaluate(() => [window.scrollX, window.scrollY]);
      expect(scroll).toEqual([0, 0]);
      // Nothing wider than the window.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    });
  }

  test('a wide and short window puts the board on the left, the controls on its right', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 667, height: 375 });
    await page.goto('./');
    const board = await boxOf(page.getByTestId('board'));
    for (const id of ['#scores', '.controls']) {
      const box = await boxOf(page.locator(id).first());
      expect(box.x).toBeGreaterThanOrEqual(board.x + board.width);
    }
  });
});

test.describe('on a phone', () => {
  for (const width of [320, 375]) {
    test(`the four game buttons share one row at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 640 });
      await page.goto('./');
      const tops = await Promise.all(
        ['New game', 'Undo', 'Hint', 'Auto-play'].map(async (name) => {
          const box = await boxOf(page.getByRole('button', { name, exact: true }));
          expect(box.x + box.width).toBeLessThanOrEqual(width);
          return box.y;
        }),
      );
      expect(new Set(tops).size).toBe(1);
    });
  }

  test.describe('with a touch screen', () => {
    test.use({ hasTouch: true, isMobile: true, viewport: { width: 375, height: 667 } });

    test('the intro says swipe and names no keys', async ({ page }) => {
      await page.goto('./');
      const intro = page.locator('#intro');
      await expect(intro.getByText('Swipe on the board')).toBeVisible();
      await expect(intro.getByText('Arrow keys')).toBeHidden();
      await expect(page.locator('#how-to-play').getByText('Swipe across the board')).toBeVisible();
    });
  });

  test('with a keyboard and a mouse the intro names the keys, not swipes', async ({ page }) => {
    await page.goto('./');
    const intro = page.locator('#intro');
    await expect(intro.getByText('Arrow keys, WASD or hjkl')).toBeVisible();
    await expect(intro.getByText('Swipe on the board')).toBeHidden();
  });

  test('the hint has its room kept above the board: the board stays put; the live region announces', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('./');
    const hint = page.getByTestId('hint');
    await expect(hint).toHaveText('');
    const board = await boxOf(page.getByTestId('board'));
    await page.getByRole('button', { name: 'Hint' }).click();
    await expect(hint).toHaveText(/^Hint: move (up|down|left|right)\.$/, FIRST_ANSWER);
    expect(await boxOf(page.getByTestId('board'))).toEqual(board);
    const shown = await boxOf(hint);
    expect(shown.y + shown.height).toBeLessThanOrEqual(board.y);
    const said = await hint.textContent();
    await expect(page.locator('#live')).toHaveText(said ?? 'a hint');
  });
});

test.describe('the settings and the high scores look like the game', () => {
  test('selects, switches and the slider are styled in the game colours and font', async ({
    page,
  }) => {
    await page.goto('./');
    const rules = page.getByLabel('Rules');
    expect(await style(rules, 'appearance')).toBe('none');
    expect(hexOf(await style(rules, 'background-color'))).toBe(SURFACES.light.board);
    expect(hexOf(await style(rules, 'color'))).toBe(SURFACES.light.onBoard);
    expect(await style(rules, 'font-family')).toMatch(/^"?Clear Sans"?,/);
    const sound = page.getByRole('checkbox', { name: 'Sound' });
    expect(await style(sound, 'appearance')).toBe('none');
    expect(hexOf(await style(sound, 'border-top-color'))).toBe(SURFACES.light.accent);
    const slider = page.getByLabel('Auto-play speed (moves per second)');
    expect(await style(slider, 'appearance')).toBe('none');
  });

  test('the slider shows its value beside it, and follows it while it moves', async ({ page }) => {
    await page.goto('./');
    const slider = page.getByLabel('Auto-play speed (moves per second)');
    const shown = page.getByTestId('speed-value');
    await expect(shown).toHaveText(await slider.inputValue());
    await expect(shown).toBeVisible();
    // Only an input event, as while dragging: the value shown follows before any change.
    await slider.evaluate((input: HTMLInputElement) => {
      input.value = '23';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await expect(shown).toHaveText('23');
  });

  test('"Online" is no larger than "High scores"', async ({ page }) => {
    await page.goto('./');
    const size = async (id: string) =>
      Number.parseFloat(await style(page.locator(id), 'font-size'));
    expect(await size('#online-heading')).toBeLessThanOrEqual(await size('#scores-heading'));
    expect(await size('#scores-heading')).toBe(await size('#settings-heading'));
  });

  test('scores have thousands separators: the table, the score boxes and the overlay', async ({
    page,
  }) => {
    await page.goto('./');
    await page.evaluate(() => {
      const entry = { name: 'Ada', score: 12345, moves: 1234, maxTile: 1024, at: 1 };
      localStorage.setItem('twenty48:scores:classic:4', JSON.stringify([entry]));
    });
    await loadSaved(page, WIN, false);
    await expect(page.getByTestId('high-scores')).toContainText('Ada: 12,345 (1,234 moves');
    const score = played(WIN).score;
    expect(score).toBeGreaterThan(999);
    await expect(page.getByTestId('score')).toHaveText(score.toLocaleString('en-US'));
    await expect(page.getByTestId('score')).toHaveText(/^\d{1,3}(,\d{3})+$/);
    await expect(page.getByTestId('overlay')).toContainText(`Score ${shownNumber(score)}`);
  });
});

test('the +N float rises clear of the score digits, in a colour of its own', async ({ page }) => {
  const before = { ...WIN, moves: WIN.moves.slice(0, -1) };
  await loadSaved(page, before);
  const last = directionOfLetter(WIN.moves.at(-1));
  await page.keyboard.press(KEYS[last]);
  const gain = page.locator('#gain');
  await expect(gain).toHaveText(/^\+\d+$/);
  const gainBox = await boxOf(gain);
  const digits = await boxOf(page.getByTestId('score'));
  expect(overlap(gainBox, digits), JSON.stringify({ gainBox, digits })).toBe(false);
  const gainColour = hexOf(await style(gain, 'color'));
  expect(gainColour).not.toBe(hexOf(await style(page.getByTestId('score'), 'color')));
  const page_ = hexOf(await style(page.locator('body'), 'background-color'));
  expect(contrastRatio(gainColour, page_)).toBeGreaterThanOrEqual(4.5);
});

test.describe('Clear Sans', () => {
  test('is shipped with the game and used', async ({ page }) => {
    await page.goto('./');
    const font = await page.evaluate(async () => {
      await document.fonts.ready;
      return {
        check: document.fonts.check('16px "Clear Sans"'),
        family: getComputedStyle(document.body).fontFamily,
        loaded: [...document.fonts]
          .filter((f) => f.family.replaceAll('"', '') === 'Clear Sans' && f.status === 'loaded')
          .map((f) => f.weight),
      };
    });
    expect(font.check).toBe(true);
    expect(font.family.split(',')[0]?.replaceAll('"', '').trim()).toBe('Clear Sans');
    expect(font.loaded).toContain('400');
    expect(font.loaded).toContain('700');
  });
});

test.describe('the tiles', () => {
  test('dark ink on 8 and on the golds, the glow from 128 up', async ({ page }) => {
    await loadSaved(page, WITH_8_AND_128);
    expect(hexOf(await style(tile(page, 8), 'color'))).toBe('#26221e');
    expect(hexOf(await style(tile(page, 128), 'color'))).toBe('#26221e');
    const shadow = await style(tile(page, 128), 'box-shadow');
    expect(shadow).not.toBe('none');
    expect(shadow).toMatch(/rgba\(243, 215, 116, 0\.[1-9]/);
    expect(await style(tile(page, 8), 'box-shadow')).toMatch(/rgba\(243, 215, 116, 0\)/);
    for (const value of [8, 128]) {
      const [bg, fg] = [
        await style(tile(page, value), 'background-color'),
        await style(tile(page, value), 'color'),
      ];
      expect(contrastRatio(hexOf(bg), hexOf(fg))).toBeGreaterThanOrEqual(3);
    }
  });

  test('the dark theme has its own tiles, by the system or by the Theme setting', async ({
    browser,
  }) => {
    const backgrounds = async (colorScheme: 'light' | 'dark', theme?: string) => {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      await loadSaved(page, WITH_8_AND_128);
      if (theme) await page.getByLabel('Theme').selectOption(theme);
      const found = await Promise.all(
        [2, 8, 128].map(async (v) => {
          const inner = tile(page, v);
          return [
            hexOf(await style(inner, 'background-color')),
            hexOf(await style(inner, 'color')),
          ];
        }),
      );
      await context.close();
      return found;
    };
    const light = await backgrounds('light');
    const dark = await backgrounds('dark');
    const chosen = await backgrounds('light', 'dark');
    expect(chosen).toEqual(dark);
    for (const [i, [bg, fg]] of dark.entries()) {
      expect(bg).not.toBe(light[i]?.[0]);
      expect(contrastRatio(bg as string, fg as string)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

test.describe('How to play and the footer', () => {
  test('are on the page, headings in order, with our words', async ({ page }) => {
    await page.goto('./');
    expect(await visibleHeadings(page)).toEqual([
      'H1 2048',
      'H2 Settings',
      'H2 High scores',
      'H2 How to play',
    ]);
    const how = page.locator('#how-to-play');
    await expect(how).toContainText('arrow keys');
    await expect(how).toContainText('Undo');
    await expect(how).toContainText('FiveTwelve');
    await expect(how).toContainText('Tiers');
    const footer = page.locator('footer');
    await expect(footer).toContainText("Gabriele Cirulli's original 2048");
    await expect(footer.getByRole('link', { name: /Gabriele Cirulli/ })).toHaveAttribute(
      'href',
      'https://github.com/gabrielecirulli/2048',
    );
    await sameOriginLinksAnswer(page, ['/leaderboard']);
  });
});

test.describe('served by the leaderboard server', () => {
  const server = useRealServer();

  test("the footer's leaderboard link opens the leaderboard page, in Clear Sans", async ({
    page,
  }) => {
    await page.goto(`${server().url}/`);
    await expect(page.locator('#online-heading')).toBeVisible();
    const size = async (id: string) =>
      Number.parseFloat(await style(page.locator(id), 'font-size'));
    expect(await size('#online-heading')).toBeLessThanOrEqual(await size('#scores-heading'));
    const response = page.waitForResponse((r) => r.url().endsWith('/leaderboard'));
    await page.locator('footer').getByRole('link', { name: 'The online leaderboard' }).click();
    expect((await response).status()).toBe(200);
    await expect(page.locator('h1')).toContainText('Leaderboard');
    const font = await page.evaluate(async () => {
      await document.fonts.ready;
      await document.fonts.load('16px "Clear Sans"');
      return {
        check: document.fonts.check('16px "Clear Sans"'),
        family: getComputedStyle(document.body).fontFamily,
        loaded: [...document.fonts].some(
          (f) => f.family.replaceAll('"', '') === 'Clear Sans' && f.status === 'loaded',
        ),
      };
    });
    expect(font.family.split(',')[0]?.replaceAll('"', '').trim()).toBe('Clear Sans');
    expect(font.loaded).toBe(true);
    expect(font.check).toBe(true);
  });
});
