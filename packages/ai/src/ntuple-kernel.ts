import { compileWasm, instantiateWasm, type WasmModule } from '@twenty48/common';
import type { Rules } from '@twenty48/engine';
import { gainTables, rowTables } from './bitboard.js';
import {
  features,
  type NetworkShape,
  stageOfExponent,
  tupleSize,
  weightCount,
} from './ntuple-network.js';
import { NTUPLE_WASM_BASE64 } from './ntuple-wasm.generated.js';
import { spawnModel } from './search.js';

/** What the n-tuple kernel (packages/ai/assembly/ntuple.ts) exports. */
export interface NtupleKernel {
  readonly memory: { readonly buffer: ArrayBuffer | SharedArrayBuffer };
  init(
    tableBits: number,
    paths: number,
    own: number,
    weightBytes: number,
    spawns: number,
    features: number,
    stages: number,
    coherenceBytes: number,
  ): number;
  leftAt(): number;
  rightAt(): number;
  gainLeftAt(): number;
  gainRightAt(): number;
  spawnExponentsAt(): number;
  spawnProbabilitiesAt(): number;
  stageBaseAt(): number;
  tuplesAt(): number;
  weightsAt(): number;
  coherenceAt(): number;
  evaluate(lo: number, hi: number): number;
  setDowngrade(limit: number): void;
  evaluateLeaf(lo: number, hi: number): number;
  learn(lo: number, hi: number, delta: number): number;
  learnCoherent(lo: number, hi: number, delta: number, error: number): number;
  seed(lo: number, hi: number): void;
  rngLo(): number;
  rngHi(): number;
  /** `coherent` is a WebAssembly bool: 1 learns with temporal coherence, 0 without. */
  /** A start of 0, 0 is a new game; another [lo, hi] board is the afterstate it restarts from. */
  trainGame(
    rate: number,
    lambda: number,
    coherent: number,
    startLo: number,
    startHi: number,
  ): number;
  gameMoves(): number;
  gameMaxExponent(): number;
  setRestartExponent(exponent: number): void;
  gameFirstLo(): number;
  gameFirstHi(): number;
  begin(deadline: number, bits: number): void;
  nodes(): number;
  aborted(): number;
  rootMove(lo: number, hi: number, move: number, remaining: number): number;
}

/** Bytes of a tuple's descriptor in the kernel: runs, weight offset, up to 8 runs. */
const TUPLE_BYTES = 72;

/**
 * A tuple's cells as runs the kernel reads with one shift and mask each: cells that follow
 * each other on the board (4 bits apart) and in the tuple.
 *
 * @example
 * tupleRuns([0, 1, 2, 4, 5, 6]) // [{ from: 0, to: 0, length: 3 }, { from: 4, to: 3, length: 3 }]
 */
export function tupleRuns(
  cells: readonly number[],
): { from: number; to: number; length: number }[] {
  const runs: { from: number; to: number; length: number }[] = [];
  cells.forEach((cell, k) => {
    const last = runs[runs.length - 1];
    if (last && last.from + last.length === cell && last.to + last.length === k) last.length++;
    else runs.push({ from: cell, to: k, length: 1 });
  });
  return runs;
}

/** Compile a kernel from base64, or null where WebAssembly is unavailable. */
export const compileKernel = compileWasm;

let playerModule: WasmModule | null | undefined;

/** The player's kernel module (own memory), compiled once; null without WebAssembly. */
export function ntupleModule(): WasmModule | null {
  if (playerModule === undefined) playerModule = compileKernel(NTUPLE_WASM_BASE64);
  return playerModule;
}

/** An instance of a kernel module; `memory` is given for the shared (trainer's) build. */
export function instantiate(module: WasmModule, memory?: unknown): NtupleKernel {
  const env: Record<string, unknown> = { now: () => performance.now() };
  if (memory !== undefined) env.memory = memory;
  return instantiateWasm<NtupleKernel>(module, { env });
}

export interface KernelLayout {
  /** Transposition table slots, 2^tableBits (0: none, a trainer). */
  readonly tableBits: number;
  /** Training paths laid out, and the one this instance uses. */
  readonly paths: number;
  readonly own: number;
  /** Lay out temporal coherence (E and A, 8 bytes per weight) after the weights: a trainer's. */
  readonly coherence?: boolean;
}

/**
 * Lay out a kernel instance's memory for `shape` under `rules` and write its tables (rows,
 * gains, spawns, stages, features). The weights (and the coherence, `kernel.coherenceAt()`) are
 * not written. Returns the weights' byte address, or null when the memory cannot hold them or
 * the rules do not fit the kernel.
 */
export function prepareKernel(
  kernel: NtupleKernel,
  rules: Rules,
  shape: NetworkShape,
  layout: KernelLayout,
): number | null {
  const { exponents, probabilities } = spawnModel(rules);
  const list = features(shape);
  if (exponents.length > 16) return null;
  const end = kernel.init(
    layout.tableBits,
    layout.paths,
    layout.own,
    weightCount(shape) * 4,
    exponents.length,
    list.length,
    shape.stages.length,
    layout.coherence ? weightCount(shape) * 8 : 0,
  );
  if (end === 0) return null;
  const buffer = kernel.memory.buffer;
  const { left, right } = rowTables(rules.merge);
  new Uint16Array(buffer, kernel.leftAt(), left.length).set(left);
  new Uint16Array(buffer, kernel.rightAt(), right.length).set(right);
  const gains = gainTables(rules.merge);
  new Float64Array(buffer, kernel.gainLeftAt(), gains.left.length).set(gains.left);
  new Float64Array(buffer, kernel.gainRightAt(), gains.right.length).set(gains.right);
  new Int32Array(buffer, kernel.spawnExponentsAt(), exponents.length).set(exponents);
  new Float64Array(buffer, kernel.spawnProbabilitiesAt(), probabilities.length).set(probabilities);
  const stageBytes = (weightCount(shape) / shape.stages.length) * 4;
  const stageBase = new Uint32Array(buffer, kernel.stageBaseAt(), 16);
  for (let e = 0; e < 16; e++) stageBase[e] = stageOfExponent(shape, e) * stageBytes;
  const view = new DataView(buffer, kernel.tuplesAt(), shape.tuples.length * TUPLE_BYTES);
  let offset = 0;
  shape.tuples.forEach((cells, t) => {
    const runs = tupleRuns(cells);
    const at = t * TUPLE_BYTES;
    view.setUint32(at, runs.length, true);
    view.setUint32(at + 4, offset * 4, true);
    runs.forEach(({ from, to, length }, i) => {
      view.setUint8(at + 8 + 8 * i, 4 * from);
      view.setUint8(at + 9 + 8 * i, 4 * to);
      view.setUint32(at + 12 + 8 * i, length === 8 ? 0xffffffff : 2 ** (4 * length) - 1, true);
    });
    offset += tupleSize(cells);
  });
  return kernel.weightsAt();
}
