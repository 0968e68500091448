import { compileWasm, instantiateWasm, type WasmModule } from '@twenty48/common';
import type { Rules } from '@twenty48/engine';
import { rowTables } from './bitboard.js';
import { rowScoreTable } from './heuristic.js';
import { KERNEL_WASM_BASE64 } from './kernel-wasm.generated.js';
import {
  type BitboardSearch,
  createBitboardSearch,
  deepen,
  rootChildren,
  searchTableBits,
  spawnModel,
  TABLE_BITS,
} from './search.js';

/** What the WebAssembly kernel (packages/ai/assembly/kernel.ts) exports. */
interface Kernel {
  readonly memory: { readonly buffer: ArrayBuffer };
  init(tableBits: number, spawns: number): number;
  leftAt(): number;
  rightAt(): number;
  scoresAt(): number;
  spawnExponentsAt(): number;
  spawnProbabilitiesAt(): number;
  spawnsWritten(): void;
  begin(deadline: number, bits: number): void;
  nodes(): number;
  aborted(): number;
  chance(lo: number, hi: number, remaining: number, probability: number): number;
}

/** The most spawn options the kernel's memory holds. */
const MAX_SPAWNS = 16;
/** The deepest search the kernel takes (its `MAX_REMAINING`); deeper goes to the reference. */
const MAX_KERNEL_DEPTH = 63;

let compiled: WasmModule | null | undefined;

/** The kernel's module, compiled once from the bytes built in; `null` without WebAssembly. */
function kernelModule(): WasmModule | null {
  if (compiled === undefined) compiled = compileWasm(KERNEL_WASM_BASE64);
  return compiled;
}

/**
 * The expectimax of `createBitboardSearch` run by a WebAssembly kernel (64-bit boards, the
 * tables and the transposition table in its linear memory): the same moves and values, bit for
 * bit, several times faster. Each instance owns its memory (about 25 MB with 2^20 slots).
 * Returns `null` where WebAssembly is unavailable or the rules have more spawn options than it
 * holds; `createSearch` then falls back to the TypeScript search.
 *
 * @example
 * const search = createFastSearch(classic);
 * search?.search(toBitboard(game.board), { depth: 3, ms: null }).direction // 'left'
 */
export function createFastSearch(rules: Rules, tableBits = TABLE_BITS): BitboardSearch | null {
  const module = kernelModule();
  if (!module || rules.spawn.length > MAX_SPAWNS) return null;
  const kernel = instantiateWasm<Kernel>(module, { env: { now: () => performance.now() } });
  const { exponents, probabilities } = spawnModel(rules);
  if (kernel.init(tableBits, exponents.length) === 0) return null;
  const buffer = kernel.memory.buffer;
  const { left, right } = rowTables(rules.merge);
  new Uint16Array(buffer, kernel.leftAt(), left.length).set(left);
  new Uint16Array(buffer, kernel.rightAt(), right.length).set(right);
  const scores = rowScoreTable();
  new Float64Array(buffer, kernel.scoresAt(), scores.length).set(scores);
  new Int32Array(buffer, kernel.spawnExponentsAt(), exponents.length).set(exponents);
  new Float64Array(buffer, kernel.spawnProbabilitiesAt(), probabilities.length).set(probabilities);
  kernel.spawnsWritten();
  let deep: BitboardSearch | undefined;
  return {
    kernel: 'webassembly',
    search(board, limits) {
      if (limits.depth > MAX_KERNEL_DEPTH) {
        deep ??= createBitboardSearch(rules, tableBits);
        return deep.search(board, limits);
      }
      const started = performance.now();
      kernel.begin(
        limits.ms === null ? Number.POSITIVE_INFINITY : started + limits.ms,
        searchTableBits(limits.depth, tableBits),
      );
      return deepen(
        rootChildren(left, right, board),
        limits,
        started,
        (lo, hi, level) => kernel.chance(lo, hi, level, 1),
        () => ({ aborted: kernel.aborted() !== 0, nodes: kernel.nodes() }),
      );
    },
  };
}

/**
 * The search the players use: the WebAssembly kernel where it runs, else the TypeScript one.
 *
 * @example
 * createSearch(classic).search(toBitboard(game.board), { depth: 3, ms: null })
 */
export const createSearch = (rules: Rules, tableBits = TABLE_BITS): BitboardSearch =>
  createFastSearch(rules, tableBits) ?? createBitboardSearch(rules, tableBits);

/**
 * Which search `createSearch` gives in this runtime: the kernel where WebAssembly compiles it
 * (a page's Content-Security-Policy may forbid that), else the TypeScript one.
 *
 * @example
 * searchKernel() // 'webassembly'
 */
export const searchKernel = (): BitboardSearch['kernel'] =>
  kernelModule() ? 'webassembly' : 'typescript';
