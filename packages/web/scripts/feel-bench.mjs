// How the browser game feels, in figures: 40 quick arrow presses (from the first press to the
// last press's board drawn, and presses lost) and auto-play at the top speed (moves per second,
// long tasks). Builds nothing: it serves an already built dist/ (packages/web/dist, or the one
// given with --dist) on 127.0.0.1 and drives Debian's Chromium. Figures only, no pass or fail.
//
//   node packages/web/scripts/feel-bench.mjs [--dist DIR] [--runs N] [--seconds S]

import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { newGame, step } from '@twenty48/engine';
import { mainThreadTasks } from './trace.mjs';

const { values: flags } = parseArgs({
  options: {
    dist: { type: 'string', default: fileURLToPath(new URL('../dist', import.meta.url)) },
    runs: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '5' },
  },
});
const DIST = resolve(flags.dist);
const RUNS = Math.max(1, Number(flags.runs) || 5);
const AUTOPLAY_MS = Math.max(1, Number(flags.seconds) || 5) * 1000;
const PRESSES = 40;
const SEED = '7';
const DIRECTIONS = ['left', 'up', 'right', 'down', 'left', 'down', 'right', 'up'];
const KEYS = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' };

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
};

/** dist/ on 127.0.0.1, any free port; /api answers 404, so the page plays local games. */
function serveDist() {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = normalize(join(DIST, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(DIST + sep)) return void response.writeHead(403).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () =>
      done({ server, url: `http://127.0.0.1:${server.address().port}/` }),
    );
  });
}

/** The presses of one run, and the engine's game after them from SEED. */
function pressPlan() {
  const directions = Array.from({ length: PRESSES }, (_, i) => DIRECTIONS[i % DIRECTIONS.length]);
  let game = newGame('classic', SEED);
  for (const direction of directions) game = step(game, direction).game;
  return { directions, expected: { board: game.board, moves: game.moves.length } };
}

/** Watches the page from before its scripts run: long tasks, and the first key press. */
const INSTRUMENT = () => {
  const feel = { longTasks: [], firstPress: null, lastPress: null, shownAt: null };
  window.__feel = feel;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      feel.longTasks.push({ at: entry.startTime, ms: entry.duration });
  }).observe({ type: 'longtask' });
  document.addEventListener(
    'keydown',
    () => {
      feel.firstPress ??= performance.now();
      feel.lastPress = performance.now();
    },
    true,
  );
};

/** Each frame, whether the page shows `expected` (moves and every tile); records when it first does. */
const WATCH_FOR = (expected) => {
  const feel = window.__feel;
  const matches = () => {
    if (document.getElementById('moves')?.textContent !== String(expected.moves)) return false;
    const board = expected.board.map((row) => row.map(() => 0));
    for (const tile of document.querySelectorAll('[data-testid=board] [data-testid=tile]')) {
      const { row, col, value } = tile.dataset;
      board[Number(row)][Number(col)] = Number(value);
    }
    return JSON.stringify(board) === JSON.stringify(expected.board);
  };
  const frame = () => {
    if (matches()) feel.shownAt = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
};

async function quickPresses(browser, url) {
  const { directions, expected } = pressPlan();
  const context = await browser.newContext({
    reducedMotion: 'no-preference',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.addInitScript(INSTRUMENT);
  await page.goto(`${url}?seed=${SEED}&rules=classic&size=4`);
  await page.locator('[data-testid=board] [data-testid=tile]').first().waitFor();
  await page.evaluate(() => new Promise((done) => setTimeout(done, 300)));
  await page.evaluate(WATCH_FOR, expected);
  const before = await page.evaluate(() => window.__feel.longTasks.length);
  for (const direction of directions) await page.keyboard.press(KEYS[direction], { delay: 0 });
  await page
    .waitForFunction(() => window.__feel.shownAt !== null, null, { timeout: 10_000 })
    .catch(() => {});
  const feel = await page.evaluate(() => window.__feel);
  const shownMoves = Number(await page.locator('#moves').textContent());
  await context.close();
  const tasks = feel.longTasks.slice(before);
  return {
    ms: feel.shownAt === null ? Number.NaN : feel.shownAt - feel.firstPress,
    afterLast: feel.shownAt === null ? Number.NaN : feel.shownAt - feel.lastPress,
    lost: expected.moves - shownMoves,
    longest: Math.max(0, ...tasks.map((t) => t.ms)),
  };
}

async function autoplay(browser, url) {
  const context = await browser.newContext({
    reducedMotion: 'no-preference',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.addInitScript(INSTRUMENT);
  await page.goto(`${url}?seed=${SEED}&rules=classic&size=4`);
  await page.locator('[data-testid=board] [data-testid=tile]').first().waitFor();
  await page.locator('#setting-speed').fill('30');
  await page.evaluate(() => new Promise((done) => setTimeout(done, 300)));
  const before = await page.evaluate(() => window.__feel.longTasks.length);
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  await page.locator('#autoplay').click();
  // The first move comes once the AI worker has started: count from there.
  await page.waitForFunction(() => document.getElementById('moves')?.textContent !== '0');
  const start = await page.evaluate(() => ({
    moves: Number(document.getElementById('moves')?.textContent),
    at: performance.now(),
  }));
  await page.waitForTimeout(AUTOPLAY_MS);
  const end = await page.evaluate(() => ({
    moves: Number(document.getElementById('moves')?.textContent),
    at: performance.now(),
  }));
  const tasks = (await page.evaluate(() => window.__feel.longTasks)).slice(before);
  const stopped = await page.locator('#live').textContent();
  const work = mainThreadTasks(await browser.stopTracing()).map((task) => task.work || 0);
  await context.close();
  return {
    movesPerSecond: ((end.moves - start.moves) * 1000) / (end.at - start.at),
    longest: Math.max(0, ...tasks.map((t) => t.ms)),
    longTasks: tasks.filter((t) => t.ms > 50).length,
    longestWork: Math.max(0, ...work),
    stopped: /Auto-play stopped/.test(stopped ?? '') ? stopped : '',
  };
}

const median = (values) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : Number.NaN;
};

const { server, url } = await serveDist();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  console.log(`feel-bench: ${DIST}`);
  const presses = [];
  for (let i = 0; i < RUNS; i++) presses.push(await quickPresses(browser, url));
  const times = presses.map((r) => r.ms);
  console.log(
    `${PRESSES} quick presses: last press's board drawn ${median(times).toFixed(0)} ms after the first press ` +
      `(median of ${RUNS}; runs ${times.map((t) => t.toFixed(0)).join(', ')}), ` +
      `last press to its board ${median(presses.map((r) => r.afterLast)).toFixed(1)} ms (median), ` +
      `presses lost ${Math.max(...presses.map((r) => r.lost))}, ` +
      `longest task ${Math.max(...presses.map((r) => r.longest)).toFixed(0)} ms`,
  );
  const auto = await autoplay(browser, url);
  console.log(
    `auto-play at speed 30: ${auto.movesPerSecond.toFixed(1)} moves/s over ${AUTOPLAY_MS / 1000} s, ` +
      `longest task ${auto.longest.toFixed(0)} ms, long tasks > 50 ms: ${auto.longTasks}, ` +
      `most work in one main-thread task ${auto.longestWork.toFixed(1)} ms` +
      (auto.stopped ? ` (${auto.stopped})` : ''),
  );
} finally {
  await browser.close();
  server.close();
}
