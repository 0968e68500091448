// Screenshots of the built game at four window sizes, light and dark, to look at (not committed).
//
//   npm run build -w @twenty48/web && npm run screenshots -w @twenty48/web -- [directory]
//
// Serves packages/web/dist on a free 127.0.0.1 port, loads a real game (the e2e fixture that
// reaches 2048, at its most colourful moment past 1024, saved as the page stores a game) and one
// high score, and writes
// `<width>x<height>-<theme>.png` (the first screen) and `…-full.png` (the whole page) into the
// directory given, or a new temporary one; it prints where. The checkers page too, as
// `checkers-<width>x<height>-<theme>.png` (and `…-full.png`): a game between two players in
// the middle, with a king on each side, the last move, the compulsory captures and the
// selected king's target marked.
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { DIRECTIONS, MOVE_LETTERS, newGame, parseRecord, step } from '@twenty48/engine';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const WIN_TEXT = readFileSync(new URL('../e2e/fixtures/win.json', import.meta.url), 'utf8');

/**
 * The moment of the winning game (after its first 1024) that shows the most different tiles,
 * so the picture holds as much of the palette as one game can; the whole game when it is won.
 */
function richestRecord(text) {
  const parsed = parseRecord(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const { rules, seed, moves } = parsed.value;
  let game = newGame(rules, seed);
  let best = { count: 0, length: moves.length };
  for (let n = 1; n <= moves.length; n++) {
    const direction = DIRECTIONS.find((d) => MOVE_LETTERS[d] === moves[n - 1]);
    game = step(game, direction).game;
    const values = new Set(game.board.flat().filter((v) => v > 0));
    if (Math.max(...values) >= 1024 && values.size >= best.count) {
      best = { count: values.size, length: n };
    }
  }
  const record = JSON.parse(text);
  return { ...record, moves: record.moves.slice(0, best.length) };
}
const WIN = richestRecord(WIN_TEXT);
/** The checkers page's save: Red has just jumped 14x5; Black must capture (3 or the king on 26). */
const CHECKERS_SAVE = JSON.stringify({
  version: 1,
  start: 'W:W14,21,22,25,27,30,K7:B1,3,9,11,12,K26',
  moves: ['14x5'],
  mode: 'two',
  computerSide: 'red',
  level: 2,
  theme: 'system',
});
const SIZES = [
  [1280, 720],
  [667, 375],
  [375, 667],
  [320, 568],
];
const THEMES = ['light', 'dark'];
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/** A static server for `root` on a free port of 127.0.0.1. */
async function serve(root) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = resolve(root, path === '/' ? 'index.html' : path.replace(/^\/+/, ''));
    const inside = file.startsWith(resolve(root) + sep);
    const found = inside && (await stat(file).catch(() => null))?.isFile();
    if (!found) {
      response.writeHead(404).end('not found');
      return;
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    response.writeHead(200, { 'content-type': type }).end(await readFile(file));
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

const outDir = process.argv[2]
  ? resolve(process.argv[2])
  : mkdtempSync(join(tmpdir(), 'twenty48-screenshots-'));
mkdirSync(outDir, { recursive: true });
if (!(await stat(join(DIST, 'index.html')).catch(() => null))) {
  console.error('No build in packages/web/dist: run `npm run build -w @twenty48/web` first.');
  process.exit(1);
}
const site = await serve(DIST);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const theme of THEMES) {
    for (const [width, height] of SIZES) {
      const context = await browser.newContext({
        viewport: { width, height },
        colorScheme: theme,
        reducedMotion: 'reduce',
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await page.goto(site.url);
      await page.evaluate((record) => {
        localStorage.setItem('twenty48:game', JSON.stringify({ record, keptPlaying: true }));
        const entry = { name: 'Ada', score: 12345, moves: 987, maxTile: 1024, at: Date.now() };
        localStorage.setItem('twenty48:scores:classic:4', JSON.stringify([entry]));
      }, WIN);
      await page.goto(site.url);
      await page.locator('.tile').first().waitFor();
      await page.evaluate(() => document.fonts.ready);
      const name = `${width}x${height}-${theme}`;
      await page.screenshot({ path: join(outDir, `${name}.png`) });
      await page.screenshot({ path: join(outDir, `${name}-full.png`), fullPage: true });
      await context.close();
    }
  }
  for (const theme of THEMES) {
    for (const [width, height] of SIZES) {
      const context = await browser.newContext({
        viewport: { width, height },
        colorScheme: theme,
        reducedMotion: 'reduce',
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await page.addInitScript(
        (save) => localStorage.setItem('twenty48-checkers', save),
        CHECKERS_SAVE,
      );
      await page.goto(new URL('checkers.html', site.url).href);
      await page.locator('button[data-square="26"]').click();
      await page.locator('.square.target').first().waitFor();
      await page.mouse.move(0, 0);
      await page.evaluate(() => document.fonts.ready);
      const name = `checkers-${width}x${height}-${theme}`;
      await page.screenshot({ path: join(outDir, `${name}.png`) });
      await page.screenshot({ path: join(outDir, `${name}-full.png`), fullPage: true });
      await context.close();
    }
  }
} finally {
  await browser.close();
  site.close();
}
console.log(`Screenshots in ${outDir}`);
