// Shows the view model's state in the page after every input. Panels whose part of the state
// is the same object as last time are left alone, so a move rewrites a few numbers, not tables.

import type { LiveGame } from '@twenty48/common';
import type { Rules } from '@twenty48/engine';
import { byId } from './dom.js';
import type { ScoreEntry } from './high-scores.js';
import { launchSearch } from './launch.js';
import { resumeLabel } from './messages.js';
import {
  formatNumber,
  showGoal,
  showLiveGames,
  showNameProblem,
  showOnlineScores,
  showOverlay,
  showScores,
  showSettings,
} from './panels.js';
import type { Settings } from './settings.js';
import {
  awaitingGame,
  bestOf,
  canUndo,
  gameLine,
  nameFormShown,
  noteText,
  noticeOf,
  type OnlineTableState,
  overlayOf,
  scoresOf,
  shownOf,
  showsRanked,
  type ViewState,
  type WatchState,
} from './view-state.js';

/** What rendering needs besides the state. */
export interface RenderDeps {
  /** Where the record behind an online score is. */
  readonly recordUrl: (id: number) => string;
  /** Sound on or off, as the settings say. */
  readonly setSound: (on: boolean) => void;
}

/**
 * The address of the game shown, to share it or to reload into it: a local game's seed, or a
 * ranked game's rules and size (its seed is the server's secret; a reload resumes it). While a
 * ranked game waits for the server (a local game is played meanwhile), no seed either: a
 * reload goes back to the ranked game, and the local one is saved anyway; nor while a game is
 * dealt (its seed is not known yet).
 */
function showAddress(state: ViewState): void {
  const { game, variant } = state;
  const search =
    state.ranked || state.online.parked || awaitingGame(state)
      ? `?${new URLSearchParams({ rules: variant.rules, size: String(variant.size) })}`
      : launchSearch({ seed: game.seed, rules: variant.rules, size: variant.size });
  if (window.location.search !== search) window.history.replaceState(null, '', search);
}

/**
 * Write `text` into the element `id` only when it changed: a live region or an alert speaks
 * again at every write, even of the same words.
 */
export function writeText(id: string, text: string): void {
  const element = byId(id);
  if (element.textContent !== text) element.textContent = text;
}

/**
 * Undo, Hint and Auto-play are not offered in a ranked game (nor while one is resumed or
 * dealt): they stay in their place, disabled, and a line says why (or, beside a server, why a
 * local game is not ranked). Watch keeps its room while there is no server to watch, unseen:
 * no button that comes or goes moves another.
 */
function showGameKind(state: ViewState): void {
  const off = showsRanked(state) || awaitingGame(state);
  byId<HTMLButtonElement>('undo').disabled = off || !canUndo(state);
  byId<HTMLButtonElement>('hint').disabled = off;
  byId<HTMLButtonElement>('autoplay').disabled = off;
  byId('watch').classList.toggle('unavailable', state.online.table === null);
  writeText('ranked-line', gameLine(state));
}

/** The numbers, buttons and lines that change with every move. */
function showStatus(state: ViewState): void {
  const shown = shownOf(state);
  byId('score').textContent = formatNumber(shown.score);
  byId('best').textContent = formatNumber(bestOf(state));
  byId('moves').textContent = formatNumber(shown.moves);
  showGameKind(state);
  showOverlay(overlayOf(state), nameFormShown(state), noteText(state), shown.score);
  writeText('overlay-details', state.note.details ?? '');
  showNameProblem(state.nameProblem);
  writeText('hint-text', state.hint.text);
  byId('hint-text').dataset.direction = state.hint.direction ?? '';
  byId('autoplay').setAttribute('aria-pressed', String(state.autoplay.phase !== 'off'));
  const notice = noticeOf(state);
  writeText('notice', notice.text);
  writeText('notice-details', notice.details);
  const resume = byId('notice-resume');
  resume.hidden = notice.resume === undefined;
  if (notice.resume) {
    writeText('notice-resume', resumeLabel(notice.resume));
    resume.dataset.gameId = notice.resume.gameId;
    resume.dataset.rules = notice.resume.rules;
    resume.dataset.size = String(notice.resume.size);
  }
}

/** The Watch view instead of the game while it is open: the list, or the game watched. */
function showWatch(
  watch: WatchState | null,
  mine: string | null,
  shownList: { games?: readonly LiveGame[] | null },
): void {
  byId('game-view').hidden = watch !== null;
  byId('scores').hidden = watch !== null;
  byId('watch-view').hidden = watch === null;
  if (watch === null) return;
  const watching = watch.watching;
  byId('live-games').hidden = watching !== null;
  byId('watch-game').hidden = watching === null;
  byId('watch-list').textContent = watching === null ? 'Read the list again' : 'Live games';
  const note =
    watch.listError ||
    (watch.games === null
      ? 'Reading the live games…'
      : watch.games.length === 0
        ? 'No game has moved in the last two minutes.'
        : `${watch.games.length} live (moved in the last two minutes), best score first.`);
  writeText('watch-list-note', watching === null ? note : '');
  if (watch.games !== shownList.games) {
    shownList.games = watch.games;
    showLiveGames(watch.games ?? [], mine);
  }
  if (watching !== null) {
    writeText('watch-status', watching.status);
    byId('watch-score').textContent = formatNumber(watching.position?.score ?? 0);
    byId('watch-moves').textContent = formatNumber(watching.position?.moves ?? 0);
  }
}

/**
 * A renderer for the page: `render(state)` after every input shows everything but the board
 * (the board follows the `drawBoard` and `animateMove` effects).
 *
 * @example
 * const page = createPageRenderer({ recordUrl: leaderboard.recordUrl, setSound: sound.setEnabled });
 * page.render(state);
 */
export function createPageRenderer(deps: RenderDeps): { render(state: ViewState): void } {
  let settings: Settings | undefined;
  let rules: Rules | undefined;
  let scores: readonly ScoreEntry[] | undefined;
  let table: OnlineTableState | null | undefined;
  const liveList: { games?: readonly LiveGame[] | null } = {};
  return {
    render(state) {
      showStatus(state);
      showWatch(state.watch, state.ranked?.watchId ?? null, liveList);
      if (state.settings !== settings) {
        settings = state.settings;
        showSettings(settings);
        deps.setSound(settings.sound);
      }
      const shownRules = shownOf(state).rules;
      if (shownRules !== rules) {
        rules = shownRules;
        showGoal(rules);
      }
      if (scoresOf(state) !== scores) {
        scores = scoresOf(state);
        showScores(scores);
      }
      if (state.online.table !== table) {
        table = state.online.table;
        showOnlineScores(table && { ...table, recordUrl: deps.recordUrl });
      }
      showAddress(state);
    },
  };
}
