// How a ranked game feels on loopback, measured in the browser against `2048 serve` running in
// a process of its own: from the key press to the slide starting, and to the new tile (the
// server's answer) appearing. Figures only, printed and attached to the report: no test
// asserts a time (a loaded machine would fail it), only that every move showed both.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { movableDirections } from '@twenty48/engine';
import { RANKED_LINE } from '../src/view-state.js';
import { KEYS, shownBoard } from './board.js';

// Animations on, and nothing recording beside the page, as in a player's browser.
test.use({ reducedMotion: 'no-preference', serviceWorkers: 'block', trace: 'off' });

/** `2048 serve` in a process of its own, as a player runs it; resolves with its address. */
async function serveApart(dbFile: string): Promise<{ url: string; stop: () => void }> {
  const bin = fileURLToPath(new URL('../../cli/bin/2048.js', import.meta.url));
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--db', dbFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const found = /http:\/\/[\d.]+:\d+/.exec(text);
      if (found) resolve(found[0]);
    });
    child.once('exit', (code) => reject(new Error(`2048 serve exited with ${code}: ${text}`)));
  });
  return { url, stop: () => child.kill() };
}

test('on loopback the slide starts at the key press and the new tile comes with the answer (figures, no limits)', async ({
  page,
}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'twenty48-feel-'));
  const apart = await serveApart(join(dataDir, 'feel.db'));
  try {
    await page.goto(`${apart.url}/?rules=classic&size=4`);
    await expect(page.getByTestId('ranked-line')).toHaveText(RANKED_LINE);
    await page.evaluate(() => {
      const times: { press: number; slide?: number; spawn?: number }[] = [];
      (window as unknown as { feel: typeof times }).feel = times;
      document.addEventListener('keydown', () => times.push({ press: performance.now() }), true);
      const tiles = document.querySelector('[data-testid=board] .tiles') as HTMLElement;
      new MutationObserver((records) => {
        const now = performance.now();
        const current = times.at(-1);
        if (!current) return;
        for (const record of records) {
          if (record.type === 'attributes') current.slide ??= now;
          for (const node of record.addedNodes) {
            if ((node as HTMLElement).classList?.contains('tile-new')) current.spawn ??= now;
          }
        }
      }).observe(tiles, { subtree: true, childList: true, attributes: true });
    });
    for (let i = 0; i < 20; i++) {
      const direction = movableDirections(await shownBoard(page))[0];
      if (!direction) break;
      const before = await page.getByTestId('moves').textContent();
      await page.keyboard.press(KEYS[direction]);
      await expect(page.getByTestId('moves')).not.toHaveText(before ?? '');
    }
    const { feel, trips } = await page.evaluate(() => ({
      feel: (window as unknown as { feel: { press: number; slide?: number; spawn?: number }[] })
        .feel,
      trips: performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/moves'))
        .map((e) => e.duration),
    }));
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const slide = median(feel.flatMap((f) => (f.slide === undefined ? [] : [f.slide - f.press])));
    const spawn = median(feel.flatMap((f) => (f.spawn === undefined ? [] : [f.spawn - f.press])));
    const figures =
      `key press to slide start ${slide.toFixed(1)} ms, to the new tile ${spawn.toFixed(1)} ms, ` +
      `move request ${median(trips).toFixed(1)} ms (medians of ${feel.length} moves)`;
    test.info().annotations.push({ type: 'feel', description: figures });
    console.log(`feel: ${figures}`);
    expect(feel.every((f) => f.slide !== undefined && f.spawn !== undefined)).toBe(true);
  } finally {
    apart.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
