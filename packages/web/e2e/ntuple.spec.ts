// The n-tuple network in the browser (issue 22): the AI worker fetches it the first time a hint
// is asked for, not at page load nor at the service worker's install, and the service worker
// keeps it then, so it loads offline afterwards.

import { expect, test } from '@playwright/test';
import { type Direction, newGame, slide } from '@twenty48/engine';
import { controlledBySw } from './pages.js';

/** What the AI worker says of its network: 'not loaded', 'loading', 'loaded' or an ERR_… code. */
const networkState = async (page: import('@playwright/test').Page): Promise<string | undefined> =>
  page.workers()[0]?.evaluate(() => (self as unknown as { aiNetwork: string }).aiNetwork);

test.describe('the n-tuple network', () => {
  test.use({ serviceWorkers: 'allow' });

  test('is not fetched at page load nor precached, and once used it loads offline', async ({
    page,
    context,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (/\.t48n/.test(request.url())) fetched.push(request.url());
    });
    const cachedNetworks = (): Promise<string[]> =>
      page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        }
        return urls.filter((url) => /\/assets\/classic\.t48n-[^/]+\.gz$/.test(url));
      });
    await page.goto('./?seed=17');
    await controlledBySw(page);
    // Neither the page nor the service worker's install downloaded it.
    expect(await cachedNetworks()).toEqual([]);
    expect(fetched).toEqual([]);
    expect(page.workers()).toHaveLength(0);

    const hint = page.getByTestId('hint');
    const askHint = async (): Promise<void> => {
      const game = newGame('classic', '17');
      await page.getByRole('button', { name: 'Hint' }).click();
      await expect(hint).toHaveText(/^Hint: move (up|down|left|right)\.$/, { timeout: 30_000 });
      const direction = (await hint.getAttribute('data-direction')) as Direction;
      expect(slide(game.board, direction, game.rules).moved).toBe(true);
      expect(await networkState(page)).toBe('loaded');
    };
    // The first hint fetches it, and the service worker keeps it.
    await askHint();
    expect(fetched.some((url) => /\/assets\/classic\.t48n-[^/]+\.gz$/.test(url))).toBe(true);
    await expect.poll(cachedNetworks, { timeout: 30_000 }).toHaveLength(1);

    await context.setOffline(true);
    await page.reload();
    fetched.length = 0;
    await askHint();
    // The worker asked for it offline, and the service worker answered from its cache.
    expect(fetched.some((url) => /\/assets\/classic\.t48n-[^/]+\.gz$/.test(url))).toBe(true);
    await context.setOffline(false);
  });
});
