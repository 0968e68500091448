// The Review view after a game ends: the page's AI worker grades every move (a progress bar,
// Cancel), and what it shows — the accuracy, the loss chart, the costliest moves, the board
// before each move with the better move as an arrow — is checked against the same review
// computed here in Node by the AI package (the same network, the same depth).

import { expect, type Page, test } from '@playwright/test';
import { DEFAULT_REVIEW_DEPTH, type GameReview, reviewPositions, reviewRecord } from '@twenty48/ai';
import { useShippedNetwork } from '@twenty48/ai/node';
import {
  type Direction,
  type Game,
  makeRecord,
  newGame,
  recordOf,
  slide,
  step,
} from '@twenty48/engine';
import { KEYS } from './board.js';

const WORDS = { U: 'up', D: 'down', L: 'left', R: 'right' } as const;

/** A classic game played to its end in a fixed order of moves (the first that changes the board). */
function cornerGame(seed: string): Game {
  const order: Direction[] = ['left', 'up', 'right', 'up', 'down'];
  let game = newGame('classic', seed);
  for (let i = 0; game.status === 'playing'; i++) {
    const direction =
      order.slice(i % 4).find((d) => slide(game.board, d, game.rules).moved) ??
      order.find((d) => slide(game.board, d, game.rules).moved);
    if (!direction) break;
    game = step(game, direction).game;
  }
  return game;
}

/** Load the game one move before its end, play that move: the game-over panel shows. */
async function endGame(page: Page, game: Game): Promise<void> {
  const record = recordOf(game);
  const before = { ...record, moves: record.moves.slice(0, -1) };
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('./');
  await page.evaluate(
    (text) => localStorage.setItem('twenty48:game', text),
    JSON.stringify({ record: JSON.parse(makeRecord(before)) }),
  );
  await page.goto('./');
  const last = { U: 'up', D: 'down', L: 'left', R: 'right' }[record.moves.at(-1) ?? 'U'];
  await page.keyboard.press(KEYS[last as Direction]);
  await expect(page.getByTestId('overlay')).toHaveAttribute('data-state', 'lost');
}

test('Review grades every move in the AI worker as the AI package does, and steps to the costliest', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const game = cornerGame('review-e2e');
  const record = recordOf(game);
  useShippedNetwork();
  const expected = reviewRecord(record, { depth: DEFAULT_REVIEW_DEPTH });
  const positions = reviewPositions(record);
  if (!expected.ok || !positions.ok) throw new Error('the review could not be computed here');
  const review: GameReview = expected.value;
  const costly = review.costliest.filter((index) => (review.moves[index]?.loss ?? 0) > 0);
  expect(costly.length).toBeGreaterThan(0);

  await endGame(page, game);
  await page.getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByTestId('review');
  await expect(dialog).toBeVisible();
  const best = review.moves.filter((move) => move.played === move.best).length;
  await expect(page.getByTestId('review-summary')).toHaveText(
    `Accuracy ${(review.accuracy * 100).toFixed(1)} %: ${best} of ${review.moves.length} moves the best.`,
    { timeout: 90_000 },
  );
  await expect(page.locator('#review-progress')).toBeHidden();

  // The chart: one bar a move (a short game), the tallest where the largest loss is.
  const bars = page.locator('[data-testid=review-chart] rect[data-column]');
  await expect(bars).toHaveCount(review.moves.length);
  const heights = await bars.evaluateAll((rects) =>
    rects.map((r) => Number(r.getAttribute('height'))),
  );
  expect(heights.indexOf(Math.max(...heights))).toBe(costly[0]);

  // The costliest moves, largest first; the first shows its board, the move and the arrow.
  const jumps = page.getByTestId('review-costly').getByRole('button');
  await expect(jumps).toHaveText(costly.map((index) => `Move ${index + 1}`));
  const first = costly[0] as number;
  const move = review.moves[first];
  const position = positions.value[first];
  if (!move || !position) throw new Error('no such move');
  await jumps.first().click();
  await expect(page.getByTestId('review-move')).toHaveText(
    new RegExp(
      `^Move ${first + 1}: played ${WORDS[move.played]}, better ${WORDS[move.best]} \\(loss [\\d,.]+\\)$`,
    ),
  );
  const board = page.getByTestId('review-board');
  await expect(board).toHaveAttribute('data-better', WORDS[move.best]);
  await expect(board.locator('.review-arrow polygon')).toHaveCount(1);
  await expect(board.locator('.review-cell')).toHaveText(
    position.board.flat().map((value) => (value === 0 ? '' : String(value))),
  );

  // Stepping: the arrow keys move through the game; the end shows the last board.
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('review-move')).toContainText(`Move ${Math.max(1, first)}: played`);
  await page.getByRole('button', { name: 'The end' }).click();
  await expect(page.getByTestId('review-move')).toHaveText(`The end: ${review.moves.length} moves`);
  await expect(board.locator('.review-cell')).toHaveText(
    game.board.flat().map((value) => (value === 0 ? '' : String(value))),
  );
  await expect(board.locator('.review-arrow polygon')).toHaveCount(0);

  await page.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('overlay')).toHaveAttribute('data-state', 'lost');
});

test('Review can be cancelled: the grading stops, what was graded stays', async ({ page }) => {
  const game = cornerGame('review-cancel');
  await endGame(page, game);
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.locator('#review-progress')).toBeVisible();
  await expect(page.getByTestId('review-summary')).toContainText('Grading move');
  await page.getByRole('button', { name: 'Cancel' }).click();
  const summary = page.getByTestId('review-summary');
  await expect(summary).toContainText(/^Cancelled after \d+ of \d+ moves\./);
  const said = await summary.textContent();
  await page.waitForTimeout(1500);
  await expect(summary).toHaveText(said ?? '');
  await expect(page.locator('#review-progress')).toBeHidden();
  // Escape closes the review; Review again starts over.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('review')).toBeHidden();
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByTestId('review-summary')).toContainText('Grading move');
});
