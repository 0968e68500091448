// Makes the network that ships from a training checkpoint: the weights as IEEE halves
// (float16), no training state, the whole file gzip-compressed (level 9), written atomically.
// Prints the sizes and how far the halves are from the checkpoint's weights.
//
//   node packages/ai/scripts/ship-network.mjs CHECKPOINT [OUT] [--mantissa N]
//   (OUT defaults to packages/ai/networks/classic.t48n.gz; --mantissa N, 1 to 10, keeps N of the
//   halves' 10 mantissa bits, rounding to nearest: a smaller file when gzip'd, coarser weights.)
import { renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { fromHalf, makeNetwork, toHalf } from '../dist/ntuple-format.js';
import { readNetwork } from '../dist/ntuple-node.js';

const args = process.argv.slice(2);
const flag = args.indexOf('--mantissa');
const mantissa = flag === -1 ? 10 : Number(args.splice(flag, 2)[1]);
const [checkpoint, out = fileURLToPath(new URL('../networks/classic.t48n.gz', import.meta.url))] =
  args;
if (!Number.isInteger(mantissa) || mantissa < 1 || mantissa > 10) {
  console.error('error: --mantissa is 1 to 10');
  process.exit(2);
}
if (!checkpoint) {
  console.error('usage: node packages/ai/scripts/ship-network.mjs CHECKPOINT [OUT]');
  process.exit(2);
}
const read = readNetwork(checkpoint);
if (!read.ok) {
  console.error(`error: ${read.error.code}: ${read.error.message}`);
  process.exit(1);
}
const { weights } = read.value;
const drop = 10 - mantissa;
let used = 0;
let worst = 0;
for (let i = 0; i < weights.length; i++) {
  const w = weights[i];
  if (w !== 0) used++;
  // Round the half's mantissa to `mantissa` bits; a carry into the exponent is the next power of 2.
  const half = drop === 0 ? toHalf(w) : ((toHalf(w) + (1 << (drop - 1))) >> drop) << drop;
  const shipped = fromHalf(half);
  worst = Math.max(worst, Math.abs(shipped - w));
  weights[i] = shipped;
}
const raw = makeNetwork({ network: read.value, games: read.games ?? 0, training: null }, 'float16');
const packed = gzipSync(raw, { level: 9 });
const temporary = `${out}.tmp-${process.pid}`;
writeFileSync(temporary, packed);
renameSync(temporary, out);
const mib = (n) => `${(n / 2 ** 20).toFixed(2)} MiB`;
console.log(
  `games ${read.games}: ${weights.length} weights, ${used} not zero; float16 ${mib(raw.length)}, gzip ${mib(packed.length)} -> ${out}; mantissa ${mantissa} bits, largest rounding ${worst}`,
);
