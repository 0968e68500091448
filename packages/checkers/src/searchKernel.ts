/**
 * The search's WebAssembly kernel (`assembly/search.ts`): loaded once, its tables written from
 * the TypeScript ones (the Zobrist keys, the evaluation's tables, the installed network), so
 * that it searches exactly as `search.ts`' TypeScript searcher does, about twice as fast. The
 * search (search.ts) runs its iterative deepening over it, and falls back to the TypeScript
 * searcher where WebAssembly or its SIMD is missing.
 */
import { compileWasm, instantiateWasm } from '@twenty48/common';
import { EVALUATION_TABLES, installedNetwork } from './evaluate.js';
import { type NetworkKernel, type NetworkTables, writeNetwork } from './network.js';
import { SEARCH_WASM_BASE64 } from './search-wasm.generated.js';
import { ZOBRIST_TABLES } from './zobrist.js';

/** What the search kernel exports (assembly/search.ts). */
export interface SearchKernelExports extends NetworkKernel {
  region(which: number): number;
  prepare(): number;
  configure(
    sideLo: number,
    sideHi: number,
    dynamic: number,
    network: number,
    switches: number,
  ): void;
  useEgdb(pieces: number): void;
  clearCache(): void;
  clearTable(): void;
  reset(deadline: number, keep: number, nodeLimit: number): void;
  setRoot(quiet: number, pieces: number): void;
  allowAbort(): void;
  wasAborted(): number;
  nodeCount(): number;
  bestIndex(): number;
  bestScore(): number;
  rootMoves(own: number, opp: number, kings: number, south: number): number;
  searchRoot(
    own: number,
    opp: number,
    kings: number,
    south: number,
    depth: number,
    end: number,
    quiet: number,
  ): number;
  toFront(i: number): void;
  evaluate(own: number, opp: number, kings: number, south: number): number;
  winProgress(win: number, lose: number, kings: number, south: number): number;
  countMoves(own: number, opp: number, kings: number, south: number): number;
}

/** What the kernel calls back: the clock, the endgame database's probe, the leaf sampler. The
 * search sets them before each search. */
export const kernelHooks = {
  now: (): number => 0,
  probe: (_black: number, _red: number, _kings: number, _blackToMove: boolean): number => 0,
  leaf: (_own: number, _opp: number, _kings: number, _south: boolean): void => {},
};

/** The loaded kernel and views of its memory (made again whenever the memory grows). */
export interface SearchKernel {
  readonly exports: SearchKernelExports;
  /** The network its evaluation adds (null: none). */
  network: NetworkTables | null;
  views(): KernelViews;
}

/** Views of the kernel's memory the root reads and writes. */
export interface KernelViews {
  readonly pathLo: Int32Array;
  readonly pathHi: Int32Array;
  readonly pvMove: Int32Array;
  readonly pvCaptured: Int32Array;
  readonly pvLength: Int32Array;
}

// Regions by number (assembly/search.ts' `region`).
const PATH_LO = 6;
const PATH_HI = 7;
const PV_MOVE = 8;
const PV_CAPTURED = 9;
const PV_LENGTH = 10;
const SQUARE_VALUES = 12;
const BLENDED_PATTERNS = 13;
const MOBILITY_WEIGHT = 14;
const THREAT_WEIGHT = 15;
const DISTANCE = 16;
const PATTERN_SQUARES = 17;
const MINE_DIGITS = 18;
const THEIRS_DIGITS = 19;
const ZOBRIST_LO = 20;
const ZOBRIST_HI = 21;
const NETWORK = 99;
// The history window and plies the path holds, and the principal variations' size (search.ts).
const PATH_LENGTH = 128 + 100 + 2;
const PV_SIZE = 100 * 100;

let loaded: SearchKernel | null | undefined;

function load(): SearchKernel | null {
  const module = compileWasm(SEARCH_WASM_BASE64);
  if (module === null) return null;
  let exports: SearchKernelExports;
  try {
    exports = instantiateWasm<SearchKernelExports>(module, {
      env: {
        now: () => kernelHooks.now(),
        probe: (black: number, red: number, kings: number, blackToMove: number) =>
          kernelHooks.probe(black, red, kings, blackToMove !== 0),
        leaf: (own: number, opp: number, kings: number, south: number) =>
          kernelHooks.leaf(own, opp, kings, south !== 0),
      },
    });
  } catch {
    return null;
  }
  if (exports.prepare() !== 0) return null;
  const { buffer } = exports.memory;
  const t = EVALUATION_TABLES;
  new Int32Array(buffer, exports.region(SQUARE_VALUES), t.squareValues.length).set(t.squareValues);
  new Int32Array(buffer, exports.region(BLENDED_PATTERNS), t.blendedPatterns.length).set(
    t.blendedPatterns,
  );
  if (t.mobilityWeight !== null && t.threatWeight !== null) {
    new Float64Array(buffer, exports.region(MOBILITY_WEIGHT), 25).set(t.mobilityWeight);
    new Float64Array(buffer, exports.region(THREAT_WEIGHT), 25).set(t.threatWeight);
  }
  new Uint8Array(buffer, exports.region(DISTANCE), 1024).set(t.distance);
  new Int32Array(buffer, exports.region(PATTERN_SQUARES), t.patternSquares.length).set(
    t.patternSquares,
  );
  new Int32Array(buffer, exports.region(MINE_DIGITS), 16).set(t.mineDigits);
  new Int32Array(buffer, exports.region(THEIRS_DIGITS), 16).set(t.theirsDigits);
  new Int32Array(buffer, exports.region(ZOBRIST_LO), 4096).set(ZOBRIST_TABLES.lo);
  new Int32Array(buffer, exports.region(ZOBRIST_HI), 4096).set(ZOBRIST_TABLES.hi);
  let views: KernelViews | null = null;
  let viewed: ArrayBuffer | null = null;
  return {
    exports,
    network: null,
    views() {
      const now = exports.memory.buffer;
      if (views === null || viewed !== now) {
        viewed = now;
        views = {
          pathLo: new Int32Array(now, exports.region(PATH_LO), PATH_LENGTH),
          pathHi: new Int32Array(now, exports.region(PATH_HI), PATH_LENGTH),
          pvMove: new Int32Array(now, exports.region(PV_MOVE), PV_SIZE),
          pvCaptured: new Int32Array(now, exports.region(PV_CAPTURED), PV_SIZE),
          pvLength: new Int32Array(now, exports.region(PV_LENGTH), 101),
        };
      }
      return views;
    },
  };
}

/**
 * The search kernel, ready to search with `evaluate`'s network and these switches (bits: 1 late
 * move reductions, 2 their second ply, 4 verified pruning, 8 capture extensions, 16 the leaf
 * sampler); null where WebAssembly or its SIMD is missing, or when the installed network has no
 * kernel of its own (`networkTables(net, false)`: its values are then TypeScript's, which the
 * kernel's may differ from in the last bit).
 */
export function searchKernel(switches: number): SearchKernel | null {
  if (loaded === undefined) loaded = load();
  if (loaded === null) return null;
  const network = installedNetwork();
  if (network !== null && network.kernel === null) return null;
  const { exports } = loaded;
  if (loaded.network !== network) {
    if (network !== null && !writeNetwork(exports, network, exports.region(NETWORK))) return null;
    loaded.network = network;
    exports.clearCache();
  }
  exports.configure(
    ZOBRIST_TABLES.blackToMoveLo,
    ZOBRIST_TABLES.blackToMoveHi,
    EVALUATION_TABLES.mobilityWeight === null ? 0 : 1,
    network === null ? 0 : 1,
    switches,
  );
  return loaded;
}

/** The loaded kernel, if any, without loading it (to clear its table). */
export function loadedSearchKernel(): SearchKernel | null {
  return loaded ?? null;
}
