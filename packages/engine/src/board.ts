import { collapseLine, lineCanMove } from './line.js';
import { type PresetName, resolveRules } from './rules.js';
import {
  type Board,
  type Cell,
  DIRECTIONS,
  type Direction,
  type MergePolicy,
  type Rules,
} from './types.js';

/** An empty `size` x `size` board. */
export const emptyBoard = (size: number): number[][] =>
  Array.from({ length: size }, () => new Array<number>(size).fill(0));

/**
 * Write one cell of a board this module or the game is still building (a fresh `emptyBoard`,
 * never a game's board); a cell off the board is a programmer's error.
 *
 * @example
 * const board = emptyBoard(2);
 * setCell(board, [1, 0], 2); // board is [[0, 0], [2, 0]]
 */
export function setCell(board: number[][], [row, col]: Cell, value: number): void {
  const line = board[row];
  if (line === undefined || col < 0 || col >= line.length) {
    throw new RangeError(
      `setCell: no cell [${row}, ${col}] on a ${board.length}x${board.length} board`,
    );
  }
  line[col] = value;
}

/**
 * The cells of line `k` for a move in `direction`, starting at the edge the tiles move toward.
 * Left and right read rows, up and down read columns; the four moves are views of one collapse.
 */
export function lineCells(size: number, direction: Direction, k: number): Cell[] {
  const along = (i: number): Cell => {
    const far = size - 1 - i;
    if (direction === 'left') return [k, i];
    if (direction === 'right') return [k, far];
    return direction === 'up' ? [i, k] : [far, k];
  };
  return Array.from({ length: size }, (_, i) => along(i));
}

/** Where one tile went during a slide (into a merged tile too: see `TileMerge`). */
export interface TileMove {
  readonly from: Cell;
  readonly to: Cell;
}

/** A tile a slide created by merging the tiles that came `from` those cells. */
export interface TileMerge {
  readonly at: Cell;
  readonly value: number;
  readonly from: readonly Cell[];
}

export interface SlideTrace {
  readonly board: number[][];
  readonly gained: number;
  readonly moved: boolean;
  /** Every tile on the board before the slide, with where it ended. */
  readonly moves: readonly TileMove[];
  readonly merges: readonly TileMerge[];
}

/** Slide every tile toward one edge and report where each went (no spawn). */
export function traceSlide(board: Board, direction: Direction, merge: MergePolicy): SlideTrace {
  const size = board.length;
  const next = emptyBoard(size);
  const moves: TileMove[] = [];
  const merges: TileMerge[] = [];
  let gained = 0;
  let moved = false;
  for (let k = 0; k < size; k++) {
    const cells = lineCells(size, direction, k);
    const collapse = collapseLine(
      cells.map(([r, c]) => board[r]?.[c] ?? 0),
      merge,
    );
    gained += collapse.gained;
    moved ||= collapse.moved;
    collapse.sources.forEach((sourceIndices, out) => {
      const to = cells[out] as Cell;
      const value = collapse.line[out] ?? 0;
      setCell(next, to, value);
      const from = sourceIndices.map((s) => cells[s] as Cell);
      for (const cell of from) moves.push({ from: cell, to });
      if (from.length > 1) merges.push({ at: to, value, from });
    });
  }
  return { board: next, gained, moved, moves, merges };
}

/**
 * Slide every tile in `direction` under `rules` (a Rules value or a preset name), without
 * spawning. `gained` is the sum of the values of the tiles that merges created.
 *
 * @example
 * slide([[2, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], 'right', 'classic')
 * // { board: [[0, 0, 0, 4], …], gained: 4, moved: true }
 */
export function slide(
  board: Board,
  direction: Direction,
  rules: Rules | PresetName,
): { board: number[][]; gained: number; moved: boolean } {
  const { board: next, gained, moved } = traceSlide(board, direction, resolveRules(rules).merge);
  return { board: next, gained, moved };
}

/** True when a slide in `direction` would change the board (the same for every merge policy). */
export function canSlide(board: Board, direction: Direction): boolean {
  const size = board.length;
  for (let k = 0; k < size; k++) {
    if (lineCanMove(lineCells(size, direction, k).map(([r, c]) => board[r]?.[c] ?? 0))) return true;
  }
  return false;
}

/** The directions that change the board, in the order of `DIRECTIONS`. */
export const movableDirections = (board: Board): Direction[] =>
  DIRECTIONS.filter((direction) => canSlide(board, direction));

/** True when no move changes the board. */
export const isStuck = (board: Board): boolean =>
  !DIRECTIONS.some((direction) => canSlide(board, direction));

/** Empty cells in reading order (row by row, left to right). */
export const emptyCells = (board: Board): Cell[] =>
  board.flatMap((row, r) => row.flatMap((value, c): Cell[] => (value === 0 ? [[r, c]] : [])));

export const maxTile = (board: Board): number => Math.max(0, ...board.flat());

export const tileSum = (board: Board): number => board.flat().reduce((sum, v) => sum + v, 0);

/** Sum over tiles of log2(value) cubed: the tiers rules' score. */
export const levelCubes = (board: Board): number =>
  board.flat().reduce((sum, v) => (v > 0 ? sum + Math.log2(v) ** 3 : sum), 0);

export const sameBoard = (a: Board, b: Board): boolean =>
  a.length === b.length && a.every((row, r) => row.every((v, c) => v === b[r]?.[c]));
