/**
 * The n-tuple network in plain TypeScript: the specification the WebAssembly kernel
 * (packages/ai/assembly/ntuple.ts) must equal bit for bit, written for clarity over speed
 * (64-bit boards as BigInt). Tests only: the players and the trainer use the kernel.
 */
import type { Rules } from '@twenty48/engine';
import { gainTables, rowTables } from './bitboard.js';
import { features, type Network, stageOfExponent, stageSize } from './ntuple-network.js';
import { spawnModel } from './search.js';

const MASK64 = 0xffffffffffffffffn;

/** The exponent at a cell (0..15, row-major) of a 64-bit board. */
const cellOf = (board: bigint, cell: number): number => Number((board >> BigInt(4 * cell)) & 15n);

/** The largest exponent on the board. */
export function maxExponentOf(board: bigint): number {
  let best = 0;
  for (let cell = 0; cell < 16; cell++) best = Math.max(best, cellOf(board, cell));
  return best;
}

/**
 * The index of each feature's weight in `network.weights`, in evaluation order: the features
 * of `board` in the stage of `stageBoard` (the board itself, or the board before downgrading).
 */
export function featureIndices(network: Network, board: bigint, stageBoard = board): number[] {
  const { shape } = network;
  const base = stageOfExponent(shape, maxExponentOf(stageBoard)) * stageSize(shape);
  return features(shape).map(({ cells, offset }) => {
    let index = 0;
    cells.forEach((cell, k) => {
      index += cellOf(board, cell) * 16 ** k;
    });
    return base + offset + index;
  });
}

/**
 * The value of an afterstate: its features' weights (f32) summed in order as f64, in the stage
 * of `stageBoard` (by default its own).
 */
export function referenceValue(network: Network, board: bigint, stageBoard = board): number {
  let sum = 0;
  for (const i of featureIndices(network, board, stageBoard)) sum += network.weights[i] as number;
  return sum;
}

/**
 * Add `delta` to each feature's weight in order (in the stage of `stageBoard`, by default the
 * board's own); the sum of the weights as written.
 */
export function referenceUpdate(
  network: Network,
  board: bigint,
  delta: number,
  stageBoard = board,
): number {
  let sum = 0;
  for (const i of featureIndices(network, board, stageBoard)) {
    network.weights[i] = (network.weights[i] as number) + delta;
    sum += network.weights[i] as number;
  }
  return sum;
}

/**
 * One step of temporal coherence learning: each feature's weight, in order, moves by `delta`
 * times its coherence |E| / A (1 while A is 0), then its E takes `error` and its A |error|
 * (`coherence` holds E and A per weight, interleaved, as f32), in the stage of `stageBoard`.
 * The sum of the weights as written.
 */
export function referenceCoherentUpdate(
  network: Network,
  coherence: Float32Array,
  board: bigint,
  delta: number,
  error: number,
  stageBoard = board,
): number {
  let sum = 0;
  for (const i of featureIndices(network, board, stageBoard)) {
    const e = coherence[2 * i] as number;
    const a = coherence[2 * i + 1] as number;
    const beta = a === 0 ? 1 : Math.abs(e) / a;
    network.weights[i] = (network.weights[i] as number) + beta * delta;
    coherence[2 * i] = e + error;
    coherence[2 * i + 1] = a + Math.abs(error);
    sum += network.weights[i] as number;
  }
  return sum;
}

/**
 * Tile downgrading as the kernel's search does it: while the largest exponent is above `limit`
 * and an exponent from 3 up to below the largest is missing, every tile above the largest
 * missing exponent is halved.
 */
export function referenceDowngrade(board: bigint, limit: number): bigint {
  let cells = Array.from({ length: 16 }, (_, cell) => cellOf(board, cell));
  for (;;) {
    const top = Math.max(...cells);
    if (top <= limit) break;
    let k = top - 1;
    while (k >= 3 && cells.includes(k)) k--;
    if (k < 3) break;
    cells = cells.map((e) => (e > k ? e - 1 : e));
  }
  return cells.reduce((b, e, cell) => b | (BigInt(e) << BigInt(4 * cell)), 0n);
}

/** A 64-bit board from the two 32-bit halves the rest of the package uses. */
export const boardOf = (lo: number, hi: number): bigint =>
  BigInt(lo >>> 0) | (BigInt(hi >>> 0) << 32n);

const rowAt = (board: bigint, r: number): number => Number((board >> BigInt(16 * r)) & 0xffffn);

function transpose64(board: bigint): bigint {
  let t = 0n;
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) t |= BigInt(cellOf(board, 4 * r + c)) << BigInt(4 * (4 * c + r));
  }
  return t;
}

/** The SplitMix64 generator the kernel uses, on a BigInt state. */
export class SplitMix64 {
  constructor(public state: bigint) {}
  next(): bigint {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK64;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    return z ^ (z >> 31n);
  }
}

function spawn(board: bigint, rng: SplitMix64, rules: Rules): bigint {
  const empties: number[] = [];
  for (let cell = 0; cell < 16; cell++) if (cellOf(board, cell) === 0) empties.push(cell);
  if (empties.length === 0) return board;
  const k = Number(((rng.next() >> 32n) * BigInt(empties.length)) >> 32n);
  const cell = empties[k] as number;
  const u = Number(rng.next() >> 11n) * 1.1102230246251565e-16;
  const { exponents, probabilities } = spawnModel(rules);
  let s = 0;
  let cumulative = 0;
  for (; s < exponents.length - 1; s++) {
    cumulative += probabilities[s] as number;
    if (u < cumulative) break;
  }
  return board | (BigInt(exponents[s] as number) << BigInt(4 * cell));
}

/** How a training game learns beyond TD(0): λ-returns, temporal coherence. */
export interface LearningOptions {
  /** λ of the λ-return (0: TD(0)). */
  readonly lambda?: number;
  /** E and A per weight, interleaved: learn with temporal coherence, updating them. */
  readonly coherence?: Float32Array;
  /** The afterstate a restart starts from (one spawn on it); absent or 0n: a new game. */
  readonly start?: bigint;
  /** Report the first afterstate whose largest exponent reaches this (absent or 0: none). */
  readonly restartExponent?: number;
  /**
   * Value boards whose largest exponent is above this downgraded when choosing, and learn every
   * afterstate downgraded, toward the moves' gains on the downgraded boards (absent or 15: never).
   * Either way in the stage of the board as it is: its real largest tile chooses the weights.
   */
  readonly downgradeAbove?: number;
}

/**
 * One training game, as the kernel's `trainGame`: play greedily by gain plus afterstate value
 * (ties to up, down, left, right), then learn backwards from the last afterstate with
 * `step` x error added to each weight (times its coherence with `coherence`), toward the
 * λ-return: the next gain plus (1 - λ) times the next afterstate's value just learned plus λ
 * times its target. A `start` board is a restart (one spawn on it, not two on an empty board).
 * Returns the score, moves, largest exponent and `first`, the first afterstate whose largest
 * exponent reached `restartExponent` (0n when none); mutates the weights, coherence and the
 * generator.
 */
export function referenceTrainGame(
  network: Network,
  rules: Rules,
  rng: SplitMix64,
  step: number,
  {
    lambda = 0,
    coherence,
    start = 0n,
    restartExponent = 0,
    downgradeAbove = 15,
  }: LearningOptions = {},
): { score: number; moves: number; maxExponent: number; first: bigint } {
  const { left, right } = rowTables(rules.merge);
  const gains = gainTables(rules.merge);
  const slide = (rows: Uint16Array, board: bigint): bigint => {
    let moved = 0n;
    for (let r = 0; r < 4; r++) moved |= BigInt(rows[rowAt(board, r)] as number) << BigInt(16 * r);
    return moved;
  };
  const gain = (table: Float64Array, board: bigint): number =>
    (table[rowAt(board, 0)] as number) +
    (table[rowAt(board, 1)] as number) +
    (table[rowAt(board, 2)] as number) +
    (table[rowAt(board, 3)] as number);
  const downgraded = (b: bigint): bigint =>
    downgradeAbove < 15 ? referenceDowngrade(b, downgradeAbove) : b;
  let board = start === 0n ? spawn(spawn(0n, rng, rules), rng, rules) : spawn(start, rng, rules);
  let first = 0n;
  // Each afterstate as learned (downgraded or not), the board whose stage it is learned in, and
  // the gain that led to it.
  const path: { after: bigint; stageBoard: bigint; gain: number }[] = [];
  let score = 0;
  for (;;) {
    const t = transpose64(board);
    let best = Number.NEGATIVE_INFINITY;
    let chosen: {
      after: bigint;
      gain: number;
      learned: { after: bigint; stageBoard: bigint; gain: number };
    } | null = null;
    for (let m = 0; m < 4; m++) {
      const source = m < 2 ? t : board;
      const moved = slide(m % 2 === 0 ? left : right, source);
      if (moved === source) continue;
      const table = m % 2 === 0 ? gains.left : gains.right;
      const g = gain(table, source);
      const after = m < 2 ? transpose64(moved) : moved;
      const v = g + referenceValue(network, downgraded(after), after);
      if (v > best) {
        best = v;
        const learned =
          downgradeAbove < 15
            ? { after: downgraded(after), stageBoard: after, gain: gain(table, downgraded(source)) }
            : { after, stageBoard: after, gain: g };
        chosen = { after, gain: g, learned };
      }
    }
    if (!chosen) break;
    path.push(chosen.learned);
    if (first === 0n && restartExponent > 0 && maxExponentOf(chosen.after) >= restartExponent)
      first = chosen.after;
    score += chosen.gain;
    board = spawn(chosen.after, rng, rules);
  }
  let target = 0;
  for (let i = path.length - 1; i >= 0; i--) {
    const { after, stageBoard, gain: g } = path[i] as (typeof path)[number];
    const error = target - referenceValue(network, after, stageBoard);
    const learned = coherence
      ? referenceCoherentUpdate(network, coherence, after, step * error, error, stageBoard)
      : referenceUpdate(network, after, step * error, stageBoard);
    target = g + ((1 - lambda) * learned + lambda * target);
  }
  return { score, moves: path.length, maxExponent: maxExponentOf(board), first };
}
