import type { RankedErrorCode } from '@twenty48/common';

/** A refusal of the ranked API: a code of common's table, a sentence, maybe when to retry. */
export interface Refusal {
  readonly code: RankedErrorCode;
  readonly message: string;
  readonly retryAfterMs?: number;
}

/** What the ranked table answers: a value, or a refusal the routes turn into its status. */
export type Outcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: Refusal };

/** A value. */
export const done = <T>(value: T): Outcome<T> => ({ ok: true, value });

/**
 * A refusal.
 *
 * @example
 * refuse('ERR_GAME_OVER', 'this game is over') // 409 once answered
 */
export const refuse = (
  code: RankedErrorCode,
  message: string,
  retryAfterMs?: number,
): Outcome<never> => ({
  ok: false,
  error: retryAfterMs === undefined ? { code, message } : { code, message, retryAfterMs },
});
