// The ranked game's part of the page's policy: the server deals the tiles, so a move is sent to
// the client (which slides at once, pipelined) and its new tile shown when the answer comes;
// a lost connection is said on the page; undo, hints and auto-play are not offered. Pure: the
// client at the edge (page-effects.ts) is reached through effects and answers as inputs.

import type { ClientError, ClientResult, RankedChange, RankedSnapshot } from '@twenty48/client';
import type { Direction, TileEvent } from '@twenty48/engine';
import { describeMove } from './announce.js';
import { NO_NOTICE, answered as serverAnswered, unresumedNotice } from './messages.js';
import { type Variant, variantOf } from './saved-game.js';
import { settingsFor } from './settings.js';
import { stopAutoplay } from './view-autoplay.js';
import { andThen, announce, NO_HINT, persist, unchanged } from './view-game.js';
import { showLocalGame } from './view-online.js';
import {
  awaitingGame,
  connectionLine,
  fresh,
  overlayOf,
  type RankedView,
  shownOf,
  type ViewEffect,
  type ViewInput,
  type ViewState,
  type ViewUpdate,
} from './view-state.js';

const withSnapshot = (ranked: RankedView, snapshot: RankedSnapshot): RankedView => ({
  ...ranked,
  position: snapshot.position,
  connection: snapshot.connection,
});

const heading = (direction: Direction): string =>
  `${direction[0]?.toUpperCase()}${direction.slice(1)}`;

/** The ranked game's board drawn, animating `events` when there are any; not while another is dealt. */
const draw = (state: ViewState, events: readonly TileEvent[] = []): ViewEffect[] =>
  state.ranked === null || awaitingGame(state)
    ? []
    : [{ type: 'drawBoard', game: state.ranked.position, tiles: state.settings.tiles, events }];

/** The variant of a snapshot, as the page's settings know it. */
const variantOfSnapshot = (snapshot: RankedSnapshot): Variant =>
  variantOf(snapshot.position.rules) ?? {
    rules: snapshot.variant.rules,
    size: snapshot.variant.size,
  };

/**
 * The ranked game of the last visit could not be read again. Gone from the server (unknown,
 * expired): it is forgotten, and a fresh page asks for a new one (the board still waits).
 * Not reached: the local game shows and is played meanwhile, the ranked one kept for the next
 * visit.
 */
function notResumed(state: ViewState, error: ClientError): ViewUpdate {
  const gone = error.status === 404 || error.status === 410;
  const join = gone && fresh(state);
  const online = {
    ...state.online,
    resuming: false,
    dealing: join ? ('join' as const) : state.online.dealing,
    parked: gone ? null : state.online.parked,
  };
  const notice = unresumedNotice(error, gone);
  const localReason = gone
    ? state.online.localReason
    : serverAnswered(error)
      ? 'refused'
      : 'unreachable';
  const saved = persist({ ...state, online: { ...online, localReason }, notice });
  if (join) {
    const issue: ViewEffect = { type: 'issueGame', purpose: 'join', variant: state.variant };
    return { state: saved.state, effects: [...saved.effects, issue] };
  }
  const wasShown = !state.online.resuming;
  return wasShown ? saved : andThen(saved, showLocalGame);
}

/**
 * A ranked game was opened: created for a new game (`new`), for the fresh game the page opened
 * with (`join`), or read again after a reload (`resume`). It takes the page's place unless the
 * player moved in the fresh game meanwhile; a game the page does not take is closed.
 *
 * @example
 * rankedOpened(state, 'new', { ok: true, value: snapshot }).state.ranked?.gameId // snapshot.gameId
 */
export function rankedOpened(
  state: ViewState,
  purpose: 'new' | 'join' | 'resume',
  answer: ClientResult<RankedSnapshot>,
): ViewUpdate {
  if (!answer.ok) return notResumed(state, answer.error);
  const snapshot = answer.value;
  const close = (gameId: string): ViewEffect => ({ type: 'closeRanked', gameId });
  const unwanted =
    (purpose === 'join' && state.online.dealing !== 'join') ||
    (purpose === 'resume' && !state.online.resuming);
  if (unwanted) return { state, effects: [close(snapshot.gameId)] };
  // The game asked for came: the board stops waiting.
  const online = { ...state.online, resuming: false, dealing: null };
  const variant = variantOfSnapshot(snapshot);
  const ranked: RankedView = {
    gameId: snapshot.gameId,
    watchId: snapshot.watchId,
    variant,
    position: snapshot.position,
    connection: snapshot.connection,
    won: snapshot.position.status === 'won',
    keptPlaying: false,
  };
  const { score, moves } = snapshot.position;
  const announcement =
    purpose === 'resume'
      ? `Ranked game resumed. Score ${score}, ${moves} moves.`
      : `New ranked game, ${variant.size} by ${variant.size}. Score ${score}.`;
  const previous = state.ranked?.gameId;
  const next: ViewState = {
    ...state,
    ranked,
    variant,
    settings: settingsFor(state.settings, variant),
    history: [],
    animating: false,
    scoreSaved: false,
    hint: NO_HINT,
    note: { local: '', online: '' },
    announcement,
    online: { ...online, askNameAgain: false, parked: null },
  };
  const saved = persist(next);
  return {
    state: saved.state,
    effects: [
      ...(previous !== undefined && previous !== snapshot.gameId ? [close(previous)] : []),
      ...saved.effects,
      ...draw(saved.state),
      announce(announcement),
      ...(purpose === 'resume' ? [] : [{ type: 'loadOnlineTable', variant } as const]),
    ],
  };
}

/**
 * The player chose to resume the open ranked game `gameId` (of `variant`) that a refusal
 * named: it is read from the server and takes the local game's place, as after a reload;
 * auto-play stops first.
 *
 * @example
 * resumeOpen(state, 'g1', { rules: 'classic', size: 4 }).effects // [drawBoard (empty), resumeRanked]
 */
export function resumeOpen(state: ViewState, gameId: string, variant: Variant): ViewUpdate {
  if (state.ranked !== null || awaitingGame(state)) return unchanged(state);
  return andThen(stopAutoplay(state, 'resuming your ranked game'), (s) => {
    const parked = { gameId, variant, shown: null };
    const online = { ...s.online, resuming: true, parked, held: [] };
    const next: ViewState = { ...s, variant, online, notice: NO_NOTICE, hint: NO_HINT };
    return {
      state: next,
      effects: [
        { type: 'drawBoard', game: shownOf(next), tiles: next.settings.tiles },
        { type: 'resumeRanked', gameId },
      ],
    };
  });
}

/**
 * A move asked for in a ranked game: handed to the client (which slides at once and sends it),
 * or ignored while the overlay asks its question.
 *
 * @example
 * pushRankedMove(state, 'left').effects // [{ type: 'rankedMove', gameId, direction: 'left' }]
 */
export function pushRankedMove(state: ViewState, direction: Direction): ViewUpdate {
  const { ranked } = state;
  if (ranked === null || overlayOf(state) !== null) return unchanged(state);
  return { state, effects: [{ type: 'rankedMove', gameId: ranked.gameId, direction }] };
}

/** What a move not sent says, by the client's reason. */
const REFUSALS = {
  'nothing moves': (direction: Direction) => `${heading(direction)}: nothing moves.`,
  paused: () => 'Connection lost, retrying…; that move was not made.',
  'game over': () => '',
  'too far ahead': () => 'Waiting for the server to catch up; that move was not made.',
  gone: () => 'The server no longer has this ranked game; that move was not made.',
} as const;

/** The client made the move (its slide animates now) or said why not. */
export function rankedMoved(
  state: ViewState,
  input: Extract<ViewInput, { type: 'rankedMoved' }>,
): ViewUpdate {
  const { ranked } = state;
  if (ranked === null || ranked.gameId !== input.gameId) return unchanged(state);
  const next = { ...state, ranked: withSnapshot(ranked, input.snapshot), hint: NO_HINT };
  const { outcome } = input;
  if (!outcome.sent) {
    const text = REFUSALS[outcome.reason](input.direction);
    return { state: { ...next, announcement: text }, effects: text ? [announce(text)] : [] };
  }
  return {
    state: next,
    effects: [
      ...draw(next, outcome.events),
      { type: 'playSound', events: outcome.events },
      { type: 'showGain', points: outcome.gained },
    ],
  };
}

/** What the page says of a change of the connection. */
const connectionNews = (state: ViewState): string =>
  connectionLine(state) || 'Connection back: the game goes on.';

/**
 * The client's news of the ranked game: a move answered (its new tile appears, the move is
 * said), the connection lost or back, the board read again from the server.
 */
export function rankedChanged(
  state: ViewState,
  input: Extract<ViewInput, { type: 'rankedChanged' }>,
): ViewUpdate {
  const { ranked } = state;
  if (ranked === null || ranked.gameId !== input.gameId) return unchanged(state);
  const { change } = input;
  const nextRanked = withSnapshot(ranked, input.snapshot);
  const next: ViewState = { ...state, ranked: nextRanked };
  switch (change.type) {
    case 'slid':
      return unchanged(next);
    case 'answered':
      return answered(next, nextRanked, change);
    case 'connection': {
      const text = connectionNews(next);
      return { state: { ...next, announcement: text }, effects: [announce(text)] };
    }
    case 'resynced': {
      const text = `The board was read again from the server (${change.error.code}).`;
      return { state: { ...next, announcement: text }, effects: [...draw(next), announce(text)] };
    }
  }
}

function answered(
  state: ViewState,
  ranked: RankedView,
  change: RankedChange & { type: 'answered' },
): ViewUpdate {
  const { answer, spawn } = change;
  const won = ranked.won || answer.status === 'won';
  const { rules } = ranked.position;
  const done = {
    moved: answer.moved,
    events: spawn ? [...change.events, spawn] : change.events,
    game: { status: answer.status, score: answer.score, rules },
  };
  const announcement = describeMove(change.direction, done, state.settings.tiles);
  const saved = persist({ ...state, ranked: { ...ranked, won }, announcement });
  return {
    state: saved.state,
    effects: [...saved.effects, ...draw(saved.state, spawn ? [spawn] : []), announce(announcement)],
  };
}

/** Go on after a win in a ranked game: the server plays on; the overlay goes. */
export function keepPlayingRanked(state: ViewState, ranked: RankedView): ViewUpdate {
  const announcement = `Keep going! Score ${ranked.position.score}.`;
  const next = { ...state, ranked: { ...ranked, keptPlaying: true }, announcement };
  return {
    state: next,
    effects: [...draw(next), announce(announcement), { type: 'focus', target: 'cells' }],
  };
}
