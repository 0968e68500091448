// Prints the figures of the README's "How strong" (issue 22): the time per move of both players
// at each depth and at their default time budgets, and the side-by-side table of `2048 bench`
// runs, whole and on the seeds they share. Run `npm run build` first.
//
//   node packages/ai/scripts/ntuple-figures.mjs times [NETWORK]
//     CPU time per move (process.cpuUsage, one thread) on positions every 250 moves of one game
//     (seed `times`, played to its end by the network at depth 1): the n-tuple search at depths
//     0 to 4 and at its default (100 ms, deepening), the heuristic at depths 1 to 5 and at its
//     old default (adaptive depth within 60 ms); for the timed ones also the depths reached.
//     NETWORK defaults to the shipped one (or TWENTY48_NETWORK).
//
//   node packages/ai/scripts/ntuple-figures.mjs table BENCH...
//     One row per run, then the same rows on the seeds every run shares. A run is the output of
//     `2048 bench --json` (a file ending .json), or a name=FILE of `2048 bench`'s stderr, whose
//     progress lines (`game 1/30  seed 1-0  max 16384  score 251108  moves 9527`) give the games
//     finished so far (no time per move then).
//
//   node packages/ai/scripts/ntuple-figures.mjs replay BENCH.json DEPTH LIMIT MIN
//     Plays again, at DEPTH with tile downgrading above exponent LIMIT (15: off), the games of a
//     bench run that scored MIN or more; prints bench's progress lines (to compare with `pair`).
//
//   node packages/ai/scripts/ntuple-figures.mjs pair BENCH BENCH
//     Two runs game by game on the seeds they share (the same player but for one change, say):
//     how many games came out differently, and which run's were better.
import { readFileSync } from 'node:fs';
import { classic, maxTile, newGame, step } from '@twenty48/engine';
import { adaptiveDepth, createSearch, DEFAULT_MOVE_MS, toBitboard } from '../dist/index.js';
import { networkPath, readNetwork } from '../dist/ntuple-node.js';
import { createNtupleSearch, DEFAULT_NTUPLE_MS, MAX_NTUPLE_DEPTH } from '../dist/ntuple-player.js';

const TILES = [2048, 4096, 8192, 16384, 32768];
const [command, ...rest] = process.argv.slice(2);

/** CPU milliseconds `run` takes, per call over `positions`, and what it returned. */
function perMove(positions, run) {
  const start = process.cpuUsage();
  const wall = performance.now();
  const results = positions.map((p) => run(p));
  const cpu = process.cpuUsage(start);
  return {
    cpu: (cpu.user + cpu.system) / 1000 / positions.length,
    wall: (performance.now() - wall) / positions.length,
    results,
  };
}

const histogram = (depths) => {
  const counts = new Map();
  for (const d of depths) counts.set(d, (counts.get(d) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([d, n]) => `${n}x${d}`)
    .join(' ');
};

function times(file = networkPath()) {
  const load = readNetwork(file);
  if (!load.ok) throw new Error(`${load.error.code}: ${load.error.message}`);
  const ntuple = createNtupleSearch(load.value);
  const heuristic = createSearch(classic);
  if (!ntuple) throw new Error('no WebAssembly kernel');
  let game = newGame('classic', 'times');
  const positions = [];
  for (let move = 0; game.status !== 'lost'; move++) {
    const { direction } = ntuple.search(toBitboard(game.board), { depth: 1, ms: null });
    if (!direction) break;
    if (move % 250 === 125) positions.push(game);
    game = step(game, direction).game;
  }
  console.log(
    `${positions.length} positions of one game (seed times, depth 1: ${game.score} points, ` +
      `max tile ${maxTile(game.board)}); CPU ms per move, wall ms in brackets`,
  );
  for (let depth = 0; depth <= 4; depth++) {
    const m = perMove(positions, (p) => ntuple.search(toBitboard(p.board), { depth, ms: null }));
    console.log(`ntuple depth ${depth}: ${m.cpu.toFixed(3)} (${m.wall.toFixed(3)})`);
  }
  const nt = perMove(positions, (p) =>
    ntuple.search(toBitboard(p.board), { depth: MAX_NTUPLE_DEPTH, ms: DEFAULT_NTUPLE_MS }),
  );
  console.log(
    `ntuple default (${DEFAULT_NTUPLE_MS} ms): ${nt.cpu.toFixed(2)} (${nt.wall.toFixed(2)}); ` +
      `depths reached ${histogram(nt.results.map((r) => r.depth))}`,
  );
  for (let depth = 1; depth <= 5; depth++) {
    const m = perMove(positions, (p) => heuristic.search(toBitboard(p.board), { depth, ms: null }));
    console.log(`heuristic depth ${depth}: ${m.cpu.toFixed(3)} (${m.wall.toFixed(3)})`);
  }
  const h = perMove(positions, (p) =>
    heuristic.search(toBitboard(p.board), { depth: adaptiveDepth(p.board), ms: DEFAULT_MOVE_MS }),
  );
  console.log(
    `heuristic old default (adaptive depth within ${DEFAULT_MOVE_MS} ms): ${h.cpu.toFixed(2)} ` +
      `(${h.wall.toFixed(2)}); depths reached ${histogram(h.results.map((r) => r.depth))}`,
  );
}

const percent = (n, of) => `${((100 * n) / of).toFixed(1)} %`;

function row(name, games) {
  const n = games.length;
  const reach = TILES.map((t) => percent(games.filter((g) => g.maxTile >= t).length, n));
  const mean = games.reduce((s, g) => s + g.score, 0) / n;
  const moves = games.reduce((s, g) => s + g.moves, 0);
  const thinking = games.reduce((s, g) => s + (g.thinkingMs ?? Number.NaN), 0);
  const ms = Number.isNaN(thinking) ? '–' : `${(thinking / moves).toFixed(3)} ms`;
  return `| ${name} | ${n} | ${reach.join(' | ')} | ${Math.round(mean).toLocaleString('en')} | ${ms} |`;
}

function readRuns(files) {
  return files.map((file) => {
    if (!file.endsWith('.json')) {
      const [name, path] = file.split('=');
      const games = [];
      const line = /seed (\S+)\s+max (\d+)\s+score (\d+)\s+moves (\d+)/;
      for (const text of readFileSync(path, 'utf8').split('\n')) {
        const m = line.exec(text);
        if (m) games.push({ seed: m[1], maxTile: +m[2], score: +m[3], moves: +m[4] });
      }
      return { name, games };
    }
    const summary = JSON.parse(readFileSync(file, 'utf8'));
    const how = summary.depth !== null ? `--depth ${summary.depth}` : `--ms ${summary.ms}`;
    return { name: `\`--ai ${summary.ai} ${how}\``, games: summary.results };
  });
}

function table(files) {
  const runs = readRuns(files);
  const header = `| | games | ${TILES.join(' | ')} | mean score | wall ms per move |\n| --- | --- |${' --- |'.repeat(TILES.length + 2)}`;
  console.log(header);
  for (const run of runs) console.log(row(run.name, run.games));
  const seeds = runs.map((run) => new Set(run.games.map((g) => g.seed)));
  const shared = new Set(
    runs[0].games.map((g) => g.seed).filter((seed) => seeds.every((set) => set.has(seed))),
  );
  console.log(`\nOn the ${shared.size} seeds all runs share:\n\n${header}`);
  for (const run of runs) {
    console.log(
      row(
        run.name,
        run.games.filter((g) => shared.has(g.seed)),
      ),
    );
  }
}

function pair(files) {
  const [a, b] = readRuns(files);
  const other = new Map(b.games.map((g) => [g.seed, g]));
  const both = a.games.filter((g) => other.has(g.seed));
  const changed = both.filter((g) => other.get(g.seed).score !== g.score);
  const tile = (better) => changed.filter((g) => better(other.get(g.seed).maxTile, g.maxTile));
  const gained = changed.reduce((s, g) => s + other.get(g.seed).score - g.score, 0);
  console.log(
    `${both.length} shared seeds; ${changed.length} games differ. ${b.name} over ${a.name}: ` +
      `a larger tile in ${tile((x, y) => x > y).length}, a smaller in ${tile((x, y) => x < y).length}; ` +
      `score ${gained >= 0 ? '+' : ''}${Math.round(gained / Math.max(1, both.length)).toLocaleString('en')} a game on average`,
  );
  for (const g of changed) {
    const h = other.get(g.seed);
    console.log(`  ${g.seed}: ${g.maxTile} ${g.score} -> ${h.maxTile} ${h.score}`);
  }
}

function replay([file, depth, limit, min]) {
  const games = JSON.parse(readFileSync(file, 'utf8')).results.filter((g) => g.score >= +min);
  const load = readNetwork(networkPath());
  if (!load.ok) throw new Error(`${load.error.code}: ${load.error.message}`);
  const search = createNtupleSearch(load.value, classic, undefined, Number(limit));
  games.forEach(({ seed }, i) => {
    let game = newGame('classic', seed);
    let moves = 0;
    for (;;) {
      const { direction } = search.search(toBitboard(game.board), { depth: +depth, ms: null });
      if (game.status === 'lost' || !direction) break;
      game = step(game, direction).game;
      moves++;
    }
    console.log(
      `game ${i + 1}/${games.length}  seed ${seed}  max ${maxTile(game.board)}  score ${game.score}  moves ${moves}`,
    );
  });
}

if (command === 'times') times(rest[0]);
else if (command === 'replay' && rest.length === 4) replay(rest);
else if (command === 'pair' && rest.length === 2) pair(rest);
else if (command === 'table' && rest.length > 0) table(rest);
else {
  console.error(
    'usage: ntuple-figures.mjs times [NETWORK] | table BENCH... | replay BENCH.json DEPTH LIMIT MIN | pair BENCH BENCH',
  );
  process.exit(2);
}
