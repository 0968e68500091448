import type { Direction, Rules } from '@twenty48/engine';
import { type Bitboard, emptyCellTable, rowTables, transposed, transposeLo } from './bitboard.js';
import { rowScoreTable, scoreBitboard } from './heuristic.js';

/** Chance nodes reached with a smaller path probability are scored, not searched. */
export const PROBABILITY_CUT = 0.0001;

/** What one search found: the move, the deepest depth it completed, and the work it did. */
export interface SearchResult {
  readonly direction: Direction | null;
  /** Deepest depth fully searched (0 when the time ran out before depth 1 finished). */
  readonly depth: number;
  /** Chance nodes expanded (searched, not answered from the transposition table). */
  readonly nodes: number;
  /** Expected score of the chosen move at that depth. */
  readonly value: number;
}

export interface SearchLimits {
  /** Deepest depth: the root move plus this many further moves, each after a spawn. */
  readonly depth: number;
  /** Stop deepening after this many milliseconds; `null` searches `depth` and nothing less. */
  readonly ms: number | null;
}

/** Expectimax over bitboards for one set of rules; each instance owns its transposition table. */
export interface BitboardSearch {
  /** What runs the search: this file's TypeScript (the reference) or the WebAssembly kernel. */
  readonly kernel: 'typescript' | 'webassembly';
  search(board: Bitboard, limits: SearchLimits): SearchResult;
}

/** Size of the transposition table: 2^20 slots take about 21 MB (25 MB in the kernel). */
export const TABLE_BITS = 20;

/**
 * The slots one search uses: about sixteen per chance node it may expand (those grow about
 * eightfold per level), the first 2^bits of the table. Each search touches its slots at random,
 * so a table that fits the search stays in cache: at depth 3 (about 1,000 chance nodes) the
 * whole 2^20 slots made the kernel about 30 % slower from cache misses, for 0.4 % fewer nodes.
 *
 * @example
 * searchTableBits(3, TABLE_BITS) // 14
 */
export const searchTableBits = (depth: number, tableBits: number): number =>
  Math.max(1, Math.min(tableBits, 5 + 3 * depth));

/**
 * The transposition table in typed arrays: one slot per hash, always replaced. A slot holds a
 * value only when its stamp is the current search's generation, so a new search clears the
 * table by counting one up.
 */
interface TranspositionTable {
  readonly keyLo: Int32Array;
  readonly keyHi: Int32Array;
  readonly stamp: Uint32Array;
  readonly depth: Int8Array;
  readonly value: Float64Array;
}

/** A board's slot in the table. */
const slotOf = (shift: number, lo: number, hi: number): number =>
  Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b) >>> shift;

function createTranspositionTable(bits: number): TranspositionTable {
  const slots = 1 << bits;
  return {
    keyLo: new Int32Array(slots),
    keyHi: new Int32Array(slots),
    stamp: new Uint32Array(slots),
    depth: new Int8Array(slots),
    value: new Float64Array(slots),
  };
}

/** The rules' spawn options as tile exponents and probabilities, the form chance nodes read. */
export function spawnModel(rules: Rules): { exponents: Int32Array; probabilities: Float64Array } {
  const totalWeight = rules.spawn.reduce((sum, option) => sum + option.weight, 0);
  return {
    exponents: Int32Array.from(rules.spawn, (option) => Math.log2(option.value)),
    probabilities: Float64Array.from(rules.spawn, (option) => option.weight / totalWeight),
  };
}

/** The empty cells of a board, from the table of empty cells per 16-bit half-row pair. */
const emptyCount = (emptyInRow: Uint8Array, lo: number, hi: number): number =>
  (emptyInRow[lo & 0xffff] as number) +
  (emptyInRow[lo >>> 16] as number) +
  (emptyInRow[hi & 0xffff] as number) +
  (emptyInRow[hi >>> 16] as number);

/** Both 16-bit halves of one 32-bit half-board, each looked up in a row table. */
const slideHalf = (table: Uint16Array, half: number): number =>
  (table[half & 0xffff] as number) | ((table[half >>> 16] as number) << 16);

/** The root moves that change the board, in the engine's order, as (lo, hi) pairs. */
export function rootChildren(
  left: Uint16Array,
  right: Uint16Array,
  board: Bitboard,
): { direction: Direction; lo: number; hi: number }[] {
  const tlo = transposeLo(board.lo, board.hi);
  const thi = transposed.hi;
  const apply = (direction: Direction, rows: Uint16Array, lo: number, hi: number) => ({
    direction,
    lo: slideHalf(rows, lo),
    hi: slideHalf(rows, hi),
    from: { lo, hi },
  });
  return [
    apply('up', left, tlo, thi),
    apply('down', right, tlo, thi),
    apply('left', left, board.lo, board.hi),
    apply('right', right, board.lo, board.hi),
  ]
    .filter((child) => child.lo !== child.from.lo || child.hi !== child.from.hi)
    .map(({ direction, lo, hi }) => ({ direction, lo, hi }));
}

/**
 * Iterative deepening over the root moves: with a time budget, deepen one level at a time and
 * keep the last level that finished; without one, search `depth` alone.
 */
export function deepen(
  children: readonly { direction: Direction; lo: number; hi: number }[],
  { depth, ms }: SearchLimits,
  started: number,
  valueAt: (lo: number, hi: number, level: number) => number,
  progress: () => { aborted: boolean; nodes: number },
): SearchResult {
  let result: SearchResult = {
    direction: children[0]?.direction ?? null,
    depth: 0,
    nodes: 0,
    value: 0,
  };
  if (children.length <= 1) return result;
  for (let level = ms === null ? depth : 1; level <= depth; level++) {
    let best: Direction | null = null;
    let bestValue = -1;
    for (const child of children) {
      const value = valueAt(child.lo, child.hi, level);
      if (value > bestValue) {
        bestValue = value;
        best = child.direction;
      }
    }
    if (progress().aborted) break;
    result = { direction: best, depth: level, nodes: progress().nodes, value: bestValue };
    // The next level costs several times this one: don't start what cannot finish.
    if (ms !== null && performance.now() - started > ms * 0.25) break;
  }
  return { ...result, nodes: progress().nodes };
}

/**
 * An expectimax search over bitboards under `rules`: move nodes take the best of the moves that
 * change the board, chance nodes average over every empty cell and every spawn option with the
 * rules' weights, a lost board scores 0, and leaves score the sum of the row table over rows and
 * columns. A board and its transpose have the same value (the score, the spawns and the set of
 * moves are all symmetric under it), so up and down are searched as left and right of the
 * transposed board and their children are never transposed back: one transpose per node.
 *
 * @example
 * const search = createBitboardSearch(classic);
 * search.search(toBitboard(game.board), { depth: 3, ms: null }).direction // 'left'
 */
export function createBitboardSearch(rules: Rules, tableBits = TABLE_BITS): BitboardSearch {
  const { left, right } = rowTables(rules.merge);
  const scores = rowScoreTable();
  const emptyInRow = emptyCellTable();
  const { exponents: spawnExponents, probabilities: spawnProbabilities } = spawnModel(rules);
  const spawnCount = spawnExponents.length;
  const table = createTranspositionTable(tableBits);
  const { keyLo, keyHi, stamp, depth: storedDepth, value: storedValue } = table;
  let generation = 0;
  let shift = 32 - tableBits;
  let nodes = 0;
  let deadline = Number.POSITIVE_INFINITY;
  let aborted = false;

  // The value of the board after a move, or 0 when the move changes nothing.
  const afterMove = (
    rows: Uint16Array,
    lo: number,
    hi: number,
    remaining: number,
    probability: number,
  ): number => {
    const nextLo = slideHalf(rows, lo);
    const nextHi = slideHalf(rows, hi);
    if (nextLo === lo && nextHi === hi) return 0;
    return chanceNode(nextLo, nextHi, remaining, probability);
  };

  // The four moves are left and right of the board and of its transpose.
  const moveNode = (lo: number, hi: number, remaining: number, probability: number): number => {
    const tlo = transposeLo(lo, hi);
    const thi = transposed.hi;
    return Math.max(
      afterMove(left, lo, hi, remaining, probability),
      afterMove(right, lo, hi, remaining, probability),
      afterMove(left, tlo, thi, remaining, probability),
      afterMove(right, tlo, thi, remaining, probability),
    );
  };

  function chanceNode(lo: number, hi: number, remaining: number, probability: number): number {
    if (remaining <= 0 || probability < PROBABILITY_CUT) return scoreBitboard(scores, lo, hi);
    const slot = slotOf(shift, lo, hi);
    if (
      stamp[slot] === generation &&
      keyLo[slot] === lo &&
      keyHi[slot] === hi &&
      (storedDepth[slot] as number) >= remaining
    ) {
      return storedValue[slot] as number;
    }
    if ((++nodes & 255) === 0 && performance.now() > deadline) aborted = true;
    if (aborted) return 0;
    const empty = emptyCount(emptyInRow, lo, hi);
    if (empty === 0) return scoreBitboard(scores, lo, hi);
    const cellProbability = probability / empty;
    let total = 0;
    for (let at = 0; at < 32; at += 4) {
      if (((lo >>> at) & 15) === 0) {
        for (let s = 0; s < spawnCount; s++) {
          const p = spawnProbabilities[s] as number;
          const child = lo | ((spawnExponents[s] as number) << at);
          total += p * moveNode(child, hi, remaining - 1, cellProbability * p);
        }
      }
      if (((hi >>> at) & 15) === 0) {
        for (let s = 0; s < spawnCount; s++) {
          const p = spawnProbabilities[s] as number;
          const child = hi | ((spawnExponents[s] as number) << at);
          total += p * moveNode(lo, child, remaining - 1, cellProbability * p);
        }
      }
    }
    if (aborted) return 0;
    const value = total / empty;
    stamp[slot] = generation;
    keyLo[slot] = lo;
    keyHi[slot] = hi;
    storedDepth[slot] = remaining;
    storedValue[slot] = value;
    return value;
  }

  return {
    kernel: 'typescript',
    search(board, limits) {
      generation = (generation + 1) >>> 0;
      shift = 32 - searchTableBits(limits.depth, tableBits);
      nodes = 0;
      aborted = false;
      const started = performance.now();
      deadline = limits.ms === null ? Number.POSITIVE_INFINITY : started + limits.ms;
      return deepen(
        rootChildren(left, right, board),
        limits,
        started,
        (lo, hi, level) => chanceNode(lo, hi, level, 1),
        () => ({ aborted, nodes }),
      );
    },
  };
}
