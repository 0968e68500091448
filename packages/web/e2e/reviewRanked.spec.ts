// The Review of a ranked game, against the real server: its seed stays on the server until the
// score is saved, so Review says so before; after, it reads the record the server publishes
// (`GET /api/scores/:id/record`) and grades it as the AI package does here in Node.

import { expect, test } from '@playwright/test';
import { DEFAULT_REVIEW_DEPTH, reviewRecord } from '@twenty48/ai';
import { useShippedNetwork } from '@twenty48/ai/node';
import { parseRecord } from '@twenty48/engine';
import { firstMovable, KEYS } from './board.js';
import { useRealServer } from './realServer.js';

const server = useRealServer();

test.use({ reducedMotion: 'reduce' });

interface Held {
  readonly board: number[][];
  readonly status: string;
  readonly moves: number;
}

const held = async (gameId: string): Promise<Held> =>
  (await (await fetch(`${server().url}/api/games/${gameId}`)).json()) as Held;

test('a ranked game is reviewed from the record the server publishes once its score is saved', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/games') && r.request().method() === 'POST',
  );
  await page.goto(`${server().url}/?rules=classic&size=4`);
  const { gameId } = (await (await created).json()) as { gameId: string };
  let game = await held(gameId);
  while (game.status !== 'lost') {
    const direction = firstMovable(game.board);
    await page.keyboard.press(KEYS[direction]);
    const before = game.moves;
    await expect.poll(async () => (await held(gameId)).moves).toBeGreaterThan(before);
    game = await held(gameId);
  }
  await expect(page.getByTestId('overlay')).toHaveAttribute('data-state', 'lost');

  // Before the score is saved, the seed is the server's secret: no record to review yet.
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByTestId('review-summary')).toHaveText(
    /^No review: a ranked game's record is published once its score is saved.*\(ERR_REVIEW_UNSAVED\)$/,
  );
  await page.getByRole('button', { name: 'Close' }).click();

  await page.getByLabel('Your name for the high scores').fill('Reviewed');
  await page.getByRole('button', { name: 'Save score' }).click();
  await expect(page.locator('#overlay-note')).toContainText(/number \d+\./);
  const row = page.getByTestId('online-table').locator('li[aria-current=true]');
  const href = await row.getByRole('link', { name: /record/ }).getAttribute('href');
  const record = parseRecord(await (await fetch(new URL(href ?? '', page.url()))).json());
  if (!record.ok) throw new Error(record.error.message);
  useShippedNetwork();
  const review = reviewRecord(record.value, { depth: DEFAULT_REVIEW_DEPTH });
  if (!review.ok) throw new Error(review.error.message);
  const best = review.value.moves.filter((move) => move.played === move.best).length;

  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByTestId('review-summary')).toHaveText(
    `Accuracy ${(review.value.accuracy * 100).toFixed(1)} %: ${best} of ${game.moves} moves the best.`,
    { timeout: 120_000 },
  );
  const costly = review.value.costliest.filter((i) => (review.value.moves[i]?.loss ?? 0) > 0);
  await expect(page.getByTestId('review-costly').getByRole('button')).toHaveText(
    costly.map((index) => `Move ${index + 1}`),
  );
});
