import { escapeAndCut } from '@twenty48/common';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The most characters of an error's sentence: it may quote a path or a value from outside. */
const MAX_MESSAGE_CHARS = 500;

/**
 * Every error the server answers in JSON has this body: a named code and a sentence, its
 * controls escaped and cut to `MAX_MESSAGE_CHARS` (whatever from outside it quotes).
 *
 * @example
 * return problem(c, 404, 'ERR_NOT_FOUND', 'no score with id "7"');
 */
export const problem = (
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  message: string,
  more: Readonly<Record<string, unknown>> = {},
) => {
  codes.set(c.req.raw, error);
  return c.json({ error, message: escapeAndCut(message, MAX_MESSAGE_CHARS), ...more }, status);
};

const codes = new WeakMap<Request, string>();

/**
 * The error code this request was answered with (by `problem`), for the log and the metrics.
 *
 * @example
 * errorCodeOf(c) // 'ERR_RATE_LIMIT', or undefined for a request that did not fail
 */
export const errorCodeOf = (c: Context): string | undefined => codes.get(c.req.raw);

/** What the world reads of each store failure: short, no address, no path, no cause. */
const PUBLIC_MESSAGES: Readonly<Record<string, string>> = {
  ERR_DB_CORRUPT:
    'the database is damaged; the server stopped writing to it (the details are in its log)',
  ERR_DB_FAILED: 'the database is unavailable; try again in a moment',
};

/**
 * A failure of the store as the world may read it: its code and a short sentence; the full
 * message, with the database's address or file and the cause, is for the log only.
 *
 * @example
 * publicStoreFailure(failure) // { code: 'ERR_DB_FAILED', message: 'the database is unavailable; try again in a moment' }
 */
export const publicStoreFailure = (failure: { readonly code: string }) => ({
  code: failure.code,
  message: PUBLIC_MESSAGES[failure.code] ?? 'the database cannot serve this request now',
});
