// The page's side of the leaderboard server when `2048 serve` serves it: the answers the view
// model asks for, each ready to hand back as an input.

import type { Result } from '@twenty48/common';
import type { Leaderboard, LeaderboardError, OnlineScore } from './leaderboard.js';
import type { Variant } from './saved-game.js';
import type { NewGameSeed } from './view-state.js';

/**
 * Issue an online game or say offline: the server's seed and id for a game of `variant` when a
 * server answers; otherwise a seed from `newSeed` and why the server gave none (`offline` is
 * null when there is no server at all, which is no news). Used for every new game and for the
 * game the page opens with.
 *
 * @example
 * await issueOnlineGame(leaderboard, { rules: 'classic', size: 4 }, randomSeed)
 * // { seed: '81234', gameId: 'g-…', offline: null }, or offline: 'no answer within 4000 ms'
 */
export async function issueOnlineGame(
  leaderboard: Leaderboard,
  variant: Variant,
  newSeed: () => string,
): Promise<NewGameSeed> {
  if (!(await leaderboard.available())) return { seed: newSeed(), gameId: null, offline: null };
  const issued = await leaderboard.issueGame(variant);
  if (issued.ok) return { ...issued.value, offline: null };
  return { seed: newSeed(), gameId: null, offline: issued.error.message };
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
