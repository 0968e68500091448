// Search speed: fixed-depth searches of fixed positions (the middle-game position and
// eight ACF ballots), each from a clean table; prints the nodes (the same on every machine for
// a given search) and the nodes per CPU second (the best of the runs: a shared machine only
// ever slows a run down; CPU time, so a process waiting for a core is not counted).
//
//   node packages/checkers/dist/searchSpeed.js              depth 12, the best of 3 runs
//   node packages/checkers/dist/searchSpeed.js --depth 10 --runs 5
//   node packages/checkers/dist/searchSpeed.js --network packages/checkers/networks/eval.t48c.gz
//     with the evaluation network (gzipped), in its WebAssembly kernel; add --script for the
//     TypeScript forward pass instead
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import {
  ballot,
  makeFen,
  moveToPdn,
  networkTables,
  parseFen,
  parseNetworkFile,
  searchBest,
  useNetwork,
} from '@twenty48/checkers';

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const depth = option('--depth', 12);
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
  console.log(
    `network: ${read.value.network.hidden} hidden units, ${tables.kernel ? 'WebAssembly kernel' : 'TypeScript'}`,
  );
}

const fens = ['B:W10,13,16,21,25,26,27,28,30,31,32:B1,2,3,4,5,6,12,15,18,19'];
for (const i of [0, 10, 25, 40, 60, 80, 100, 120]) fens.push(makeFen(ballot(i).position));
const positions = fens.map((fen) => {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(`searchSpeed: bad FEN ${fen}`);
  return parsed.value;
});

// Warm the JIT up before the timed runs.
for (const position of positions) searchBest(position, { depth: 7 });
let nodes = 0;
let seconds = 0;
console.log(`depth ${depth}, the best of ${runs} run${runs === 1 ? '' : 's'} (CPU time)`);
for (const [i, position] of positions.entries()) {
  let best = Number.POSITIVE_INFINITY;
  let found = searchBest(position, { depth: 1 });
  for (let run = 0; run < runs; run++) {
    const start = process.cpuUsage();
    found = searchBest(position, { depth });
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
