import type { Board, Rules } from '@twenty48/engine';
import { fitsBitboard, toBitboard } from './bitboard.js';
import { searchEngineBoard } from './engine-search.js';
import { createSearch } from './fast-search.js';
import type { Player } from './player-type.js';
import type { BitboardSearch, SearchLimits } from './search.js';

/** The default expectimax's time budget per move: it deepens until this runs out. */
export const DEFAULT_MOVE_MS = 60;
/** The deepest the default ever goes (its adaptive depth is capped here). */
export const MAX_ADAPTIVE_DEPTH = 8;
/** The deepest a time-budgeted search (`ms` without `depth`) tries. */
export const MAX_TIMED_DEPTH = 20;

export interface ExpectimaxOptions {
  /** Search exactly this depth: the root move plus this many further moves. */
  readonly depth?: number;
  /** Deepen one level at a time until this many milliseconds have passed. */
  readonly ms?: number;
}

/** Distinct tile values on the board: more kinds of tile make a position harder. */
export function distinctTiles(board: Board): number {
  return new Set(board.flat().filter((v) => v !== 0)).size;
}

/**
 * How deep the default searches: two moves more than the distinct tiles minus four, at least 2
 * and at most `MAX_ADAPTIVE_DEPTH` — shallow in the easy opening, deeper when the board is
 * crowded with different tiles. The time budget still stops it early.
 *
 * @example
 * adaptiveDepth(newGame('classic', 1).board) // 2
 */
export const adaptiveDepth = (board: Board): number =>
  Math.min(MAX_ADAPTIVE_DEPTH, Math.max(2, distinctTiles(board) - 2));

/** The limits of one move's search for the given options. */
export function searchLimits(board: Board, options: ExpectimaxOptions): SearchLimits {
  if (options.depth !== undefined) return { depth: options.depth, ms: options.ms ?? null };
  if (options.ms !== undefined) return { depth: MAX_TIMED_DEPTH, ms: options.ms };
  return { depth: adaptiveDepth(board), ms: DEFAULT_MOVE_MS };
}

/** True when the bitboard search can take this board: it fits, and no two 32768s could merge. */
const bitboardCanSearch = (board: Board): boolean =>
  fitsBitboard(board) && board.flat().filter((v) => v === 32768).length < 2;

const rulesKey = (rules: Rules): string => JSON.stringify([rules.merge, rules.spawn]);

/**
 * Expectimax: the move with the best expected heuristic score, averaging over every spawn the
 * rules allow (their values and weights) and taking the best move at each turn. Options: a fixed
 * `depth`, a time budget `ms`, or neither for the default (adaptive depth within
 * `DEFAULT_MOVE_MS` per move). 4x4 boards with tiles up to 32768 use the bitboard search (its
 * WebAssembly kernel where it runs, `createSearch`); any
 * other board uses the engine's `slide` at a small depth. Returns `null` when no move counts.
 *
 * @example
 * const player = expectimaxPlayer({ depth: 3 });
 * player(newGame('classic', 1)) // 'up'
 */
export function expectimaxPlayer(options: ExpectimaxOptions = {}): Player {
  const searches = new Map<string, BitboardSearch>();
  return (game) => {
    if (game.status === 'lost') return null;
    if (!bitboardCanSearch(game.board)) {
      return searchEngineBoard(game.board, game.rules, options.depth ?? 1).direction;
    }
    const key = rulesKey(game.rules);
    let search = searches.get(key);
    if (!search) {
      search = createSearch(game.rules);
      searches.set(key, search);
    }
    return search.search(toBitboard(game.board), searchLimits(game.board, options)).direction;
  };
}
