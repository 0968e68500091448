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
  search(board: Bitboard, limits: SearchLimits): SearchResult;
}

/** Sizes of the transposition table: 2^20 slots take about 21 MB. */
const TABLE_BITS = 20;

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
  const totalWeight = rules.spawn.reduce((sum, option) => sum + option.weight, 0);
  const spawnExponents = Int32Array.from(rules.spawn, (option) => Math.log2(option.value));
  const spawnProbabilities = Float64Array.from(rules.spawn, (o) => o.weight / totalWeight);
  const spawnCount = spawnExponents.length;

  const slots = 1 << tableBits;
  const shift = 32 - tableBits;
  const keyLo = new Int32Array(slots);
  const keyHi = new Int32Array(slots);
  const stamp = new Uint32Array(slots);
  const storedDepth = new Int8Array(slots);
  const storedValue = new Float64Array(slots);
  let generation = 0;
  let nodes = 0;
  let deadline = Number.POSITIVE_INFINITY;
  let aborted = false;

  const evaluate = (lo: number, hi: number): number => scoreBitboard(scores, lo, hi);

  // Unrolled: the four moves are left and right of the board and of its transpose.
  const moveNode = (lo: number, hi: number, remaining: number, probability: number): number => {
    let best = 0;
    let value = 0;
    const tlo = transposeLo(lo, hi);
    const thi = transposed.hi;
    let nextLo = (left[lo & 0xffff] as number) | ((left[lo >>> 16] as number) << 16);
    let nextHi = (left[hi & 0xffff] as number) | ((left[hi >>> 16] as number) << 16);
    if (nextLo !== lo || nextHi !== hi) {
      value = chanceNode(nextLo, nextHi, remaining, probability);
      if (value > best) best = value;
    }
    nextLo = (right[lo & 0xffff] as number) | ((right[lo >>> 16] as number) << 16);
    nextHi = (right[hi & 0xffff] as number) | ((right[hi >>> 16] as number) << 16);
    if (nextLo !== lo || nextHi !== hi) {
      value = chanceNode(nextLo, nextHi, remaining, probability);
      if (value > best) best = value;
    }
    nextLo = (left[tlo & 0xffff] as number) | ((left[tlo >>> 16] as number) << 16);
    nextHi = (left[thi & 0xffff] as number) | ((left[thi >>> 16] as number) << 16);
    if (nextLo !== tlo || nextHi !== thi) {
      value = chanceNode(nextLo, nextHi, remaining, probability);
      if (value > best) best = value;
    }
    nextLo = (right[tlo & 0xffff] as number) | ((right[tlo >>> 16] as number) << 16);
    nextHi = (right[thi & 0xffff] as number) | ((right[thi >>> 16] as number) << 16);
    if (nextLo !== tlo || nextHi !== thi) {
      value = chanceNode(nextLo, nextHi, remaining, probability);
      if (value > best) best = value;
    }
    return best;
  };

  function chanceNode(lo: number, hi: number, remaining: number, probability: number): number {
    if (remaining <= 0 || probability < PROBABILITY_CUT) return evaluate(lo, hi);
    const slot = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b) >>> shift;
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
    const empty =
      (emptyInRow[lo & 0xffff] as number) +
      (emptyInRow[lo >>> 16] as number) +
      (emptyInRow[hi & 0xffff] as number) +
      (emptyInRow[hi >>> 16] as number);
    if (empty === 0) return evaluate(lo, hi);
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

  /** The four root moves in the engine's order, as (lo, hi) pairs; `moved` false when no-ops. */
  const rootChildren = (board: Bitboard): { direction: Direction; lo: number; hi: number }[] => {
    const tlo = transposeLo(board.lo, board.hi);
    const thi = transposed.hi;
    const apply = (table: Uint16Array, lo: number, hi: number) => ({
      lo: (table[lo & 0xffff] as number) | ((table[lo >>> 16] as number) << 16),
      hi: (table[hi & 0xffff] as number) | ((table[hi >>> 16] as number) << 16),
      from: { lo, hi },
    });
    const candidates = [
      { direction: 'up' as const, ...apply(left, tlo, thi) },
      { direction: 'down' as const, ...apply(right, tlo, thi) },
      { direction: 'left' as const, ...apply(left, board.lo, board.hi) },
      { direction: 'right' as const, ...apply(right, board.lo, board.hi) },
    ];
    return candidates.filter((c) => c.lo !== c.from.lo || c.hi !== c.from.hi);
  };

  return {
    search(board, { depth, ms }) {
      generation = (generation + 1) >>> 0;
      nodes = 0;
      aborted = false;
      const started = performance.now();
      deadline = ms === null ? Number.POSITIVE_INFINITY : started + ms;
      const children = rootChildren(board);
      let result: SearchResult = {
        direction: children[0]?.direction ?? null,
        depth: 0,
        nodes: 0,
        value: 0,
      };
      if (children.length <= 1) return result;
      // With a time budget, deepen one level at a time and keep the last level that finished.
      for (let level = ms === null ? depth : 1; level <= depth; level++) {
        let best: Direction | null = null;
        let bestValue = -1;
        for (const child of children) {
          const value = chanceNode(child.lo, child.hi, level, 1);
          if (value > bestValue) {
            bestValue = value;
            best = child.direction;
          }
        }
        if (aborted) break;
        result = { direction: best, depth: level, nodes, value: bestValue };
        // The next level costs several times this one: don't start what cannot finish.
        if (ms !== null && performance.now() - started > ms * 0.25) break;
      }
      return { ...result, nodes };
    },
  };
}
