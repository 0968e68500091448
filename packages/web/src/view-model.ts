// The browser game as a pure function: `updateView(state, input)` gives the next state and the
// effects the page carries out (draw, sound, say, save, ask the AI or the server, wait). The
// page (main.ts) is the only place with a DOM, storage, timers or a network.

import { parseName } from '@twenty48/common';
import { type Direction, type Game, newGame } from '@twenty48/engine';
import { joinNotices, linkNotice, NO_NOTICE, type Notice, savedGameNotice } from './messages.js';
import { resumeGame, rulesOf, type Variant, variantOf } from './saved-game.js';
import { parseSettings, settingsFor } from './settings.js';
import {
  aiAnswered,
  askHint,
  stopAutoplay,
  stopAutoplayAtEnd,
  takeOver,
  toggleAutoplay,
  wakeAutoplay,
} from './view-autoplay.js';
import {
  andThen,
  animationDone,
  announce,
  changeSettings,
  keepPlaying,
  NO_HINT,
  persist,
  pushMove,
  unchanged,
  undo,
} from './view-game.js';
import {
  describeGame,
  gameIssued,
  onlineTableLoaded,
  scoreSubmitted,
  serverChecked,
  submitName,
} from './view-online.js';
import {
  keepPlayingRanked,
  pushRankedMove,
  rankedChanged,
  rankedMoved,
  rankedOpened,
  resumeOpen,
} from './view-ranked.js';
import {
  awaitingGame,
  overlayOf,
  type SettingsForm,
  type StoredRanked,
  shownOf,
  underWay,
  type ViewEffect,
  type ViewInput,
  type ViewStart,
  type ViewState,
  type ViewUpdate,
} from './view-state.js';
import {
  closeWatch,
  liveListed,
  liveRefreshDue,
  openWatch,
  watchList,
  watchPicked,
  watchRetryDue,
  watchUpdated,
} from './view-watch.js';

export { describeGame };

const focusOverlay = (overlay: 'won' | 'lost'): ViewEffect => ({
  type: 'focus',
  target: overlay === 'won' ? 'keep-going' : 'try-again',
});

/**
 * The ranked game of the last visit, to resume when the address asks for no other game: no
 * seed, and no other rules or size.
 */
function rankedToResume(start: ViewStart): StoredRanked | null {
  const { ranked } = start.stored;
  const { request } = start.launch;
  if (ranked === null || request.seed !== undefined) return null;
  const { rules, size } = ranked.variant;
  const sameRules = request.rules === undefined || request.rules === rules;
  return sameRules && (request.size === undefined || request.size === size) ? ranked : null;
}

/** The saved game when the address asks for nothing else, or a fresh one; and why not saved. */
function openingGame(start: ViewStart): {
  game: Game;
  history: readonly Game[];
  notice: Notice;
  wanted: Variant;
} {
  const { request } = start.launch;
  const settings = parseSettings(start.stored.settings);
  const wanted: Variant = {
    rules: request.rules ?? settings.rules,
    size: request.size ?? settings.size,
  };
  const saved = resumeGame(start.stored.game);
  const linkAsks =
    request.seed !== undefined || request.rules !== undefined || request.size !== undefined;
  if (saved.ok) {
    const { game } = saved.value;
    const variant = variantOf(game.rules);
    const asked =
      variant !== null &&
      (request.seed === undefined || request.seed === game.seed) &&
      variant.rules === wanted.rules &&
      variant.size === wanted.size;
    if (asked || !linkAsks) return { ...saved.value, notice: NO_NOTICE, wanted };
  }
  const notice =
    !saved.ok && start.stored.game !== null ? savedGameNotice(saved.error.code) : NO_NOTICE;
  const game = newGame(rulesOf(wanted), request.seed ?? start.seed);
  return { game, history: [], notice, wanted };
}

/**
 * The page as it opens: the ranked game of the last visit read again from the server, or the
 * saved local game (or the one the address asks for, or a fresh one); the stored settings,
 * best scores and tables; then the server's table is read. A fresh game the address chose no
 * seed for is asked of the server at once: the board shows empty until the server's game (or,
 * without one, the local game) shows, and keys wait meanwhile, so one game shows from the start.
 *
 * @example
 * const { state, effects } = startView({ stored: readStoredPage(store), launch, persistent: true, seed: '1' });
 */
export function startView(start: ViewStart): ViewUpdate {
  const opening = openingGame(start);
  const { game } = opening;
  const resume = rankedToResume(start);
  const dealt =
    resume === null && start.launch.request.seed === undefined && game.moves.length === 0;
  const variant = resume?.variant ?? variantOf(game.rules) ?? opening.wanted;
  const { errors } = start.launch;
  const notice = joinNotices([errors.length > 0 ? linkNotice(errors) : NO_NOTICE, opening.notice]);
  const state: ViewState = {
    game,
    history: opening.history,
    variant,
    settings: settingsFor(parseSettings(start.stored.settings), variant),
    bests: start.stored.bests,
    tables: start.stored.tables,
    ranked: null,
    watch: null,
    animating: false,
    scoreSaved: false,
    notice,
    saving: start.persistent,
    announcement: '',
    hint: NO_HINT,
    note: { local: '', online: '' },
    nameProblem: '',
    autoplay: { run: 0, phase: 'off', since: 0, due: false, answer: null },
    online: {
      table: null,
      mine: null,
      askNameAgain: false,
      dealing: dealt ? 'join' : null,
      resuming: resume !== null,
      held: [],
      parked: start.stored.ranked,
      localReason: start.launch.request.seed === undefined ? null : 'link',
    },
  };
  const saved = persist(state);
  const overlay = overlayOf(state);
  const tiles = saved.state.settings.tiles;
  const opened: readonly ViewEffect[] = resume
    ? [
        { type: 'drawBoard', game: shownOf(saved.state), tiles },
        { type: 'resumeRanked', gameId: resume.gameId },
      ]
    : dealt
      ? [
          { type: 'drawBoard', game: shownOf(saved.state), tiles },
          { type: 'issueGame', purpose: 'join', variant },
        ]
      : [
          { type: 'drawBoard', game, tiles },
          ...(overlay === null ? [] : [focusOverlay(overlay)]),
          announce(describeGame(game)),
        ];
  return {
    state: saved.state,
    effects: [...saved.effects, ...opened, { type: 'loadOnlineTable', variant }],
  };
}

/**
 * Start a game of `variant`, asking the server for it (or for a seed); auto-play stops first.
 * Until it comes the board shows empty and keys wait.
 */
const startGame = (state: ViewState, variant: Variant): ViewUpdate =>
  andThen(stopAutoplay(state, 'stopped'), (s) => {
    const online = { ...s.online, dealing: 'new' as const, held: [] };
    // The last game's notice goes with it; the new game's own comes with its answer.
    const next = { ...s, variant, online, animating: false, hint: NO_HINT, notice: NO_NOTICE };
    return {
      state: next,
      effects: [
        { type: 'issueGame', purpose: 'new', variant },
        { type: 'drawBoard', game: shownOf(next), tiles: next.settings.tiles },
      ],
    };
  });

/**
 * A new game asked for (of `variant` when the settings changed it): ask first if under way.
 * While a game is being dealt, the one coming is the new game (the form shows its settings).
 */
function askNewGame(state: ViewState, variant: Variant | undefined): ViewUpdate {
  if (awaitingGame(state)) {
    const settings = variant ? [{ type: 'showSettings', settings: state.settings } as const] : [];
    return { state, effects: settings };
  }
  const asked = variant ?? state.variant;
  if (!underWay(state)) return startGame(state, asked);
  const fromSettings = variant !== undefined;
  return { state, effects: [{ type: 'confirmNewGame', variant: asked, fromSettings }] };
}

/** A change in the settings form: another rules or size is a new game; the rest is a setting. */
function settingsChanged(state: ViewState, field: string, form: SettingsForm): ViewUpdate {
  if (field !== 'rules' && field !== 'size') return changeSettings(state, form);
  const { rules, size } = parseSettings({ rules: form.rules, size: form.size });
  return askNewGame(state, { rules, size });
}

/** What the player-name rule says of the name being typed: nothing while it is fine or empty. */
const nameProblemOf = (text: string): string => {
  if (text.trim() === '') return '';
  const name = parseName(text);
  return name.ok ? '' : `Not a valid name: ${name.error.message}.`;
};

/** Moves asked for while a game is dealt or resumed, at most: a burst, not a game. */
export const MAX_HELD = 32;

/**
 * A move asked for: the ranked game's or the local one's; none while watching. While the game
 * is dealt or resumed it waits, to be played on the game that comes.
 */
function move(state: ViewState, direction: Direction): ViewUpdate {
  if (state.watch !== null) return unchanged(state);
  if (awaitingGame(state)) {
    const { held } = state.online;
    if (held.length >= MAX_HELD) return unchanged(state);
    return unchanged({ ...state, online: { ...state.online, held: [...held, direction] } });
  }
  if (state.ranked) return pushRankedMove(state, direction);
  return state.autoplay.phase === 'off' ? pushMove(state, direction) : takeOver(state, direction);
}

/** The game came (the server's, or the local one): the moves held meanwhile are played on it. */
function playHeld(state: ViewState): ViewUpdate {
  const { held } = state.online;
  const start = unchanged({ ...state, online: { ...state.online, held: [] } });
  return held.reduce((update, direction) => andThen(update, (s) => move(s, direction)), start);
}

/** What the player does to the game shown: nothing while the Watch view is open. */
const GAME_INPUTS: ReadonlySet<ViewInput['type']> = new Set([
  'undo',
  'keepPlaying',
  'newGame',
  'hintAsked',
  'autoplayToggled',
  'nameSubmitted',
]);

/** What needs a game shown: nothing while it is dealt or resumed (moves wait instead). */
const SHOWN_GAME_INPUTS: ReadonlySet<ViewInput['type']> = new Set([
  'undo',
  'keepPlaying',
  'hintAsked',
  'autoplayToggled',
  'nameSubmitted',
]);

function respond(state: ViewState, input: ViewInput): ViewUpdate {
  if (state.watch !== null && GAME_INPUTS.has(input.type)) return unchanged(state);
  if (awaitingGame(state) && SHOWN_GAME_INPUTS.has(input.type)) return unchanged(state);
  const ranked = state.ranked !== null;
  switch (input.type) {
    case 'move':
      return move(state, input.direction);
    case 'animationDone':
      return animationDone(state, input.game);
    case 'undo':
      return ranked ? unchanged(state) : undo(state);
    case 'keepPlaying':
      return state.ranked ? keepPlayingRanked(state, state.ranked) : keepPlaying(state);
    case 'newGame':
      return askNewGame(state, input.variant);
    case 'confirmed':
      if (input.yes) return startGame(state, input.variant);
      return input.fromSettings
        ? { state, effects: [{ type: 'showSettings', settings: state.settings }] }
        : unchanged(state);
    case 'gameIssued':
      return gameIssued(state, input.purpose, input.variant, input);
    case 'settingsChanged':
      return settingsChanged(state, input.field, input.form);
    case 'nameTyped':
      return unchanged({ ...state, nameProblem: nameProblemOf(input.text) });
    case 'nameSubmitted':
      return submitName(state, input.text, input.now);
    case 'scoreSubmitted':
      return scoreSubmitted(state, input.gameId, input.answer);
    case 'rankedOpened':
      return rankedOpened(state, input.purpose, input.answer);
    case 'rankedMoved':
      return rankedMoved(state, input);
    case 'rankedChanged':
      return rankedChanged(state, input);
    case 'serverChecked':
      return serverChecked(state, input.available);
    case 'onlineTable':
      return onlineTableLoaded(state, input.variant, input.answer);
    case 'resumeOpen':
      return resumeOpen(state, input.gameId, input.variant);
    case 'hintAsked':
      return ranked ? unchanged(state) : askHint(state);
    case 'autoplayToggled':
      return ranked ? unchanged(state) : toggleAutoplay(state, input.now);
    case 'autoplayWake':
      return wakeAutoplay(state, input.run, input.now);
    case 'aiAnswered':
      return aiAnswered(state, input);
    case 'watchOpened':
      return openWatch(state);
    case 'watchClosed':
      return closeWatch(state);
    case 'watchListAsked':
      return watchList(state);
    case 'liveListed':
      return liveListed(state, input.answer, input.now, input.listRun);
    case 'liveRefreshDue':
      return liveRefreshDue(state, input.listRun);
    case 'watchRetryDue':
      return watchRetryDue(state, input.run);
    case 'watchPicked':
      return watchPicked(state, input.watchId);
    case 'watchUpdated':
      return watchUpdated(state, input.run, input.update);
  }
}

/**
 * The next state of the page and what to do about it. Besides the input's own answer: the moves
 * held while a game was dealt or resumed are played once it shows; when the game has just
 * ended, the overlay's note starts empty and the focus goes to its first button; auto-play
 * stops once the game is over.
 *
 * @example
 * let { state } = startView(start);
 * const { state: next, effects } = updateView(state, { type: 'move', direction: 'left' });
 * // effects: saveGame, animateMove, playSound, showGain, announce
 */
export function updateView(state: ViewState, input: ViewInput): ViewUpdate {
  const answered = respond(state, input);
  const update =
    awaitingGame(state) && !awaitingGame(answered.state) && answered.state.online.held.length > 0
      ? andThen(answered, playHeld)
      : answered;
  const overlay = overlayOf(update.state);
  const ended =
    overlay !== null && overlayOf(state) === null
      ? {
          state: { ...update.state, note: { local: '', online: '' } },
          effects: [...update.effects, focusOverlay(overlay)],
        }
      : update;
  return andThen(ended, stopAutoplayAtEnd);
}
