import { escapeAndCut } from '@twenty48/common';
import type { LeaderboardStore } from '@twenty48/store';
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
) => c.json({ error, message: escapeAndCut(message, MAX_MESSAGE_CHARS), ...more }, status);

/**
 * A failure of the store as the world may read it: its code, and its message with the
 * server's file path replaced by "the database" (the path is logged, not published).
 *
 * @example
 * publicStoreFailure(store, failure) // { code: 'ERR_DB_CORRUPT', message: 'the database is damaged (…)…' }
 */
export const publicStoreFailure = (
  store: Pick<LeaderboardStore, 'location'>,
  failure: { readonly code: string; readonly message: string },
) => ({ code: failure.code, message: failure.message.replaceAll(store.location, 'the database') });
