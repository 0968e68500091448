import { chromium } from '@playwright/test';

const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const p = await b.newPage({ viewport: { width: 320, height: 568 } });
await p.goto('http://127.0.0.1:4321/?seed=5');
await p.waitForTimeout(500);
await p.evaluate(() => {
  for (const id of ['score', 'best', 'moves']) document.getElementById(id).textContent = '999,999';
});
console.log(
  await p.evaluate(() => {
    const c = getComputedStyle(document.getElementById('score'));
    return [c.fontSize, c.fontFamily, c.fontVariantNumeric, c.letterSpacing, c.paddingLeft];
  }),
);
console.log(
  await p.evaluate(() =>
    ['.top', '.title', '#scores', '.score-box', '#score', '#best', '#moves'].map((s) => {
      const r = document.querySelector(s).getBoundingClientRect();
      return `${s} x${r.x.toFixed(0)} w${r.width.toFixed(0)}`;
    }),
  ),
);
await p.screenshot({ path: '/tmp/i24/scores.png', clip: { x: 0, y: 0, width: 320, height: 120 } });
await b.close();
