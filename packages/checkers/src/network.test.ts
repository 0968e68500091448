/**
 * The evaluation network: its inputs seen from the side to move, the search's table evaluation
 * equal to the plain forward pass, and `evaluate` adding it only while it is installed.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { reverseBits } from './bitboard.js';
import { evaluate, useNetwork } from './evaluate.js';
import {
  type EvalNetwork,
  NETWORK_OUTPUT_SCALE,
  networkForward,
  networkInputs,
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
      for (let trial = 0; trial < 500; trial++) {
        const { own, opp, kings } = randomBoard();
        const south = trial % 2 === 0;
        const plain = networkForward(net, networkInputs(own, opp, kings, south));
        // Sums in another order (and in float32 in the kernel): equal to float rounding, then
        // rounded to whole units.
        for (const tables of [kernel, script]) {
          const value = networkValue(tables, own, opp, kings, south);
          expect(Math.abs(value - plain * NETWORK_OUTPUT_SCALE)).toBeLessThanOrEqual(0.5 + 1e-3);
        }
      }
    },
  );

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
