// The browser game's state, the inputs that change it and the effects it asks for: plain data,
// so the policy (view-model.ts) is a pure function and the page (main.ts) is its only I/O.

import type { Failure, Result } from '@twenty48/common';
import type { Direction, Game, StepResult, TileEvent } from '@twenty48/engine';
import type { AiAnswer } from './ai-client.js';
import type { ScoreEntry } from './high-scores.js';
import type { LaunchRequest } from './launch.js';
import type { LeaderboardError, OnlineScore, RankedScore } from './leaderboard.js';
import { type Variant, variantKey } from './saved-game.js';
import type { Settings, TileStyle } from './settings.js';

/** The question the board shows when a game ends: won (keep going?) or lost (your name?). */
export type EndOverlay = 'won' | 'lost' | null;

/** Who asked the AI: the hint button, or auto-play. */
export type AiPurpose = 'hint' | 'autoplay';

/** Auto-play: asks the AI, plays its move, waits for the board and the speed, again. */
export interface AutoplayState {
  /** Counts starts and stops, so an answer or a timer of an earlier run is ignored. */
  readonly run: number;
  /**
   * `waitingForBoard` while a move animates or waits in the queue, `thinking` while the AI is
   * asked, `resting` until the speed allows the next move.
   */
  readonly phase: 'off' | 'waitingForBoard' | 'thinking' | 'resting';
  /** When this move's turn began, on the page's clock: the speed counts from here. */
  readonly since: number;
}

/** The server's table of one variant as the page shows it. */
export interface OnlineTableState {
  readonly variant: Variant;
  readonly rows: readonly OnlineScore[];
  /** The id of the score this player sent, marked in the table. */
  readonly mine: number | null;
  /** Why the table could not be read; shown instead of the rows. */
  readonly error?: string;
}

/** What the page knows of the leaderboard server. */
export interface OnlineState {
  /** The table shown; null hides it (no server). */
  readonly table: OnlineTableState | null;
  /** The id of the last score this player sent and the server ranked. */
  readonly mine: number | null;
  /** True when the server refused the name (or was not reached): the form asks again. */
  readonly askNameAgain: boolean;
  /** At start, once the table says a server is there, a fresh game asks it for a seed. */
  readonly joinPending: boolean;
}

/** The game screen without a screen: everything the page shows, as data. */
export interface ViewState {
  readonly game: Game;
  /** The positions undo goes back to, oldest first. */
  readonly history: readonly Game[];
  readonly variant: Variant;
  readonly settings: Settings;
  /** The best score of each variant (by `variantKey`), as saved. */
  readonly bests: Readonly<Record<string, number>>;
  /** The local high-score table of each variant (by `variantKey`), best first. */
  readonly tables: Readonly<Record<string, readonly ScoreEntry[]>>;
  /** The server's id of this game, when a server gave its seed. */
  readonly gameId: string | null;
  /** Directions waiting for the current animation to end. */
  readonly queue: readonly Direction[];
  /** True while a move's animation runs; moves pushed now wait their turn. */
  readonly animating: boolean;
  /** True once the finished game went into the local table. */
  readonly scoreSaved: boolean;
  /** The line under the board: a link or a save not used, no storage, playing offline. */
  readonly notice: string;
  /** The last thing the game said about itself (a move, an undo, a new game, a saved score). */
  readonly announcement: string;
  /** The hint line: 'Thinking…', the move the AI suggests, or empty. */
  readonly hint: { readonly text: string; readonly direction: Direction | null };
  /** The game-over note: what the local table said, then what the leaderboard said. */
  readonly note: { readonly local: string; readonly online: string };
  /** What the player-name rule says of the name being typed; empty when it is fine. */
  readonly nameProblem: string;
  readonly autoplay: AutoplayState;
  readonly online: OnlineState;
}

/** The settings form's fields as the page reads them, before they are checked. */
export interface SettingsForm {
  readonly rules: string;
  readonly size: number;
  readonly theme: string;
  readonly tiers: boolean;
  readonly sound: boolean;
  readonly speed: number;
}

/** A seed for a new game: the server's with its id, or one made here and why (null: no server). */
export interface NewGameSeed {
  readonly seed: string;
  readonly gameId: string | null;
  readonly offline: string | null;
}

/** Everything that happens to the page: the player's actions and the answers to its effects. */
export type ViewInput =
  | { readonly type: 'move'; readonly direction: Direction }
  | { readonly type: 'animationDone' }
  | { readonly type: 'undo' }
  | { readonly type: 'keepPlaying' }
  /** New game, `r`, Try again, or another rules or size (`variant`): asks first if under way. */
  | { readonly type: 'newGame'; readonly variant?: Variant }
  | {
      readonly type: 'confirmed';
      readonly yes: boolean;
      readonly variant: Variant;
      readonly fromSettings: boolean;
    }
  | ({
      readonly type: 'gameIssued';
      readonly purpose: 'new' | 'join';
      readonly variant: Variant;
    } & NewGameSeed)
  | { readonly type: 'settingsChanged'; readonly field: string; readonly form: SettingsForm }
  | { readonly type: 'nameTyped'; readonly text: string }
  /** The name form was sent at `now` (milliseconds since 1970, the table's date). */
  | { readonly type: 'nameSubmitted'; readonly text: string; readonly now: number }
  | {
      readonly type: 'scoreSubmitted';
      readonly game: Game;
      readonly answer: Result<RankedScore, LeaderboardError>;
    }
  | { readonly type: 'serverChecked'; readonly available: boolean }
  | {
      readonly type: 'onlineTable';
      readonly variant: Variant;
      /** The rows, or why not; null when there is no server. */
      readonly answer: Result<OnlineScore[], LeaderboardError> | null;
    }
  | { readonly type: 'hintAsked' }
  | { readonly type: 'autoplayToggled'; readonly now: number }
  | { readonly type: 'autoplayWake'; readonly run: number; readonly now: number }
  | {
      readonly type: 'aiAnswered';
      readonly purpose: AiPurpose;
      readonly run: number;
      readonly game: Game;
      readonly answer: AiAnswer;
    };

/** The focusable places the model moves focus to. */
export type FocusTarget = 'keep-going' | 'try-again' | 'cells' | 'name';

/** What the page must do besides showing the state: draw, sound, say, save, ask, wait. */
export type ViewEffect =
  /** Draw the game as it is, without animation (a load, an undo, a new game, new tiles). */
  | { readonly type: 'drawBoard'; readonly game: Game; readonly tiles: TileStyle }
  /** Animate the move's events, then send `animationDone`. */
  | { readonly type: 'animateMove'; readonly result: StepResult; readonly tiles: TileStyle }
  | { readonly type: 'playSound'; readonly events: readonly TileEvent[] }
  | { readonly type: 'showGain'; readonly points: number }
  /** Say it in the live region, for screen readers. */
  | { readonly type: 'announce'; readonly text: string }
  | { readonly type: 'focus'; readonly target: FocusTarget }
  /** Save the game, the settings and the best score of the game's variant. */
  | {
      readonly type: 'saveGame';
      readonly game: Game;
      readonly gameId: string | null;
      readonly settings: Settings;
      readonly variant: Variant;
      readonly best: number;
    }
  | {
      readonly type: 'saveScores';
      readonly variant: Variant;
      readonly table: readonly ScoreEntry[];
    }
  /** Ask whether to throw away the game under way; the answer is `confirmed`. */
  | { readonly type: 'confirmNewGame'; readonly variant: Variant; readonly fromSettings: boolean }
  /** Show the settings in the form again (a change was cancelled). */
  | { readonly type: 'showSettings'; readonly settings: Settings }
  /** Get a seed, from the server if there is one; the answer is `gameIssued`. */
  | { readonly type: 'issueGame'; readonly purpose: 'new' | 'join'; readonly variant: Variant }
  /** Read the server's table; the answer is `onlineTable`. */
  | { readonly type: 'loadOnlineTable'; readonly variant: Variant }
  /** Send the finished game; the answer is `scoreSubmitted`. */
  | {
      readonly type: 'submitScore';
      readonly name: string;
      readonly gameId: string;
      readonly game: Game;
    }
  /** Ask whether a server is there; the answer is `serverChecked`. */
  | { readonly type: 'checkServer' }
  /** The answer is `aiAnswered`. */
  | {
      readonly type: 'askAi';
      readonly purpose: AiPurpose;
      readonly run: number;
      readonly game: Game;
    }
  /** At `at` on the page's clock, send `autoplayWake`. */
  | { readonly type: 'wakeAutoplay'; readonly run: number; readonly at: number };

/** A new state and what the page must do about it. */
export interface ViewUpdate {
  readonly state: ViewState;
  readonly effects: readonly ViewEffect[];
}

/** What was stored in the browser before the page opened, read by `readStoredPage`. */
export interface StoredPage {
  /** The saved game's text, or null. */
  readonly game: string | null;
  readonly settings: unknown;
  readonly bests: Readonly<Record<string, number>>;
  readonly tables: Readonly<Record<string, readonly ScoreEntry[]>>;
}

/** What the page starts from. */
export interface ViewStart {
  readonly stored: StoredPage;
  /** The game the address asks for, and what was wrong with it. */
  readonly launch: { readonly request: LaunchRequest; readonly errors: readonly Failure[] };
  /** False when nothing survives a reload (storage blocked, full or missing). */
  readonly persistent: boolean;
  /** A fresh seed, for when neither the saved game nor the address gives the game. */
  readonly seed: string;
}

/** The question the board shows now. */
export const overlayOf = (state: ViewState): EndOverlay =>
  state.game.status === 'playing' ? null : state.game.status;

/** The best score of the current variant, this game included. */
export const bestOf = (state: ViewState): number =>
  Math.max(state.bests[variantKey(state.variant)] ?? 0, state.game.score);

const NO_SCORES: readonly ScoreEntry[] = Object.freeze([]);

/** The local table of the current variant, best first. */
export const scoresOf = (state: ViewState): readonly ScoreEntry[] =>
  state.tables[variantKey(state.variant)] ?? NO_SCORES;

export const canUndo = (state: ViewState): boolean => state.history.length > 0;

/** A game with moves that is not over: starting another asks first. */
export const underWay = (state: ViewState): boolean =>
  state.game.moves.length > 0 && state.game.status === 'playing';

/** A move animates or waits: auto-play waits too, as a player would. */
export const busy = (state: ViewState): boolean => state.animating || state.queue.length > 0;

/** A game nobody has moved in and no server issued: it may still take the server's seed. */
export const fresh = (state: ViewState): boolean =>
  state.gameId === null && state.game.moves.length === 0;

/** The name form shows until the score is saved, or again when the server asked for a name. */
export const nameFormShown = (state: ViewState): boolean =>
  overlayOf(state) === 'lost' && (!state.scoreSaved || state.online.askNameAgain);

/** The game-over note as shown. */
export const noteText = (state: ViewState): string =>
  [state.note.local, state.note.online].filter(Boolean).join(' ');
