// Shows the view model's state in the page after every input. Panels whose part of the state
// is the same object as last time are left alone, so a move rewrites a few numbers, not tables.

import type { Rules } from '@twenty48/engine';
import type { ScoreEntry } from './high-scores.js';
import { launchSearch } from './launch.js';
import {
  byId,
  showGoal,
  showNameProblem,
  showOnlineScores,
  showOverlay,
  showScores,
  showSettings,
} from './panels.js';
import type { Settings } from './settings.js';
import {
  bestOf,
  canUndo,
  nameFormShown,
  noteText,
  type OnlineTableState,
  overlayOf,
  scoresOf,
  type ViewState,
} from './view-state.js';

/** What rendering needs besides the state. */
export interface RenderDeps {
  /** Where the record behind an online score is. */
  readonly recordUrl: (id: number) => string;
  /** Sound on or off, as the settings say. */
  readonly setSound: (on: boolean) => void;
}

/** The address of the game shown, to share it or to reload into it. */
function showAddress(state: ViewState): void {
  const { game, variant } = state;
  const search = launchSearch({ seed: game.seed, rules: variant.rules, size: variant.size });
  if (window.location.search !== search) window.history.replaceState(null, '', search);
}

/** The numbers, buttons and lines that change with every move. */
function showStatus(state: ViewState): void {
  byId('score').textContent = String(state.game.score);
  byId('best').textContent = String(bestOf(state));
  byId('moves').textContent = String(state.game.moves.length);
  byId<HTMLButtonElement>('undo').disabled = !canUndo(state);
  showOverlay(overlayOf(state), nameFormShown(state), noteText(state));
  showNameProblem(state.nameProblem);
  const hint = byId('hint-text');
  hint.textContent = state.hint.text;
  hint.dataset.direction = state.hint.direction ?? '';
  byId('autoplay').setAttribute('aria-pressed', String(state.autoplay.phase !== 'off'));
  byId('notice').textContent = state.notice;
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
  return {
    render(state) {
      showStatus(state);
      if (state.settings !== settings) {
        settings = state.settings;
        showSettings(settings);
        deps.setSound(settings.sound);
      }
      if (state.game.rules !== rules) {
        rules = state.game.rules;
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
