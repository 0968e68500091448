// The page's side of the leaderboard's tables: whether a server is there, its table of one
// variant, what the game-over note says of a ranking. The ranked games themselves go through
// @twenty48/client.

import { errorMessage, fail, isCount, ok, type Result } from '@twenty48/common';
import type { Notice } from './messages.js';
import type { Variant } from './saved-game.js';

/** One row of the server's table. */
export interface OnlineScore {
  /** The server's id of the score: `GET /api/scores/:id/record` gives its moves. */
  readonly id: number;
  readonly rank: number;
  readonly name: string;
  readonly score: number;
  readonly maxTile: number;
}

/** The client's own codes; any other code is the server's (`ERR_NAME`, `ERR_GAME_USED`, …). */
export type LeaderboardError = 'ERR_OFFLINE' | 'ERR_TIMEOUT' | 'ERR_RESPONSE' | (string & {});
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/**
 * Read a server answer: the API's `{ error, message }` body becomes that named error, and a
 * body of the wrong shape is `ERR_RESPONSE`.
 *
 * @example
 * parseAnswer(201, { id: 7, rank: 2, score: 196 }, parseRanked) // { ok: true, value: { id: 7, rank: 2, score: 196 } }
 * parseAnswer(409, { error: 'ERR_GAME_USED', message: '…' }, parseRanked).ok // false
 */
export function parseAnswer<T>(
  status: number,
  body: unknown,
  read: (body: unknown) => T | null,
): Result<T, LeaderboardError> {
  if (status < 200 || status >= 300) {
    if (isObject(body) && typeof body.error === 'string') {
      return fail(body.error.slice(0, 40), String(body.message ?? body.error).slice(0, 300));
    }
    return fail('ERR_RESPONSE', `the server answered ${status}`);
  }
  const value = read(body);
  return value === null
    ? fail('ERR_RESPONSE', 'the server answered something unexpected')
    : ok(value);
}

/** A score the server ranked: the answer of `POST /api/scores`. */
export interface RankedScore {
  readonly id: number;
  readonly rank: number;
  readonly score: number;
}

/** `{ id, rank, score }` from `POST /api/scores`. */
export const parseRanked = (body: unknown): RankedScore | null =>
  isObject(body) && isCount(body.id) && isCount(body.rank) && isCount(body.score)
    ? { id: body.id, rank: body.rank, score: body.score }
    : null;

/** The rows of `GET /api/scores`; rows of the wrong shape are dropped. */
export const parseTable = (body: unknown): OnlineScore[] | null =>
  Array.isArray(body)
    ? body.flatMap((row) =>
        isObject(row) &&
        isCount(row.id) &&
        isCount(row.rank) &&
        typeof row.name === 'string' &&
        isCount(row.score)
          ? [
              {
                id: row.id,
                rank: row.rank,
                name: row.name,
                score: row.score,
                maxTile: isCount(row.maxTile) ? row.maxTile : 0,
              },
            ]
          : [],
      )
    : null;

/** The online leaderboard of `2048 serve`; under Vite or offline it reports itself absent. */
export interface Leaderboard {
  /**
   * True when `GET /api/health` answers JSON with `ok: true`. A yes is remembered; a no is
   * asked again next time, so a page loaded offline finds the server once it is back.
   */
  available(): Promise<boolean>;
  top(variant: Variant, limit?: number): Promise<Result<OnlineScore[], LeaderboardError>>;
  /** Where anyone can fetch the record behind a score, to replay it. */
  recordUrl(id: number): string;
}

/**
 * A client of the server's API. Every call gives up after `timeoutMs`, so play never waits
 * on the network for long, and every failure is a named error.
 *
 * @example
 * const board = createLeaderboard(fetch.bind(globalThis), './api');
 * if (await board.available()) await board.top({ rules: 'classic', size: 4 });
 */
export function createLeaderboard(
  fetcher: typeof fetch,
  base: string,
  timeoutMs = 4000,
): Leaderboard {
  const call = async <T>(
    path: string,
    read: (body: unknown) => T | null,
    init: RequestInit = {},
  ): Promise<Result<T, LeaderboardError>> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetcher(`${base}${path}`, { ...init, signal: controller.signal });
      if (!/json/i.test(response.headers.get('content-type') ?? '')) {
        return fail('ERR_RESPONSE', `${path} did not answer JSON`);
      }
      return parseAnswer(response.status, await response.json(), read);
    } catch (error) {
      return controller.signal.aborted
        ? fail('ERR_TIMEOUT', `no answer within ${timeoutMs} ms`)
        : fail('ERR_OFFLINE', errorMessage(error) || 'the server cannot be reached');
    } finally {
      clearTimeout(timer);
    }
  };
  let health: Promise<boolean> | undefined;
  return {
    available() {
      health ??= call('/health', (b) => (isObject(b) && b.ok === true ? true : null)).then(
        (answer) => {
          if (!answer.ok) health = undefined;
          return answer.ok;
        },
      );
      return health;
    },
    top: (variant, limit = 10) =>
      call(
        `/scores?${new URLSearchParams({ rules: variant.rules, size: String(variant.size), limit: String(limit) })}`,
        parseTable,
      ),
    recordUrl: (id) => `${base}/scores/${id}/record`,
  };
}

/** Codes meaning the server was never reached or never answered sensibly: nothing was judged. */
const UNREACHED: readonly string[] = ['ERR_OFFLINE', 'ERR_TIMEOUT', 'ERR_RESPONSE'];

/** Codes of a server that is busy or starting: nothing was judged either. */
const BUSY: readonly string[] = ['ERR_RATE_LIMIT', 'ERR_STARTING', 'ERR_DB_FAILED'];

/**
 * What the game-over screen says about the online leaderboard after a ranking: the rank, a
 * refusal with the server's reason, or that the server could not be reached; in words, the
 * code in the details line.
 *
 * @example
 * submissionNote({ ok: true, value: { id: 7, rank: 2, score: 196 } })
 * // { text: 'Online: ranked by the server, number 2.', details: '' }
 * submissionNote({ ok: false, error: { code: 'ERR_GAME_USED', message: 'this game is ranked already' } })
 * // { text: 'Online: the server refused this score: this game is ranked already.', details: 'ERR_GAME_USED' }
 */
export function submissionNote(answer: Result<RankedScore, LeaderboardError>): Notice {
  if (answer.ok)
    return { text: `Online: ranked by the server, number ${answer.value.rank}.`, details: '' };
  const { code, message } = answer.error;
  if (UNREACHED.includes(code)) {
    return {
      text: 'Online: not sent, the leaderboard could not be reached. Save score tries again.',
      details: `${code}: ${message}`,
    };
  }
  const again =
    code === 'ERR_NAME'
      ? ' Choose another name and save again.'
      : BUSY.includes(code)
        ? ' Save score tries again.'
        : '';
  return { text: `Online: the server refused this score: ${message}.${again}`, details: code };
}

/**
 * Whether a failed ranking may be asked again: the server refused only the name, was busy, or
 * was not reached. Every other refusal judged the game itself (ranked already, not over).
 *
 * @example
 * mayRetry('ERR_NAME')      // true
 * mayRetry('ERR_GAME_USED') // false
 */
export const mayRetry = (code: string): boolean =>
  code === 'ERR_NAME' || BUSY.includes(code) || UNREACHED.includes(code);
