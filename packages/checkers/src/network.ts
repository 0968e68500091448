/**
 * The learned evaluation network, added to `evaluate`'s hand-written value: 128 inputs (each of
 * the 32 squares as an own man, an own king, a man or a king of the other side, the board seen
 * from the side to move: turned half round when it is red's turn), one hidden layer of
 * rectified units, one output in men (x 100: the evaluation's units). It is fitted by
 * `tune.js network` to a strong engine's search scores and kept in a network file
 * (`networkFormat.ts`).
 *
 * The search evaluates it through tables: a row's 4 squares have 5^4 arrangements, and each
 * arrangement's share of the hidden layer is summed once when the network is installed, so a
 * position costs 8 table rows instead of a row of weights per piece (`networkValue`, checked
 * equal to the plain `networkForward`). The tables are summed, and a second hidden layer if the
 * network has one, in a WebAssembly kernel with SIMD (`assembly/network.ts`) where there is
 * one, and in TypeScript otherwise: the two are tested equal, the kernel's two hidden layers
 * in 16-bit integers (`networkScales`) to within a hundredth of a man of the float pass.
 */
import { compileWasm, instantiateWasm, type WasmModule } from '@twenty48/common';
import { reverseBits } from './bitboard.js';
import { NETWORK_WASM_BASE64 } from './network-wasm.generated.js';

/** Inputs: own men, own kings, other men, other kings, 32 squares each (bit numbers). */
export const NETWORK_INPUTS = 128;

/**
 * A network's weights: input-major first layer and its biases; with `hidden2`, a second hidden
 * layer (`wMid`, unit-major, and `bMid`); the output weights (one per unit of the last hidden
 * layer) and bias.
 */
export interface EvalNetwork {
  readonly hidden: number;
  /** NETWORK_INPUTS x hidden: input i's weight to unit j at i * hidden + j. */
  readonly w1: Float32Array;
  readonly b1: Float32Array;
  /** The second hidden layer's units (absent or 0: none). */
  readonly hidden2?: number;
  /** hidden2 x hidden: unit j's weight to unit k of the second layer at k * hidden + j. */
  readonly wMid?: Float32Array;
  readonly bMid?: Float32Array;
  readonly w2: Float32Array;
  readonly b2: number;
}

/** What one unit of the output is worth in the evaluation's units: a man. */
export const NETWORK_OUTPUT_SCALE = 100;

/**
 * The inputs that are on in this position, seen from the side to move (ascending).
 *
 * @example
 * networkInputs(0b1, 0b10, 0b10, true) // [0, 97]: an own man on square 1, another king on 2
 */
export function networkInputs(own: number, opp: number, kings: number, south: boolean): number[] {
  const mine = south ? own : reverseBits(own);
  const theirs = south ? opp : reverseBits(opp);
  const crowned = south ? kings : reverseBits(kings);
  const on: number[] = [];
  for (const [mask, first] of [
    [mine & ~crowned, 0],
    [mine & crowned, 32],
    [theirs & ~crowned, 64],
    [theirs & crowned, 96],
  ] as const) {
    for (let s = 0; s < 32; s++) if ((mask >>> s) & 1) on.push(first + s);
  }
  return on.sort((a, b) => a - b);
}

/**
 * The network's output for these inputs, plainly (the reference for `networkValue`, and the
 * trainer's forward pass): the hidden units' values are left in `hidden` when given.
 */
export function networkForward(
  net: EvalNetwork,
  inputs: Iterable<number>,
  hidden: Float32Array = new Float32Array(net.hidden),
  second: Float32Array = new Float32Array(net.hidden2 ?? 0),
): number {
  hidden.set(net.b1);
  for (const i of inputs) {
    for (let j = 0; j < net.hidden; j++) {
      hidden[j] = (hidden[j] as number) + (net.w1[i * net.hidden + j] as number);
    }
  }
  for (let j = 0; j < net.hidden; j++) hidden[j] = Math.max(0, hidden[j] as number);
  const { hidden2 = 0, wMid, bMid } = net;
  if (hidden2 === 0 || wMid === undefined || bMid === undefined) {
    let out = net.b2;
    for (let j = 0; j < net.hidden; j++) out += (hidden[j] as number) * (net.w2[j] as number);
    return out;
  }
  let out = net.b2;
  for (let k = 0; k < hidden2; k++) {
    let unit = bMid[k] as number;
    for (let j = 0; j < net.hidden; j++)
      unit += (hidden[j] as number) * (wMid[k * net.hidden + j] as number);
    unit = Math.max(0, unit);
    second[k] = unit;
    out += unit * (net.w2[k] as number);
  }
  return out;
}

/** A network made ready for the search: each row arrangement's share of the hidden layer. */
export interface NetworkTables {
  readonly network: EvalNetwork;
  readonly hidden: number;
  /** 8 rows x 625 arrangements x hidden. */
  readonly rows: Float32Array;
  readonly b1: Float32Array;
  readonly w2: Float32Array;
  readonly b2: number;
  /** Scratch for the hidden layer. */
  readonly sum: Float32Array;
  /** The WebAssembly kernel's forward pass (`assembly/network.ts`), in men; null where
   * WebAssembly or its SIMD is missing (or not asked for): `networkValue` then computes it. */
  readonly kernel: ((own: number, opp: number, kings: number, south: number) => number) | null;
}

/** What the network kernel (packages/checkers/assembly/network.ts) exports; the search's kernel
 * (assembly/search.ts) exports it too, for the network it evaluates with. */
export interface NetworkKernel {
  readonly memory: { readonly buffer: ArrayBuffer };
  layout(h1: number, h2: number, bias: number, base: number): number;
  arrangementsAt(): number;
  rowsAt(): number;
  bias1Offset(): number;
  middleOffset(): number;
  bias2Offset(): number;
  outputOffset(): number;
  secondLayerFactor(factor: number): void;
  value(own: number, opp: number, kings: number, south: number): number;
}

let kernelModule: WasmModule | null | undefined;

/** The largest sum of a first layer unit the kernel's 16-bit tables are scaled to. */
const FIRST_LAYER_RANGE = 32_000;
/** The largest second layer weight in the kernel's 16 bits. */
const SECOND_LAYER_RANGE = 32_767;
/** The largest second layer sum the kernel's 32-bit integers are to hold: a hundredth short of
 * 2^31, which holds the weights' rounding (half a step each) for up to 1,024 first layer units,
 * the most a network file has. */
const SECOND_SUM_RANGE = 0.99 * 2 ** 31;

/**
 * The kernel's scales (`assembly/network.ts`), so that no sum leaves its integers:
 * - `first`, of the first layer's 16-bit tables: the largest the sum of any unit can be (its
 *   bias and, in each row, its largest share) is FIRST_LAYER_RANGE. Rounding each of the 9
 *   terms moves a unit by at most 4.5 / first (for the shipped network 0.004 of a unit whose
 *   values reach 26).
 * - `second`, of the second layer's 16-bit weights: the largest weight is at most
 *   SECOND_LAYER_RANGE, and the largest sum of a second layer unit (every first layer unit at
 *   FIRST_LAYER_RANGE) at most SECOND_SUM_RANGE; two products, one instruction's, at most 2^31
 *   - 1 by the ranges. Rounding a weight moves a second layer unit by at most half of 1 /
 *   second for each unit of the first layer's values.
 * `second` is 1 for a network of one hidden layer.
 */
export function networkScales(tables: Pick<NetworkTables, 'network' | 'rows'>): {
  readonly first: number;
  readonly second: number;
} {
  const { network: net, rows } = tables;
  let largest = 0;
  for (let j = 0; j < net.hidden; j++) {
    let bound = Math.abs(net.b1[j] as number);
    for (let row = 0; row < 8; row++) {
      let share = 0;
      for (let code = 0; code < 625; code++)
        share = Math.max(share, Math.abs(rows[(row * 625 + code) * net.hidden + j] as number));
      bound += share;
    }
    largest = Math.max(largest, bound);
  }
  const first = largest > 0 ? FIRST_LAYER_RANGE / largest : 1;
  const { hidden2 = 0, wMid } = net;
  if (hidden2 === 0 || wMid === undefined) return { first, second: 1 };
  let weight = 0;
  let column = 0;
  for (let k = 0; k < hidden2; k++) {
    let sum = 0;
    for (let j = 0; j < net.hidden; j++) {
      const w = Math.abs(wMid[k * net.hidden + j] as number);
      weight = Math.max(weight, w);
      sum += w;
    }
    column = Math.max(column, sum);
  }
  if (weight === 0) return { first, second: 1 };
  return {
    first,
    second: Math.min(SECOND_LAYER_RANGE / weight, SECOND_SUM_RANGE / (FIRST_LAYER_RANGE * column)),
  };
}

/**
 * Writes `tables`' network into a kernel's memory from byte `base` (the first layer padded to a
 * multiple of 8 units, the second to a multiple of 4, with units whose weights are 0), in the
 * integers of `networkScales`; false when the memory cannot grow.
 */
export function writeNetwork(kernel: NetworkKernel, tables: NetworkTables, base: number): boolean {
  const { network: net, rows } = tables;
  const h1 = (net.hidden + 7) & ~7;
  const h2 = ((net.hidden2 ?? 0) + 3) & ~3;
  if (kernel.layout(h1, h2, net.b2, base) !== 0) return false;
  const { first, second } = networkScales(tables);
  const { buffer } = kernel.memory;
  new Int32Array(buffer, kernel.arrangementsAt(), 4096).set(ROW_ARRANGEMENT);
  // Every region is cleared first: a kernel that held a larger network keeps its values in the
  // padding otherwise.
  const table = new Int16Array(buffer, kernel.rowsAt(), 8 * 625 * h1).fill(0);
  for (let slice = 0; slice < 8 * 625; slice++)
    for (let j = 0; j < net.hidden; j++)
      table[slice * h1 + j] = Math.round((rows[slice * net.hidden + j] as number) * first);
  const bias = new Int16Array(buffer, kernel.bias1Offset(), h1).fill(0);
  for (let j = 0; j < net.hidden; j++) bias[j] = Math.round((net.b1[j] as number) * first);
  const output = new Float32Array(buffer, kernel.outputOffset(), h2 > 0 ? h2 : h1).fill(0);
  if (h2 > 0 && net.wMid !== undefined && net.bMid !== undefined) {
    // By pairs of first layer units, then by fours of second layer units (the kernel's layout).
    const middle = new Int16Array(buffer, kernel.middleOffset(), h1 * h2).fill(0);
    for (let k = 0; k < (net.hidden2 ?? 0); k++)
      for (let j = 0; j < net.hidden; j++)
        middle[(j >> 1) * 2 * h2 + (k >> 2) * 8 + (k & 3) * 2 + (j & 1)] = Math.round(
          (net.wMid[k * net.hidden + j] as number) * second,
        );
    kernel.secondLayerFactor(1 / (first * second));
    new Float32Array(buffer, kernel.bias2Offset(), h2).fill(0).set(net.bMid);
    output.set(net.w2);
  } else for (let j = 0; j < net.w2.length; j++) output[j] = (net.w2[j] as number) / first;
  return true;
}

// The kernel loaded with these tables' network, or null without WebAssembly and SIMD.
function networkKernel(tables: Omit<NetworkTables, 'kernel'>): NetworkTables['kernel'] {
  kernelModule ??= compileWasm(NETWORK_WASM_BASE64);
  if (kernelModule === null) return null;
  const kernel = instantiateWasm<NetworkKernel>(kernelModule, { env: { abort() {} } });
  return writeNetwork(kernel, { ...tables, kernel: null }, 0) ? kernel.value : null;
}

// A row's arrangement (0..624: square k of the row is digit k in base 5, 0 empty, 1 own man,
// 2 own king, 3 other man, 4 other king) from its nibbles: (own << 8) | (other << 4) | kings.
const ROW_ARRANGEMENT = (() => {
  const table = new Int32Array(4096);
  for (let index = 0; index < 4096; index++) {
    let code = 0;
    for (let k = 3; k >= 0; k--) {
      const own = (index >>> (8 + k)) & 1;
      const other = (index >>> (4 + k)) & 1;
      const king = (index >>> k) & 1;
      code = code * 5 + own * (1 + king) + other * (3 + king);
    }
    table[index] = code;
  }
  return table;
})();

/**
 * The tables `networkValue` reads, made once from a network.
 *
 * @example
 * const tables = networkTables(parseNetworkFile(bytes).value.network);
 */
export function networkTables(net: EvalNetwork, useKernel = true): NetworkTables {
  const { hidden } = net;
  const rows = new Float32Array(8 * 625 * hidden);
  for (let row = 0; row < 8; row++) {
    for (let code = 0; code < 625; code++) {
      const at = (row * 625 + code) * hidden;
      let rest = code;
      for (let k = 0; k < 4; k++, rest = Math.floor(rest / 5)) {
        const state = rest % 5;
        if (state === 0) continue;
        const input = (state - 1) * 32 + row * 4 + k;
        for (let j = 0; j < hidden; j++) {
          rows[at + j] = (rows[at + j] as number) + (net.w1[input * hidden + j] as number);
        }
      }
    }
  }
  const tables = {
    network: net,
    hidden,
    rows,
    b1: net.b1,
    w2: net.w2,
    b2: net.b2,
    sum: new Float32Array(hidden),
  };
  return { ...tables, kernel: useKernel ? networkKernel(tables) : null };
}

/**
 * The network's value of a position for the side to move, in the evaluation's units (a man =
 * 100), rounded to a whole number.
 *
 * @example
 * networkValue(tables, 0xfff, 0xfff00000 | 0, 0, true)
 */
export function networkValue(
  tables: NetworkTables,
  own: number,
  opp: number,
  kings: number,
  south: boolean,
): number {
  if (tables.kernel !== null)
    return Math.round(tables.kernel(own, opp, kings, south ? 1 : 0) * NETWORK_OUTPUT_SCALE);
  const mine = south ? own : reverseBits(own);
  const theirs = south ? opp : reverseBits(opp);
  const crowned = south ? kings : reverseBits(kings);
  const { hidden, rows, sum, w2, network } = tables;
  sum.set(tables.b1);
  for (let row = 0; row < 8; row++) {
    const shift = 4 * row;
    const code = ROW_ARRANGEMENT[
      (((mine >>> shift) & 15) << 8) | (((theirs >>> shift) & 15) << 4) | ((crowned >>> shift) & 15)
    ] as number;
    if (code === 0) continue;
    const at = (row * 625 + code) * hidden;
    for (let j = 0; j < hidden; j++) sum[j] = (sum[j] as number) + (rows[at + j] as number);
  }
  let out = tables.b2;
  const { hidden2 = 0, wMid, bMid } = network;
  if (hidden2 === 0 || wMid === undefined || bMid === undefined) {
    for (let j = 0; j < hidden; j++) {
      const h = sum[j] as number;
      if (h > 0) out += h * (w2[j] as number);
    }
  } else {
    for (let k = 0; k < hidden2; k++) {
      let unit = bMid[k] as number;
      for (let j = 0; j < hidden; j++) {
        const h = sum[j] as number;
        if (h > 0) unit += h * (wMid[k * hidden + j] as number);
      }
      if (unit > 0) out += unit * (w2[k] as number);
    }
  }
  return Math.round(out * NETWORK_OUTPUT_SCALE);
}
