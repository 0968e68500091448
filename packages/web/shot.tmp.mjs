import { chromium } from '@playwright/test';

const [url, out, w, h, scheme] = process.argv.slice(2);
const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const p = await b.newPage({
  viewport: { width: Number(w), height: Number(h) },
  colorScheme: scheme ?? 'light',
});
await p.goto(url);
await p.waitForTimeout(800);
await p.screenshot({ path: out });
await b.close();
