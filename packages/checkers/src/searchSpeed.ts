// Search speed: fixed-depth searches of fixed positions (the issue's middle-game position and
// eight ACF ballots), each from a clean table; prints the nodes (the same on every machine for
// a given search) and the nodes per CPU second (the best of the runs: a shared machine only
// ever slows a run down; CPU time, so a process waiting for a core is not counted).
//
//   node packages/checkers/dist/searchSpeed.js              depth 12, the best of 3 runs
//   node packages/checkers/dist/searchSpeed.js --depth 10 --runs 5
//   node packages/checkers/dist/searchSpeed.js --network packages/checkers/networks/eval.t48c.gz
//     with the evaluation network (gzipped), in its WebAssembly kernel; add --script for the
//     TypeScript forward pass instead; with a network it first prints the forward pass alone
//     (ns a position, over 4,096 positions of random games from a fixed seed)
//   --typescript: search with the TypeScript searcher, the reference the WebAssembly kernel
//     (assembly/search.ts, the default) is tested against: the same nodes, about 1.5 times the time
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import {
  applyMove,
  ballot,
  initialPosition,
  legalMoves,
  makeFen,
  moveToPdn,
  networkTables,
  networkValue,
  parseFen,
  parseNetworkFile,
  type SideMasks,
  searchBest,
  sideMasks,
  useNetwork,
} from '@twenty48/checkers';

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const depth = option('--depth', 12);
const kernel = !args.includes('--typescript');
const runs = option('--runs', 3);
if (!Number.isInteger(depth) || depth < 1 || depth > 20) {
  console.error('ERR_USAGE: --depth takes 1..20');
  process.exit(2);
}
if (!Number.isInteger(runs) || runs < 1 || runs > 100) {
  console.error('ERR_USAGE: --runs takes 1..100');
  process.exit(2);
}

const networkAt = args.indexOf('--network');
if (networkAt >= 0) {
  const file = args[networkAt + 1] ?? '';
  let bytes: Uint8Array;
  try {
    bytes = gunzipSync(readFileSync(file));
  } catch {
    console.error(
      `ERR_NETWORK_MISSING: cannot read a gzipped network from ${JSON.stringify(file)}`,
    );
    process.exit(2);
  }
  const read = parseNetworkFile(bytes);
  if (!read.ok) {
    console.error(`${read.code}: ${read.message}`);
    process.exit(2);
  }
  const tables = networkTables(read.value.network, !args.includes('--script'));
  useNetwork(tables);
  const { hidden, hidden2 = 0 } = read.value.network;
  console.log(
    `network: ${hidden}${hidden2 > 0 ? ` then ${hidden2}` : ''} hidden units, ${tables.kernel ? 'WebAssembly kernel' : 'TypeScript'}`,
  );
  // The forward pass alone: 4,096 positions of random games (a fixed seed), each evaluated
  // 100 times over, the best of the runs in CPU time.
  let seed = 12345;
  const random = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const boards: SideMasks[] = [];
  while (boards.length < 4096) {
    let position = initialPosition();
    for (let ply = 0; ply < 120 && boards.length < 4096; ply++) {
      const moves = legalMoves(position);
      if (moves.length === 0) break;
      position = applyMove(
        position,
        moves[Math.floor(random() * moves.length)] as (typeof moves)[0],
      );
      boards.push(sideMasks(position));
    }
  }
  let bestNs = Number.POSITIVE_INFINITY;
  let sum = 0;
  for (let run = 0; run < runs + 1; run++) {
    const start = process.cpuUsage();
    for (let repeat = 0; repeat < 100; repeat++)
      for (const { own, opp, kings, south } of boards)
        sum += networkValue(tables, own, opp, kings, south);
    const used = process.cpuUsage(start);
    // The first run warms the JIT up and is not counted.
    if (run > 0)
      bestNs = Math.min(bestNs, ((used.user + used.system) * 1000) / (100 * boards.length));
  }
  console.log(`forward pass: ${bestNs.toFixed(0)} ns a position (checksum ${sum})`);
}

const fens = ['B:W10,13,16,21,25,26,27,28,30,31,32:B1,2,3,4,5,6,12,15,18,19'];
for (const i of [0, 10, 25, 40, 60, 80, 100, 120]) fens.push(makeFen(ballot(i).position));
const positions = fens.map((fen) => {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(`searchSpeed: bad FEN ${fen}`);
  return parsed.value;
});

// Warm the JIT up before the timed runs.
for (const position of positions) searchBest(position, { depth: 7, kernel });
let nodes = 0;
let seconds = 0;
console.log(
  `depth ${depth}, the best of ${runs} run${runs === 1 ? '' : 's'} (CPU time), searched ${kernel ? 'in the WebAssembly kernel' : 'in TypeScript'}`,
);
for (const [i, position] of positions.entries()) {
  let best = Number.POSITIVE_INFINITY;
  let found = searchBest(position, { depth: 1, kernel });
  for (let run = 0; run < runs; run++) {
    const start = process.cpuUsage();
    found = searchBest(position, { depth, kernel });
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1e6);
  }
  nodes += found.nodes;
  seconds += best;
  const move = found.move === null ? 'none' : moveToPdn(found.move);
  console.log(
    `${fens[i]}`.padEnd(66) +
      `${move.padStart(6)} ${found.nodes.toLocaleString('en').padStart(10)} nodes ${best.toFixed(3)} s`,
  );
}
console.log(
  `total ${nodes.toLocaleString('en')} nodes, ${seconds.toFixed(2)} s, ${Math.round(nodes / seconds).toLocaleString('en')} nodes/s`,
);
