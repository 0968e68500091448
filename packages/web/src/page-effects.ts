// Carries out the view model's effects: the board, sound, the live region, focus, storage, the
// confirmation dialog, the AI worker, the leaderboard server and timers. Answers come back as
// inputs through `dispatch`.

import type { AiClient } from './ai-client.js';
import type { Leaderboard } from './leaderboard.js';
import { issueOnlineGame, readOnlineTable } from './online-play.js';
import { saveToStore } from './page-storage.js';
import { byId, showGain, showSettings } from './panels.js';
import { type BoardView, SLIDE_MS } from './render.js';
import type { SoundBoard } from './sound.js';
import type { KeyValueStore } from './storage.js';
import type { ViewEffect, ViewInput } from './view-state.js';

/** Everything outside the model that effects reach. */
export interface PagePorts {
  readonly store: KeyValueStore;
  readonly board: BoardView;
  readonly sound: SoundBoard;
  readonly ai: AiClient;
  readonly leaderboard: Leaderboard;
  readonly confirmDialog: HTMLDialogElement;
  /** False when the player asked for reduced motion. */
  readonly animated: () => boolean;
  readonly newSeed: () => string;
  /** The page's clock in milliseconds (`performance.now`), for auto-play's pace. */
  readonly now: () => number;
  readonly dispatch: (input: ViewInput) => void;
}

/** Ask whether to throw the game under way away; the dialog's buttons answer. */
function confirmNewGame(dialog: HTMLDialogElement): Promise<boolean> {
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'confirm'), {
      once: true,
    });
  });
}

type Handlers = {
  readonly [K in ViewEffect['type']]: (
    effect: Extract<ViewEffect, { type: K }>,
    ports: PagePorts,
  ) => void;
};

/** What each effect does; those that wait for an answer dispatch it as an input. */
const HANDLERS: Handlers = {
  drawBoard: ({ game, tiles }, { board }) => board.draw(game, tiles),
  animateMove: ({ result, tiles }, { board, animated, dispatch }) => {
    board.draw(result.game, tiles, result.events);
    setTimeout(() => dispatch({ type: 'animationDone' }), animated() ? SLIDE_MS : 0);
  },
  playSound: ({ events }, { sound }) => sound.play(events),
  showGain: ({ points }, { animated }) => showGain(points, animated()),
  announce: ({ text }) => {
    byId('live').textContent = text;
  },
  focus: ({ target }) => byId(target).focus(),
  saveGame: (effect, { store }) => saveToStore(store, effect),
  saveScores: (effect, { store }) => saveToStore(store, effect),
  confirmNewGame: ({ variant, fromSettings }, { confirmDialog, dispatch }) => {
    void confirmNewGame(confirmDialog).then((yes) =>
      dispatch({ type: 'confirmed', yes, variant, fromSettings }),
    );
  },
  showSettings: ({ settings }) => showSettings(settings),
  issueGame: ({ purpose, variant }, { leaderboard, newSeed, dispatch }) => {
    void issueOnlineGame(leaderboard, variant, newSeed).then((issued) =>
      dispatch({ type: 'gameIssued', purpose, variant, ...issued }),
    );
  },
  loadOnlineTable: ({ variant }, { leaderboard, dispatch }) => {
    void readOnlineTable(leaderboard, variant).then((answer) =>
      dispatch({ type: 'onlineTable', variant, answer }),
    );
  },
  submitScore: ({ name, gameId, game }, { leaderboard, dispatch }) => {
    void leaderboard
      .submit(name, gameId, game)
      .then((answer) => dispatch({ type: 'scoreSubmitted', game, answer }));
  },
  checkServer: (_, { leaderboard, dispatch }) => {
    void leaderboard
      .available()
      .then((available) => dispatch({ type: 'serverChecked', available }));
  },
  askAi: ({ purpose, run, game }, { ai, dispatch }) => {
    void ai
      .ask(game)
      .then((answer) => dispatch({ type: 'aiAnswered', purpose, run, game, answer }));
  },
  wakeAutoplay: ({ run, at }, { now, dispatch }) => {
    setTimeout(() => dispatch({ type: 'autoplayWake', run, now: now() }), Math.max(0, at - now()));
  },
};

/**
 * Carry out one effect of the view model.
 *
 * @example
 * for (const effect of update.effects) runEffect(ports, effect);
 */
export function runEffect(ports: PagePorts, effect: ViewEffect): void {
  const handle = HANDLERS[effect.type] as (effect: ViewEffect, ports: PagePorts) => void;
  handle(effect, ports);
}
