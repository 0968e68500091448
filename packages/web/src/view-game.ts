// The game's own policy over the page's state: moves (each played at once, cutting the running
// animation short, as the original does), undo, keep going, a new game, the settings, and the
// local high-score table. Pure: effects are returned.

import {
  type Direction,
  type Game,
  keepPlaying as keepPlayingAfterWin,
  newGame,
  step,
} from '@twenty48/engine';
import { describeMove } from './announce.js';
import { addScore, type ScoreEntry } from './high-scores.js';
import { rulesOf, type Variant, variantKey, withUndo } from './saved-game.js';
import { cleanName, parseSettings, settingsFor } from './settings.js';
import {
  overlayOf,
  type SettingsForm,
  scoresOf,
  shownOf,
  type ViewEffect,
  type ViewState,
  type ViewUpdate,
} from './view-state.js';

/** The original's slide: 100 ms; merged and new tiles pop for twice that once it ends. */
export const SLIDE_MS = 100;

/** The time between two auto-play moves at the speed set (moves per second). */
export const turnMs = (state: ViewState): number => 1000 / Math.max(1, state.settings.speed);

/**
 * How long a move's slide takes: the original's, but while auto-play runs never longer than a
 * turn, so each move's animation is over before the next one comes.
 *
 * @example
 * slideMsOf(autoplayingAt30) // 33
 */
export const slideMsOf = (state: ViewState): number =>
  state.autoplay.phase === 'off' ? SLIDE_MS : Math.min(SLIDE_MS, Math.floor(turnMs(state)));

/** The hint line, empty: any change to the game makes the last hint stale. */
export const NO_HINT: ViewState['hint'] = Object.freeze({ text: '', direction: null });

/** No change, nothing to do. */
export const unchanged = (state: ViewState): ViewUpdate => ({ state, effects: [] });

/**
 * `update`, then `next` on its state: the last state, and the effects of both in order.
 *
 * @example
 * andThen(undo(state), (s) => ({ state: s, effects: [{ type: 'focus', target: 'cells' }] }))
 */
export function andThen(update: ViewUpdate, next: (state: ViewState) => ViewUpdate): ViewUpdate {
  const after = next(update.state);
  return { state: after.state, effects: [...update.effects, ...after.effects] };
}

export const announce = (text: string): ViewEffect => ({ type: 'announce', text });

/**
 * Save the game, the settings and the best score (raised to this game's score when it beats
 * it), as the page does after every change.
 */
export function persist(state: ViewState): ViewUpdate {
  const key = variantKey(state.variant);
  const before = state.bests[key] ?? 0;
  const best = Math.max(before, shownOf(state).score);
  const next = best === before ? state : { ...state, bests: { ...state.bests, [key]: best } };
  const { game, settings, variant } = next;
  const ranked = next.ranked
    ? {
        gameId: next.ranked.gameId,
        variant: next.ranked.variant,
        shown: {
          board: next.ranked.position.board,
          score: next.ranked.position.score,
          moves: next.ranked.position.moves,
        },
      }
    : next.online.parked;
  return { state: next, effects: [{ type: 'saveGame', game, ranked, settings, variant, best }] };
}

/**
 * A move asked for: played at once (a running animation is finished first, as the original
 * does, so no press waits or is lost), or ignored while the overlay asks its question.
 *
 * @example
 * pushMove(state, 'left').effects // [saveGame, animateMove, playSound, showGain, announce]
 * pushMove(animating, 'up').effects // [saveGame, finishAnimation, animateMove, playSound, …]
 */
export function pushMove(state: ViewState, direction: Direction): ViewUpdate {
  if (overlayOf(state) !== null) return unchanged(state);
  const result = step(state.game, direction);
  const announcement = describeMove(direction, result, state.settings.tiles);
  const said = { ...state, announcement, hint: NO_HINT };
  // Nothing moved: nothing to animate, and the running animation goes on.
  if (result.game === state.game) return { state: said, effects: [announce(announcement)] };
  const history = withUndo(state.history, state.game);
  const saved = persist({ ...said, game: result.game, history, animating: true });
  const tiles = state.settings.tiles;
  const finish: ViewEffect[] = state.animating ? [{ type: 'finishAnimation' }] : [];
  return {
    state: saved.state,
    effects: [
      ...saved.effects,
      ...finish,
      { type: 'animateMove', result, tiles, slideMs: slideMsOf(state) },
      { type: 'playSound', events: result.events },
      { type: 'showGain', points: result.gained },
      announce(announcement),
    ],
  };
}

/** The animation of the move that made `game` ended (a later move's is still running). */
export const animationDone = (state: ViewState, game: Game): ViewUpdate =>
  unchanged(state.game === game ? { ...state, animating: false } : state);

/** After a change that is no move (undo, keep going, new game): redraw and say so. */
function reset(state: ViewState, reason: 'new' | 'undo' | 'keepPlaying'): ViewUpdate {
  const cleared: ViewState = {
    ...state,
    animating: false,
    hint: NO_HINT,
    // The question about the name belonged to the game that ended.
    online: { ...state.online, askNameAgain: false },
  };
  const saved = persist(cleared);
  const { settings, variant } = saved.state;
  const effects: ViewEffect[] = [
    ...saved.effects,
    { type: 'drawBoard', game: shownOf(saved.state), tiles: settings.tiles },
    announce(state.announcement),
  ];
  if (reason === 'new') effects.push({ type: 'loadOnlineTable', variant });
  return { state: saved.state, effects };
}

/** Take back the last move, if there is one. */
export function undo(state: ViewState): ViewUpdate {
  const previous = state.history.at(-1);
  if (previous === undefined) return unchanged(state);
  const history = state.history.slice(0, -1);
  const announcement = `Undone. Score ${previous.score}.`;
  return reset({ ...state, game: previous, history, scoreSaved: false, announcement }, 'undo');
}

/** Go on after a win; the focus goes back to the board. */
export function keepPlaying(state: ViewState): ViewUpdate {
  const game = keepPlayingAfterWin(state.game);
  const announcement = `Keep going! Score ${game.score}.`;
  return andThen(reset({ ...state, game, announcement }, 'keepPlaying'), (s) => ({
    state: s,
    effects: [{ type: 'focus', target: 'cells' }],
  }));
}

/**
 * Start a local game of `variant` from `seed`, in place of the game shown (a ranked one is
 * closed and forgotten). The settings follow the variant (the tiers rules bring their
 * colour-and-size tiles).
 */
export function startNewGame(state: ViewState, variant: Variant, seed: string): ViewUpdate {
  const game = newGame(rulesOf(variant), seed);
  const announcement = `New game, ${variant.size} by ${variant.size}. Score ${game.score}.`;
  const settings = settingsFor(state.settings, variant);
  const online = { ...state.online, parked: null };
  const next = { ...state, variant, settings, game, history: [], ranked: null, online };
  const started = reset({ ...next, announcement, scoreSaved: false }, 'new');
  const closed: ViewEffect[] = state.ranked
    ? [{ type: 'closeRanked', gameId: state.ranked.gameId }]
    : [];
  return { state: started.state, effects: [...closed, ...started.effects] };
}

/** The theme, tiles, sound or speed changed in the form; rules and size stay the game's. */
export function changeSettings(state: ViewState, form: SettingsForm): ViewUpdate {
  const chosen = parseSettings({
    ...state.settings,
    theme: form.theme,
    tiles: form.tiers ? 'tiers' : 'numbers',
    sound: form.sound,
    speed: form.speed,
  });
  const settings = { ...chosen, rules: state.variant.rules, size: state.variant.size };
  const saved = persist({ ...state, settings, hint: NO_HINT });
  return {
    state: saved.state,
    effects: [
      ...saved.effects,
      announce(state.announcement),
      { type: 'drawBoard', game: shownOf(state), tiles: settings.tiles },
    ],
  };
}

/**
 * Enter the lost game in this variant's local table under `typed` (cleaned by the settings'
 * name rule; 'Anonymous' when nothing is left) at time `now`; the note says its place.
 *
 * @example
 * saveLocalScore(lost, 'Ada', Date.now()).state.note.local // 'Number 1 in your table.'
 */
export function saveLocalScore(state: ViewState, typed: string, now: number): ViewUpdate {
  const { variant } = state;
  const game = shownOf(state);
  const name = cleanName(typed) || 'Anonymous';
  const entry: ScoreEntry = {
    name,
    score: game.score,
    moves: game.moves,
    maxTile: Math.max(...game.board.flat()),
    at: now,
  };
  const { table, rank } = addScore(scoresOf(state), entry);
  const announcement = rank ? `Saved: number ${rank} in the table.` : 'Saved; not in the top ten.';
  const local = rank ? `Number ${rank} in your table.` : 'Saved; not in your top ten.';
  const saved = persist({
    ...state,
    settings: { ...state.settings, name },
    tables: { ...state.tables, [variantKey(variant)]: table },
    scoreSaved: true,
    announcement,
    hint: NO_HINT,
    note: { local, online: '' },
  });
  return {
    state: saved.state,
    effects: [{ type: 'saveScores', variant, table }, ...saved.effects, announce(announcement)],
  };
}
