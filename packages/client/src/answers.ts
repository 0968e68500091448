// Every answer of the ranked-game API checked against its wire type (common's rankedApi.ts):
// each reader gives the typed value, or null for a body of any other shape, which the caller
// reports as `ERR_RESPONSE`. Nothing from the server reaches the game unchecked.

import {
  type CreateGameAnswer,
  type EndEvent,
  isCount,
  isOneOf,
  isRankedId,
  isRankedRules,
  isRankedSize,
  isRecord,
  type LiveGame,
  type MoveAnswer,
  type MoveEvent,
  RANKED_DIRECTIONS,
  RANKED_END_STATUSES,
  RANKED_STATUSES,
  type RankedDirection,
  type RankedStatus,
  type RecordAnswer,
  type ResumeAnswer,
  type ScoreAnswer,
  type StateEvent,
  type WireBoard,
  type WireSpawn,
} from '@twenty48/common';
import { isSquareBoard, isTileValue, MAX_SIZE, MIN_SIZE } from '@twenty48/engine';

const isObject = isRecord;
const isId = isRankedId;
const oneOf =
  <T extends string>(values: readonly T[]) =>
  (x: unknown): x is T =>
    isOneOf(values, x);

/** Kept here so the client's answers re-export it; the one check lives in common. */
export { isRankedRules };
export const isRankedStatus = oneOf<RankedStatus>(RANKED_STATUSES);
export const isRankedDirection = oneOf<RankedDirection>(RANKED_DIRECTIONS);
const isEndStatus = oneOf(RANKED_END_STATUSES);

/** A tile value: 0 (empty) or a power of two up to the engine's largest tile. */
const isTile = isTileValue;

/**
 * A square board of tiles, `size` by `size` when given (else any size the engine plays); null
 * for anything else.
 *
 * @example
 * parseBoard([[0, 2], [4, 0]])    // [[0, 2], [4, 0]]
 * parseBoard([[0, 3], [4, 0]])    // null: 3 is no tile
 * parseBoard([[0, 2], [4, 0]], 3) // null: not 3 by 3
 */
export function parseBoard(x: unknown, size?: number): WireBoard | null {
  if (!Array.isArray(x)) return null;
  const n = x.length;
  if (n < MIN_SIZE || n > MAX_SIZE || (size !== undefined && n !== size)) return null;
  return isSquareBoard(x, n) ? x.map((row) => row.slice()) : null;
}

/** `{ row, col, value }` on a board of `size`, or null (no spawn) when `x` is null. */
function parseSpawn(x: unknown, size: number): WireSpawn | null | undefined {
  if (x === null) return null;
  if (!isObject(x)) return undefined;
  const { row, col, value } = x;
  return isCount(row) && row < size && isCount(col) && col < size && isTile(value) && value > 0
    ? { row, col, value }
    : undefined;
}

/**
 * `201` to `POST /api/games`: the ids, the board of the size asked for, the score, the status.
 *
 * @example
 * parseCreateAnswer({ gameId: 'g1', watchId: 'w1', board, score: 0, status: 'playing' }, 4)
 */
export function parseCreateAnswer(x: unknown, size: number): CreateGameAnswer | null {
  if (!isObject(x)) return null;
  const board = parseBoard(x.board, size);
  const { gameId, watchId, score, status } = x;
  if (!isId(gameId) || !isId(watchId) || board === null) return null;
  if (!isCount(score) || !isRankedStatus(status)) return null;
  return { gameId, watchId, board, score, status };
}

/**
 * `200` to a move, on a board of `size`.
 *
 * @example
 * parseMoveAnswer({ board, score: 4, gained: 4, moved: true, spawn: { row: 0, col: 1, value: 2 }, status: 'playing', index: 0, moves: 1 }, 4)
 */
export function parseMoveAnswer(x: unknown, size: number): MoveAnswer | null {
  if (!isObject(x)) return null;
  const board = parseBoard(x.board, size);
  const spawn = parseSpawn(x.spawn, size);
  const { score, gained, moved, status, index, moves } = x;
  if (board === null || spawn === undefined || typeof moved !== 'boolean') return null;
  if (!isCount(score) || !isCount(gained) || !isRankedStatus(status)) return null;
  if (!isCount(index) || !isCount(moves)) return null;
  return { board, score, gained, moved, spawn, status, index, moves };
}

/**
 * `200` to `GET /api/games/:gameId`: what a client needs to go on with a game.
 *
 * @example
 * parseResumeAnswer({ gameId, watchId, rules: 'classic', size: 4, board, score: 0, status: 'playing', sent: 0, moves: 0 })
 */
export function parseResumeAnswer(x: unknown): ResumeAnswer | null {
  if (!isObject(x)) return null;
  const { gameId, watchId, rules, size, score, status, sent, moves, scoreId } = x;
  if (!isId(gameId) || !isId(watchId) || !isRankedRules(rules) || !isRankedSize(size)) return null;
  const board = parseBoard(x.board, size);
  if (board === null || !isCount(score) || !isRankedStatus(status)) return null;
  if (!isCount(sent) || !isCount(moves) || (scoreId !== undefined && !isCount(scoreId))) {
    return null;
  }
  const answer = { gameId, watchId, rules, size, board, score, status, sent, moves };
  return scoreId === undefined ? answer : { ...answer, scoreId };
}

/** One entry of the live list, or null. */
function parseLiveGame(x: unknown): LiveGame | null {
  if (!isObject(x)) return null;
  const { watchId, rules, size, score, maxTile, moves, status, updatedAt } = x;
  if (!isId(watchId) || !isRankedRules(rules) || !isRankedSize(size)) return null;
  if (!isCount(score) || !isTile(maxTile) || !isCount(moves) || !isRankedStatus(status)) {
    return null;
  }
  if (typeof updatedAt !== 'string' || updatedAt.length > 40) return null;
  return { watchId, rules, size, score, maxTile, moves, status, updatedAt };
}

/**
 * `200` to `GET /api/games/live`: the games in progress, best score first. An entry of the
 * wrong shape makes the whole answer wrong, as the list is the server's own.
 *
 * @example
 * parseLiveList([{ watchId: 'w1', rules: 'classic', size: 4, score: 96, maxTile: 16, moves: 40, status: 'playing', updatedAt: '2026-11-26T03:00:00.000Z' }])
 */
export function parseLiveList(x: unknown): LiveGame[] | null {
  if (!Array.isArray(x)) return null;
  const games = x.map(parseLiveGame);
  return games.every((game): game is LiveGame => game !== null) ? games : null;
}

/**
 * `201` to `POST /api/scores`: the score's id, its rank, score and largest tile.
 *
 * @example
 * parseScoreAnswer({ id: 7, rank: 2, score: 196, maxTile: 32 }) // the same, checked
 */
export function parseScoreAnswer(x: unknown): ScoreAnswer | null {
  if (!isObject(x)) return null;
  const { id, rank, score, maxTile } = x;
  return isCount(id) && isCount(rank) && rank >= 1 && isCount(score) && isTile(maxTile)
    ? { id, rank, score, maxTile }
    : null;
}

/**
 * `200` to `GET /api/scores/:id/record`: a record to replay with the engine (`parseRecord`
 * checks it in full; this checks only its shape).
 *
 * @example
 * parseRecordAnswer({ version: 1, rules: 'classic', seed: '9', moves: 'LUR' })
 */
export function parseRecordAnswer(x: unknown): RecordAnswer | null {
  if (!isObject(x)) return null;
  const { version, rules, seed, moves } = x;
  if (!isCount(version) || typeof seed !== 'string' || typeof moves !== 'string') return null;
  if (typeof rules === 'string') return { version, rules, seed, moves };
  return isObject(rules) ? { version, rules, seed, moves } : null;
}

/**
 * The `state` event of the live stream.
 *
 * @example
 * parseStateEvent({ watchId: 'w1', rules: 'classic', size: 4, board, score: 0, status: 'playing', moves: 0 })
 */
export function parseStateEvent(x: unknown): StateEvent | null {
  if (!isObject(x)) return null;
  const { watchId, rules, size, score, status, moves } = x;
  if (!isId(watchId) || !isRankedRules(rules) || !isRankedSize(size)) return null;
  const board = parseBoard(x.board, size);
  if (board === null || !isCount(score) || !isRankedStatus(status) || !isCount(moves)) return null;
  return { watchId, rules, size, board, score, status, moves };
}

/**
 * A `move` event of the live stream, on a board of `size`.
 *
 * @example
 * parseMoveEvent({ direction: 'left', board, score: 4, gained: 4, moved: true, spawn: null, status: 'playing', moves: 1 }, 4)
 */
export function parseMoveEvent(x: unknown, size: number): MoveEvent | null {
  if (!isObject(x)) return null;
  const board = parseBoard(x.board, size);
  const spawn = parseSpawn(x.spawn, size);
  const { direction, score, gained, moved, status, moves } = x;
  if (!isRankedDirection(direction) || board === null || spawn === undefined) return null;
  if (!isCount(score) || !isCount(gained) || typeof moved !== 'boolean') return null;
  if (!isRankedStatus(status) || !isCount(moves)) return null;
  return { direction, board, score, gained, moved, spawn, status, moves };
}

/**
 * The `end` event of the live stream.
 *
 * @example
 * parseEndEvent({ status: 'lost', score: 1024 }) // { status: 'lost', score: 1024 }
 */
export function parseEndEvent(x: unknown): EndEvent | null {
  if (!isObject(x)) return null;
  const { status, score, scoreId } = x;
  if (!isEndStatus(status) || !isCount(score)) return null;
  if (scoreId === undefined) return { status, score };
  return isCount(scoreId) ? { status, score, scoreId } : null;
}
