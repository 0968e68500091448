// The network as the client sees it: a `fetch` passed in (the browser's, Node's, or a test's),
// typed by the little it uses, and every answer turned into a Result with a named error. No
// DOM and no Node module: the few platform globals used are named in `platform` below.

import {
  type Failure,
  isRankedSize,
  type OpenGame,
  ok,
  parseJson,
  RANKED_PLAYER_HEADER,
  RANKED_RULES,
} from '@twenty48/common';

declare global {
  /**
   * The platform's `AbortSignal` (the browser's, Node's), named here without the DOM or Node
   * types: the client only passes it to `fetch`. Merged with the platform's own declaration
   * where there is one, so `globalThis.fetch` takes the client's requests as they are.
   */
  interface AbortSignal {
    readonly aborted: boolean;
  }
}

/** The signal that abandons a request. */
export type FetchSignal = AbortSignal;

/**
 * What the client sends: a method, JSON headers, a text body, and the signal that abandons the
 * request (a call that timed out or read too much closes its connection, so nothing is left
 * holding the process).
 */
export interface FetchInit {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  readonly signal?: FetchSignal;
}

/** A byte stream's reader, as `Response.body.getReader()` gives it (browser and Node alike). */
export interface ByteReader {
  read(): Promise<{ readonly done: boolean; readonly value?: Uint8Array | undefined }>;
  cancel(): Promise<void>;
}

/** The part of a `Response` the client reads. */
export interface FetchResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
  readonly body: { getReader(): ByteReader } | null;
}

/**
 * A `fetch`: `globalThis.fetch` in Node 20 and the browser fits, and so does a test's script.
 *
 * @example
 * const game = await createRankedGame({ fetch: globalThis.fetch, baseUrl: 'http://127.0.0.1:8048' }, variant);
 */
export type Fetch = (url: string, init?: FetchInit) => Promise<FetchResponse>;

/** The client's own codes; any other code is the server's (`RankedErrorCode`). */
export type ClientErrorCode =
  /** `fetch` threw: no network, the server is down, the connection dropped. */
  | 'ERR_OFFLINE'
  /** No answer in time. */
  | 'ERR_TIMEOUT'
  /** An answer that is not what the API promises (not JSON, a wrong shape, a wrong status). */
  | 'ERR_RESPONSE'
  /** The server's board after a move is not the local board plus its spawn. */
  | 'ERR_BOARD_MISMATCH'
  /** An answer longer than the call allows (`MAX_ANSWER_BYTES`): it was not read further. */
  | 'ERR_ANSWER_TOO_LARGE'
  /** A line of the live stream longer than `MAX_EVENT_LINE`. */
  | 'ERR_LINE_TOO_LONG'
  /** The live stream ended before the game did. */
  | 'ERR_STREAM_CLOSED';

/**
 * A failed call: a named code (the client's, or the server's `error`), a message, the HTTP
 * status when there was an answer (null when there was none), and the server's `Retry-After`
 * in milliseconds when it gave one.
 */
export interface ClientError extends Failure<ClientErrorCode | (string & {})> {
  readonly status: number | null;
  readonly retryAfterMs: number | null;
  /** With `ERR_TOO_MANY_GAMES`: the player's games in progress, to resume one instead. */
  readonly open?: readonly OpenGame[];
}

/**
 * A client error from its parts.
 *
 * @example
 * clientError('ERR_OFFLINE', 'fetch failed') // { code: 'ERR_OFFLINE', message: 'fetch failed', status: null, retryAfterMs: null }
 */
export const clientError = (
  code: ClientErrorCode | (string & {}),
  message: string,
  status: number | null = null,
  retryAfterMs: number | null = null,
): ClientError => ({ code, message, status, retryAfterMs });

/** A value, or a client error: a `Result` whose failure also says the status and Retry-After. */
export type ClientResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: ClientError };

/** The same failure as a Result. */
export const failWith = (
  error: ClientError,
): { readonly ok: false; readonly error: ClientError } => ({ ok: false, error });

/**
 * Whether trying the same request again later may work: nothing answered, the server was busy
 * or failing (5xx), or asked to slow down (429). A 4xx other than 429 judged the request.
 *
 * @example
 * isTransient(clientError('ERR_OFFLINE', 'down'))            // true
 * isTransient(clientError('ERR_UNKNOWN_GAME', 'no', 404))    // false
 */
export const isTransient = (error: ClientError): boolean =>
  error.code === 'ERR_OFFLINE' ||
  error.code === 'ERR_TIMEOUT' ||
  error.status === 429 ||
  (error.status !== null && error.status >= 500);

/** The web platform's globals both Node 20 and browsers have, and the only ones used. */
interface Platform {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  AbortController: new () => { readonly signal: FetchSignal; abort(): void };
  TextDecoder: new () => { decode(bytes?: Uint8Array, options?: { stream: boolean }): string };
}
export const platform = globalThis as unknown as Platform;

/**
 * A promise that resolves after `ms` milliseconds.
 *
 * @example
 * await sleep(250);
 */
export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    platform.setTimeout(resolve, ms);
  });

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** `Retry-After` in whole seconds, as milliseconds; null when absent or not a number. */
const retryAfterOf = (response: FetchResponse): number | null => {
  const header = response.headers.get('retry-after');
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
};

/** An open game as a refusal names it, checked; null for anything else. */
function openGameOf(x: unknown): OpenGame | null {
  if (!isObject(x)) return null;
  const { gameId, watchId, rules, size, moves, score, resume } = x;
  const id = (value: unknown): value is string =>
    typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value);
  const count = (value: unknown): value is number =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
  const ranked = RANKED_RULES.find((name) => name === rules);
  if (!id(gameId) || !id(watchId) || ranked === undefined || !isRankedSize(size)) return null;
  if (!count(moves) || !count(score) || resume !== `/api/games/${gameId}`) return null;
  return { gameId, watchId, rules: ranked, size, moves, score, resume };
}

/** The well-formed open games of an error body (at most 20). */
const openGamesOf = (x: unknown): OpenGame[] =>
  Array.isArray(x)
    ? x
        .slice(0, 20)
        .map(openGameOf)
        .filter((game): game is OpenGame => game !== null)
    : [];

/** The most characters of a server's code and message kept in an error. */
const MAX_CODE = 40;
const MAX_MESSAGE = 300;

/**
 * Read an answer's text: a 2xx body through `read` (null: the wrong shape), another status as
 * the API's `{ error, message }` named error, anything else `ERR_RESPONSE`.
 *
 * @example
 * readAnswer(200, '{"ok":true}', null, (b) => b)          // { ok: true, value: { ok: true } }
 * readAnswer(404, '{"error":"ERR_UNKNOWN_GAME","message":"no game"}', null, (b) => b).error.code // 'ERR_UNKNOWN_GAME'
 */
export function readAnswer<T>(
  status: number,
  text: string,
  retryAfterMs: number | null,
  read: (body: unknown) => T | null,
): ClientResult<T> {
  const body = parseJson(text);
  if (status < 200 || status >= 300) {
    if (body.ok && isObject(body.value) && typeof body.value.error === 'string') {
      const message = String(body.value.message ?? body.value.error).slice(0, MAX_MESSAGE);
      const error = clientError(body.value.error.slice(0, MAX_CODE), message, status, retryAfterMs);
      if (!('open' in body.value)) return failWith(error);
      return failWith({ ...error, open: openGamesOf(body.value.open) });
    }
    return failWith(
      clientError('ERR_RESPONSE', `the server answered ${status}`, status, retryAfterMs),
    );
  }
  const value = body.ok ? read(body.value) : null;
  if (value === null) {
    return failWith(
      clientError('ERR_RESPONSE', 'the server answered something unexpected', status),
    );
  }
  return ok(value);
}

/**
 * The most bytes of an answer the client reads: the API's largest answer (a record of a very
 * long game) is far below it, and a server that sends more is not read further.
 */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** A call to the API: where, how, and how its 2xx body is read. */
export interface Call<T> {
  readonly url: string;
  readonly init?: FetchInit;
  readonly read: (body: unknown) => T | null;
  /** Give up after this long (`ERR_TIMEOUT`): the request is abandoned, its connection closed. */
  readonly timeoutMs: number;
  /** Read at most this many bytes of the answer (`ERR_ANSWER_TOO_LARGE`); `MAX_ANSWER_BYTES`. */
  readonly maxBytes?: number;
}

const tooLarge = (maxBytes: number): ClientError =>
  clientError('ERR_ANSWER_TOO_LARGE', `the answer is larger than ${maxBytes} bytes`);

/**
 * An answer's text, read through its body's reader and given up past `maxBytes` (a declared
 * Content-Length over it is refused before any byte is read).
 */
async function readCapped(
  response: FetchResponse,
  maxBytes: number,
): Promise<{ ok: true; text: string } | { ok: false; error: ClientError }> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body
      ?.getReader()
      .cancel()
      .catch(() => {});
    return { ok: false, error: tooLarge(maxBytes) };
  }
  if (!response.body) {
    const text = await response.text();
    return text.length > maxBytes ? { ok: false, error: tooLarge(maxBytes) } : { ok: true, text };
  }
  const reader = response.body.getReader();
  const decoder = new platform.TextDecoder();
  let text = '';
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { ok: true, text: text + decoder.decode() };
    total += value?.byteLength ?? 0;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return { ok: false, error: tooLarge(maxBytes) };
    }
    text += decoder.decode(value, { stream: true });
  }
}

/**
 * Make one call: the answer checked by `read`, or a named error (`ERR_OFFLINE` when `fetch`
 * threw, `ERR_TIMEOUT`, `ERR_ANSWER_TOO_LARGE`, `ERR_RESPONSE`, or the server's code). A call
 * given up (timed out, too large) is aborted, so its connection does not outlive it. Never
 * throws.
 *
 * @example
 * await callApi(fetch, { url: `${base}/api/games/live`, read: parseLiveList, timeoutMs: 5000 })
 */
export async function callApi<T>(fetcher: Fetch, call: Call<T>): Promise<ClientResult<T>> {
  const maxBytes = call.maxBytes ?? MAX_ANSWER_BYTES;
  const controller = new platform.AbortController();
  let timer: unknown;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = platform.setTimeout(() => resolve('timeout'), call.timeoutMs);
  });
  try {
    const answered = (async () => {
      const response = await fetcher(call.url, { ...call.init, signal: controller.signal });
      return { response, text: await readCapped(response, maxBytes) };
    })();
    const first = await Promise.race([answered, timeout]);
    if (first === 'timeout') {
      answered.catch(() => {}); // the failure of the abandoned request is nobody's
      controller.abort();
      return failWith(clientError('ERR_TIMEOUT', `no answer within ${call.timeoutMs} ms`));
    }
    if (!first.text.ok) {
      controller.abort();
      return failWith(first.text.error);
    }
    return readAnswer(
      first.response.status,
      first.text.text,
      retryAfterOf(first.response),
      call.read,
    );
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : String(error);
    return failWith(clientError('ERR_OFFLINE', `the server cannot be reached: ${message}`));
  } finally {
    platform.clearTimeout(timer);
  }
}

/** The header that names the player, when there is a token. */
export const playerHeaders = (player: string | undefined): Record<string, string> =>
  player === undefined ? {} : { [RANKED_PLAYER_HEADER]: player };

/** A JSON POST, as `player` when there is one. */
export const postJson = (body: unknown, player?: string): FetchInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...playerHeaders(player) },
  body: JSON.stringify(body),
});

/**
 * The API's address under a server's base URL, without a doubled slash.
 *
 * @example
 * apiUrl('http://127.0.0.1:8048/', '/api/games') // 'http://127.0.0.1:8048/api/games'
 * apiUrl('.', '/api/games')                      // './api/games'
 */
export const apiUrl = (baseUrl: string, path: string): string =>
  `${baseUrl.replace(/\/+$/, '')}${path}`;
