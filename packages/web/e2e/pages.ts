// Helpers the specs of both pages (2048 and checkers) share: the service worker taking control,
// the headings in reading order, and the links that must answer.

import { expect, type Page } from '@playwright/test';

/** Wait until the page's service worker is active and controls the page (reload once if not). */
export async function controlledBySw(page: Page): Promise<void> {
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

/** The visible h1-h3 in reading order, as 'H2 Settings'. */
export const visibleHeadings = (page: Page): Promise<string[]> =>
  page
    .locator('h1:visible, h2:visible, h3:visible')
    .evaluateAll((hs) => hs.map((h) => `${h.tagName} ${h.textContent?.trim()}`));

/**
 * Every same-origin link of the page answers 200 (other sites are not reachable here); paths
 * ending in one of `serverOnly` are skipped (served by `2048 serve`, not by the static preview).
 */
export async function sameOriginLinksAnswer(
  page: Page,
  serverOnly: readonly string[] = [],
): Promise<void> {
  const origin = new URL(page.url()).origin;
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.origin !== origin) continue;
    if (serverOnly.some((path) => url.pathname.endsWith(path))) continue;
    expect((await page.request.get(href)).status(), href).toBe(200);
  }
}
