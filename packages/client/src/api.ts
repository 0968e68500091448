// One function per route of the ranked-game API, each answer checked (answers.ts) and every
// failure a named `ClientError`. The move pipeline (ranked-game.ts) and the watcher
// (watch.ts) are built on these; a program may call them directly too.

import {
  type CreateGameAnswer,
  isRankedSize,
  type LiveGame,
  MAX_RANKED_SIZE,
  MIN_RANKED_SIZE,
  type MoveAnswer,
  RANKED_MOVE_ORDER_WAIT_MS,
  type RankedDirection,
  type RankedRules,
  type ResumeAnswer,
  type ScoreAnswer,
} from '@twenty48/common';
import {
  isRankedRules,
  parseCreateAnswer,
  parseLiveList,
  parseMoveAnswer,
  parseResumeAnswer,
  parseScoreAnswer,
} from './answers.js';
import {
  apiUrl,
  type ClientResult,
  callApi,
  clientError,
  type Fetch,
  failWith,
  playerHeaders,
  postJson,
} from './http.js';

/** Where the server is and how to reach it. */
export interface ServerLink {
  /** `globalThis.fetch`, or a wrapper of it (a test's script, a proxy). */
  readonly fetch: Fetch;
  /** The server's address: `http://127.0.0.1:8048`, or `.` for the page it served. */
  readonly baseUrl: string;
  /** How long a call may take before it counts as lost (default `DEFAULT_TIMEOUT_MS`). */
  readonly timeoutMs?: number;
  /**
   * The player's token (`makePlayerToken`, kept by the browser or the terminal), sent in
   * `x-twenty48-player` so the server counts this player's limits apart from others at the
   * same address.
   */
  readonly player?: string;
}

/** A preset and a ranked board size. */
export interface RankedVariant {
  readonly rules: RankedRules;
  readonly size: number;
}

/**
 * Long enough for a move sent ahead of its turn, which the server holds until the moves before
 * it arrive (`RANKED_MOVE_ORDER_WAIT_MS`), with room for the network.
 */
export const DEFAULT_TIMEOUT_MS = RANKED_MOVE_ORDER_WAIT_MS + 3000;

const timeoutOf = (link: ServerLink): number => link.timeoutMs ?? DEFAULT_TIMEOUT_MS;
const gamePath = (gameId: string): string => `/api/games/${encodeURIComponent(gameId)}`;

/**
 * `POST /api/games`: a new ranked game of `variant`, dealt by the server.
 *
 * @example
 * const created = await createGame(link, { rules: 'classic', size: 4 });
 * if (created.ok) console.log(created.value.gameId, created.value.board);
 */
export async function createGame(
  link: ServerLink,
  variant: RankedVariant,
): Promise<ClientResult<CreateGameAnswer>> {
  if (!isRankedRules(variant.rules)) {
    return failWith(clientError('ERR_UNKNOWN_RULES', `no ranked rules "${variant.rules}"`));
  }
  if (!isRankedSize(variant.size)) {
    return failWith(
      clientError('ERR_SIZE', `ranked boards are ${MIN_RANKED_SIZE} to ${MAX_RANKED_SIZE}`),
    );
  }
  return callApi(link.fetch, {
    url: apiUrl(link.baseUrl, '/api/games'),
    init: postJson({ rules: variant.rules, size: variant.size }, link.player),
    read: (body) => parseCreateAnswer(body, variant.size),
    timeoutMs: timeoutOf(link),
  });
}

/**
 * `POST /api/games/:gameId/moves` with the move's `index` among the moves sent: the answer
 * for a board of `size`. Sending the same index again is safe: the server answers it as it did
 * the first time.
 *
 * @example
 * await sendMove(link, gameId, 4, { direction: 'left', index: 0 })
 */
export function sendMove(
  link: ServerLink,
  gameId: string,
  size: number,
  move: { readonly direction: RankedDirection; readonly index: number },
): Promise<ClientResult<MoveAnswer>> {
  return callApi(link.fetch, {
    url: apiUrl(link.baseUrl, `${gamePath(gameId)}/moves`),
    init: postJson({ direction: move.direction, index: move.index }, link.player),
    read: (body) => parseMoveAnswer(body, size),
    timeoutMs: timeoutOf(link),
  });
}

/**
 * `GET /api/games/:gameId`: the game as the server holds it, to resume it.
 *
 * @example
 * const game = await readGame(link, gameId); // game.value.sent: the next index to send
 */
export function readGame(link: ServerLink, gameId: string): Promise<ClientResult<ResumeAnswer>> {
  return callApi(link.fetch, {
    url: apiUrl(link.baseUrl, gamePath(gameId)),
    init: { headers: playerHeaders(link.player) },
    read: parseResumeAnswer,
    timeoutMs: timeoutOf(link),
  });
}

/**
 * `POST /api/scores`: rank a lost game under `name`, once.
 *
 * @example
 * const ranked = await rankGame(link, gameId, 'Ada'); // ranked.value.rank
 */
export function rankGame(
  link: ServerLink,
  gameId: string,
  name: string,
): Promise<ClientResult<ScoreAnswer>> {
  return callApi(link.fetch, {
    url: apiUrl(link.baseUrl, '/api/scores'),
    init: postJson({ gameId, name }, link.player),
    read: parseScoreAnswer,
    timeoutMs: timeoutOf(link),
  });
}

/**
 * `GET /api/games/live`: the games in progress, best score first (never their gameIds).
 *
 * @example
 * const live = await readLiveGames({ fetch, baseUrl: 'http://127.0.0.1:8048' });
 */
export function readLiveGames(link: ServerLink): Promise<ClientResult<LiveGame[]>> {
  return callApi(link.fetch, {
    url: apiUrl(link.baseUrl, '/api/games/live'),
    read: parseLiveList,
    timeoutMs: timeoutOf(link),
  });
}
