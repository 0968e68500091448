// A ranked game's board as a client holds it: the tiles with ids (so a view can animate them),
// the score and the status, but no seed and no generator, which stay on the server. The slide
// is the engine's own (`traceSlide`); the spawn is the server's, placed where it says.

import type { RankedStatus, WireBoard, WireSpawn } from '@twenty48/common';
import {
  type Board,
  type Cell,
  type Direction,
  type Rules,
  sameBoard,
  scoreAfter,
  type TileEvent,
  traceSlide,
} from '@twenty48/engine';

/** A board the client shows: tile values and ids (0 for empty), the score, the status. */
export interface Position {
  readonly rules: Rules;
  readonly board: Board;
  /** The id of the tile in each cell (0 when empty); a tile keeps its id while it slides. */
  readonly ids: Board;
  readonly score: number;
  readonly status: RankedStatus;
  /** How many moves count in the game's record. */
  readonly moves: number;
}

/** Gives tile ids: a fresh one, or, for a merge seen before (`key`), the id it had then. */
export type IdSource = (mergeKey?: string) => number;

/**
 * A counter of fresh tile ids from `first`; a merge's key is ignored.
 *
 * @example
 * const next = countIds(1); next(); next() // 1, then 2
 */
export function countIds(first: number): IdSource {
  let next = first;
  return () => next++;
}

const grid = (size: number): number[][] =>
  Array.from({ length: size }, () => new Array<number>(size).fill(0));

const setAt = (cells: number[][], [row, col]: Cell, value: number): void => {
  const line = cells[row];
  if (line !== undefined) line[col] = value;
};

/**
 * A position from the server's board: every tile gets a fresh id from `ids`.
 *
 * @example
 * positionOf(classic, [[2, 0], [0, 2]], { score: 0, status: 'playing', moves: 0 }, countIds(1)).ids // [[1, 0], [0, 2]]
 */
export function positionOf(
  rules: Rules,
  board: WireBoard,
  facts: { readonly score: number; readonly status: RankedStatus; readonly moves: number },
  ids: IdSource,
): Position {
  const tileIds = board.map((row) => row.map((value) => (value === 0 ? 0 : ids())));
  const { score, status, moves } = facts;
  return { rules, board: board.map((row) => row.slice()), ids: tileIds, score, status, moves };
}

/** The key of a merge by the tiles it absorbed, so a rebuilt merge can keep its id. */
const mergeKeyOf = (from: readonly number[]): string => [...from].sort((a, b) => a - b).join(',');

/** What a slide did: the position after it (no spawn yet) and its events, for views. */
export interface Slid {
  readonly position: Position;
  /** `slide` and `merge` events, as the engine's `step` gives them, without the spawn. */
  readonly events: readonly TileEvent[];
  readonly gained: number;
  readonly moved: boolean;
}

/**
 * Slide every tile in `direction` with the engine's slide: the tiles keep their ids, a merged
 * tile gets one from `ids` (keyed by the ids it absorbed). No tile spawns: that is the server's.
 * The score follows the rules; the status and the move count stay as they were.
 *
 * @example
 * const { position, events } = slidePosition(start, 'left', countIds(3));
 * // events: [{ type: 'slide', id: 2, value: 2, from: [0, 1], to: [0, 0] }, …]
 */
export function slidePosition(position: Position, direction: Direction, ids: IdSource): Slid {
  const { rules } = position;
  const trace = traceSlide(position.board, direction, rules.merge);
  const events: TileEvent[] = [];
  const tileIds = grid(rules.size);
  const mergedAt = new Set(trace.merges.map((merge) => merge.at.join()));
  const idAt = ([row, col]: Cell): number => position.ids[row]?.[col] ?? 0;
  for (const { from, to } of trace.moves) {
    const id = idAt(from);
    if (from[0] !== to[0] || from[1] !== to[1]) {
      const value = position.board[from[0]]?.[from[1]] ?? 0;
      events.push({ type: 'slide', id, value, from, to });
    }
    if (!mergedAt.has(to.join())) setAt(tileIds, to, id);
  }
  for (const merge of trace.merges) {
    const from = merge.from.map(idAt);
    const id = ids(mergeKeyOf(from));
    setAt(tileIds, merge.at, id);
    events.push({ type: 'merge', id, value: merge.value, at: merge.at, from });
  }
  const score = scoreAfter(rules, trace.board, position.score, trace.gained);
  return {
    position: { ...position, board: trace.board, ids: tileIds, score },
    events,
    gained: trace.gained,
    moved: trace.moved,
  };
}

/**
 * Put the server's new tile on a slid position with an id from `ids`; null when its cell is
 * taken (the server and the client disagree).
 *
 * @example
 * placeSpawn(slid.position, { row: 0, col: 3, value: 2 }, countIds(9))
 * // { position, event: { type: 'spawn', id: 9, value: 2, at: [0, 3] } }
 */
export function placeSpawn(
  position: Position,
  spawn: WireSpawn,
  ids: IdSource,
): { position: Position; event: TileEvent } | null {
  const at: Cell = [spawn.row, spawn.col];
  if ((position.board[spawn.row]?.[spawn.col] ?? -1) !== 0) return null;
  const board = position.board.map((row) => row.slice());
  const tileIds = position.ids.map((row) => row.slice());
  const id = ids();
  setAt(board, at, spawn.value);
  setAt(tileIds, at, id);
  const score = scoreAfter(position.rules, board, position.score, 0);
  return {
    position: { ...position, board, ids: tileIds, score },
    event: { type: 'spawn', id, value: spawn.value, at },
  };
}

/** What the server said a move made of the board. */
export interface ServerMove {
  readonly direction: Direction;
  readonly board: WireBoard;
  readonly score: number;
  readonly moved: boolean;
  readonly spawn: WireSpawn | null;
  readonly status: RankedStatus;
  readonly moves: number;
}

/** A move the server made, replayed on the client's board and checked. */
export interface FollowedMove extends Slid {
  /** The spawn event, or null when the server placed no tile. */
  readonly spawn: TileEvent | null;
}

/**
 * Replay a move the server reports on `position`: the engine's slide, then the server's spawn;
 * null unless the result is exactly the server's board, score and `moved`. The status and
 * the move count are the server's.
 *
 * @example
 * const followed = followMove(position, answer, countIds(20));
 * if (followed === null) resync();
 */
export function followMove(
  position: Position,
  move: ServerMove,
  ids: IdSource,
): FollowedMove | null {
  const slid = slidePosition(position, move.direction, ids);
  if (slid.moved !== move.moved) return null;
  const spawned = move.spawn === null ? null : placeSpawn(slid.position, move.spawn, ids);
  if (move.spawn !== null && spawned === null) return null;
  const after = spawned?.position ?? slid.position;
  if (!sameBoard(after.board, move.board) || after.score !== move.score) return null;
  return {
    ...slid,
    position: { ...after, status: move.status, moves: move.moves },
    spawn: spawned?.event ?? null,
  };
}
