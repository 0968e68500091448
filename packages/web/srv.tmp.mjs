import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startServer } from '@twenty48/server';

const dir = mkdtempSync(join(tmpdir(), 'i24-'));
const s = await startServer({
  port: 0,
  dbFile: join(dir, 'a.db'),
  webRoot: new URL('./dist/', import.meta.url).pathname,
  limits: { gamesPerClient: 1 },
});
await fetch(`${s.url}/api/games`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ rules: 'classic', size: 4 }),
});
const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
for (const scheme of ['light', 'dark']) {
  const p = await b.newPage({
    viewport: { width: 320, height: 568 },
    colorScheme: scheme,
    serviceWorkers: 'block',
  });
  await p.goto(`${s.url}/`);
  await p.waitForTimeout(1200);
  await p.screenshot({ path: `/tmp/i24/refused-${scheme}.png` });
  await p.close();
}
// a ranked game with the connection lost, on a fresh server
const s2 = await startServer({
  port: 0,
  dbFile: join(dir, 'b.db'),
  webRoot: new URL('./dist/', import.meta.url).pathname,
});
const p = await b.newPage({ viewport: { width: 375, height: 667 }, serviceWorkers: 'block' });
await p.goto(`${s2.url}/`);
await p.waitForTimeout(1000);
await p.screenshot({ path: `/tmp/i24/ranked-375.png` });
await p.route('**/api/games/*/moves', (r) => r.abort('internetdisconnected'));
for (const k of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) await p.keyboard.press(k);
await p.waitForTimeout(800);
await p.screenshot({ path: `/tmp/i24/lost-375.png` });
await b.close();
await s.close();
await s2.close();
