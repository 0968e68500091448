// Both pages served by the real server under its Content-Security-Policy (scripts only from
// the server: no inline script, no eval): the ranked game, a local game's AI hint (its worker
// and its WebAssembly kernel), checkers' computer (its worker) and its .xlsx download (exceljs),
// and the leaderboard page, without a single violation or page error.

import { expect, type Page, test } from '@playwright/test';
import { useRealServer } from './realServer.js';

const server = useRealServer();

/** Every CSP violation and uncaught error of the page, as lines. */
function watchViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|violat/i.test(message.text())) seen.push(message.text());
  });
  page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
  return seen;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
});

test('the 2048 page plays a ranked game and a local game with an AI hint under the policy', async ({
  page,
}) => {
  const seen = watchViolations(page);
  const response = await page.goto(`${server().url}/`);
  expect(response?.headers()['content-security-policy']).toContain(
    "script-src 'self' 'wasm-unsafe-eval'",
  );
  await expect(page.getByTestId('ranked-line')).toBeVisible();
  const moves = page.getByTestId('moves');
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) {
    await page.keyboard.press(key);
  }
  await expect(moves).not.toHaveText('0');
  await page.goto(`${server().url}/?seed=policy`);
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.getByTestId('hint')).toHaveText(/^Hint: move (up|down|left|right)\.$/, {
    timeout: 20_000,
  });
  await page.goto(`${server().url}/leaderboard`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(seen).toEqual([]);
});

test('the checkers page plays the computer and downloads an .xlsx under the policy', async ({
  page,
}) => {
  const seen = watchViolations(page);
  const response = await page.goto(`${server().url}/checkers.html`);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByTestId('status')).toHaveText('Black to move');
  await page.getByLabel('Level').selectOption('1');
  await page.getByLabel('You play').selectOption('red');
  await expect(page.getByTestId('moves').locator('li')).toHaveText(/^\d+-\d+$/, {
    timeout: 20_000,
  });
  const download = page.waitForEvent('download');
  await page.locator('#download-xlsx').click();
  expect((await download).suggestedFilename()).toBe('checkers.xlsx');
  expect(seen).toEqual([]);
});
