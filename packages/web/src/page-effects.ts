// Carries out the view model's effects: the board, sound, the live region, focus, storage, the
// confirmation dialog, the AI worker, the leaderboard server, the ranked games and the live
// streams (through @twenty48/client), and timers. Answers come back as inputs through `dispatch`.

import {
  liveGames,
  type RankedGame,
  type RankedOptions,
  rankGame,
  type Watch,
  watchGame,
} from '@twenty48/client';
import { ok } from '@twenty48/common';
import type { AiClient } from './ai-client.js';
import { byId } from './dom.js';
import type { Leaderboard } from './leaderboard.js';
import { openGame, readOnlineTable, resumeGame } from './online-play.js';
import { saveToStore } from './page-storage.js';
import { showGain, showSettings } from './panels.js';
import type { BoardView } from './render.js';
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
  /** How the ranked games and the live streams reach the server that served the page. */
  readonly link: RankedOptions;
  /** The ranked games open on this page, by gameId (the model says which one is shown). */
  readonly games: Map<string, RankedGame>;
  /** The live streams open, by the Watch view's run. */
  readonly watches: Map<number, Watch>;
  /** The Watch view's board. */
  readonly watchBoard: BoardView;
  readonly confirmDialog: HTMLDialogElement;
  /** False when the player asked for reduced motion. */
  readonly animated: () => boolean;
  readonly newSeed: () => string;
  /** The page's clock in milliseconds (`performance.now`), for auto-play's pace. */
  readonly now: () => number;
  /** How the player last acted on the page: a focus moved by script shows its ring after keys only. */
  readonly lastInput: () => 'keyboard' | 'pointer';
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

/**
 * A ranked game the page opened: kept by its id, its news passed on as inputs (its slides come
 * back from `move` itself), and the model told.
 */
function adopt(ports: PagePorts, game: RankedGame, purpose: 'new' | 'join' | 'resume'): void {
  const { gameId } = game;
  ports.games.set(gameId, game);
  game.subscribe((change, snapshot) => {
    if (change.type !== 'slid') ports.dispatch({ type: 'rankedChanged', gameId, change, snapshot });
  });
  ports.dispatch({ type: 'rankedOpened', purpose, answer: ok(game.snapshot()) });
}

/**
 * Move the focus to `id` for the keyboard's sake; its ring shows (`:focus-visible`) only when
 * the player's last act was a key, not after a click or a touch.
 */
function focusOn(id: string, { lastInput }: PagePorts): void {
  byId(id).focus({ focusVisible: lastInput() === 'keyboard' });
}

/** Where the Watch view's focus goes. */
const WATCH_FOCUS = { list: 'watch-heading', board: 'watch-cells', back: 'watch-back' } as const;

type Handlers = {
  readonly [K in ViewEffect['type']]: (
    effect: Extract<ViewEffect, { type: K }>,
    ports: PagePorts,
  ) => void;
};

/** What each effect does; those that wait for an answer dispatch it as an input. */
const HANDLERS: Handlers = {
  drawBoard: ({ game, tiles, events }, { board }) => board.draw(game, tiles, events),
  animateMove: ({ result, tiles, slideMs }, { board, animated, dispatch }) => {
    board.draw(result.game, tiles, result.events, slideMs);
    // The slide, then the merged and new tiles' pop (twice as long).
    const ms = animated() ? slideMs * 3 : 0;
    setTimeout(() => dispatch({ type: 'animationDone', game: result.game }), ms);
  },
  finishAnimation: (_, { board }) => board.finish(),
  playSound: ({ events }, { sound }) => sound.play(events),
  showGain: ({ points }, { animated }) => showGain(points, animated()),
  announce: ({ text }) => {
    byId('live').textContent = text;
  },
  focus: ({ target }, ports) => focusOn(target, ports),
  saveGame: (effect, { store }) => saveToStore(store, effect),
  saveScores: (effect, { store }) => saveToStore(store, effect),
  confirmNewGame: ({ variant, fromSettings }, { confirmDialog, dispatch }) => {
    void confirmNewGame(confirmDialog).then((yes) =>
      dispatch({ type: 'confirmed', yes, variant, fromSettings }),
    );
  },
  showSettings: ({ settings }) => showSettings(settings),
  issueGame: ({ purpose, variant }, ports) => {
    void openGame(ports.leaderboard, ports.link, variant, ports.newSeed).then((opened) => {
      if (opened.ranked) adopt(ports, opened.ranked, purpose);
      else ports.dispatch({ type: 'gameIssued', purpose, variant, ...opened.local });
    });
  },
  resumeRanked: ({ gameId }, ports) => {
    void resumeGame(ports.leaderboard, ports.link, gameId).then((resumed) => {
      if (resumed.ok) adopt(ports, resumed.value, 'resume');
      else ports.dispatch({ type: 'rankedOpened', purpose: 'resume', answer: resumed });
    });
  },
  rankedMove: ({ gameId, direction }, { games, dispatch }) => {
    const game = games.get(gameId);
    if (!game) return;
    const outcome = game.move(direction);
    dispatch({ type: 'rankedMoved', gameId, direction, outcome, snapshot: game.snapshot() });
  },
  closeRanked: ({ gameId }, { games }) => {
    games.get(gameId)?.close();
    games.delete(gameId);
  },
  loadOnlineTable: ({ variant }, { leaderboard, dispatch }) => {
    void readOnlineTable(leaderboard, variant).then((answer) =>
      dispatch({ type: 'onlineTable', variant, answer }),
    );
  },
  submitScore: ({ name, gameId }, { link, dispatch }) => {
    void rankGame(link, gameId, name).then((answer) => {
      const ranked = answer.ok
        ? ok({ id: answer.value.id, rank: answer.value.rank, score: answer.value.score })
        : answer;
      dispatch({ type: 'scoreSubmitted', gameId, answer: ranked });
    });
  },
  checkServer: (_, { leaderboard, dispatch }) => {
    void leaderboard
      .available()
      .then((available) => dispatch({ type: 'serverChecked', available }));
  },
  askAi: ({ purpose, run, game, ms }, { ai, dispatch }) => {
    void ai
      .ask(game, ms)
      .then((answer) => dispatch({ type: 'aiAnswered', purpose, run, game, answer }));
  },
  wakeAutoplay: ({ run, at }, { now, dispatch }) => {
    setTimeout(() => dispatch({ type: 'autoplayWake', run, now: now() }), Math.max(0, at - now()));
  },
  loadLiveGames: ({ listRun }, { link, dispatch }) => {
    void liveGames(link.fetch, link.baseUrl).then((answer) =>
      dispatch({ type: 'liveListed', answer, now: Date.now(), listRun }),
    );
  },
  later: ({ ms, input }, { dispatch }) => {
    setTimeout(() => dispatch(input), ms);
  },
  startWatching: ({ run, watchId }, { link, watches, dispatch }) => {
    const watch = watchGame(link.fetch, link.baseUrl, watchId);
    watches.set(run, watch);
    void (async () => {
      for await (const update of watch) dispatch({ type: 'watchUpdated', run, update });
      watches.delete(run);
    })();
  },
  stopWatching: ({ run }, { watches }) => {
    watches.get(run)?.close();
    watches.delete(run);
  },
  drawWatch: ({ position, tiles, events }, { watchBoard }) =>
    watchBoard.draw(position, tiles, events),
  announceWatch: ({ text }) => {
    byId('watch-live').textContent = text;
  },
  focusWatch: ({ target }, ports) => focusOn(WATCH_FOCUS[target], ports),
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
