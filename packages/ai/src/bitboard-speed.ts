/**
 * Raw speed of the AI on this machine: move generation, heuristic evaluations and expectimax
 * moves per second at depth 2 and 3 on fixed positions, for the TypeScript search (the
 * reference) and the WebAssembly kernel the players use. Run after a build:
 *
 *   node packages/ai/dist/bitboard-speed.js
 *
 * Figures, not tests: rates per CPU second, still lower on a shared or busy machine.
 */
import { newGame, resolveRules, step } from '@twenty48/engine';
import { type Bitboard, rowTables, toBitboard, transposed, transposeLo } from './bitboard.js';
import { expectimaxPlayer } from './expectimax.js';
import { createFastSearch } from './fast-search.js';
import { rowScoreTable, scoreBitboard } from './heuristic.js';
import { type BitboardSearch, createBitboardSearch } from './search.js';

const print = (label: string, count: number, seconds: number, unit: string): void => {
  const rate = Math.round(count / seconds).toLocaleString('en');
  console.log(`${label.padEnd(52)} ${rate.padStart(14)} ${unit}/s`);
};

/** CPU seconds this process has used: a busy machine's waits do not count against the AI. */
const cpuSeconds = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** Run `work` (which returns how many units it did) repeatedly for about `seconds` of CPU. */
function measure(seconds: number, work: () => number): { count: number; seconds: number } {
  work(); // warm up the JIT
  const started = cpuSeconds();
  let count = 0;
  while (cpuSeconds() - started < seconds) count += work();
  return { count, seconds: cpuSeconds() - started };
}

/** Positions from one seeded game played by a shallow expectimax, every `every` moves. */
function positions(count: number, every: number): Bitboard[] {
  const player = expectimaxPlayer({ depth: 1 });
  const found: Bitboard[] = [];
  let game = newGame('classic', 'bench-raw');
  for (let move = 1; found.length < count && game.status !== 'lost'; move++) {
    const direction = player(game);
    if (!direction) break;
    game = step(game, direction).game;
    if (move % every === 0) found.push(toBitboard(game.board));
  }
  return found;
}

// A power of two of positions, so `i & mask` walks all of them.
const found = positions(1024, 2);
const boards = found.slice(0, 2 ** Math.floor(Math.log2(found.length)));
const los = Int32Array.from(boards, (b) => b.lo);
const his = Int32Array.from(boards, (b) => b.hi);
const mask = boards.length - 1;
console.log(
  `AI raw speed on ${boards.length} positions of a seeded game (node ${process.version})`,
);

for (const policy of ['once', 'chain', 'cascade'] as const) {
  const { left, right } = rowTables(policy);
  // What a search node does: left and right of the board and of its transpose.
  let sink = 0;
  const run = measure(1, () => {
    for (let i = 0; i < 1 << 20; i++) {
      const lo = los[i & mask] as number;
      const hi = his[i & mask] as number;
      const tlo = transposeLo(lo, hi);
      const thi = transposed.hi;
      sink ^= (left[lo & 0xffff] as number) | ((left[lo >>> 16] as number) << 16);
      sink ^= (left[hi & 0xffff] as number) | ((left[hi >>> 16] as number) << 16);
      sink ^= (right[lo & 0xffff] as number) | ((right[lo >>> 16] as number) << 16);
      sink ^= (right[hi & 0xffff] as number) | ((right[hi >>> 16] as number) << 16);
      sink ^= (left[tlo & 0xffff] as number) | ((left[tlo >>> 16] as number) << 16);
      sink ^= (left[thi & 0xffff] as number) | ((left[thi >>> 16] as number) << 16);
      sink ^= (right[tlo & 0xffff] as number) | ((right[tlo >>> 16] as number) << 16);
      sink ^= (right[thi & 0xffff] as number) | ((right[thi >>> 16] as number) << 16);
    }
    return 4 << 20;
  });
  print(`move generation (${policy}, 4 moves per board)`, run.count, run.seconds, 'moves');
  if (sink === 0.5) console.log(sink); // keeps the loop's result alive
}

{
  const { left } = rowTables('once');
  // Up as a board in the original orientation: transpose, move, transpose back.
  let sink = 0;
  const run = measure(1, () => {
    for (let i = 0; i < 1 << 20; i++) {
      const tlo = transposeLo(los[i & mask] as number, his[i & mask] as number);
      const thi = transposed.hi;
      const mlo = (left[tlo & 0xffff] as number) | ((left[tlo >>> 16] as number) << 16);
      const mhi = (left[thi & 0xffff] as number) | ((left[thi >>> 16] as number) << 16);
      sink ^= transposeLo(mlo, mhi) ^ transposed.hi;
    }
    return 1 << 20;
  });
  print('move up, transposed back (once)', run.count, run.seconds, 'moves');
  if (sink === 0.5) console.log(sink);
}

{
  const scores = rowScoreTable();
  let sink = 0;
  const run = measure(1, () => {
    for (let i = 0; i < 1 << 20; i++)
      sink += scoreBitboard(scores, los[i & mask] as number, his[i & mask] as number);
    return 1 << 20;
  });
  print('heuristic evaluations (8 row lookups + transpose)', run.count, run.seconds, 'evals');
  if (sink === 0.5) console.log(sink);
}

const fixed = [boards[50], boards[150], boards[300], boards[450]].filter((b): b is Bitboard => !!b);
const searches: [string, () => BitboardSearch | null][] = [
  ['TypeScript', () => createBitboardSearch(resolveRules('classic'))],
  ['WebAssembly', () => createFastSearch(resolveRules('classic'))],
];
for (const [kernel, create] of searches) {
  for (const depth of [2, 3]) {
    const search = create();
    if (!search) {
      console.log(`expectimax (${kernel}): unavailable here`);
      continue;
    }
    let nodes = 0;
    const run = measure(3, () => {
      for (const board of fixed) nodes += search.search(board, { depth, ms: null }).nodes;
      return fixed.length;
    });
    print(
      `expectimax depth ${depth}, ${kernel} (${fixed.length} fixed positions)`,
      run.count,
      run.seconds,
      'moves',
    );
    print(`  chance nodes expanded at depth ${depth}`, nodes, run.seconds, 'nodes');
  }
}
