import type { IncomingMessage } from 'node:http';
import {
  API_ERROR_STATUS,
  type ApiErrorCode,
  escapeAndCut,
  isPlayerToken,
  type OpenGame,
  parseJson,
  RANKED_PLAYER_HEADER,
  type Result,
} from '@twenty48/common';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import type { Client, ClientLimiter } from './limits.js';
import { problem } from './problems.js';

/** Who is asking, for the limits: the address, and the player (their token, or the address). */
export type ClientOf = (c: Context) => Client;

/**
 * The client of a request from `address`: the player is the token it sends in
 * `x-twenty48-player` (`t:…`) when it is one, else the address itself (`a:…`).
 *
 * @example
 * clientFrom('10.0.0.7', 'L7Db04WyctE0dy2blS9cAw') // { address: '10.0.0.7', player: 't:L7Db04WyctE0dy2blS9cAw' }
 * clientFrom('10.0.0.7', undefined)                // { address: '10.0.0.7', player: 'a:10.0.0.7' }
 */
export const clientFrom = (address: string, token: string | undefined): Client => ({
  address,
  player: isPlayerToken(token) ? `t:${token}` : `a:${address}`,
});

/** 400 ERR_PLAYER_TOKEN for a player header that is not a token; null when it is one or absent. */
const badToken = (c: Context): Response | null => {
  const token = c.req.header(RANKED_PLAYER_HEADER);
  if (token === undefined || isPlayerToken(token)) return null;
  return problem(
    c,
    400,
    'ERR_PLAYER_TOKEN',
    `${RANKED_PLAYER_HEADER} must be a player token, 22 base64url characters (A-Z a-z 0-9 - _)`,
  );
};

export const isJson = (c: Context): boolean =>
  /^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '');

/** Node's request under @hono/node-server, when there is one. */
const incomingOf = (c: Context): IncomingMessage | undefined =>
  (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;

/** Every byte of a Node request's body, as text. */
function readIncoming(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    incoming.once('error', reject);
  });
}

/** Read a JSON body the limits already allowed (a body that cannot be read is not JSON). */
async function readJson(c: Context): Promise<Result<unknown, 'ERR_JSON'>> {
  const incoming = incomingOf(c);
  // With a Content-Length the body limit has been checked on it, and Node's parser reads no
  // more than it says: read Node's stream itself rather than a web Request made from it,
  // which costs a tenth of a move's time on the server.
  const direct = incoming !== undefined && c.req.header('content-length') !== undefined;
  const text = await (direct ? readIncoming(incoming) : c.req.text()).catch(() => '');
  return parseJson(text, 'the body is not valid JSON');
}

/** Whole seconds for a Retry-After header: at least 1. */
const retrySeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/**
 * A refusal of the ranked API, with the status common's table gives its code, and a
 * Retry-After header when it says when to come back.
 *
 * @example
 * return refusal(c, { code: 'ERR_GAME_OVER', message: 'this game is over' }); // 409
 */
export function refusal(
  c: Context,
  {
    code,
    message,
    retryAfterMs,
    open,
  }: {
    code: ApiErrorCode;
    message: string;
    retryAfterMs?: number;
    open?: readonly OpenGame[];
  },
): Response {
  if (retryAfterMs !== undefined) c.header('retry-after', String(retrySeconds(retryAfterMs)));
  return problem(c, API_ERROR_STATUS[code], code, message, open === undefined ? {} : { open });
}

/** 429, with Retry-After: the whole seconds until the limiter frees a slot for this client. */
export function tooMany(
  c: Context,
  limiter: ClientLimiter,
  client: Client,
  what: string,
): Response {
  const seconds = retrySeconds(limiter.waitMs(client));
  const who = limiter.over(client) === 'address' ? 'this address' : 'this player';
  c.header('retry-after', String(seconds));
  return problem(
    c,
    429,
    'ERR_RATE_LIMIT',
    `too many ${what} from ${who}; try again in ${seconds} s`,
  );
}

/**
 * What was wrong with a body or a query, in one line: the first three issues, each with the
 * value it names escaped and cut (valibot quotes the value it received, which may be 15 KB).
 */
export const issueMessage = (issues: readonly v.BaseIssue<unknown>[]): string =>
  issues
    .slice(0, 3)
    .map(
      (issue) =>
        `${escapeAndCut(v.getDotPath(issue) ?? 'body', 40)}: ${escapeAndCut(issue.message)}`,
    )
    .join('; ');

/**
 * Admit a POST: 429 past the client's rate for `what`, 400 for a body that is not JSON or not
 * of the schema's shape; otherwise the body as the schema reads it.
 */
export async function admit<S extends v.GenericSchema>(
  c: Context,
  clientOf: ClientOf,
  limiter: ClientLimiter,
  what: string,
  schema: S,
): Promise<{ body: v.InferOutput<S> } | { refused: Response }> {
  const token = badToken(c);
  if (token) return { refused: token };
  const client = clientOf(c);
  if (!limiter.allow(client)) return { refused: tooMany(c, limiter, client, what) };
  const json = await readJson(c);
  if (!json.ok) return { refused: problem(c, 400, json.error.code, json.error.message) };
  const parsed = v.safeParse(schema, json.value);
  if (!parsed.success) {
    return { refused: problem(c, 400, 'ERR_BODY', issueMessage(parsed.issues)) };
  }
  return { body: parsed.output };
}

/**
 * Refuse a body over `maxBytes` before it is read: by its Content-Length when it has one (read
 * from the header alone: hono's bodyLimit looks at the body first, which makes a web Request
 * of every request), else by counting it as hono's bodyLimit does.
 *
 * @example
 * api.post('/games', limitBody(1_000_000, tooLarge), handler);
 */
export function limitBody(maxBytes: number, onError: (c: Context) => Response): MiddlewareHandler {
  const counted = bodyLimit({ maxSize: maxBytes, onError });
  return (c, next) => {
    const length = c.req.header('content-length');
    if (
      length !== undefined &&
      /^\d+$/.test(length) &&
      c.req.header('transfer-encoding') === undefined
    ) {
      return Number(length) > maxBytes ? Promise.resolve(onError(c)) : next();
    }
    return counted(c, next);
  };
}
