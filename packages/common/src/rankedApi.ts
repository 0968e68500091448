import { isOneOf } from './records.js';
/**
 * The ranked-game API on the wire: every request, answer and stream event of the games the
 * server deals, its error codes and its limits. The server, the browser and the terminal all
 * import these, so the three agree by construction. Plain types and constants only: boards are
 * `number[][]` (rows top to bottom, 0 for an empty cell), rules are named by their preset.
 *
 * The flow: `POST /api/games` creates a game and answers two ids, the private `gameId` (whoever
 * holds it can play) and the public `watchId` (it can only watch). Moves go to
 * `POST /api/games/:gameId/moves`; the server spawns every tile, so no client can foresee one.
 * The seed stays on the server until the game is lost; then `POST /api/scores` ranks it once and
 * `GET /api/scores/:id/record` publishes the record for anyone to replay.
 */

/** The directions of a move, as the body of a move names them. */
export const RANKED_DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
export type RankedDirection = (typeof RANKED_DIRECTIONS)[number];

/** The rules the ranked tables keep (the engine's presets, by name). */
export const RANKED_RULES = ['classic', 'fiveTwelve', 'tiers'] as const;
export type RankedRules = (typeof RANKED_RULES)[number];

/** The longest game or watch id the server accepts or deals (it deals 22-letter base64url ids). */
export const RANKED_ID_MAX_LENGTH = 64;
const RANKED_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

/** True when `x` is a well-formed game or watch id: 1 to 64 letters, digits, `_` or `-`. */
export const isRankedId = (x: unknown): x is string =>
  typeof x === 'string' &&
  x.length > 0 &&
  x.length <= RANKED_ID_MAX_LENGTH &&
  RANKED_ID_PATTERN.test(x);

/** True when `rules` names rules the ranked tables keep (the server's and the client's one check). */
export const isRankedRules = (rules: unknown): rules is RankedRules => isOneOf(RANKED_RULES, rules);

/**
 * A game's status as the engine says it: `won` means the goal was reached and play goes on;
 * `lost` means no move is left, the end.
 */
export const RANKED_STATUSES = ['playing', 'won', 'lost'] as const;
export type RankedStatus = (typeof RANKED_STATUSES)[number];

/**
 * How a game ended, in the stream's `end` event: `lost` (played to the end), `expired` (idle
 * too long), `abandoned` (closed to make room for a newer game of the same client, which older
 * servers did; a paused game is no longer closed so).
 */
export const RANKED_END_STATUSES = ['lost', 'abandoned', 'expired'] as const;
export type RankedEndStatus = (typeof RANKED_END_STATUSES)[number];

/** A board: rows top to bottom, each cell a tile value or 0 for empty. */
export type WireBoard = readonly (readonly number[])[];

/** The tile the server placed after a move (row and column from 0, top left). */
export interface WireSpawn {
  readonly row: number;
  readonly col: number;
  readonly value: number;
}

// --- Requests ---------------------------------------------------------------------------------

/** `POST /api/games`: a preset and a ranked board size (`MIN_RANKED_SIZE`..`MAX_RANKED_SIZE`). */
export interface CreateGameRequest {
  readonly rules: RankedRules;
  readonly size: number;
}

/**
 * `POST /api/games/:gameId/moves`. `index` is optional: the 0-based number of this move among
 * every move the client has sent for this game (moves that do not change the board count too).
 * With it, moves are applied strictly in index order (an early one waits for the missing ones,
 * up to `RANKED_MOVE_ORDER_WAIT_MS`, then 409 `ERR_MOVE_ORDER`) and a replayed index gets the
 * answer it got the first time without being applied again. Without it, moves are applied in
 * the order they arrive, one at a time.
 */
export interface MoveRequest {
  readonly direction: RankedDirection;
  readonly index?: number;
}

/**
 * `POST /api/scores`: rank a lost game once, under a name (common's `parseName` rule). The
 * record ranked is the server's own; the client sends no record.
 */
export interface ScoreRequest {
  readonly gameId: string;
  readonly name: string;
}

// --- Answers ----------------------------------------------------------------------------------

/** 201 to `POST /api/games`. Never the seed nor the generator's state. */
export interface CreateGameAnswer {
  /** Private: at least 128 random bits, base64url. Whoever holds it can play the game. */
  readonly gameId: string;
  /** Public: it can watch the game (`/api/games/:watchId/events`), never play it. */
  readonly watchId: string;
  readonly board: WireBoard;
  readonly score: number;
  readonly status: RankedStatus;
}

/** 200 to a move. */
export interface MoveAnswer {
  readonly board: WireBoard;
  readonly score: number;
  /** The value of the tiles merges made in this move. */
  readonly gained: number;
  /** Whether any tile slid or merged (the engine's `moved`). */
  readonly moved: boolean;
  /**
   * The tile the server placed, or null: a move that changes nothing under rules that ignore
   * such moves (classic, tiers) spawns nothing and is not recorded.
   */
  readonly spawn: WireSpawn | null;
  readonly status: RankedStatus;
  /**
   * The 0-based index of this move among the moves sent (the request's `index`, or the one the
   * server gave it by arrival); the next move expected is `index + 1`.
   */
  readonly index: number;
  /** How many moves count in the game's record so far. */
  readonly moves: number;
}

/** 200 to `GET /api/games/:gameId` (the private id only): enough to resume after a reload. */
export interface ResumeAnswer {
  readonly gameId: string;
  readonly watchId: string;
  readonly rules: RankedRules;
  readonly size: number;
  readonly board: WireBoard;
  readonly score: number;
  readonly status: RankedStatus;
  /** How many moves the server has applied from this client: the next `index` it expects. */
  readonly sent: number;
  /** How many moves count in the game's record so far. */
  readonly moves: number;
  /** The score's id once the game is ranked (its record is then public), else absent. */
  readonly scoreId?: number;
}

/** One entry of `GET /api/games/live` (an array of them, best score first). No gameId. */
export interface LiveGame {
  readonly watchId: string;
  readonly rules: RankedRules;
  readonly size: number;
  readonly score: number;
  readonly maxTile: number;
  /** How many moves count in the record so far. */
  readonly moves: number;
  readonly status: RankedStatus;
  /** When the last move was applied (or the game created), ISO 8601. */
  readonly updatedAt: string;
}

export type LiveListAnswer = readonly LiveGame[];

/** 201 to `POST /api/scores`. */
export interface ScoreAnswer {
  /** The score's id: `GET /api/scores/:id/record` serves its record. */
  readonly id: number;
  /** 1 is the best, within the game's rules and size. */
  readonly rank: number;
  readonly score: number;
  readonly maxTile: number;
}

/**
 * 200 to `GET /api/scores/:id/record`: the engine's record of a finished game, for
 * `2048 replay`. `rules` is a preset's name, or the rules in full for another board size.
 */
export interface RecordAnswer {
  readonly version: number;
  readonly rules: string | { readonly [key: string]: unknown };
  readonly seed: string;
  /** One letter per move that counted: `U`, `D`, `L`, `R`. */
  readonly moves: string;
}

// --- The live stream (Server-Sent Events) -----------------------------------------------------

/**
 * `GET /api/games/:id/events` (a watchId, or the gameId) streams, as `text/event-stream`:
 * one `state` first, then a `move` per applied move, in order, then `end` when the game ends
 * (the stream closes after it), and a comment line `: keep-alive` every
 * `RANKED_KEEP_ALIVE_MS`. A client draws the slide itself with the engine's `slide` from the
 * previous board and the direction, so the stream carries no tile ids. A watcher that reads
 * too slowly (more than `RANKED_WATCHER_QUEUE_BYTES` waiting for it) is sent `dropped` and the
 * stream closes: it may connect again, and starts from a fresh `state`.
 */
export const RANKED_EVENT_NAMES = ['state', 'move', 'end', 'dropped'] as const;
export type RankedEventName = (typeof RANKED_EVENT_NAMES)[number];

/** `event: state`: the game as it is when the watcher joins. */
export interface StateEvent {
  readonly watchId: string;
  readonly rules: RankedRules;
  readonly size: number;
  readonly board: WireBoard;
  readonly score: number;
  readonly status: RankedStatus;
  readonly moves: number;
}

/** `event: move`: one applied move (a replayed index is not sent again). */
export interface MoveEvent {
  readonly direction: RankedDirection;
  readonly board: WireBoard;
  readonly score: number;
  readonly gained: number;
  readonly moved: boolean;
  readonly spawn: WireSpawn | null;
  readonly status: RankedStatus;
  readonly moves: number;
}

/** `event: end`: the game is over; `scoreId` once it is ranked. */
export interface EndEvent {
  readonly status: RankedEndStatus;
  readonly score: number;
  readonly scoreId?: number;
}

/**
 * `event: dropped`: the server let this watcher go, its last event; the stream closes after it.
 * `ERR_WATCHER_TOO_SLOW`: more than `RANKED_WATCHER_QUEUE_BYTES` were waiting to be read.
 */
export interface DroppedEvent {
  readonly error: 'ERR_WATCHER_TOO_SLOW';
  readonly message: string;
}

/** Each event name with the shape of its `data:` line (JSON). */
export interface RankedEvents {
  readonly state: StateEvent;
  readonly move: MoveEvent;
  readonly end: EndEvent;
  readonly dropped: DroppedEvent;
}

// --- Errors -----------------------------------------------------------------------------------

/**
 * Every error the API answers, with its HTTP status. The body of each is an `ErrorAnswer`.
 * 429 and 503 answers carry a `Retry-After` header (whole seconds).
 */
export const RANKED_ERROR_STATUS = {
  /** The body is not JSON. */
  ERR_JSON: 400,
  /** The body or a field has the wrong shape (a direction that is not one, a bad index…). */
  ERR_BODY: 400,
  /** A query string of the wrong shape. */
  ERR_QUERY: 400,
  /** No game with this id (never created, or forgotten long after it ended). */
  ERR_UNKNOWN_GAME: 404,
  ERR_NOT_FOUND: 404,
  ERR_METHOD_NOT_ALLOWED: 405,
  /** A move on a lost game. */
  ERR_GAME_OVER: 409,
  /**
   * A move whose `index` cannot be applied in order: the missing earlier moves did not come in
   * time, it is too far ahead, or another move already took that index.
   */
  ERR_MOVE_ORDER: 409,
  /** `POST /api/scores` for a game still being played. */
  ERR_NOT_FINISHED: 409,
  /** `POST /api/scores` for a game already ranked: each game ranks once. */
  ERR_GAME_USED: 409,
  /** The game was closed: idle too long, or abandoned for a newer game of the same client. */
  ERR_GAME_EXPIRED: 410,
  ERR_TOO_LARGE: 413,
  ERR_CONTENT_TYPE: 415,
  /** Rules the ranked tables do not keep. */
  ERR_UNKNOWN_RULES: 422,
  /** A board size the ranked tables do not keep. */
  ERR_SIZE: 422,
  /** A name refused by the name rule (`parseName`). */
  ERR_NAME: 422,
  /** A client-made record sent to `POST /api/scores`: ranked games are played on the server. */
  ERR_FLOW_CHANGED: 422,
  /** Too many requests (moves, games, scores) from this client; see Retry-After. */
  ERR_RATE_LIMIT: 429,
  /**
   * This player has `RANKED_GAMES_PER_PLAYER` games in progress, or this address
   * `RANKED_GAMES_PER_ADDRESS`: none is closed to make room. The answer's `open` lists the
   * player's games in progress, to resume one.
   */
  ERR_TOO_MANY_GAMES: 429,
  /** The `x-twenty48-player` header is not a player token (22 base64url characters). */
  ERR_PLAYER_TOKEN: 400,
  /** The server holds `RANKED_MAX_GAMES_IN_PROGRESS` games; see Retry-After. */
  ERR_SERVER_FULL: 503,
  /** Too many watchers on one game, or on the server. */
  ERR_TOO_MANY_WATCHERS: 503,
  /** The database is damaged or failing (see `/api/health`). */
  ERR_DB_CORRUPT: 503,
  ERR_DB_FAILED: 503,
  /** The server is still opening its database. */
  ERR_STARTING: 503,
  ERR_INTERNAL: 500,
} as const;

export type RankedErrorCode = keyof typeof RANKED_ERROR_STATUS;

/** A game in progress of the player, named by a refusal so they can resume it. */
export interface OpenGame {
  /** The game's private id: `GET /api/games/:gameId` resumes it. */
  readonly gameId: string;
  readonly watchId: string;
  readonly rules: RankedRules;
  readonly size: number;
  readonly moves: number;
  readonly score: number;
  /** Where to resume it: `/api/games/:gameId`, under the server's address. */
  readonly resume: string;
}

/**
 * The body of every error: a named code and a sentence for people; `ERR_TOO_MANY_GAMES` adds
 * `open`, the asking player's games in progress (latest first; empty when the address, not
 * the player, is at its limit).
 */
export interface ErrorAnswer {
  readonly error: RankedErrorCode | (string & {});
  readonly message: string;
  readonly open?: readonly OpenGame[];
}

// --- Players ----------------------------------------------------------------------------------

/**
 * The header that names the player: a token of 128 random bits the player's client makes once
 * and keeps (the browser in localStorage, the terminal in its data directory), 22 base64url
 * characters. The per-player limits count by it; the per-address limits count every request
 * from the address whatever its token, so a token lifts no limit against abuse. Without one,
 * the player is the address.
 */
export const RANKED_PLAYER_HEADER = 'x-twenty48-player';

const PLAYER_TOKEN = /^[A-Za-z0-9_-]{22}$/;

/**
 * Whether `value` is a player token (22 base64url characters).
 *
 * @example
 * isPlayerToken('L7Db04WyctE0dy2blS9cAw') // true
 * isPlayerToken('me')                     // false
 */
export const isPlayerToken = (value: unknown): value is string =>
  typeof value === 'string' && PLAYER_TOKEN.test(value);

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A new player token from 16 random bytes (`crypto.getRandomValues` in the browser,
 * `randomBytes` in Node): their base64url spelling, 22 characters.
 *
 * @example
 * makePlayerToken(new Uint8Array(16)) // 'AAAAAAAAAAAAAAAAAAAAAA'
 */
export function makePlayerToken(random: Uint8Array): string {
  if (random.length !== 16) throw new RangeError('a player token is made of 16 random bytes');
  let bits = 0;
  let count = 0;
  let token = '';
  for (const byte of random) {
    bits = (bits << 8) | byte;
    count += 8;
    while (count >= 6) {
      count -= 6;
      token += BASE64URL[(bits >> count) & 63];
    }
    bits &= (1 << count) - 1;
  }
  return token + BASE64URL[(bits << (6 - count)) & 63];
}

// --- Limits -----------------------------------------------------------------------------------

/**
 * Games one player (one token; without a token, one address) may have in progress at once. One
 * more is 429 ERR_TOO_MANY_GAMES naming the open ones: a paused game is never closed to make
 * room.
 */
export const RANKED_GAMES_PER_PLAYER = 5;

/** Games one address may have in progress, all its players together (a family, a class). */
export const RANKED_GAMES_PER_ADDRESS = 20;

/**
 * An address's rates (moves, new games, scores) are this many times one player's: several
 * players behind one address each get their own rate, and together no more than this.
 */
export const RANKED_ADDRESS_SHARE = 4;

/** Games in progress on the whole server; one more is 503 ERR_SERVER_FULL with Retry-After. */
export const RANKED_MAX_GAMES_IN_PROGRESS = 10_000;

/** A game with no move for this long is closed (`expired`) and can no longer be played. */
export const RANKED_IDLE_EXPIRY_MS = 24 * 60 * 60 * 1000;

/**
 * Moves one client may send per second, over all its games, on average; `RANKED_MOVE_BURST`
 * more may come at once (a pipelined client catching up). A human makes under 10 a second.
 */
export const RANKED_MOVES_PER_SECOND = 60;
export const RANKED_MOVE_BURST = 120;

/** New games one client may create per minute. */
export const RANKED_GAMES_PER_MINUTE = 120;

/** Score submissions one client may make per minute. */
export const RANKED_SCORES_PER_MINUTE = 30;

/** How long a move sent ahead of its turn (by `index`) waits for the missing earlier ones. */
export const RANKED_MOVE_ORDER_WAIT_MS = 5_000;

/** How far ahead of the next expected index a move may be; further is 409 ERR_MOVE_ORDER. */
export const RANKED_MAX_MOVES_AHEAD = 128;

/** The most moves one game may be sent (far beyond any real game: 131072 takes ~60,000). */
export const RANKED_MAX_MOVES_PER_GAME = 1_000_000;

/** Watchers one game may have at once, and streams the whole server may hold. */
export const RANKED_WATCHERS_PER_GAME = 100;
export const RANKED_MAX_STREAMS = 2_000;
/**
 * How long a watcher turned away (`ERR_TOO_MANY_WATCHERS`) is told to wait (Retry-After), and
 * the longest a watching page waits before it opens a broken stream again.
 */
export const RANKED_WATCH_RETRY_MS = 30_000;

/**
 * The most bytes of events one watcher's stream may have waiting for it (beyond what the
 * connection itself holds); past it the watcher is sent `dropped` and let go, so a watcher
 * that never reads costs the server at most this much.
 */
export const RANKED_WATCHER_QUEUE_BYTES = 256 * 1024;

/**
 * How long a dropped watcher's connection is left to read its last events; then it is cut.
 */
export const RANKED_DROPPED_LINGER_MS = 10_000;

/** The most entries `GET /api/games/live` lists. */
export const RANKED_LIVE_LIST_LENGTH = 50;

/** How often the live stream sends `: keep-alive`, so proxies keep an idle stream open. */
export const RANKED_KEEP_ALIVE_MS = 15_000;
