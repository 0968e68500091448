// Perft speed, side by side: @twenty48/checkers against rapid-draughts (a TypeScript bitboard
// engine) on one core, both counting the last ply's moves without playing them.
//
//   node packages/checkers/dist/perftSpeed.js             perft(10), both engines
//   node packages/checkers/dist/perftSpeed.js --depth 8   another depth for the comparison
//   node packages/checkers/dist/perftSpeed.js --deep      then perft(11) and perft(12), ours only
//   node packages/checkers/dist/perftSpeed.js --runs 3    the best of 3 runs each (default 2)
//   (or CHECKERS_BENCH_DEPTH=8, CHECKERS_BENCH_DEEP=1, CHECKERS_BENCH_RUNS=3)
import { performance } from 'node:perf_hooks';
import { INITIAL_PERFT, initialPosition, perft } from '@twenty48/checkers';
import * as rapid from 'rapid-draughts/english';

interface Engine {
  readonly moves: readonly unknown[];
  clone(): Engine;
  move(move: unknown): void;
}

// rapid-draughts has no perft: this one uses its public engine API (moves, clone, move) the
// way ours works: depth 1 counts the moves without playing them.
function rapidPerft(engine: Engine, depth: number): number {
  const moves = engine.moves;
  if (depth === 1) return moves.length;
  let nodes = 0;
  for (const move of moves) {
    const child = engine.clone();
    child.move(move);
    nodes += rapidPerft(child, depth - 1);
  }
  return nodes;
}

// Its declaration files re-export without file extensions, which Node's ESM resolution (and
// so TypeScript's nodenext) cannot follow: the one factory used is typed here.
const { EnglishDraughtsEngineFactory } = rapid as unknown as {
  EnglishDraughtsEngineFactory: { setup(): Engine };
};
const rapidStart = (): Engine => EnglishDraughtsEngineFactory.setup();

interface Run {
  readonly nodes: number;
  readonly seconds: number;
}

// The best of `runs` runs: on a shared machine the other processes only ever slow a run down.
function time(count: () => number, times = runs): Run {
  let best: Run | null = null;
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    const nodes = count();
    const seconds = (performance.now() - start) / 1000;
    if (best === null || seconds < best.seconds) best = { nodes, seconds };
  }
  return best as Run;
}

const args = process.argv.slice(2);
const option = (name: string, variable: string, fallback: string): number => {
  const at = args.indexOf(name);
  return Number(at >= 0 ? args[at + 1] : (process.env[variable] ?? fallback));
};
const depth = option('--depth', 'CHECKERS_BENCH_DEPTH', '10');
const runs = option('--runs', 'CHECKERS_BENCH_RUNS', '2');
const deep = args.includes('--deep') || process.env.CHECKERS_BENCH_DEEP === '1';
if (!Number.isInteger(depth) || depth < 1 || depth > 12) {
  console.error('ERR_USAGE: --depth takes 1..12');
  process.exit(2);
}
if (!Number.isInteger(runs) || runs < 1) {
  console.error('ERR_USAGE: --runs takes a whole number from 1');
  process.exit(2);
}

let wrong = 0;
const rate = (run: Run) => Math.round(run.nodes / run.seconds);
const report = (engine: string, d: number, run: Run): void => {
  const expected = INITIAL_PERFT[d - 1];
  const check = run.nodes === expected ? 'ok' : `WRONG (published ${expected})`;
  if (run.nodes !== expected) wrong++;
  console.log(
    `${engine.padEnd(22)} perft(${d})`.padEnd(34) +
      `${run.nodes.toLocaleString('en').padStart(13)} nodes ${run.seconds.toFixed(2).padStart(7)} s ` +
      `${rate(run).toLocaleString('en').padStart(12)} nodes/s  ${check}`,
  );
};

console.log('checkers perft from the start, one core; the last ply is counted, not played');
console.log(
  'rapid-draughts 1.0.6: perft written on its public engine API (engine.moves, clone, move)',
);
console.log(`the best of ${runs} run${runs === 1 ? '' : 's'} each\n`);
// Warm both up so the JIT has compiled the hot paths before the timed runs.
perft(initialPosition(), 7);
rapidPerft(rapidStart(), 6);

const ours = time(() => perft(initialPosition(), depth));
report('@twenty48/checkers', depth, ours);
const theirs = time(() => rapidPerft(rapidStart(), depth));
report('rapid-draughts', depth, theirs);
console.log(`\nours / rapid-draughts: ${(rate(ours) / rate(theirs)).toFixed(1)}x nodes/s\n`);

if (deep)
  for (const d of [11, 12].filter((d) => d > depth))
    report(
      '@twenty48/checkers',
      d,
      time(() => perft(initialPosition(), d)),
    );

if (wrong > 0) process.exitCode = 1;
