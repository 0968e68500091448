/**
 * How `2048 play --server URL` gets its ranked game: the unfinished one kept in the data
 * directory for that server, rules and size when the server still has it, else a new one the
 * server deals. The game is `@twenty48/client`'s (the slide at once, moves pipelined, answers
 * in order, a lost connection retried); this file only chooses and remembers it.
 */

import {
  type ClientError,
  createRankedGame,
  type Fetch,
  isTransient,
  type RankedGame,
  type RankedOptions,
  type RankedVariant,
  resumeRankedGame,
} from '@twenty48/client';
import { escapeAndCut, type RankedRules } from '@twenty48/common';
import type { GameShelf } from './gameShelf.js';

/** Node's own fetch, as the client types it (its signal is Node's own AbortSignal). */
export const nodeFetch: Fetch = (url, { signal, ...init } = {}) =>
  fetch(url, { ...init, signal: signal instanceof AbortSignal ? signal : null });

/** The shelf's key of the ranked game kept for a server and a variant. */
export const rankedKey = (server: string, variant: RankedVariant): string =>
  `${server} ${variant.rules} ${variant.size}`;

/** The footer of a ranked game, and the line the plain mode starts with. */
export const RANKED_NOTE =
  'Ranked game: the server deals the tiles; undo, hints and auto-play are off.';

/** A ranked game to play, and what to tell the player about how it was chosen (or null). */
export interface RankedStart {
  readonly game: RankedGame;
  readonly note: string | null;
}

/** The one line for a client error: its message and its code, as the server said them, escaped and cut. */
export const describeError = (error: ClientError): string =>
  `${escapeAndCut(error.message)} (${escapeAndCut(error.code, 40)})`;

/**
 * The kept game for `server` and `variant` when the server can still play it, else a new one;
 * a failure only when the server cannot be reached or refuses to start a game.
 *
 * @example
 * const started = await openRankedGame({ fetch: nodeFetch, baseUrl: server }, { rules: 'classic', size: 4 }, shelf, false);
 */
export async function openRankedGame(
  link: RankedOptions,
  variant: { readonly rules: RankedRules; readonly size: number },
  shelf: GameShelf,
  askedToResume: boolean,
): Promise<{ ok: true; value: RankedStart } | { ok: false; error: ClientError }> {
  const key = rankedKey(link.baseUrl, variant);
  const kept = shelf.rankedGame(key);
  let note: string | null = askedToResume
    ? `No unfinished ranked ${variant.rules} ${variant.size}x${variant.size} game for ${link.baseUrl}: a new game starts.`
    : null;
  if (kept !== null) {
    const resumed = await resumeRankedGame(link, kept);
    if (resumed.ok && resumed.value.snapshot().confirmed.status !== 'lost') {
      const { moves, score } = resumed.value.snapshot().confirmed;
      note = `Your ranked game goes on: ${moves} moves, score ${score}.`;
      return { ok: true, value: { game: resumed.value, note } };
    }
    if (!resumed.ok && isTransient(resumed.error)) return resumed;
    shelf.keepRankedGame(key, null);
    if (!resumed.ok) {
      note = `The kept ranked game cannot go on (${resumed.error.code}): a new game starts.`;
    }
  }
  const created = await createRankedGame(link, variant);
  if (!created.ok) return created;
  shelf.keepRankedGame(key, created.value.gameId);
  return { ok: true, value: { game: created.value, note } };
}
