// The evaluation network's forward pass in WebAssembly with 128-bit SIMD, compiled by
// AssemblyScript (packages/checkers/scripts/build-kernel.mjs) into network-wasm.generated.ts.
// It is network.ts' `networkValue` (the reference, and the fallback where WebAssembly or SIMD is
// missing). The first layer is summed in 16-bit integers, eight units at a time, and the second
// multiplies those 16-bit values by 16-bit weights, two inputs and four units to an instruction
// (`i32x4.dot_i16x8_s`), into 32-bit sums: the JavaScript side scales each network's tables so
// that no sum can leave its integers (network.ts' `networkScales`), and the second layer's sums
// are turned back into the network's units by one factor (`secondLayerFactor`), so the output is
// the float pass's to within about a hundredth of a man. The output layer is in float32. The
// JavaScript side lays the memory out (`layout`) and writes the tables: the first layer's size
// is a multiple of 8, the second's of 4, padded with units whose weights are 0.
//
// Memory, in bytes from `base` (0 in the network's own module; after the search's regions in
// the search's, assembly/search.ts):
//   +0     4096 i32      a row's arrangement (0..624) from (own << 8) | (other << 4) | kings
//   +16384 8 x 625 x H1  i16 row tables: each arrangement's share of the first hidden layer,
//                        scaled
//   ..     H1 i16        first layer biases, scaled (then padding to 16 bytes)
//   ..     H1 x H2 i16   second layer weights, scaled (none when H2 is 0), by pairs of first
//                        layer units (2q, 2q + 1): for each four second layer units k..k+3,
//                        eight weights (2q to k, 2q + 1 to k, 2q to k + 1, …, 2q + 1 to k + 3)
//   ..     H2 f32        second layer biases
//   ..     H f32         output weights (H = H2, or H1 without a second layer)
//   ..     H1 i16        scratch: the first layer's values (scaled)
//   ..     H2 i32        scratch: the second layer's sums (the generic path)
//   ..     H1 / 2 u32    scratch: the first layer's pairs with a unit above 0, as byte offsets
//   ..     16 x 4 u32    for each 4-bit mask, the byte offsets (0, 4, 8, 12) of its set bits,
//                        lowest first (the rest 0)

import { reversed } from './bits';

let ARRANGEMENTS: usize = 0;
let ROWS: usize = 16384;

let hidden1: i32 = 0;
let hidden2: i32 = 0;
let bias1At: usize = 0;
let middleAt: usize = 0;
let bias2At: usize = 0;
let outputAt: usize = 0;
let scratchAt: usize = 0;
let secondAt: usize = 0;
let listAt: usize = 0;
let compactAt: usize = 0;
let outputBias: f32 = 0;
let secondFactor: f32 = 1;

/** What a second layer sum is multiplied by to be in the network's units (1 / the product of
 * the two layers' scales). */
export function secondLayerFactor(factor: f32): void {
  secondFactor = factor;
}

/** Lays the memory out from byte `base` (a multiple of 16) for H1 and H2 hidden units
 * (multiples of 8 and of 4; H2 0 for one layer), growing it as needed; returns 0, or -1 when the
 * memory cannot grow. */
export function layout(h1: i32, h2: i32, bias: f32, base: usize): i32 {
  ARRANGEMENTS = base;
  ROWS = base + 16384;
  hidden1 = h1;
  hidden2 = h2;
  outputBias = bias;
  bias1At = ROWS + <usize>(8 * 625 * h1) * 2;
  middleAt = (bias1At + <usize>h1 * 2 + 15) & ~15;
  bias2At = middleAt + <usize>(h2 * h1) * 2;
  outputAt = bias2At + <usize>h2 * 4;
  scratchAt = outputAt + <usize>(h2 > 0 ? h2 : h1) * 4;
  secondAt = (scratchAt + <usize>h1 * 2 + 15) & ~15;
  listAt = secondAt + <usize>h2 * 4;
  compactAt = listAt + <usize>h1 * 2;
  const end = compactAt + 16 * 16;
  const pages = <i32>((end + 65535) >> 16) - memory.size();
  if (pages > 0 && memory.grow(pages) < 0) return -1;
  for (let mask: u32 = 0; mask < 16; mask++) {
    let at = compactAt + <usize>mask * 16;
    v128.store(at, i32x4.splat(0));
    for (let bit: u32 = 0; bit < 4; bit++)
      if ((mask >>> bit) & 1) {
        store<u32>(at, bit * 4);
        at += 4;
      }
  }
  return 0;
}

export function arrangementsAt(): usize {
  return ARRANGEMENTS;
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

// The byte address of row `row`'s slice of the tables.
@inline
function slice(row: u32, mine: u32, theirs: u32, crowned: u32): usize {
  const shift = row * 4;
  const index =
    (((mine >>> shift) & 15) << 8) | (((theirs >>> shift) & 15) << 4) | ((crowned >>> shift) & 15);
  const code = load<i32>(ARRANGEMENTS + (<usize>index << 2));
  return ROWS + <usize>((<i32>row * 625 + code) * hidden1) * 2;
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
  const none = i16x8.splat(0);
  let sum = f32x4.splat(0);
  let active: usize = 0;
  for (let unit: usize = 0; unit < <usize>hidden1; unit += 8) {
    // Eight units' sums in 16 bits (saturating, though the scale keeps them within range),
    // then above 0.
    const at = unit * 2;
    let h = v128.load(bias1At + at);
    h = i16x8.add_sat_s(h, v128.load(a0 + at));
    h = i16x8.add_sat_s(h, v128.load(a1 + at));
    h = i16x8.add_sat_s(h, v128.load(a2 + at));
    h = i16x8.add_sat_s(h, v128.load(a3 + at));
    h = i16x8.add_sat_s(h, v128.load(a4 + at));
    h = i16x8.add_sat_s(h, v128.load(a5 + at));
    h = i16x8.add_sat_s(h, v128.load(a6 + at));
    h = i16x8.add_sat_s(h, v128.load(a7 + at));
    h = i16x8.max_s(h, none);
    if (hidden2 > 0) {
      v128.store(scratchAt + at, h);
      // The pairs of units with one above 0 listed (their byte offsets, at + 0, 4, 8 or 12),
      // without a branch: about half the units are 0, at random, so a branch per pair would be
      // mispredicted often. The four pairs' mask picks their offsets, packed, from a table; all
      // four are stored and the count moves on by the mask's bits (at most unit / 2 pairs are
      // listed before this group, so the four stored end within the list).
      const pairs = <u32>i32x4.bitmask(i32x4.ne(h, none));
      v128.store(
        listAt + (active << 2),
        i32x4.add(v128.load(compactAt + (<usize>pairs << 4)), i32x4.splat(<i32>at)),
      );
      active += <usize>popcnt<u32>(pairs);
    } else {
      const j = unit * 4;
      const low = f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(h));
      const high = f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(h));
      sum = f32x4.add(sum, f32x4.mul(low, v128.load(outputAt + j)));
      sum = f32x4.add(sum, f32x4.mul(high, v128.load(outputAt + j + 16)));
    }
  }
  if (hidden2 === 0) return outputBias + lanes(sum);
  // The second layer pair by pair over the pairs listed above, four of its units to a lane
  // group: eight groups held in locals when there are 32 units, the usual size; in memory
  // otherwise. A pair's weights are at middleAt + its byte offset x H2.
  const second = <usize>hidden2 * 4;
  const factor = f32x4.splat(secondFactor);
  if (hidden2 === 32) {
    let s0 = i32x4.splat(0);
    let s1 = i32x4.splat(0);
    let s2 = i32x4.splat(0);
    let s3 = i32x4.splat(0);
    let s4 = i32x4.splat(0);
    let s5 = i32x4.splat(0);
    let s6 = i32x4.splat(0);
    let s7 = i32x4.splat(0);
    for (let i: usize = 0; i < active; i++) {
      const pair = <usize>load<u32>(listAt + (i << 2));
      const v = i32x4.splat(load<i32>(scratchAt + pair));
      const row = middleAt + pair * 32;
      s0 = i32x4.add(s0, i32x4.dot_i16x8_s(v, v128.load(row)));
      s1 = i32x4.add(s1, i32x4.dot_i16x8_s(v, v128.load(row + 16)));
      s2 = i32x4.add(s2, i32x4.dot_i16x8_s(v, v128.load(row + 32)));
      s3 = i32x4.add(s3, i32x4.dot_i16x8_s(v, v128.load(row + 48)));
      s4 = i32x4.add(s4, i32x4.dot_i16x8_s(v, v128.load(row + 64)));
      s5 = i32x4.add(s5, i32x4.dot_i16x8_s(v, v128.load(row + 80)));
      s6 = i32x4.add(s6, i32x4.dot_i16x8_s(v, v128.load(row + 96)));
      s7 = i32x4.add(s7, i32x4.dot_i16x8_s(v, v128.load(row + 112)));
    }
    let out = f32x4.mul(above(s0, factor, bias2At), v128.load(outputAt));
    out = f32x4.add(out, f32x4.mul(above(s1, factor, bias2At + 16), v128.load(outputAt + 16)));
    out = f32x4.add(out, f32x4.mul(above(s2, factor, bias2At + 32), v128.load(outputAt + 32)));
    out = f32x4.add(out, f32x4.mul(above(s3, factor, bias2At + 48), v128.load(outputAt + 48)));
    out = f32x4.add(out, f32x4.mul(above(s4, factor, bias2At + 64), v128.load(outputAt + 64)));
    out = f32x4.add(out, f32x4.mul(above(s5, factor, bias2At + 80), v128.load(outputAt + 80)));
    out = f32x4.add(out, f32x4.mul(above(s6, factor, bias2At + 96), v128.load(outputAt + 96)));
    out = f32x4.add(out, f32x4.mul(above(s7, factor, bias2At + 112), v128.load(outputAt + 112)));
    return outputBias + lanes(out);
  }
  memory.fill(secondAt, 0, second);
  for (let i: usize = 0; i < active; i++) {
    const pair = <usize>load<u32>(listAt + (i << 2));
    const v = i32x4.splat(load<i32>(scratchAt + pair));
    const row = middleAt + pair * <usize>hidden2;
    for (let k: usize = 0; k < second; k += 16) {
      const at = secondAt + k;
      v128.store(at, i32x4.add(v128.load(at), i32x4.dot_i16x8_s(v, v128.load(row + k))));
    }
  }
  let out = f32x4.splat(0);
  for (let k: usize = 0; k < second; k += 16) {
    const units = above(v128.load(secondAt + k), factor, bias2At + k);
    out = f32x4.add(out, f32x4.mul(units, v128.load(outputAt + k)));
  }
  return outputBias + lanes(out);
}

// Four second layer units from their 32-bit sums: in the network's units, their biases (at
// `bias`) added, and above 0.
@inline
function above(sums: v128, factor: v128, bias: usize): v128 {
  const units = f32x4.add(v128.load(bias), f32x4.mul(f32x4.convert_i32x4_s(sums), factor));
  return f32x4.max(units, f32x4.splat(0));
}
