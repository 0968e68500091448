// The browser game as a pure function: `updateView(state, input)` gives the next state and the
// effects the page carries out (draw, sound, say, save, ask the AI or the server, wait). The
// page (main.ts) is the only place with a DOM, storage, timers or a network.

import { parseName } from '@twenty48/common';
import { type Game, newGame } from '@twenty48/engine';
import { describeStatus } from './announce.js';
import { resumeGame, rulesOf, type Variant, variantOf } from './saved-game.js';
import { parseSettings, settingsFor } from './settings.js';
import {
  aiAnswered,
  askHint,
  resumeAutoplay,
  stopAutoplay,
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
  gameIssued,
  onlineTableLoaded,
  scoreSubmitted,
  serverChecked,
  submitName,
} from './view-online.js';
import {
  overlayOf,
  type SettingsForm,
  underWay,
  type ViewEffect,
  type ViewInput,
  type ViewStart,
  type ViewState,
  type ViewUpdate,
} from './view-state.js';

/** Say how the game stands after a redraw without a move (load, undo, new game). */
export const describeGame = (game: Game): string =>
  describeStatus(game) || `Score ${game.score}, ${game.moves.length} moves.`;

const focusOverlay = (overlay: 'won' | 'lost'): ViewEffect => ({
  type: 'focus',
  target: overlay === 'won' ? 'keep-going' : 'try-again',
});

/** The saved game when the address asks for nothing else, or a fresh one; and why not saved. */
function openingGame(start: ViewStart): {
  game: Game;
  history: readonly Game[];
  gameId: string | null;
  notice: string;
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
    if (asked || !linkAsks) return { ...saved.value, notice: '', wanted };
  }
  const notice =
    !saved.ok && start.stored.game !== null
      ? `The saved game could not be restored (${saved.error.code}).`
      : '';
  const game = newGame(rulesOf(wanted), request.seed ?? start.seed);
  return { game, history: [], gameId: null, notice, wanted };
}

/**
 * The page as it opens: the saved game resumed (or the one the address asks for, or a fresh
 * one), the stored settings, best scores and tables; then the server's table is read and, when
 * the address chose no seed, a fresh game asks the server for one.
 *
 * @example
 * const { state, effects } = startView({ stored: readStoredPage(store), launch, persistent: true, seed: '1' });
 */
export function startView(start: ViewStart): ViewUpdate {
  const opening = openingGame(start);
  const { game } = opening;
  const variant = variantOf(game.rules) ?? opening.wanted;
  const notice = [
    ...start.launch.errors.map((e) => `The link was not used in full (${e.code}: ${e.message}).`),
    opening.notice,
    start.persistent
      ? ''
      : 'This browser does not allow saving: the game will not survive a reload.',
  ]
    .filter(Boolean)
    .join(' ');
  const state: ViewState = {
    game,
    history: opening.history,
    variant,
    settings: settingsFor(parseSettings(start.stored.settings), variant),
    bests: start.stored.bests,
    tables: start.stored.tables,
    gameId: opening.gameId,
    queue: [],
    animating: false,
    scoreSaved: false,
    notice,
    announcement: '',
    hint: NO_HINT,
    note: { local: '', online: '' },
    nameProblem: '',
    autoplay: { run: 0, phase: 'off', since: 0 },
    online: {
      table: null,
      mine: null,
      askNameAgain: false,
      joinPending: start.launch.request.seed === undefined,
    },
  };
  const saved = persist(state);
  const overlay = overlayOf(state);
  return {
    state: saved.state,
    effects: [
      ...saved.effects,
      { type: 'drawBoard', game, tiles: saved.state.settings.tiles },
      ...(overlay === null ? [] : [focusOverlay(overlay)]),
      announce(describeGame(game)),
      { type: 'loadOnlineTable', variant },
    ],
  };
}

/** Start a game of `variant`, asking the server for its seed; auto-play stops first. */
const startGame = (state: ViewState, variant: Variant): ViewUpdate =>
  andThen(stopAutoplay(state, 'stopped'), (s) => ({
    state: s,
    effects: [{ type: 'issueGame', purpose: 'new', variant }],
  }));

/** A new game asked for (of `variant` when the settings changed it): ask first if under way. */
function askNewGame(state: ViewState, variant: Variant | undefined): ViewUpdate {
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

function respond(state: ViewState, input: ViewInput): ViewUpdate {
  switch (input.type) {
    case 'move':
      return pushMove(state, input.direction);
    case 'animationDone':
      return animationDone(state);
    case 'undo':
      return undo(state);
    case 'keepPlaying':
      return keepPlaying(state);
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
      return scoreSubmitted(state, input.game, input.answer);
    case 'serverChecked':
      return serverChecked(state, input.available);
    case 'onlineTable':
      return onlineTableLoaded(state, input.variant, input.answer);
    case 'hintAsked':
      return askHint(state);
    case 'autoplayToggled':
      return toggleAutoplay(state, input.now);
    case 'autoplayWake':
      return wakeAutoplay(state, input.run, input.now);
    case 'aiAnswered':
      return aiAnswered(state, input);
  }
}

/**
 * The next state of the page and what to do about it. Besides the input's own answer: when the
 * game has just ended, the overlay's note starts empty and the focus goes to its first button;
 * auto-play waiting for the board goes on once the board is still.
 *
 * @example
 * let { state } = startView(start);
 * const { state: next, effects } = updateView(state, { type: 'move', direction: 'left' });
 * // effects: saveGame, animateMove, playSound, showGain, announce
 */
export function updateView(state: ViewState, input: ViewInput): ViewUpdate {
  const update = respond(state, input);
  const overlay = overlayOf(update.state);
  const ended =
    overlay !== null && overlayOf(state) === null
      ? {
          state: { ...update.state, note: { local: '', online: '' } },
          effects: [...update.effects, focusOverlay(overlay)],
        }
      : update;
  return andThen(ended, resumeAutoplay);
}
