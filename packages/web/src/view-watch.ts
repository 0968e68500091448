// The Watch view's part of the page's policy: the live games listed (best score first; live
// means moved in the last two minutes), read again every few seconds while the list shows; one
// picked and watched move by move with the game's own animations, its stream reconnected when
// it breaks; and back to the player's game. Pure: the list, the stream and the timers are
// reached through effects, their news come as inputs.

import type { WatchUpdate } from '@twenty48/client';
import { type LiveGame, RANKED_WATCH_RETRY_MS, type Result } from '@twenty48/common';
import { describeMove } from './announce.js';
import type { LeaderboardError } from './leaderboard.js';
import { stopAutoplay } from './view-autoplay.js';
import { andThen, unchanged } from './view-game.js';
import type { ViewEffect, ViewState, ViewUpdate, WatchState } from './view-state.js';

/** A game is live when it moved this recently. */
export const LIVE_WITHIN_MS = 2 * 60_000;
/** How often the list is read again while it shows. */
export const LIST_REFRESH_MS = 10_000;
/** The first wait before a broken stream is opened again; it doubles up to the last. */
export const RETRY_FIRST_MS = 1000;
/** The last: what the server tells a watcher it turns away to wait. */
export const RETRY_MAX_MS = RANKED_WATCH_RETRY_MS;

/** The wait before the `retries`-th reconnection (0 first). */
export const retryMs = (retries: number): number =>
  Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** retries);

const stopping = (watch: WatchState): ViewEffect[] =>
  watch.watching === null ? [] : [{ type: 'stopWatching', run: watch.run }];

/**
 * The Watch button: the view opens on the list of live games (auto-play stops first; the
 * player's game waits, untouched).
 *
 * @example
 * openWatch(state).effects // [loadLiveGames, focusWatch 'list']
 */
export function openWatch(state: ViewState): ViewUpdate {
  if (state.watch !== null) return unchanged(state);
  return andThen(stopAutoplay(state, 'watching another game'), (s) => ({
    state: { ...s, watch: { games: null, listError: '', watching: null, run: 0, listRun: 1 } },
    effects: [
      { type: 'loadLiveGames', listRun: 1 },
      { type: 'focusWatch', target: 'list' },
    ],
  }));
}

/** Back to your game: the stream is closed and the focus goes back to the board. */
export function closeWatch(state: ViewState): ViewUpdate {
  if (state.watch === null) return unchanged(state);
  return {
    state: { ...state, watch: null },
    effects: [...stopping(state.watch), { type: 'focus', target: 'cells' }],
  };
}

/** Back to the list (or the list read again): the game watched, if any, is left. */
export function watchList(state: ViewState): ViewUpdate {
  const { watch } = state;
  if (watch === null) return unchanged(state);
  const listRun = watch.listRun + 1;
  return {
    state: { ...state, watch: { ...watch, watching: null, games: null, listError: '', listRun } },
    effects: [
      ...stopping(watch),
      { type: 'loadLiveGames', listRun },
      { type: 'focusWatch', target: 'list' },
    ],
  };
}

/** Time to read the list again: only the last reading's, and only while the list shows. */
export function liveRefreshDue(state: ViewState, listRun: number): ViewUpdate {
  const { watch } = state;
  if (watch === null || watch.watching !== null || listRun !== watch.listRun) {
    return unchanged(state);
  }
  const next = listRun + 1;
  return {
    state: { ...state, watch: { ...watch, listRun: next } },
    effects: [{ type: 'loadLiveGames', listRun: next }],
  };
}

/**
 * The games that moved within the last two minutes before `now` (milliseconds since 1970, the
 * page's clock; a server clock ahead of it is believed, so a page whose clock is behind still
 * lists the games moving now).
 */
export function liveNow(games: readonly LiveGame[], now: number): LiveGame[] {
  const times = games.map((game) => Date.parse(game.updatedAt));
  const latest = Math.max(now, ...times.filter(Number.isFinite));
  return games.filter((_, i) => {
    const at = times[i] ?? Number.NaN;
    return Number.isFinite(at) && latest - at <= LIVE_WITHIN_MS;
  });
}

/**
 * The live games read at `now` arrived (only those moved in the last two minutes are listed),
 * or why they could not be read; either way the list is read again a little later.
 */
export function liveListed(
  state: ViewState,
  answer: Result<readonly LiveGame[], LeaderboardError>,
  now: number,
  listRun: number,
): ViewUpdate {
  const { watch } = state;
  if (watch === null || listRun !== watch.listRun) return unchanged(state);
  const next: WatchState = answer.ok
    ? { ...watch, games: liveNow(answer.value, now), listError: '' }
    : {
        ...watch,
        games: watch.games ?? [],
        listError: `The live games could not be read (${answer.error.message}); trying again.`,
      };
  const refresh: ViewEffect = {
    type: 'later',
    ms: LIST_REFRESH_MS,
    input: { type: 'liveRefreshDue', listRun },
  };
  return { state: { ...state, watch: next }, effects: [refresh] };
}

/** A live game picked from the list: its stream opens (the updates come with a new run). */
export function watchPicked(state: ViewState, watchId: string): ViewUpdate {
  const { watch } = state;
  if (watch === null) return unchanged(state);
  const run = watch.run + 1;
  const watching = { watchId, position: null, status: 'Connecting…', retries: 0 };
  return {
    state: { ...state, watch: { ...watch, run, watching } },
    effects: [
      ...stopping(watch),
      { type: 'startWatching', run, watchId },
      { type: 'focusWatch', target: 'board' },
    ],
  };
}

const variantText = (update: WatchUpdate & { type: 'state' }): string =>
  `${update.state.rules} ${update.state.size}×${update.state.size}`;

/**
 * The watched game's news: its state (drawn), a move (animated from the engine's slide and the
 * streamed tile, and said in the Watch view's live region), its end, or why the stream stopped.
 * News of a game no longer watched (an older run) is dropped.
 */
export function watchUpdated(state: ViewState, run: number, update: WatchUpdate): ViewUpdate {
  const { watch } = state;
  const watching = watch?.watching;
  if (!watch || !watching || run !== watch.run) return unchanged(state);
  const tiles = state.settings.tiles;
  const put = (changes: Partial<typeof watching>, effects: ViewEffect[]): ViewUpdate => ({
    state: { ...state, watch: { ...watch, watching: { ...watching, ...changes } } },
    effects,
  });
  switch (update.type) {
    case 'state': {
      const { position } = update;
      const text = `Watching a ${variantText(update)} game: score ${position.score}, ${position.moves} moves.`;
      return put({ position, status: 'Live.', retries: 0 }, [
        { type: 'drawWatch', position, tiles, events: [] },
        { type: 'announceWatch', text },
      ]);
    }
    case 'move': {
      const { move, position, events } = update;
      const game = { status: move.status, score: move.score, rules: position.rules };
      const text = describeMove(move.direction, { moved: move.moved, events, game }, tiles);
      return put({ position }, [
        { type: 'drawWatch', position, tiles, events },
        { type: 'announceWatch', text },
      ]);
    }
    case 'end': {
      const { status, score } = update.end;
      const text =
        status === 'lost'
          ? `Game over! Final score ${score}.`
          : `The game was closed (${status}) at score ${score}.`;
      return put({ status: text }, [{ type: 'announceWatch', text }]);
    }
    case 'error': {
      // A game the server no longer has is not asked for again.
      if (update.error.status === 404 || update.error.status === 410) {
        const text = 'This game is no longer on the server.';
        return put({ status: text }, [{ type: 'announceWatch', text }]);
      }
      const ms = retryMs(watching.retries);
      const text = `The stream broke (${update.error.message}); reconnecting in ${Math.round(ms / 1000)} s.`;
      return put({ status: text, retries: watching.retries + 1 }, [
        { type: 'announceWatch', text },
        { type: 'later', ms, input: { type: 'watchRetryDue', run } },
      ]);
    }
  }
}

/** Time to open the broken stream of the run `run` again (still the game watched). */
export function watchRetryDue(state: ViewState, run: number): ViewUpdate {
  const { watch } = state;
  const watching = watch?.watching;
  if (!watch || !watching || run !== watch.run) return unchanged(state);
  const next = run + 1;
  return {
    state: {
      ...state,
      watch: { ...watch, run: next, watching: { ...watching, status: 'Reconnecting…' } },
    },
    effects: [
      { type: 'stopWatching', run },
      { type: 'startWatching', run: next, watchId: watching.watchId },
    ],
  };
}
