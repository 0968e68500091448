import {
  createSession,
  type Direction,
  type Game,
  newGame,
  type Session,
  type StepResult,
} from '@twenty48/engine';
import { describeMove, describeStatus } from './announce.js';
import { addScore, parseScoreTable, type ScoreEntry } from './high-scores.js';
import type { LaunchRequest } from './launch.js';
import { makeSavedGame, resumeGame, rulesOf, type Variant, variantOf } from './saved-game.js';
import { cleanName, parseSettings, type Settings, settingsFor } from './settings.js';
import { type KeyValueStore, readJson } from './storage.js';

/** What changed, so the view knows whether to animate events or redraw. */
export type ModelChange =
  | { readonly type: 'move'; readonly direction: Direction; readonly result: StepResult }
  | { readonly type: 'reset'; readonly reason: 'new' | 'undo' | 'keepPlaying' }
  | { readonly type: 'settings' }
  | { readonly type: 'scores' };

export type Overlay = 'won' | 'lost' | null;

/** What the model needs from outside: storage, fresh seeds and the clock. */
export interface ModelDeps {
  readonly store: KeyValueStore;
  readonly newSeed: () => string;
  readonly now: () => number;
}

/** The game screen without a screen: everything the page shows, as data and commands. */
export interface GameModel {
  readonly game: Game;
  readonly variant: Variant;
  readonly settings: Settings;
  readonly best: number;
  readonly overlay: Overlay;
  /** The last thing worth saying aloud (the live region's text). */
  readonly announcement: string;
  /** Directions waiting for the current animation to end. */
  readonly queued: number;
  /** True while a move's animation runs; moves pushed now wait their turn. */
  readonly animating: boolean;
  readonly canUndo: boolean;
  /** A game with moves that is not over: starting another asks first. */
  readonly underWay: boolean;
  /** The server's id of this game, when a server gave its seed. */
  readonly gameId: string | null;
  /** This variant's local table, best first. */
  readonly scores: readonly ScoreEntry[];
  /** True once the finished game went into the table. */
  readonly scoreSaved: boolean;
  /** Why a saved game or a link was not used, for a notice; empty when all went well. */
  readonly notice: string;
  push(direction: Direction): void;
  /** The view calls this when a move's animation has ended; the next queued move plays. */
  animationDone(): void;
  undo(): boolean;
  keepPlaying(): void;
  newGame(options?: { variant?: Variant; seed?: string; gameId?: string | null }): void;
  updateSettings(patch: Partial<Settings>): void;
  /** Enter the finished game in the local table; its rank, or null when it did not make it. */
  saveScore(name: string): number | null;
  subscribe(listener: (change: ModelChange) => void): () => void;
}

const GAME_KEY = 'twenty48:game';
const SETTINGS_KEY = 'twenty48:settings';
const bestKey = (v: Variant): string => `twenty48:best:${v.rules}:${v.size}`;
const scoresKey = (v: Variant): string => `twenty48:scores:${v.rules}:${v.size}`;

/**
 * Create the headless game: it resumes the saved game (or the one a link asks for), plays
 * queued moves one animation at a time, keeps best scores and the table, and saves after
 * every change. No DOM: the page subscribes and renders.
 *
 * @example
 * const model = createGameModel({ store: memoryStore(), newSeed: () => '1', now: Date.now });
 * model.push('left'); // plays now, or after the running animation
 */
export function createGameModel(deps: ModelDeps, launch: LaunchRequest = {}): GameModel {
  const { store } = deps;
  const listeners = new Set<(change: ModelChange) => void>();
  let settings = parseSettings(readJson(store, SETTINGS_KEY));
  let notice = '';
  let announcement = '';
  let animating = false;
  let queue: Direction[] = [];
  let scoreSaved = false;

  const wanted: Variant = {
    rules: launch.rules ?? settings.rules,
    size: launch.size ?? settings.size,
  };
  const saved = resumeGame(store.get(GAME_KEY));
  let session: Session;
  let gameId: string | null = null;
  const savedVariant = saved.ok ? variantOf(saved.value.session.game.rules) : null;
  const launchMatchesSaved =
    saved.ok &&
    savedVariant !== null &&
    (launch.seed === undefined || launch.seed === saved.value.session.game.seed) &&
    savedVariant.rules === wanted.rules &&
    savedVariant.size === wanted.size;
  const linkAsks =
    launch.seed !== undefined || launch.rules !== undefined || launch.size !== undefined;
  if (saved.ok && (launchMatchesSaved || !linkAsks)) {
    session = saved.value.session;
    gameId = saved.value.gameId;
  } else {
    if (!saved.ok && store.get(GAME_KEY) !== null) {
      notice = `The saved game could not be restored (${saved.error.code}).`;
    }
    session = freshSession(wanted, launch.seed ?? deps.newSeed());
  }
  let variant = variantOf(session.game.rules) ?? wanted;
  settings = settingsFor(settings, variant);

  function freshSession(v: Variant, seed: string): Session {
    return createSession(newGame(rulesOf(v), seed));
  }

  const emit = (change: ModelChange): void => {
    for (const listener of listeners) listener(change);
  };

  const best = (): number => {
    const stored = Number(store.get(bestKey(variant)));
    return Number.isSafeInteger(stored) && stored > 0 ? stored : 0;
  };

  const persist = (): void => {
    const game = session.game;
    store.set(GAME_KEY, makeSavedGame(game, gameId));
    if (game.score > best()) store.set(bestKey(variant), String(game.score));
    store.set(SETTINGS_KEY, JSON.stringify(settings));
  };

  const overlay = (): Overlay => (session.game.status === 'playing' ? null : session.game.status);

  const play = (direction: Direction): void => {
    const before = session.game;
    const result = session.move(direction);
    announcement = describeMove(direction, result, settings.tiles);
    if (result.game === before) {
      emit({ type: 'settings' });
      playNext();
      return;
    }
    animating = true;
    persist();
    emit({ type: 'move', direction, result });
  };

  const playNext = (): void => {
    const next = queue.shift();
    if (next) play(next);
  };

  const reset = (reason: 'new' | 'undo' | 'keepPlaying'): void => {
    queue = [];
    animating = false;
    persist();
    emit({ type: 'reset', reason });
  };

  persist();

  return {
    get game() {
      return session.game;
    },
    get variant() {
      return variant;
    },
    get settings() {
      return settings;
    },
    get best() {
      return best();
    },
    get overlay() {
      return overlay();
    },
    get announcement() {
      return announcement;
    },
    get queued() {
      return queue.length;
    },
    get animating() {
      return animating;
    },
    get canUndo() {
      return session.undoDepth > 0;
    },
    get underWay() {
      return session.game.moves.length > 0 && session.game.status === 'playing';
    },
    get gameId() {
      return gameId;
    },
    get scores() {
      return parseScoreTable(readJson(store, scoresKey(variant)));
    },
    get scoreSaved() {
      return scoreSaved;
    },
    get notice() {
      return notice;
    },
    push(direction) {
      // An overlay is a question; moves wait for its answer rather than answering it.
      if (overlay() !== null) return;
      if (animating) queue.push(direction);
      else play(direction);
    },
    animationDone() {
      animating = false;
      playNext();
    },
    undo() {
      if (!session.undo()) return false;
      scoreSaved = false;
      announcement = `Undone. Score ${session.game.score}.`;
      reset('undo');
      return true;
    },
    keepPlaying() {
      session.keepPlaying();
      announcement = `Keep going! Score ${session.game.score}.`;
      reset('keepPlaying');
    },
    newGame(options = {}) {
      variant = options.variant ?? variant;
      settings = settingsFor(settings, variant);
      session.start(newGame(rulesOf(variant), options.seed ?? deps.newSeed()));
      gameId = options.gameId ?? null;
      scoreSaved = false;
      notice = '';
      announcement = `New game, ${variant.size} by ${variant.size}. Score ${session.game.score}.`;
      reset('new');
    },
    updateSettings(patch) {
      settings = { ...settings, ...patch, rules: variant.rules, size: variant.size };
      persist();
      emit({ type: 'settings' });
    },
    saveScore(name) {
      const game = session.game;
      if (game.status !== 'lost' || scoreSaved) return null;
      const clean = cleanName(name) || 'Anonymous';
      settings = { ...settings, name: clean };
      const entry: ScoreEntry = {
        name: clean,
        score: game.score,
        moves: game.moves.length,
        maxTile: Math.max(...game.board.flat()),
        at: deps.now(),
      };
      const { table, rank } = addScore(parseScoreTable(readJson(store, scoresKey(variant))), entry);
      store.set(scoresKey(variant), JSON.stringify(table));
      scoreSaved = true;
      announcement = rank ? `Saved: number ${rank} in the table.` : 'Saved; not in the top ten.';
      persist();
      emit({ type: 'scores' });
      return rank;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Say how the game stands after a redraw without a move (load, undo, new game). */
export const describeGame = (game: Game): string =>
  describeStatus(game) || `Score ${game.score}, ${game.moves.length} moves.`;
