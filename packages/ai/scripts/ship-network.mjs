// Makes the network that ships from a training checkpoint: no training state, the weights as
// int16 times a power-of-two quantum (the smallest that holds the largest weight: 2 for weights
// up to ±65,534, so each weight within 1 of the checkpoint's) or as IEEE halves (float16), the
// whole file gzip-compressed (level 9), written atomically. A network of several stages is
// stored int16-delta: each stage after the first as its difference from the one before, which
// is zero wherever the late boards never taught it anything. Prints the sizes and how far the
// shipped weights are from the checkpoint's.
//
//   node packages/ai/scripts/ship-network.mjs CHECKPOINT [OUT] [--encoding int16|float16]
//        [--mantissa N] [--quantum Q] [--delta-floor N]
//   (OUT defaults to packages/ai/networks/classic.t48n.gz; --encoding defaults to int16;
//   --mantissa N, 1 to 10, float16 only, keeps N of the halves' 10 mantissa bits, rounding to
//   nearest: a smaller file when gzip'd, coarser weights; --quantum Q, int16 only, a power of two
//   at least the smallest that holds the largest weight: coarser weights, each within Q/2, and
//   a smaller file, as the weights under Q/2 become 0; --delta-floor N, int16 with several
//   stages only: a weight of a later stage within N - 1 quanta of the stage before's takes that
//   weight, so only the differences of N quanta or more are stored, for a smaller file.)
import { renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { fromHalf, int16Quantum, makeNetwork, toHalf, toInt16 } from '../dist/ntuple-format.js';
import { readNetwork } from '../dist/ntuple-node.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args.splice(at, 2)[1];
};
const mantissa = Number(option('--mantissa', '10'));
const encoding = option('--encoding', 'int16');
const quantumText = option('--quantum', null);
const floor = Number(option('--delta-floor', '0'));
const [checkpoint, out = fileURLToPath(new URL('../networks/classic.t48n.gz', import.meta.url))] =
  args;
if (!Number.isInteger(mantissa) || mantissa < 1 || mantissa > 10) {
  console.error('error: --mantissa is 1 to 10');
  process.exit(2);
}
if (encoding !== 'int16' && encoding !== 'float16') {
  console.error('error: --encoding is int16 or float16');
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
const smallest = int16Quantum(weights);
const quantum = quantumText === null ? smallest : Number(quantumText);
if (
  quantumText !== null &&
  (!(Number.isInteger(Math.log2(quantum)) && quantum >= smallest) || encoding !== 'int16')
) {
  console.error(`error: --quantum is a power of two of at least ${smallest}, with int16`);
  process.exit(2);
}
const stages = read.value.shape.stages.length;
if (
  !(Number.isInteger(floor) && floor >= 0 && floor <= 32767) ||
  (floor > 0 && (encoding !== 'int16' || stages < 2))
) {
  console.error(
    'error: --delta-floor is an integer from 0 to 32767, with int16 and several stages',
  );
  process.exit(2);
}
const drop = 10 - mantissa;
const size = weights.length / stages;
let kept = 0;
let dropped = 0;
let used = 0;
let worst = 0;
for (let i = 0; i < weights.length; i++) {
  const w = weights[i];
  if (w !== 0) used++;
  let shipped;
  if (encoding === 'int16') shipped = toInt16(w, quantum) * quantum;
  else {
    // Round the half's mantissa to `mantissa` bits; a carry into the exponent is the next power of 2.
    shipped = fromHalf(drop === 0 ? toHalf(w) : ((toHalf(w) + (1 << (drop - 1))) >> drop) << drop);
  }
  // The floor: a later stage's weight that moved less than `floor` quanta from the (already
  // shipped) weight of the stage before takes it.
  if (floor > 0 && i >= size && shipped !== weights[i - size]) {
    if (Math.abs(shipped - weights[i - size]) < floor * quantum) {
      shipped = weights[i - size];
      dropped++;
    } else kept++;
  }
  worst = Math.max(worst, Math.abs(shipped - w));
  weights[i] = shipped;
}
const file = { network: read.value, games: read.games ?? 0, training: null };
const stored =
  encoding === 'int16' && read.value.shape.stages.length > 1 ? 'int16-delta' : encoding;
const raw = makeNetwork(file, stored, quantum);
const packed = gzipSync(raw, { level: 9 });
const temporary = `${out}.tmp-${process.pid}`;
writeFileSync(temporary, packed);
renameSync(temporary, out);
const mib = (n) => `${(n / 2 ** 20).toFixed(2)} MiB`;
const how =
  (encoding === 'int16' ? `quantum ${quantum}` : `mantissa ${mantissa} bits`) +
  (floor > 0
    ? `, delta floor ${floor}: ${kept} later-stage differences kept, ${dropped} dropped`
    : '');
console.log(
  `games ${read.games}: ${weights.length} weights, ${used} not zero; ${stored} ${mib(raw.length)}, gzip ${mib(packed.length)} (${packed.length} bytes) -> ${out}; ${how}, largest rounding ${worst}`,
);
