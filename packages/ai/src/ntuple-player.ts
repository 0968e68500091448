import type { Failure } from '@twenty48/common';
import { classic, type Direction, type Rules } from '@twenty48/engine';
import { type Bitboard, fitsBitboard, toBitboard } from './bitboard.js';
import { expectimaxPlayer } from './expectimax.js';
import type { NetworkErrorCode } from './ntuple-format.js';
import { instantiate, ntupleModule, prepareKernel } from './ntuple-kernel.js';
import { type Network, weightCount } from './ntuple-network.js';
import type { Player } from './player-type.js';
import { type SearchLimits, type SearchResult, searchTableBits, TABLE_BITS } from './search.js';

/** The n-tuple player's default time per move: it deepens expectimax until this runs out. */
export const DEFAULT_NTUPLE_MS = 100;
/** The deepest the n-tuple player's timed search tries. */
export const MAX_NTUPLE_DEPTH = 12;

/**
 * The largest exponent the search values as is: boards with a bigger tile are valued
 * downgraded (the kernel's `downgrade`), as a board with a 4096 on top where a gap allows. The
 * shipped network goes from 4096 to 8192 in three games of four, but from 8192 to 16384 in
 * one of forty at depth 0: it plays the boards after a 4096 well and those after an 8192
 * badly. At depth 2 over games `1-0` to `1-99`, 12 reached 16384 in 69 % of the games, 13
 * (a board with an 8192 on top) in 33 % and 11 in 5 of 59. 15 turns it off.
 */
export const DOWNGRADE_ABOVE = 12;

/** Root moves in the kernel's numbering: 0 up, 1 down, 2 left, 3 right (the engine's order). */
const ROOT_MOVES: readonly Direction[] = ['up', 'down', 'left', 'right'];

/**
 * The value of each root move at the deepest level a search completed: gain plus the expected
 * value after it, in the engine's order (up, down, left, right), NaN for a move that changes
 * nothing; `depth` -1 when not even the first level finished in time.
 */
export interface RootValues {
  readonly values: readonly number[];
  readonly depth: number;
}

/** A search over bitboards valued by a network. */
export interface NtupleSearch {
  search(board: Bitboard, limits: SearchLimits): SearchResult;
  /** Every root move's value, as `search` computes them to choose (the game review reads them). */
  values(board: Bitboard, limits: SearchLimits): RootValues;
}

/** Why a network cannot be had: a refused file, or none where one was expected. */
export type NetworkLoad =
  | { readonly ok: true; readonly value: Network }
  | { readonly ok: false; readonly error: Failure<NetworkErrorCode | 'ERR_NETWORK_MISSING'> };

let source: (() => NetworkLoad) | null = null;
let loaded: NetworkLoad | null = null;

/**
 * Tell the players where the network comes from in this thread (Node reads the shipped file;
 * the browser's worker fetches it). The source is asked once, on the first n-tuple player.
 *
 * @example
 * provideNetwork(() => ({ ok: true, value: network }));
 */
export function provideNetwork(load: () => NetworkLoad): void {
  source = load;
  loaded = null;
}

/**
 * The network the n-tuple players use, loaded on first call; a named failure when there is
 * none or the file was refused (the players then go on with the heuristic).
 */
export function currentNetwork(): NetworkLoad {
  loaded ??= source
    ? source()
    : {
        ok: false,
        error: { code: 'ERR_NETWORK_MISSING', message: 'no n-tuple network was provided' },
      };
  return loaded;
}

/**
 * True for the rules the network was trained under: classic's board, merges and spawns.
 * FiveTwelve, tiers and other sizes keep the heuristic.
 */
export const networkPlays = (rules: Rules): boolean =>
  rules.size === 4 &&
  rules.merge === classic.merge &&
  rules.spawn.length === classic.spawn.length &&
  rules.spawn.every(
    (s, i) => s.value === classic.spawn[i]?.value && s.weight === classic.spawn[i]?.weight,
  );

/**
 * Expectimax with the network at the leaves, in the WebAssembly kernel (its own memory: the
 * weights, about 270 MB for four 6-tuples, and a transposition table). Depth 0 plays the move
 * whose gain plus afterstate value is largest; depth N searches N more moves, each after every
 * spawn. Leaves whose largest tile is above 2^`downgradeAbove` are valued downgraded.
 * Null where WebAssembly is unavailable or the memory cannot be had.
 *
 * @example
 * createNtupleSearch(network)?.search(toBitboard(board), { depth: 0, ms: null }).direction
 */
export function createNtupleSearch(
  network: Network,
  rules: Rules = classic,
  tableBits = TABLE_BITS,
  downgradeAbove = DOWNGRADE_ABOVE,
): NtupleSearch | null {
  const module = ntupleModule();
  if (!module) return null;
  let kernel: ReturnType<typeof instantiate>;
  let at: number | null;
  try {
    kernel = instantiate(module);
    at = prepareKernel(kernel, rules, network.shape, { tableBits, paths: 0, own: 0 });
  } catch {
    return null;
  }
  if (at === null) return null;
  kernel.setDowngrade(downgradeAbove);
  new Float32Array(kernel.memory.buffer, at, weightCount(network.shape)).set(network.weights);
  // One deepening loop for both methods, so that a review's values are exactly the ones the
  // player chose by: its own moves then lose nothing.
  const deepen = ({ lo, hi }: Bitboard, { depth, ms }: SearchLimits) => {
    const started = performance.now();
    let result: RootValues & { nodes: number } = { values: [], depth: -1, nodes: 0 };
    const first = ms === null ? depth : 0;
    for (let level = first; level <= depth; level++) {
      kernel.begin(
        ms === null ? Number.POSITIVE_INFINITY : started + ms,
        searchTableBits(Math.max(level, 1), tableBits),
      );
      const values = ROOT_MOVES.map((_, move) => kernel.rootMove(lo, hi, move, level));
      if (values.every(Number.isNaN)) return result;
      if (kernel.aborted() !== 0) break;
      result = { values, depth: level, nodes: kernel.nodes() };
      if (ms !== null && performance.now() - started > ms * 0.25) break;
    }
    return result;
  };
  return {
    search(board, limits) {
      const { values, depth, nodes } = deepen(board, limits);
      let best: Direction | null = null;
      let bestValue = Number.NEGATIVE_INFINITY;
      values.forEach((value, move) => {
        if (value > bestValue) {
          bestValue = value;
          best = ROOT_MOVES[move] ?? null;
        }
      });
      if (best === null) return { direction: null, depth: 0, nodes: 0, value: 0 };
      return { direction: best, depth, nodes, value: bestValue };
    },
    values(board, limits) {
      const { values, depth } = deepen(board, limits);
      return { values, depth };
    },
  };
}

/** Options of the n-tuple player: a fixed depth (0: the network alone) or a time budget. */
export interface NtupleOptions {
  readonly depth?: number;
  readonly ms?: number;
}

/** The limits of one move: a fixed depth, or deepening within `ms` (default `DEFAULT_NTUPLE_MS`). */
export const ntupleLimits = (options: NtupleOptions): SearchLimits =>
  options.depth !== undefined
    ? { depth: options.depth, ms: options.ms ?? null }
    : { depth: MAX_NTUPLE_DEPTH, ms: options.ms ?? DEFAULT_NTUPLE_MS };

/**
 * The n-tuple player: the network of `currentNetwork()` valuing afterstates, with expectimax on
 * top unless `depth` is 0. Under rules the network does not play (FiveTwelve, tiers, other
 * sizes), or without a network, it is the heuristic expectimax with the same options.
 *
 * @example
 * const player = ntuplePlayer({ depth: 0 });
 * player(newGame('classic', 1)) // 'left'
 */
export function ntuplePlayer(options: NtupleOptions = {}): Player {
  const heuristic = expectimaxPlayer({
    ...(options.depth !== undefined ? { depth: Math.max(1, options.depth) } : {}),
    ...(options.ms !== undefined ? { ms: options.ms } : {}),
  });
  let search: NtupleSearch | null | undefined;
  return (game) => {
    if (game.status === 'lost') return null;
    if (!networkPlays(game.rules) || !fitsBitboard(game.board)) return heuristic(game);
    if (search === undefined) {
      const network = currentNetwork();
      search = network.ok ? createNtupleSearch(network.value) : null;
    }
    if (!search) return heuristic(game);
    return search.search(toBitboard(game.board), ntupleLimits(options)).direction;
  };
}
