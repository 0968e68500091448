// The Watch view's part of the page's policy: the live games listed (best score first), one
// picked and watched move by move with the game's own animations, and back to the player's
// game. Pure: the list and the stream are reached through effects, their news come as inputs.

import type { WatchUpdate } from '@twenty48/client';
import type { LiveGame, Result } from '@twenty48/common';
import { describeMove } from './announce.js';
import type { LeaderboardError } from './leaderboard.js';
import { stopAutoplay } from './view-autoplay.js';
import { andThen, unchanged } from './view-game.js';
import type { ViewEffect, ViewState, ViewUpdate, WatchState } from './view-state.js';

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
    state: { ...s, watch: { games: null, listError: '', watching: null, run: 0 } },
    effects: [{ type: 'loadLiveGames' }, { type: 'focusWatch', target: 'list' }],
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
  return {
    state: { ...state, watch: { ...watch, watching: null, games: null, listError: '' } },
    effects: [
      ...stopping(watch),
      { type: 'loadLiveGames' },
      { type: 'focusWatch', target: 'list' },
    ],
  };
}

/** The live games arrived, or why they could not be read. */
export function liveListed(
  state: ViewState,
  answer: Result<readonly LiveGame[], LeaderboardError>,
): ViewUpdate {
  const { watch } = state;
  if (watch === null) return unchanged(state);
  const next: WatchState = answer.ok
    ? { ...watch, games: answer.value, listError: '' }
    : {
        ...watch,
        games: [],
        listError: `The live games could not be read (${answer.error.code}: ${answer.error.message}).`,
      };
  return unchanged({ ...state, watch: next });
}

/** A live game picked from the list: its stream opens (the updates come with a new run). */
export function watchPicked(state: ViewState, watchId: string): ViewUpdate {
  const { watch } = state;
  if (watch === null) return unchanged(state);
  const run = watch.run + 1;
  const watching = { watchId, position: null, status: 'Connecting…' };
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
      return put({ position, status: 'Live.' }, [
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
      const text = `The stream stopped: ${update.error.message} (${update.error.code}).`;
      return put({ status: text }, [{ type: 'announceWatch', text }]);
    }
  }
}
