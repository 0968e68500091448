// The page's side of the server when `2048 serve` serves it: a ranked game opened through the
// client, or a local one and the reason; the server's table. Each answer is ready to hand back
// to the view model as an input.

import {
  type ClientResult,
  createRankedGame,
  type RankedGame,
  type RankedOptions,
  resumeRankedGame,
} from '@twenty48/client';
import type { Result } from '@twenty48/common';
import type { Leaderboard, LeaderboardError, OnlineScore } from './leaderboard.js';
import type { Variant } from './saved-game.js';
import type { NewGameSeed } from './view-state.js';

/** A ranked game the server deals, or a local game's seed and why the server dealt none. */
export type OpenedGame =
  | { readonly ranked: RankedGame }
  | { readonly ranked: null; readonly local: NewGameSeed };

/**
 * Open a game of `variant`: a ranked game when a server answers, else a local game from
 * `newSeed` (`refusal` says why the server dealt none: its answer, or that it was not reached;
 * null when there is no server at all, which is no news). Used for every new game and for the fresh game the page opens with.
 *
 * @example
 * const opened = await openGame(leaderboard, { fetch, baseUrl: '.' }, { rules: 'classic', size: 4 }, randomSeed);
 * if (opened.ranked) opened.ranked.move('left');
 */
export async function openGame(
  leaderboard: Leaderboard,
  link: RankedOptions,
  variant: Variant,
  newSeed: () => string,
): Promise<OpenedGame> {
  if (!(await leaderboard.available())) {
    return { ranked: null, local: { seed: newSeed(), refusal: null } };
  }
  const created = await createRankedGame(link, variant);
  if (created.ok) return { ranked: created.value };
  const { code, message, status, open } = created.error;
  const refusal = open === undefined ? { code, message, status } : { code, message, status, open };
  return { ranked: null, local: { seed: newSeed(), refusal } };
}

/**
 * The ranked game `gameId` of an earlier visit, read again from the server, or why not
 * (`ERR_OFFLINE` when there is no server to ask).
 *
 * @example
 * const resumed = await resumeGame(leaderboard, link, storedId);
 */
export async function resumeGame(
  leaderboard: Leaderboard,
  link: RankedOptions,
  gameId: string,
): Promise<ClientResult<RankedGame>> {
  if (!(await leaderboard.available())) {
    const error = { code: 'ERR_OFFLINE', message: 'the server cannot be reached' };
    return { ok: false, error: { ...error, status: null, retryAfterMs: null } };
  }
  return resumeRankedGame(link, gameId);
}

/**
 * The server's table of `variant`, or why it could not be read; null when there is no server.
 *
 * @example
 * await readOnlineTable(leaderboard, { rules: 'classic', size: 4 }) // { ok: true, value: [...] }
 */
export async function readOnlineTable(
  leaderboard: Leaderboard,
  variant: Variant,
): Promise<Result<OnlineScore[], LeaderboardError> | null> {
  if (!(await leaderboard.available())) return null;
  return leaderboard.top(variant);
}
