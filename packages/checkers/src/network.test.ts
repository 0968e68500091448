/**
 * The evaluation network: its inputs seen from the side to move, the search's table evaluation
 * equal to the plain forward pass, and `evaluate` adding it only while it is installed.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { reverseBits } from './bitboard.js';
import { evaluate, useNetwork } from './evaluate.js';
import {
  type EvalNetwork,
  NETWORK_INPUTS,
  NETWORK_OUTPUT_SCALE,
  networkForward,
  networkInputs,
  networkScales,
  networkTables,
  networkValue,
} from './network.js';
import { randomNetwork as randomNetworkOf } from './network.testkit.js';

afterEach(() => useNetwork(null));

let seed = 11;
const random = (): number => {
  seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
  return seed ^ (seed << 9);
};
const uniform = (): number => (random() & 0xffff) / 0x10000 - 0.5;

const randomNetwork = (hidden: number, hidden2 = 0): EvalNetwork =>
  randomNetworkOf(hidden, hidden2, uniform);

function randomBoard() {
  const own = random() & random();
  const opp = random() & random() & ~own;
  const kings = random() & (own | opp) & random();
  return { own, opp, kings };
}

// How far the kernel's integers can move the output from the float pass's, in the evaluation's
// units, for a position whose first layer units are `hidden` (the float pass's): each first
// layer unit by at most 4.5 / first (its 9 terms rounded), and each second layer unit also by
// half of 1 / second for each unit of its inputs (the weights rounded), through the output
// weights (a rectifier moves its output no more than its input).
function integerError(
  net: EvalNetwork,
  scales: { first: number; second: number },
  hidden: Float32Array,
): number {
  const unit = 4.5 / scales.first;
  const { hidden2 = 0, wMid } = net;
  let error = 0;
  if (hidden2 === 0 || wMid === undefined)
    for (let j = 0; j < net.hidden; j++) error += Math.abs(net.w2[j] as number) * unit;
  else
    for (let k = 0; k < hidden2; k++) {
      let moved = 0;
      for (let j = 0; j < net.hidden; j++)
        moved +=
          Math.abs(wMid[k * net.hidden + j] as number) * unit +
          ((hidden[j] as number) + unit) * (0.5 / scales.second);
      error += Math.abs(net.w2[k] as number) * moved;
    }
  return error * NETWORK_OUTPUT_SCALE;
}

describe('the evaluation network', () => {
  it('reads each square as an own man or king, or the other side’s, from the side to move', () => {
    // Black (moving up from square 1) to move: an own man on 1, another king on 2.
    expect(networkInputs(0b1, 0b10, 0b10, true)).toEqual([0, 97]);
    // The same board with red to move is seen turned half round: red's man on 32 is an own
    // man on square 1, black's king on 31 another king on square 2.
    expect(networkInputs(1 << 31, 1 << 30, 1 << 30, false)).toEqual([0, 97]);
    expect(networkInputs(0xfff, 0xfff00000 | 0, 0, true)).toEqual([
      ...Array.from({ length: 12 }, (_, i) => i),
      ...Array.from({ length: 12 }, (_, i) => 64 + 20 + i),
    ]);
  });

  it.each([
    [16, 0],
    [6, 0],
    [10, 6],
    [16, 8],
    [40, 32],
  ])(
    'evaluates through its row tables as the plain forward pass, rounded (%i and %i hidden units), in WebAssembly and in JavaScript',
    (hidden, hidden2) => {
      const net = randomNetwork(hidden, hidden2);
      const kernel = networkTables(net);
      const script = networkTables(net, false);
      // Node has WebAssembly with SIMD: the kernel is there, and the fallback is not the kernel.
      expect(kernel.kernel).not.toBeNull();
      expect(script.kernel).toBeNull();
      const scales = networkScales(kernel);
      const units = new Float32Array(hidden);
      let moved = 0;
      for (let trial = 0; trial < 500; trial++) {
        const { own, opp, kings } = randomBoard();
        const south = trial % 2 === 0;
        const plain = networkForward(net, networkInputs(own, opp, kings, south), units);
        // Sums in another order (and in float32 in the kernel): equal to float rounding, then
        // rounded to whole units; the kernel also to its integers.
        const exact = Math.abs(
          networkValue(script, own, opp, kings, south) - plain * NETWORK_OUTPUT_SCALE,
        );
        expect(exact).toBeLessThanOrEqual(0.5 + 1e-3);
        const rounded = Math.abs(
          networkValue(kernel, own, opp, kings, south) - plain * NETWORK_OUTPUT_SCALE,
        );
        expect(rounded).toBeLessThanOrEqual(0.5 + 1e-3 + integerError(net, scales, units));
        if (
          networkValue(kernel, own, opp, kings, south) !==
          networkValue(script, own, opp, kings, south)
        )
          moved++;
      }
      // Mostly the same whole number as the float pass.
      expect(moved).toBeLessThan(100);
    },
  );

  it('scales the first layer so that the largest sum any unit can reach is 32,000', () => {
    // One unit: +1 for each own man, -2 for each king of the other side, bias 3. A row's share
    // is at most 4 (four own men) or -8 (four kings of the other side): the largest sum in size
    // is 3 + 8 x 8 = 67, whatever the board.
    const w1 = new Float32Array(NETWORK_INPUTS);
    w1.fill(1, 0, 32);
    w1.fill(-2, 96, 128);
    const net: EvalNetwork = {
      hidden: 1,
      w1,
      b1: new Float32Array([3]),
      w2: new Float32Array([1]),
      b2: 0,
    };
    expect(networkScales(networkTables(net, false))).toEqual({ first: 32_000 / 67, second: 1 });
    // A network whose first layer is all 0 keeps the scale 1 (nothing to scale).
    const flat = { ...net, w1: new Float32Array(NETWORK_INPUTS), b1: new Float32Array(1) };
    expect(networkScales(networkTables(flat, false)).first).toBe(1);
  });

  it('sums a unit at its largest, every square taken, without leaving 16 bits', () => {
    // One unit, every weight 1: each row's largest share is 4, so the largest sum, 32, is scaled
    // to 32,000.
    const net: EvalNetwork = {
      hidden: 1,
      w1: new Float32Array(NETWORK_INPUTS).fill(1),
      b1: new Float32Array([0]),
      w2: new Float32Array([1]),
      b2: 0,
    };
    const tables = networkTables(net);
    expect(tables.kernel).not.toBeNull();
    // Every square taken (not a legal position; the pass does not ask): the sum at its largest,
    // and the output 32 men, in the kernel as in the float pass.
    expect(networkValue(tables, 0xffff, 0xffff0000 | 0, 0, true)).toBe(3200);
    expect(networkValue(networkTables(net, false), 0xffff, 0xffff0000 | 0, 0, true)).toBe(3200);
  });

  it('sums a second layer unit at its largest, every input and weight at its largest, within 32 bits', () => {
    // Eight first layer units at their largest (32, scaled to 32,000), every second layer weight
    // 1: each second layer unit is 256, close to the 32-bit integers' largest once scaled (8 x
    // 32,000 x 8,304, the second scale, is 2,125,824,000), and the output 4 x 256 men.
    const net: EvalNetwork = {
      hidden: 8,
      w1: new Float32Array(NETWORK_INPUTS * 8).fill(1),
      b1: new Float32Array(8),
      hidden2: 4,
      wMid: new Float32Array(4 * 8).fill(1),
      bMid: new Float32Array(4),
      w2: new Float32Array(4).fill(1),
      b2: 0,
    };
    const tables = networkTables(net);
    expect(tables.kernel).not.toBeNull();
    const { second } = networkScales(tables);
    expect(Math.floor(second)).toBe(8304);
    // Not wrapped round: the weights' rounding (half a step of 1 / 8,304) may move it by 6.
    const full = networkValue(tables, 0xffff, 0xffff0000 | 0, 0, true);
    expect(Math.abs(full - 102_400)).toBeLessThanOrEqual(0.5 + (102_400 * 0.5) / second);
    // Half the squares: every unit 16, the output 512 men.
    const half = networkValue(tables, 0xff, 0xff000000 | 0, 0, true);
    expect(Math.abs(half - 51_200)).toBeLessThanOrEqual(0.5 + (51_200 * 0.5) / second);
  });

  it('gives red to move what it gives black to move on the board turned half round', () => {
    for (const tables of [
      networkTables(randomNetwork(8)),
      networkTables(randomNetwork(8), false),
      networkTables(randomNetwork(8, 4)),
    ]) {
      for (let trial = 0; trial < 200; trial++) {
        const { own, opp, kings } = randomBoard();
        expect(
          networkValue(tables, reverseBits(own), reverseBits(opp), reverseBits(kings), false),
        ).toBe(networkValue(tables, own, opp, kings, true));
      }
    }
  });

  it('is added by evaluate only while installed', () => {
    const own = 0x7f;
    const opp = 0x7f << 25;
    const plain = evaluate(own, opp, 0, true);
    // A network that answers 0.37 men everywhere: no hidden unit on, the output bias alone.
    const flat: EvalNetwork = { ...randomNetwork(4), b1: new Float32Array(4).fill(-1e9), b2: 0.37 };
    useNetwork(networkTables(flat));
    expect(evaluate(own, opp, 0, true)).toBe(plain + 37);
    useNetwork(null);
    expect(evaluate(own, opp, 0, true)).toBe(plain);
  });
});
