// The Daily and Race pages served by the real server (`startServer`, as `2048 serve` runs it,
// on 127.0.0.1 with a SQLite file in a temp dir): today's game played in the page to its end,
// the same tiles as another client's daily game under the same moves, ranked on the day's
// table, shared with the pinned line, the streak kept over a reload; and a race between two
// browser pages (two players, two storages): link, lobby, 3-2-1, the same boards under the
// same moves, the other's board live, the standings at the end, "Race again"; axe-core's
// WCAG 2.1 AA rules on both pages.

import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { Direction } from '@twenty48/engine';
import { KEYS, shownBoard } from './board.js';
import { useRealServer } from './realServer.js';

const server = useRealServer();
test.use({ reducedMotion: 'reduce' });

const SHARE_LINE = /^twenty48 daily \d{4}-\d{2}-\d{2} · 2048 [✓✗] · [\d,]+ · [\d,]+ moves?$/;
const CYCLE: readonly Direction[] = ['down', 'left', 'right', 'up'];

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

const post = async <T>(path: string, body: unknown): Promise<{ status: number; body: T }> => {
  const response = await fetch(`${server().url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
};

/** The game the server holds for `gameId`. */
const held = async (gameId: string) =>
  (await (await fetch(`${server().url}/api/games/${gameId}`)).json()) as {
    board: number[][];
    moves: number;
    sent: number;
    status: string;
  };

/** Wait until the server has every move the page sent, and the page shows them. */
async function settledBoard(page: Page, gameId: string, testId = 'board'): Promise<number[][]> {
  let last: Awaited<ReturnType<typeof held>> | null = null;
  await expect
    .poll(async () => {
      last = await held(gameId);
      return JSON.stringify(await shownBoard(page, testId)) === JSON.stringify(last.board);
    })
    .toBe(true);
  return (last as unknown as { board: number[][] }).board;
}

test.describe('the Daily page', () => {
  test('deals today’s tiles, the same as another client’s under the same moves; plays to the end, ranks, shares the pinned line, keeps the streak', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const today = (await (await fetch(`${server().url}/api/daily`)).json()) as { date: string };
    await page.goto(`${server().url}/daily.html`);
    await expect(page.getByTestId('day-line')).toContainText(today.date);
    await expect(page.getByTestId('streak')).toContainText('none yet');
    await page.getByTestId('daily-play').click();
    await expect(page.getByTestId('board').getByTestId('tile')).toHaveCount(2);
    const gameId = await page.evaluate(
      () => JSON.parse(localStorage.getItem('twenty48:daily') ?? '{}').gameId as string,
    );

    // Another client's game of the day: the same first board, and the same boards after the
    // same moves.
    const other = await post<{ gameId: string; board: number[][]; date: string }>(
      '/api/daily/games',
      {},
    );
    expect(other.status).toBe(201);
    expect(other.body.date).toBe(today.date);
    expect(await shownBoard(page)).toEqual(other.body.board);
    for (const [index, direction] of ['left', 'down', 'right', 'down', 'left'].entries()) {
      await page.keyboard.press(KEYS[direction as Direction]);
      await post(`/api/games/${other.body.gameId}/moves`, { direction, index });
    }
    const shown = await settledBoard(page, gameId);
    expect((await held(other.body.gameId)).board).toEqual(shown);

    // To the end: keys pressed until the page asks for a name.
    const nameForm = page.getByTestId('daily-name-form');
    for (let round = 0; round < 2000 && !(await nameForm.isVisible()); round++) {
      for (const direction of CYCLE) await page.keyboard.press(KEYS[direction]);
    }
    await expect(nameForm).toBeVisible();
    expect((await held(gameId)).status).toBe('lost');
    await expect(page.getByTestId('streak')).toHaveText('Streak: 1 day in a row.');

    await page.getByLabel(/Your name for today/).fill('Ada');
    await page.getByRole('button', { name: 'Save score' }).click();
    await expect(page.getByTestId('daily-result')).toContainText('Ada is number 1 today.');
    await expect(page.getByTestId('daily-table')).toContainText('Ada:');

    const line = await page.getByTestId('share-line').textContent();
    expect(line).toMatch(SHARE_LINE);
    const score = await page.getByTestId('score').textContent();
    const moves = Number((await page.getByTestId('moves').textContent())?.replace(/,/g, ''));
    expect(line).toBe(
      `twenty48 daily ${today.date} · 2048 ${line?.includes('✓') ? '✓' : '✗'} · ${score} · ${moves.toLocaleString('en-US')} ${moves === 1 ? 'move' : 'moves'}`,
    );
    await page.getByTestId('share').click();
    await expect(page.getByText('Copied: paste it anywhere.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line);

    // A name is ranked once a day: the server's table has Ada once.
    const table = (await (
      await fetch(`${server().url}/api/daily/scores?date=${today.date}`)
    ).json()) as {
      scores: { name: string }[];
    };
    expect(table.scores.filter((row) => row.name === 'Ada')).toHaveLength(1);

    // A reload keeps the result, its rank, the share line and the streak.
    await page.reload();
    await expect(page.getByTestId('daily-result')).toContainText('Ada is number 1 today.');
    await expect(page.getByTestId('share-line')).toHaveText(line as string);
    await expect(page.getByTestId('streak')).toHaveText('Streak: 1 day in a row.');
    await expect(page.getByTestId('daily-play')).toHaveText('Play again (not ranked)');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`passes axe-core's WCAG 2.1 AA rules, ${colorScheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto(`${server().url}/daily.html`);
      await expect(page.getByTestId('daily-play')).toBeEnabled();
      await page.getByTestId('daily-play').click();
      await expect(page.getByTestId('board').getByTestId('tile')).toHaveCount(2);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

/** A page of its own browser context: its own storage, so its own player. */
async function playerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return context.newPage();
}

const gameIdOn = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const races = JSON.parse(localStorage.getItem('twenty48:races') ?? '[]') as {
      gameId: string;
    }[];
    return races.at(-1)?.gameId ?? '';
  });

test.describe('a race between two pages', () => {
  test('link, lobby, 3-2-1, the same boards under the same moves, the other live, standings, Race again', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const ada = await playerPage(browser);
    const bo = await playerPage(browser);
    await ada.goto(`${server().url}/race.html`);
    await ada.getByTestId('race-setup').getByLabel('Your name').fill('Ada');
    await ada.getByLabel('Minutes').fill('3');
    await ada.getByRole('button', { name: 'Create race' }).click();
    await expect(ada.getByTestId('race-lobby')).toBeVisible();
    await expect(ada.getByTestId('lobby-players').locator('li')).toHaveText(['Ada']);
    const link = (await ada.getByTestId('race-link').textContent()) as string;
    expect(link).toMatch(/\/race\.html#[\w-]{22,}$/);
    await ada.getByRole('button', { name: 'Copy link' }).click();
    expect(await ada.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await axeViolations(ada)).toEqual([]);

    await bo.goto(link);
    await bo.getByTestId('race-join').getByLabel('Your name').fill('Bo');
    await bo.getByRole('button', { name: 'Join' }).click();
    await expect(bo.getByTestId('race-lobby')).toBeVisible();
    await expect(bo.getByRole('button', { name: 'Start the race' })).toBeHidden();
    // Bo's join reaches Ada's lobby over the race's events.
    await expect(ada.getByTestId('lobby-players').locator('li')).toHaveText(['Ada', 'Bo']);

    await ada.getByRole('button', { name: 'Start the race' }).click();
    await expect(bo.getByTestId('countdown')).toHaveText(/^[321]$/);
    await expect(ada.getByTestId('countdown')).toBeHidden({ timeout: 10_000 });
    await expect(bo.getByTestId('countdown')).toBeHidden({ timeout: 10_000 });
    const [adaGame, boGame] = [await gameIdOn(ada), await gameIdOn(bo)];
    expect(await shownBoard(ada)).toEqual(await shownBoard(bo));

    // The same moves: the same boards, and each sees the other's board live, small.
    let moves = 0;
    for (; moves < 3000; moves++) {
      const direction = CYCLE[moves % 4] as Direction;
      await ada.keyboard.press(KEYS[direction]);
      await bo.keyboard.press(KEYS[direction]);
      if (moves === 11) {
        const adaBoard = await settledBoard(ada, adaGame);
        expect(await settledBoard(bo, boGame)).toEqual(adaBoard);
        await expect.poll(() => shownBoard(ada, 'rival-board')).toEqual(adaBoard);
      }
      if (moves % 20 === 19 && (await ada.getByTestId('race-over').isVisible())) break;
    }
    await expect(ada.getByTestId('race-over')).toBeVisible();
    await expect(bo.getByTestId('race-over')).toBeVisible();
    const race = (await (
      await fetch(`${server().url}/api/races/${link.split('#')[1]}`)
    ).json()) as {
      status: string;
      players: { name: string; score: number }[];
    };
    expect(race.status).toBe('finished');
    // Best first, as the page lists them.
    const scores = race.players.map((p) => p.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const names = race.players.map((p) => p.name);
    await expect(ada.getByTestId('standings').locator('li')).toHaveCount(2);
    await expect(bo.getByTestId('standings').locator('li').first()).toContainText(`${names[0]}:`);
    await expect(ada.getByTestId('winner')).toContainText(`${names[0]} wins`);
    expect(await axeViolations(bo)).toEqual([]);

    await ada.getByRole('button', { name: 'Race again' }).click();
    await expect(ada.getByTestId('race-lobby')).toBeVisible();
    await expect(ada.getByTestId('lobby-players').locator('li')).toHaveText(['Ada']);
    expect(await ada.getByTestId('race-link').textContent()).not.toBe(link);
  });
});
