// How the page behaves around the game (issue 13): the AI works offline without having been
// used online (the service worker precaches every file of the build), the page shows one game
// from the start when the server deals it, no focus ring stays on the board after a click,
// and the arrow keys never change a setting that restarts the game.

import { expect, type Page, test } from '@playwright/test';
import { type Direction, newGame, slide } from '@twenty48/engine';
import { expectGame } from './board.js';

/** Wait until the page's service worker is active and controls the page (reload once if not). */
async function controlledBySw(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
  }
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('Hint and Auto-play work offline although the AI was never used online', async ({
    page,
    context,
  }) => {
    await page.goto('./?seed=17');
    await controlledBySw(page);
    // The AI worker is in the cache although the page never started it.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.some((url) => /\/assets\/ai-worker-[^/]+\.js$/.test(url))).toBe(true);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));

    await context.setOffline(true);
    await page.reload();
    const game = newGame('classic', '17');
    await expectGame(page, game);
    await page.getByRole('button', { name: 'Hint' }).click();
    const hint = page.getByTestId('hint');
    await expect(hint).toHaveText(/^Hint: move (up|down|left|right)\.$/);
    const direction = (await hint.getAttribute('data-direction')) as Direction;
    expect(slide(game.board, direction, game.rules).moved).toBe(true);
    expect(workers.some((url) => /ai-worker/.test(url))).toBe(true);

    const autoplay = page.getByRole('button', { name: 'Auto-play' });
    await autoplay.click();
    await expect
      .poll(async () => Number(await page.getByTestId('moves').textContent()), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(5);
    await autoplay.click();
    await expect(autoplay).toHaveAttribute('aria-pressed', 'false');
    await expect(hint).not.toContainText('ERR_');
    await context.setOffline(false);
  });
});
