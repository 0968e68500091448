// Watching a ranked game live: the server's event stream read over fetch, each event checked,
// each move replayed on the watcher's board with the engine's slide and the streamed spawn, so
// a view animates it exactly as the player saw it. And the list of the games to watch.

import type { EndEvent, LiveGame, MoveEvent, StateEvent } from '@twenty48/common';
import { parseJson } from '@twenty48/common';
import { makeRules, type TileEvent } from '@twenty48/engine';
import { parseEndEvent, parseMoveEvent, parseStateEvent } from './answers.js';
import { readLiveGames } from './api.js';
import { MAX_EVENT_LINE, type StreamEvent } from './event-stream.js';
import { followEventStream } from './follow-stream.js';
import { apiUrl, type ClientError, type ClientResult, clientError, type Fetch } from './http.js';
import { countIds, followMove, type IdSource, type Position, positionOf } from './position.js';

/** What a watcher sees, in order: the game as it is, each move, then the end or an error. */
export type WatchUpdate =
  | { readonly type: 'state'; readonly state: StateEvent; readonly position: Position }
  | {
      readonly type: 'move';
      readonly move: MoveEvent;
      readonly position: Position;
      /** The slide, the merges and the new tile, with tile ids, to animate. */
      readonly events: readonly TileEvent[];
      /**
       * True when the move did not follow from the board before it (an event was missed): the
       * board is the server's, redrawn without animation.
       */
      readonly redrawn: boolean;
    }
  | { readonly type: 'end'; readonly end: EndEvent }
  /** The stream could not be opened, broke off, or said something unexpected; it is over. */
  | { readonly type: 'error'; readonly error: ClientError };

/** A live game being watched: its updates, and a way to stop at once. */
export interface Watch extends AsyncIterable<WatchUpdate> {
  /** Stop watching: the stream is closed and the updates end. */
  close(): void;
}

/**
 * The games in progress on the server at `baseUrl`, best score first.
 *
 * @example
 * const live = await liveGames(fetch, 'http://127.0.0.1:8048');
 * if (live.ok) for (const game of live.value) console.log(game.watchId, game.score);
 */
export function liveGames(fetcher: Fetch, baseUrl: string): Promise<ClientResult<LiveGame[]>> {
  return readLiveGames({ fetch: fetcher, baseUrl });
}

const unexpected = (what: string): WatchUpdate => ({
  type: 'error',
  error: clientError('ERR_RESPONSE', `the stream sent ${what}`),
});

/**
 * One event of the stream read on the watcher's board: the update it makes (null for an event
 * this client does not know) and the board after it.
 */
function updateOf(
  position: Position | null,
  item: StreamEvent,
  ids: IdSource,
): { position: Position | null; update: WatchUpdate | null } {
  const body = parseJson(item.data);
  const value = body.ok ? body.value : undefined;
  if (item.event === 'state') {
    const state = parseStateEvent(value);
    const rules = state && makeRules(state.rules, { size: state.size });
    if (!state || !rules?.ok) return { position, update: unexpected('a state of the wrong shape') };
    const start = positionOf(rules.value, state.board, state, ids);
    return { position: start, update: { type: 'state', state, position: start } };
  }
  if (item.event === 'move') {
    const move = position === null ? null : parseMoveEvent(value, position.rules.size);
    if (position === null || move === null) {
      return { position, update: unexpected('a move of the wrong shape, or before the state') };
    }
    const followed = followMove(position, move, ids);
    const after = followed?.position ?? positionOf(position.rules, move.board, move, ids);
    const events = followed
      ? [...followed.events, ...(followed.spawn ? [followed.spawn] : [])]
      : [];
    const update: WatchUpdate = { type: 'move', move, position: after, events, redrawn: !followed };
    return { position: after, update };
  }
  if (item.event === 'end') {
    const end = parseEndEvent(value);
    return {
      position,
      update: end ? { type: 'end', end } : unexpected('an end of the wrong shape'),
    };
  }
  if (item.event === 'dropped') {
    // The server let this watcher go (it read too slowly): its reason, as a named error.
    const said = typeof value === 'object' && value !== null ? value : {};
    const error = 'error' in said ? said.error : undefined;
    const text = 'message' in said ? said.message : undefined;
    const code = typeof error === 'string' ? error.slice(0, 40) : 'ERR_DROPPED';
    const message =
      typeof text === 'string' ? text.slice(0, 300) : 'the server let this watcher go';
    return { position, update: { type: 'error', error: clientError(code, message) } };
  }
  return { position, update: null };
}

/**
 * Watch the game `id` (its watchId, or its gameId) on the server at `baseUrl`: a `state` update
 * first, then one per move (with the events to animate it), then `end`, or an `error` last.
 * `close()` stops at once, even while waiting for the next move.
 *
 * @example
 * const watch = watchGame(fetch, 'http://127.0.0.1:8048', watchId);
 * for await (const update of watch) if (update.type === 'move') board.draw(update.position, update.events);
 */
export function watchGame(
  fetcher: Fetch,
  baseUrl: string,
  id: string,
  maxLine = MAX_EVENT_LINE,
): Watch {
  let position: Position | null = null;
  const ids = countIds(1);
  const url = apiUrl(baseUrl, `/api/games/${encodeURIComponent(id)}/events`);
  const words = { cannot: 'cannot watch', ended: 'the stream ended before the game did' };
  return followEventStream(
    fetcher,
    url,
    words,
    (event) => {
      const next = updateOf(position, event, ids);
      position = next.position;
      const last = next.update?.type === 'end' || next.update?.type === 'error';
      return { update: next.update, last };
    },
    maxLine,
  );
}
