import { type ApiErrorCode, isRankedRules, type OpenGame } from '@twenty48/common';
import type { OpenRankedGame } from '@twenty48/store';

/**
 * A refusal of the ranked API: a code of common's table, a sentence, maybe when to retry, and
 * for ERR_TOO_MANY_GAMES the player's open games.
 */
export interface Refusal {
  readonly code: ApiErrorCode;
  readonly message: string;
  readonly retryAfterMs?: number;
  readonly open?: readonly OpenGame[];
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
  code: ApiErrorCode,
  message: string,
  retryAfterMs?: number,
): Outcome<never> => ({
  ok: false,
  error: retryAfterMs === undefined ? { code, message } : { code, message, retryAfterMs },
});

/**
 * A game the store names as open, as the wire names it: with where to resume it.
 *
 * @example
 * openGameOf({ gameId: 'g', watchId: 'w', rules: 'classic', size: 4, moves: 3, score: 8 }).resume // '/api/games/g'
 */
export const openGameOf = (game: OpenRankedGame): OpenGame => ({
  gameId: game.gameId,
  watchId: game.watchId,
  rules: isRankedRules(game.rules) ? game.rules : 'classic',
  size: game.size,
  moves: game.moves,
  score: game.score,
  resume: `/api/games/${game.gameId}`,
});
