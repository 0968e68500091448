import {
  type Board,
  DIRECTIONS,
  type Direction,
  emptyCells,
  type Rules,
  slide,
} from '@twenty48/engine';
import { lineScore } from './heuristic.js';
import { PROBABILITY_CUT } from './search.js';

/** The deepest search on engine boards: each level costs a few hundred engine slides per cell. */
export const ENGINE_SEARCH_MAX_DEPTH = 1;

const exponentsOf = (line: readonly number[]): number[] =>
  line.map((value) => (value === 0 ? 0 : Math.log2(value)));

/** The same heuristic as the bitboard search, computed line by line for any board size. */
export function scoreBoard(board: Board): number {
  let total = 0;
  board.forEach((row, r) => {
    total += lineScore(exponentsOf(row));
    total += lineScore(exponentsOf(board.map((line) => line[r] ?? 0)));
  });
  return total;
}

/**
 * Expectimax on the engine's own boards and `slide`, for boards the bitboard cannot hold (sizes
 * other than 4, tiles above 32768). Exact but slow, so it searches at most
 * `ENGINE_SEARCH_MAX_DEPTH` moves after the root move.
 *
 * @example
 * searchEngineBoard(game.board, game.rules, 1) // { direction: 'left', value: 2401234.5 }
 */
export function searchEngineBoard(
  board: Board,
  rules: Rules,
  depth: number,
): { direction: Direction | null; value: number } {
  const remainingAtRoot = Math.max(0, Math.min(depth, ENGINE_SEARCH_MAX_DEPTH));
  const total = rules.spawn.reduce((sum, option) => sum + option.weight, 0);
  const spawns = rules.spawn.map((o) => ({ value: o.value, probability: o.weight / total }));

  const moveNode = (current: Board, remaining: number, probability: number): number => {
    let best = 0;
    for (const direction of DIRECTIONS) {
      const next = slide(current, direction, rules);
      if (next.moved) best = Math.max(best, chanceNode(next.board, remaining, probability));
    }
    return best;
  };

  const chanceNode = (current: number[][], remaining: number, probability: number): number => {
    const cells = emptyCells(current);
    if (remaining <= 0 || probability < PROBABILITY_CUT || cells.length === 0) {
      return scoreBoard(current);
    }
    let sum = 0;
    for (const [r, c] of cells) {
      const row = current[r];
      if (row === undefined) continue; // emptyCells named it, so the row is there
      for (const spawn of spawns) {
        row[c] = spawn.value;
        const p = (probability * spawn.probability) / cells.length;
        sum += spawn.probability * moveNode(current, remaining - 1, p);
        row[c] = 0;
      }
    }
    return sum / cells.length;
  };

  let best: Direction | null = null;
  let bestValue = -1;
  for (const direction of DIRECTIONS) {
    const next = slide(board, direction, rules);
    if (!next.moved) continue;
    const value = chanceNode(next.board, remainingAtRoot, 1);
    if (value > bestValue) {
      bestValue = value;
      best = direction;
    }
  }
  return { direction: best, value: bestValue };
}
