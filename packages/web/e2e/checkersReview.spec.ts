/**
 * The checkers page's game review (issue 28), in Chromium: a game opened from PDN reviewed in
 * the engine worker with progress, the hung man marked ?? in the move list and on the graph,
 * the better move ringed on the board; Review on the result panel; Cancel; axe-core's WCAG 2.1
 * AA rules on the review shown, light and dark.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type Game, gameToPdn, newGame, playMove, searchBest } from '@twenty48/checkers';

// Black's 4. 14-17 hangs a man: red jumps 21x14x7 and keeps it.
const HUNG = '1. 10-14 22-17 2. 7-10 23-19 3. 11-15 17-13 4. 14-17 21x14x7 5. 3x10 24-20 *';

async function openGame(page: Page, pdn: string): Promise<void> {
  await page.goto('./checkers.html');
  await expect(page.getByTestId('status')).toHaveText('Black to move');
  await page.locator('#mode').selectOption('two');
  await page.locator('details.paste summary').click();
  await page.locator('#pdn-text').fill(pdn);
  await page.locator('#load-pdn').click();
}

/** A game the engine plays against itself, `plies` long, in PDN. */
function engineGame(plies: number): string {
  let game: Game = newGame();
  for (let i = 0; i < plies; i++) {
    const { move } = searchBest(game.position, { depth: 3 });
    if (move === null) break;
    const played = playMove(game, move);
    if (!played.ok || played.value.status.kind !== 'playing') break;
    game = played.value;
  }
  return gameToPdn(game);
}

test('Review marks the hung man ?? in the move list and the graph, and rings the better move', async ({
  page,
}) => {
  await openGame(page, HUNG);
  const panel = page.getByTestId('game-review');
  await expect(panel).toBeHidden();
  await page.locator('#review-game').click();
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('review-text')).toHaveText(/^Review: 1 blunder \(\?\?\)/, {
    timeout: 30_000,
  });
  await expect(page.locator('#review-progress')).toBeHidden();
  await expect(page.locator('#review-cancel')).toBeHidden();
  // The move list: 14-17 marked, and read out as a blunder with the better move.
  const blunder = page.getByTestId('moves').locator('button.move.blunder');
  await expect(blunder).toHaveCount(1);
  await expect(blunder).toHaveText('14-17??');
  await expect(blunder).toHaveAttribute(
    'aria-label',
    /^4\. Black 14-17, blunder, -\d+\.\d, best \d+-\d+$/,
  );
  // The graph: one blunder dot, at the move.
  await expect(page.getByTestId('review-graph').locator('circle.blunder')).toHaveCount(1);
  await expect(page.getByTestId('review-graph').locator('polyline')).toHaveCount(1);
  // No better move is drawn on the position after the game.
  await expect(page.locator('button.square.better')).toHaveCount(0);
  // The marked move leads to the position before it, the better move ringed on the board.
  const marked = page.getByTestId('review-marked').locator('button', { hasText: '14-17??' });
  await expect(marked).toHaveCount(1);
  await expect(marked).toHaveText(/^4\. Black 14-17\?\? \(-\d+\.\d\), best (\d+)-(\d+)$/);
  const best = /best (\d+)-(\d+)$/.exec((await marked.textContent()) ?? '');
  await marked.click();
  await expect(page.getByTestId('moves').locator('[aria-current="step"]')).toHaveText('17-13');
  const ringed = page.locator('button.square.better');
  await expect(ringed).toHaveCount(2);
  for (const square of best?.slice(1) ?? ['none']) {
    await expect(page.locator(`button[data-square="${square}"]`)).toHaveClass(/\bbetter\b/);
    await expect(page.locator(`button[data-square="${square}"]`)).toHaveAttribute(
      'aria-label',
      /better move/,
    );
  }
  // A click on the graph's far right goes to the end of the game.
  const graph = page.getByTestId('review-graph');
  const box = await graph.boundingBox();
  if (box === null) throw new Error('the graph is not shown');
  await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
  await expect(page.getByTestId('moves').locator('[aria-current="step"]')).toHaveText('24-20');
  // Closing the review clears its marks.
  await page.locator('#review-close').click();
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('moves').locator('button.move.blunder')).toHaveCount(0);
});

test('Review on the result panel of a finished game', async ({ page }) => {
  // Black's 14x23 takes Red's last piece.
  await openGame(page, '[FEN "B:W18:B14,1"]\n\n1. 14x23 2-0');
  await expect(page.locator('#result')).toBeVisible();
  await page.locator('#result-review').click();
  await expect(page.getByTestId('review-text')).toHaveText('Review: no mistakes found');
  await expect(page.getByTestId('moves').locator('button.move')).toHaveText(['14x23']);
});

test('a long review shows its progress and stops on Cancel, keeping what it graded', async ({
  page,
}) => {
  await openGame(page, engineGame(120));
  await page.locator('#review-game').click();
  const text = page.getByTestId('review-text');
  await expect(text).toHaveText(/^Reviewing move ([3-9]|\d\d) of \d+…$/, { timeout: 30_000 });
  await expect(page.locator('#review-progress')).toBeVisible();
  const value = await page
    .locator('#review-progress')
    .evaluate((bar: HTMLProgressElement) => bar.value);
  expect(value).toBeGreaterThanOrEqual(2);
  await page.locator('#review-cancel').click();
  await expect(text).toHaveText(/^Review stopped after \d+ of \d+ moves: /);
  const stopped = await text.textContent();
  await expect(page.locator('#review-close')).toBeVisible();
  await expect(page.locator('#review-game')).toBeEnabled();
  // The answer on its way is dropped and nothing more is asked.
  await page.waitForTimeout(1500);
  await expect(text).toHaveText(stopped ?? '');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the review passes axe-core's WCAG 2.1 AA and best practices, ${colorScheme}`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await openGame(page, HUNG);
    await page.locator('#review-game').click();
    await expect(page.getByTestId('review-text')).toHaveText(/^Review: 1 blunder \(\?\?\)/, {
      timeout: 30_000,
    });
    await page.getByTestId('review-marked').locator('button').first().click();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    const violations = results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
    expect(violations).toEqual([]);
  });
}
