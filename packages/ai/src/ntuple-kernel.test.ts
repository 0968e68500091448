import { classic, nextInt, seedState } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { instantiate, ntupleModule, prepareKernel } from './ntuple-kernel.js';
import { type Network, type NetworkShape, newNetwork, weightCount } from './ntuple-network.js';
import {
  boardOf,
  maxExponentOf,
  referenceDowngrade,
  referenceTrainGame,
  referenceUpdate,
  referenceValue,
  SplitMix64,
} from './ntuple-reference.js';

/** Two small tuples and two stages (from the 32 tile on), so every path of the kernel runs. */
const TINY: NetworkShape = {
  tuples: [
    [0, 1, 5],
    [2, 6],
  ],
  stages: [0, 5],
};

/**
 * A kernel holding `network`'s weights (and zero temporal coherence when `coherence`);
 * `weights()` and `coherence()` read them back.
 */
function kernelWith(network: Network, coherence = false) {
  const module = ntupleModule();
  if (!module) throw new Error('no WebAssembly');
  const kernel = instantiate(module);
  const layout = { tableBits: 4, paths: 1, own: 0, coherence };
  const at = prepareKernel(kernel, classic, network.shape, layout);
  if (at === null) throw new Error('no memory');
  const count = weightCount(network.shape);
  const view = () => new Float32Array(kernel.memory.buffer, at, count);
  view().set(network.weights);
  const coherenceView = () =>
    new Float32Array(kernel.memory.buffer, kernel.coherenceAt(), 2 * count);
  if (coherence) coherenceView().fill(0);
  return {
    kernel,
    weights: () => Float32Array.from(view()),
    coherence: () => Float32Array.from(coherenceView()),
  };
}

/** Random weights and boards from a seeded generator. */
function randomWeights(shape: NetworkShape, seed: string): Network {
  let rng = seedState(seed);
  const network = newNetwork(shape);
  for (let i = 0; i < network.weights.length; i++) {
    const draw = nextInt(rng, 2_000_001);
    rng = draw.state;
    network.weights[i] = (draw.value - 1_000_000) / 777;
  }
  return network;
}

function randomBoards(count: number, seed: string): [number, number][] {
  let rng = seedState(seed);
  const draw = (n: number) => {
    const d = nextInt(rng, n);
    rng = d.state;
    return d.value;
  };
  return Array.from({ length: count }, () => {
    let lo = 0;
    let hi = 0;
    for (let cell = 0; cell < 8; cell++) {
      lo |= (draw(3) === 0 ? 0 : draw(16)) << (4 * cell);
      hi |= (draw(3) === 0 ? 0 : draw(16)) << (4 * cell);
    }
    return [lo, hi];
  });
}

describe('the n-tuple kernel equals the TypeScript reference bit for bit', () => {
  it('values 2,000 random boards exactly as the reference does', () => {
    const network = randomWeights(TINY, 'values');
    const { kernel } = kernelWith(network);
    for (const [lo, hi] of randomBoards(2000, 'boards')) {
      expect(Object.is(kernel.evaluate(lo, hi), referenceValue(network, boardOf(lo, hi)))).toBe(
        true,
      );
    }
  }, 60_000);

  it('learns exactly as the reference: the same weights after the same updates', () => {
    const network = randomWeights(TINY, 'updates');
    const { kernel, weights } = kernelWith(network);
    randomBoards(500, 'update boards').forEach(([lo, hi], i) => {
      const delta = (i % 7) * 0.37 - 1.1;
      expect(kernel.learn(lo, hi, delta)).toBe(referenceUpdate(network, boardOf(lo, hi), delta));
    });
    expect(weights()).toEqual(network.weights);
  }, 60_000);

  it('plays and learns 30 training games exactly as the reference (scores, weights, generator)', () => {
    const network = newNetwork(TINY, 500);
    const { kernel, weights } = kernelWith(network);
    const rng = new SplitMix64(0x0123456789abcdefn);
    kernel.seed(0x89abcdef | 0, 0x01234567);
    for (let game = 0; game < 30; game++) {
      const expected = referenceTrainGame(network, classic, rng, 0.4 / 16);
      expect(kernel.trainGame(0.4 / 16, 0, 0, 0, 0)).toBe(expected.score);
      expect(kernel.gameMoves()).toBe(expected.moves);
      expect(kernel.gameMaxExponent()).toBe(expected.maxExponent);
    }
    expect(weights()).toEqual(network.weights);
    expect(boardOf(kernel.rngLo(), kernel.rngHi())).toBe(rng.state);
  }, 120_000);

  it('learns with λ-returns and temporal coherence exactly as the reference (30 games)', () => {
    const network = newNetwork(TINY, 500);
    const tc = new Float32Array(2 * network.weights.length);
    const { kernel, weights, coherence } = kernelWith(network, true);
    const rng = new SplitMix64(0x0fedcba987654321n);
    kernel.seed(0x87654321 | 0, 0x0fedcba9);
    for (let game = 0; game < 30; game++) {
      const expected = referenceTrainGame(network, classic, rng, 1 / 16, {
        lambda: 0.5,
        coherence: tc,
      });
      expect(kernel.trainGame(1 / 16, 0.5, 1, 0, 0)).toBe(expected.score);
      expect(kernel.gameMoves()).toBe(expected.moves);
    }
    expect(weights()).toEqual(network.weights);
    expect(coherence()).toEqual(tc);
    // Coherence was learned: some A grew, and some weight now learns at less than the full rate.
    expect(tc.some((a, i) => i % 2 === 1 && a > 0)).toBe(true);
    expect(
      Array.from({ length: network.weights.length }).some((_, i) => {
        const a = tc[2 * i + 1] as number;
        return a > 0 && Math.abs(tc[2 * i] as number) / a < 1;
      }),
    ).toBe(true);
  }, 120_000);

  it('restarts exactly as the reference: games from kept afterstates, each first 64 recorded', () => {
    const network = newNetwork(TINY, 500);
    const { kernel, weights } = kernelWith(network);
    const rng = new SplitMix64(0x5eed5eed5eedn);
    kernel.seed(0x5eed5eed, 0x5eed);
    kernel.setRestartExponent(6);
    const kept: bigint[] = [];
    let restarted = 0;
    for (let game = 0; game < 30; game++) {
      // Every other game restarts from the last first-64 afterstate kept, once there is one.
      const start = game % 2 === 1 ? (kept[kept.length - 1] ?? 0n) : 0n;
      if (start !== 0n) restarted++;
      const expected = referenceTrainGame(network, classic, rng, 0.4 / 16, {
        start,
        restartExponent: 6,
      });
      const [lo, hi] = [Number(start & 0xffffffffn) | 0, Number(start >> 32n) | 0];
      expect(kernel.trainGame(0.4 / 16, 0, 0, lo, hi)).toBe(expected.score);
      expect(kernel.gameMoves()).toBe(expected.moves);
      const first = boardOf(kernel.gameFirstLo(), kernel.gameFirstHi());
      expect(first).toBe(expected.first);
      if (first !== 0n) {
        expect(maxExponentOf(first)).toBeGreaterThanOrEqual(6);
        kept.push(first);
      }
    }
    expect(restarted).toBeGreaterThan(5);
    expect(weights()).toEqual(network.weights);
    expect(boardOf(kernel.rngLo(), kernel.rngHi())).toBe(rng.state);
  }, 120_000);

  it('λ changes what is learned: the same games with λ 0.5 end with other weights than TD(0)', () => {
    const td0 = newNetwork(TINY, 500);
    const lambda = newNetwork(TINY, 500);
    const { kernel, weights } = kernelWith(newNetwork(TINY, 500));
    const a = new SplitMix64(42n);
    const b = new SplitMix64(42n);
    kernel.seed(42, 0);
    for (let game = 0; game < 10; game++) {
      referenceTrainGame(td0, classic, a, 0.4 / 16);
      referenceTrainGame(lambda, classic, b, 0.4 / 16, { lambda: 0.5 });
      kernel.trainGame(0.4 / 16, 0, 0, 0, 0);
    }
    // The kernel's TD(0) is the reference's default; λ 0.5 learned something else.
    expect(weights()).toEqual(td0.weights);
    expect(lambda.weights).not.toEqual(td0.weights);
  }, 60_000);
});

/** A board from rows of exponents, row 0 first, column 0 in the low bits. */
const boardFrom = (rows: number[][]): bigint =>
  rows.flat().reduce((b, e, cell) => b | (BigInt(e) << BigInt(4 * cell)), 0n);

describe('tile downgrading', () => {
  it('halves every tile above the largest missing exponent until the top is at the limit', () => {
    // 16384 (14), 4096 (12), 2048 (11), 8, 4, 2: 8192 (13) is missing, so the 16384 becomes one.
    const board = boardFrom([
      [14, 12, 11, 3],
      [1, 2, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    expect(referenceDowngrade(board, 13)).toBe(
      boardFrom([
        [13, 12, 11, 3],
        [1, 2, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ]),
    );
    // A 32768 (15) over 8192, 4096, 2048 (16384 missing), and 8 and 16: twice. First the 32768
    // becomes a 16384; then the largest missing exponent is 10 (1024), and the four tiles above
    // it move down one.
    const two = boardFrom([
      [15, 13, 12, 11],
      [3, 4, 0, 0],
      [1, 2, 0, 0],
      [0, 0, 0, 0],
    ]);
    expect(referenceDowngrade(two, 13)).toBe(
      boardFrom([
        [13, 12, 11, 10],
        [3, 4, 0, 0],
        [1, 2, 0, 0],
        [0, 0, 0, 0],
      ]),
    );
    // Nothing missing from 8 to the top: left as it is; at or under the limit: left as it is.
    const full = boardFrom([
      [14, 13, 12, 11],
      [7, 8, 9, 10],
      [6, 5, 4, 3],
      [1, 2, 0, 0],
    ]);
    expect(referenceDowngrade(full, 13)).toBe(full);
    expect(referenceDowngrade(board, 14)).toBe(board);
  });

  it("values the search's leaves as the reference values the downgraded board, bit for bit", () => {
    const network = randomWeights(TINY, 'leaves');
    const { kernel } = kernelWith(network);
    const boards = randomBoards(1000, 'leaf boards');
    for (const limit of [11, 13, 15]) {
      kernel.setDowngrade(limit);
      let lowered = 0;
      for (const [lo, hi] of boards) {
        const board = boardOf(lo, hi);
        const downgraded = referenceDowngrade(board, limit);
        if (downgraded !== board) lowered++;
        expect(
          Object.is(kernel.evaluateLeaf(lo, hi), referenceValue(network, downgraded, board)),
        ).toBe(true);
      }
      // The random boards do reach the downgrading (and at 15 never).
      if (limit === 15) expect(lowered).toBe(0);
      else expect(lowered).toBeGreaterThan(100);
    }
  }, 60_000);

  it('values a downgraded leaf in the stage of its real largest tile, not the lowered one', () => {
    // Stage 1 from the 8192 tile; leaves above 2048 downgraded. 8192, 2048, 1024 and a 2: the
    // 4096 and then the 512 are missing, so the tiles come down until the 8192 reads as a 2048,
    // valued in the 8192's stage all the same.
    const shape: NetworkShape = { tuples: TINY.tuples, stages: [0, 13] };
    const network = randomWeights(shape, 'late');
    const { kernel } = kernelWith(network);
    kernel.setDowngrade(11);
    const board = 0xd | (0xb << 4) | (0xa << 8) | (0x1 << 20);
    const downgraded = referenceDowngrade(BigInt(board), 11);
    expect(maxExponentOf(downgraded)).toBe(11);
    const leaf = kernel.evaluateLeaf(board, 0);
    expect(leaf).toBe(referenceValue(network, downgraded, BigInt(board)));
    expect(leaf).not.toBe(referenceValue(network, downgraded));
    // Without downgrading, the board is valued as it is, in the same stage.
    kernel.setDowngrade(15);
    expect(kernel.evaluateLeaf(board, 0)).toBe(referenceValue(network, BigInt(board)));
  });

  it('trains downgraded exactly as the reference, and learns other weights than without', () => {
    // Stage 1 from the 64 tile, boards above 32 downgraded: a board whose 64 is valued as a 32
    // is still learned in stage 1.
    const late: NetworkShape = { tuples: TINY.tuples, stages: [0, 6] };
    const network = newNetwork(late, 500);
    const plain = newNetwork(late, 500);
    const { kernel, weights } = kernelWith(network);
    const rng = new SplitMix64(0xd0d0d0d0n);
    const plainRng = new SplitMix64(0xd0d0d0d0n);
    kernel.seed(0xd0d0d0d0 | 0, 0);
    kernel.setDowngrade(5);
    let above = 0;
    for (let game = 0; game < 30; game++) {
      const expected = referenceTrainGame(network, classic, rng, 0.4 / 16, { downgradeAbove: 5 });
      referenceTrainGame(plain, classic, plainRng, 0.4 / 16);
      expect(kernel.trainGame(0.4 / 16, 0, 0, 0, 0)).toBe(expected.score);
      expect(kernel.gameMoves()).toBe(expected.moves);
      expect(kernel.gameMaxExponent()).toBe(expected.maxExponent);
      if (expected.maxExponent > 5) above++;
    }
    // The games did pass the limit (the 64 tile), so downgrading had boards to act on.
    expect(above).toBeGreaterThan(10);
    expect(weights()).toEqual(network.weights);
    expect(boardOf(kernel.rngLo(), kernel.rngHi())).toBe(rng.state);
    expect(network.weights).not.toEqual(plain.weights);
  }, 120_000);
});

describe('a TD update by hand on a one-cell network', () => {
  // One tuple of cell 0: its 8 symmetric images are the corners 0, 3, 12, 15 (each twice, in
  // the order 0, 3, 12, 15, 0, 3, 12, 15), so a board's value is the sum of the corners' weights.
  const corner: NetworkShape = { tuples: [[0]], stages: [0] };
  // A 2 on cell 0, a 4 on cell 3, the other corners empty.
  const lo = 0x2001;
  const hi = 0;

  it('values the board by its corners: 2·w[1] + 2·w[2] + 4·w[0]', () => {
    const network = newNetwork(corner);
    network.weights.set([0.5, 1, 2]);
    const { kernel } = kernelWith(network);
    expect(kernel.evaluate(lo, hi)).toBe(2 * 1 + 2 * 2 + 4 * 0.5);
  });

  it('moves each feature by rate x error / features, and returns the sum as written', () => {
    // V(a) = 8; the next move gains 8 and its afterstate is worth 16: error = 8 + 16 - 8 = 16.
    // With rate 0.5 over 8 features each weight read moves by 0.5 * 16 / 8 = 1 per feature.
    const network = newNetwork(corner);
    network.weights.set([0.5, 1, 2]);
    const { kernel, weights } = kernelWith(network);
    const error = 8 + 16 - kernel.evaluate(lo, hi);
    expect(error).toBe(16);
    // In order: w1 1→2 (sum 2), w2 2→3 (5), w0 .5→1.5 (6.5), w0 →2.5 (9), w1 →3 (12),
    // w2 →4 (16), w0 →3.5 (19.5), w0 →4.5 (24).
    expect(kernel.learn(lo, hi, (0.5 * error) / 8)).toBe(24);
    expect(Array.from(weights().subarray(0, 4))).toEqual([4.5, 3, 4, 0]);
    expect(kernel.evaluate(lo, hi)).toBe(2 * 3 + 2 * 4 + 4 * 4.5);
  });

  it('with temporal coherence, scales each step by |E| / A (1 while A is 0) and accumulates', () => {
    const network = newNetwork(corner);
    network.weights.set([0.5, 1, 2]);
    const { kernel, weights, coherence } = kernelWith(network, true);
    // First step, error 16, delta 1 a feature: every A is 0, so every weight moves by 1, as
    // in TD(0) above: 24. Each touch adds the error to E and |error| to A: w0 is touched 4
    // times (E = A = 64), w1 and w2 twice (32).
    expect(kernel.learnCoherent(lo, hi, 1, 16)).toBe(24);
    expect(Array.from(weights().subarray(0, 3))).toEqual([4.5, 3, 4]);
    expect(Array.from(coherence().subarray(0, 6))).toEqual([64, 64, 32, 32, 32, 32]);
    // Second step, error -8, delta -0.5: w1 first (|32| / 32 = 1: 3 → 2.5, E 24, A 40), w2
    // (→ 3.5, E 24, A 40), w0 (→ 4, E 56, A 72), w0 again (|56| / 72 = 7/9: 4 - 7/18, E 48,
    // A 80), w1 (|24| / 40 = 0.6: 2.5 - 0.3, E 16, A 48), w2 (3.5 - 0.3), w0 (0.6: - 0.3, E 40,
    // A 88), w0 (|40| / 88 = 5/11: - 5/22). Weights are f32: compare to f32-rounded steps.
    // The value returned is the sum of the weights as each touch wrote them, in that order.
    const f = Math.fround;
    const written = [f(3 - 0.5), f(4 - 0.5), f(4.5 - 0.5)];
    written.push(f((written[2] as number) - (56 / 72) * 0.5));
    written.push(f((written[0] as number) - 0.6 * 0.5), f((written[1] as number) - 0.6 * 0.5));
    written.push(f((written[3] as number) - 0.6 * 0.5));
    written.push(f((written[6] as number) - (40 / 88) * 0.5));
    const value = kernel.learnCoherent(lo, hi, -0.5, -8);
    const [w1, w2, w0] = [written[4], written[5], written[7]];
    expect(Array.from(weights().subarray(0, 3))).toEqual([w0, w1, w2]);
    expect(Array.from(coherence().subarray(0, 6))).toEqual([32, 96, 16, 48, 16, 48]);
    expect(value).toBe(written.reduce((sum, w) => sum + w, 0));
  });
});
