// The evaluation network's forward pass in WebAssembly with 128-bit SIMD, compiled by
// AssemblyScript (packages/checkers/scripts/build-kernel.mjs) into network-wasm.generated.ts.
// It is network.ts' `networkValue` (the reference, and the fallback where WebAssembly or SIMD is
// missing), four hidden units at a time. The JavaScript side lays the memory out (`layout`) and
// writes the tables: every size is a multiple of 4, padded with units whose weights are 0.
//
// Memory, in bytes from 0:
//   0      4096 i32      a row's arrangement (0..624) from (own << 8) | (other << 4) | kings
//   16384  8 x 625 x H1  f32 row tables: each arrangement's share of the first hidden layer
//   ..     H1 f32        first layer biases
//   ..     H2 x H1 f32   second layer weights, unit-major (none when H2 is 0)
//   ..     H2 f32        second layer biases
//   ..     H f32         output weights (H = H2, or H1 without a second layer)

const ARRANGEMENTS: usize = 0;
const ROWS: usize = 16384;

let hidden1: i32 = 0;
let hidden2: i32 = 0;
let bias1At: usize = 0;
let middleAt: usize = 0;
let bias2At: usize = 0;
let outputAt: usize = 0;
let scratchAt: usize = 0;
let outputBias: f32 = 0;

/** Lays the memory out for H1 and H2 hidden units (multiples of 4; H2 0 for one layer),
 * growing it as needed; returns 0, or -1 when the memory cannot grow. */
export function layout(h1: i32, h2: i32, bias: f32): i32 {
  hidden1 = h1;
  hidden2 = h2;
  outputBias = bias;
  bias1At = ROWS + <usize>(8 * 625 * h1) * 4;
  middleAt = bias1At + <usize>h1 * 4;
  bias2At = middleAt + <usize>(h2 * h1) * 4;
  outputAt = bias2At + <usize>h2 * 4;
  scratchAt = outputAt + <usize>(h2 > 0 ? h2 : h1) * 4;
  const end = scratchAt + <usize>h1 * 4;
  const pages = <i32>((end + 65535) >> 16) - memory.size();
  if (pages > 0 && memory.grow(pages) < 0) return -1;
  return 0;
}

export function rowsAt(): usize {
  return ROWS;
}
export function bias1Offset(): usize {
  return bias1At;
}
export function middleOffset(): usize {
  return middleAt;
}
export function bias2Offset(): usize {
  return bias2At;
}
export function outputOffset(): usize {
  return outputAt;
}

// The 32-bit mask read backwards: the board turned half round.
@inline
function reversed(x: u32): u32 {
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  return bswap<u32>(x);
}

// The byte address of row `row`'s slice of the tables.
@inline
function slice(row: u32, mine: u32, theirs: u32, crowned: u32): usize {
  const shift = row * 4;
  const index =
    (((mine >>> shift) & 15) << 8) | (((theirs >>> shift) & 15) << 4) | ((crowned >>> shift) & 15);
  const code = load<i32>(ARRANGEMENTS + (<usize>index << 2));
  return ROWS + <usize>((<i32>row * 625 + code) * hidden1) * 4;
}

// The sum of four lanes.
@inline
function lanes(v: v128): f32 {
  return (
    f32x4.extract_lane(v, 0) +
    f32x4.extract_lane(v, 1) +
    f32x4.extract_lane(v, 2) +
    f32x4.extract_lane(v, 3)
  );
}

/** The network's output for the side to move (own, other and kings as the search's masks;
 * south: black to move), in men. */
export function value(own: u32, opp: u32, kings: u32, south: i32): f32 {
  const mine = south ? own : reversed(own);
  const theirs = south ? opp : reversed(opp);
  const crowned = south ? kings : reversed(kings);
  const a0 = slice(0, mine, theirs, crowned);
  const a1 = slice(1, mine, theirs, crowned);
  const a2 = slice(2, mine, theirs, crowned);
  const a3 = slice(3, mine, theirs, crowned);
  const a4 = slice(4, mine, theirs, crowned);
  const a5 = slice(5, mine, theirs, crowned);
  const a6 = slice(6, mine, theirs, crowned);
  const a7 = slice(7, mine, theirs, crowned);
  const zero = f32x4.splat(0);
  const first = <usize>hidden1 * 4;
  let sum = f32x4.splat(0);
  for (let j: usize = 0; j < first; j += 16) {
    let h = v128.load(bias1At + j);
    h = f32x4.add(h, v128.load(a0 + j));
    h = f32x4.add(h, v128.load(a1 + j));
    h = f32x4.add(h, v128.load(a2 + j));
    h = f32x4.add(h, v128.load(a3 + j));
    h = f32x4.add(h, v128.load(a4 + j));
    h = f32x4.add(h, v128.load(a5 + j));
    h = f32x4.add(h, v128.load(a6 + j));
    h = f32x4.add(h, v128.load(a7 + j));
    h = f32x4.max(h, zero);
    if (hidden2 > 0) v128.store(scratchAt + j, h);
    else sum = f32x4.add(sum, f32x4.mul(h, v128.load(outputAt + j)));
  }
  if (hidden2 === 0) return outputBias + lanes(sum);
  let out = outputBias;
  for (let k: i32 = 0; k < hidden2; k++) {
    const row = middleAt + <usize>(k * hidden1) * 4;
    let dot = f32x4.splat(0);
    for (let j: usize = 0; j < first; j += 16) {
      dot = f32x4.add(dot, f32x4.mul(v128.load(scratchAt + j), v128.load(row + j)));
    }
    const unit = lanes(dot) + load<f32>(bias2At + (<usize>k << 2));
    if (unit > 0) out += unit * load<f32>(outputAt + (<usize>k << 2));
  }
  return out;
}
