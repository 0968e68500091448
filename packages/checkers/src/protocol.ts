import { isRecord, mapResult } from '@twenty48/common';
import { crc32 } from './crc32.js';
import { makeFen, parseFen } from './fen.js';
import type { Game } from './game.js';
import { type LevelLimits, searchVaried } from './levels.js';
import { applyMove, legalMoves } from './moves.js';
import { moveToPdn } from './pdn.js';
import { DEFAULT_SEARCH_MS, searchBest } from './search.js';
import { type Failure, fail, type Move, ok, type Position, type Result } from './types.js';

/**
 * The search worker's protocol, one home for the terminal (Node worker_threads) and the browser
 * (a Web Worker): a request is plain data (a FEN, limits, the earlier positions as FENs), a
 * reply is plain data (the move in PDN and its path, or a named error). Both sides post them
 * with `postMessage` as they are; the worker answers each request with `handleSearchRequest`.
 *
 * ```ts
 * // the worker
 * onmessage = (event) => postMessage(handleSearchRequest(event.data));
 * ```
 */

/** A question to the search worker. */
export interface SearchRequest {
  /** Chosen by the asker, echoed in the reply: a whole number 0..2^53-1. */
  readonly id: number;
  /** The position to search, in PDN FEN. */
  readonly fen: string;
  /** Search exactly this deep (1..`MAX_REQUEST_DEPTH` plies). */
  readonly depth?: number;
  /** Time budget in milliseconds (1..`MAX_REQUEST_MS`); neither limit: 1000 ms. */
  readonly ms?: number;
  /** FENs of the game's earlier positions, oldest first (at most `MAX_REQUEST_HISTORY`). */
  readonly history?: readonly string[];
  /** With `depth`: choose at random among the moves scored at most this far below the best
   * (0..`MAX_REQUEST_MARGIN`, a man = 100), the beginner level's varied play. */
  readonly margin?: number;
  /** The varied choice's seed, a whole number 0..2^32-1 (default 0): same seed, same move. */
  readonly seed?: number;
}

/** The worker's answer: the move to play, or why there is none. */
export type SearchReply =
  | {
      readonly id: number;
      readonly ok: true;
      /** The move in PDN, every landing square named (`22x15x6`). */
      readonly move: string;
      /** The squares the piece stands on, from where it starts to where it ends. */
      readonly path: readonly number[];
      /** For the side to move, a man = 100 (`WIN_SCORE - n` a win in n plies). */
      readonly score: number;
      readonly depth: number;
      readonly nodes: number;
      /** The expected line in PDN, starting with `move` (the analysis board shows it). */
      readonly pv: readonly string[];
    }
  | { readonly id: number; readonly ok: false; readonly error: Failure<SearchErrorCode> };

/** Every error a reply can carry. */
export const SEARCH_ERROR_CODES = [
  'ERR_REQUEST',
  'ERR_ID',
  'ERR_FEN',
  'ERR_DEPTH',
  'ERR_MS',
  'ERR_HISTORY',
  'ERR_MARGIN',
  'ERR_SEED',
  'ERR_GAME_OVER',
  'ERR_INTERNAL',
] as const;
export type SearchErrorCode = (typeof SEARCH_ERROR_CODES)[number];

/** The deepest fixed-depth search a request may ask for. */
export const MAX_REQUEST_DEPTH = 40;
/** The longest time budget a request may ask for: one minute. */
export const MAX_REQUEST_MS = 60_000;
/** The most a varied choice may give up: ten men. */
export const MAX_REQUEST_MARGIN = 1000;
/** The deepest search a varied choice may ask for (it searches every root move). */
export const MAX_VARIED_DEPTH = 12;
/** The most earlier positions a request may carry. */
export const MAX_REQUEST_HISTORY = 1000;
/** The longest FEN a request may carry (the longest real one is about 120 characters). */
export const MAX_FEN_LENGTH = 256;

/** The id a reply carries when the request's own id could not be read. */
export const UNKNOWN_ID = -1;

const FIELDS = new Set(['id', 'fen', 'depth', 'ms', 'history', 'margin', 'seed']);

function readFen(
  text: unknown,
  code: 'ERR_FEN' | 'ERR_HISTORY',
  where: string,
): Result<{ readonly fen: string; readonly position: Position }, SearchErrorCode> {
  if (typeof text !== 'string') return fail(code, `${where} must be a FEN string`);
  if (text.length > MAX_FEN_LENGTH)
    return fail(code, `${where} is ${text.length} characters long; at most ${MAX_FEN_LENGTH}`);
  const position = parseFen(text);
  if (!position.ok) return fail(code, `${where}: ${position.error.message}`);
  return ok({ fen: text, position: position.value });
}

// A request checked, with its positions parsed once.
interface CheckedRequest {
  readonly request: SearchRequest;
  readonly position: Position;
  readonly history: readonly Position[];
}

function checkRequest(data: unknown): Result<CheckedRequest, SearchErrorCode> {
  if (!isRecord(data)) return fail('ERR_REQUEST', 'a search request is an object { id, fen, ... }');
  for (const key of Object.keys(data))
    if (!FIELDS.has(key))
      return fail(
        'ERR_REQUEST',
        `unknown field "${key.slice(0, 40)}": expected id, fen, depth, ms, history, margin, seed`,
      );
  const { id, fen, depth, ms, history, margin, seed } = data;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0)
    return fail('ERR_ID', 'id must be a whole number 0 or more');
  const read = readFen(fen, 'ERR_FEN', 'fen');
  if (!read.ok) return read;
  if (
    depth !== undefined &&
    (typeof depth !== 'number' ||
      !Number.isInteger(depth) ||
      depth < 1 ||
      depth > MAX_REQUEST_DEPTH)
  )
    return fail('ERR_DEPTH', `depth must be a whole number of plies, 1 to ${MAX_REQUEST_DEPTH}`);
  if (ms !== undefined && (typeof ms !== 'number' || !(ms >= 1 && ms <= MAX_REQUEST_MS)))
    return fail('ERR_MS', `ms must be a number of milliseconds, 1 to ${MAX_REQUEST_MS}`);
  if (
    margin !== undefined &&
    (typeof margin !== 'number' ||
      !Number.isInteger(margin) ||
      margin < 0 ||
      margin > MAX_REQUEST_MARGIN ||
      typeof depth !== 'number' ||
      depth > MAX_VARIED_DEPTH)
  )
    return fail(
      'ERR_MARGIN',
      `margin must be a whole number 0 to ${MAX_REQUEST_MARGIN}, with a depth of at most ${MAX_VARIED_DEPTH}`,
    );
  if (
    seed !== undefined &&
    (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
  )
    return fail('ERR_SEED', 'seed must be a whole number 0 to 4294967295');
  const fens: string[] = [];
  const earlier: Position[] = [];
  if (history !== undefined) {
    if (!Array.isArray(history)) return fail('ERR_HISTORY', 'history must be an array of FENs');
    if (history.length > MAX_REQUEST_HISTORY)
      return fail(
        'ERR_HISTORY',
        `history has ${history.length} positions; at most ${MAX_REQUEST_HISTORY}`,
      );
    for (let i = 0; i < history.length; i++) {
      const item: unknown = history[i];
      const parsed = readFen(item, 'ERR_HISTORY', `history[${i}]`);
      if (!parsed.ok) return parsed;
      fens.push(parsed.value.fen);
      earlier.push(parsed.value.position);
    }
  }
  const request: SearchRequest = {
    id,
    fen: read.value.fen,
    ...(depth === undefined ? {} : { depth }),
    ...(ms === undefined ? {} : { ms }),
    ...(history === undefined ? {} : { history: fens }),
    ...(margin === undefined ? {} : { margin }),
    ...(seed === undefined ? {} : { seed }),
  };
  return ok({ request, position: read.value.position, history: earlier });
}

/**
 * A request from outside, checked field by field: an object with exactly the known fields,
 * `id` a whole number (`ERR_ID`), `fen` a valid position (`ERR_FEN`), `depth` a whole number
 * 1..40 (`ERR_DEPTH`), `ms` a number 1..60000 (`ERR_MS`), `history` an array of at most 1000
 * valid FENs (`ERR_HISTORY`); anything else, or an unknown field, is `ERR_REQUEST`.
 *
 * @example
 * parseSearchRequest({ id: 1, fen: INITIAL_FEN, ms: 200 }) // ok
 * parseSearchRequest({ id: 1, fen: INITIAL_FEN, depth: 0 }) // fails with ERR_DEPTH
 */
export function parseSearchRequest(data: unknown): Result<SearchRequest, SearchErrorCode> {
  return mapResult(checkRequest(data), (checked) => checked.request);
}

/**
 * A request to a reply, never throwing: the best move in PDN with its path, or a named error
 * (`ERR_GAME_OVER` when the side to move has no legal move, the request's own errors, and
 * `ERR_INTERNAL` for a failure of ours). The reply carries the request's id, or -1 when the id
 * could not be read. A request with a depth and no budget still stops after `MAX_REQUEST_MS`.
 * With `keepTable`, the search keeps its transposition table from the last request (a worker
 * that lives through a game, as the persistent engine does); entries are keyed by the whole
 * position, so a table from another game only misleads move ordering, never the result.
 *
 * @example
 * handleSearchRequest({ id: 7, fen: INITIAL_FEN, depth: 6 })
 * // { id: 7, ok: true, move: '11-15', path: [11, 15], score: ..., depth: 6, nodes: ... }
 */
export function handleSearchRequest(
  data: unknown,
  options: { readonly keepTable?: boolean } = {},
): SearchReply {
  let id = UNKNOWN_ID;
  try {
    if (
      isRecord(data) &&
      typeof data.id === 'number' &&
      Number.isSafeInteger(data.id) &&
      data.id >= 0
    )
      id = data.id;
    const checked = checkRequest(data);
    if (!checked.ok) return { id, ok: false, error: checked.error };
    const { request, position, history } = checked.value;
    const { depth, ms, margin } = request;
    if (margin !== undefined && depth !== undefined) {
      const seed = request.seed ?? 0;
      const chosen = searchVaried(position, { depth, margin, seed, history });
      if (chosen === null) return gameOver(id, position);
      const move = moveToPdn(chosen.move);
      const path = [...chosen.move.path];
      return { id, ok: true, move, path, score: chosen.score, depth, nodes: 0, pv: [move] };
    }
    // A fixed depth still stops at the longest budget: a worker never searches unbounded.
    const result = searchBest(position, {
      ...(depth === undefined ? {} : { depth }),
      ms: ms ?? (depth === undefined ? DEFAULT_SEARCH_MS : MAX_REQUEST_MS),
      history,
      keepTable: options.keepTable === true,
    });
    if (result.move === null) return gameOver(id, position);
    return {
      id,
      ok: true,
      move: moveToPdn(result.move),
      path: [...result.move.path],
      score: result.score,
      depth: result.depth,
      nodes: result.nodes,
      pv: result.pv.map(moveToPdn),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : 'a non-Error was thrown';
    return {
      id,
      ok: false,
      error: { code: 'ERR_INTERNAL', message: `the search failed: ${message}` },
    };
  }
}

// The reply when the side to move has no legal move.
const gameOver = (id: number, position: Position): SearchReply => ({
  id,
  ok: false,
  error: {
    code: 'ERR_GAME_OVER',
    message: `${position.turn} has no legal move in ${makeFen(position)}`,
  },
});

// The asking side, for the terminal's worker thread and the browser's Web Worker alike.

/** How long the computer thinks: a fixed depth, or a time budget per move; with `margin`, a
 * varied choice (`LevelLimits`), seeded by `seed` (or by the game: its position and length). */
export interface SearchLimits extends LevelLimits {
  readonly seed?: number;
}

/** The computer's choice, or null when the side to move has no move. */
export interface SearchAnswer {
  readonly move: Move;
  readonly score: number;
  readonly depth: number;
  readonly nodes: number;
}

/** How many earlier positions go with a question: more can never repeat (80 quiet plies). */
const HISTORY_LIMIT = 128;

/**
 * The position to search in `game` and the positions before it, oldest first: during a capture
 * played jump by jump, the position before the capture (the move is chosen whole).
 *
 * @example
 * searchInput(newGame()) // { position: initialPosition(), history: [] }
 */
export function searchInput(game: Game): { position: Position; history: Position[] } {
  // The positions before the last one, which is the position to search.
  const positions: Position[] = [];
  let position = game.start;
  for (const move of game.moves) {
    positions.push(position);
    position = applyMove(position, move);
  }
  return {
    position: game.jump?.before ?? position,
    history: positions.slice(-HISTORY_LIMIT),
  };
}

/** The question for `game`, as the search protocol takes it. */
export function searchRequest(id: number, game: Game, limits: SearchLimits): SearchRequest {
  const { position, history } = searchInput(game);
  return {
    id,
    fen: makeFen(position),
    ...(limits.depth === undefined ? {} : { depth: limits.depth }),
    ...(limits.ms === undefined ? {} : { ms: limits.ms }),
    history: history.map(makeFen),
    ...(limits.margin === undefined
      ? {}
      : { margin: limits.margin, seed: limits.seed ?? gameSeed(position, history.length) }),
  };
}

// A seed from the game itself: the same game asks the same question, another game another.
function gameSeed(position: Position, plies: number): number {
  const text = `${makeFen(position)} ${plies}`;
  return crc32(Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff));
}

/**
 * The legal move an answer names in `game`, or a one-line reason it names none.
 *
 * @example
 * moveOfReply(newGame(), { id: 1, ok: true, move: '11-15', path: [11, 15], … }) // { move: 11-15, … }
 */
export function moveOfReply(game: Game, reply: SearchReply): SearchAnswer | null | Error {
  if (!reply.ok) {
    if (reply.error.code === 'ERR_GAME_OVER') return null;
    return new Error(`${reply.error.message} (${reply.error.code})`);
  }
  const { position } = searchInput(game);
  const path = reply.path;
  const move = legalMoves(position).find(
    (candidate) =>
      candidate.path.length === path.length && candidate.path.every((s, i) => s === path[i]),
  );
  if (move === undefined) return new Error(`the search answered ${reply.move}, not a legal move`);
  return { move, score: reply.score, depth: reply.depth, nodes: reply.nodes };
}
