// The browser game's state, the inputs that change it and the effects it asks for: plain data,
// so the policy (view-model.ts) is a pure function and the page (main.ts) is its only I/O.

import type {
  ClientResult,
  Connection,
  MoveOutcome,
  Position,
  RankedChange,
  RankedSnapshot,
  WatchUpdate,
} from '@twenty48/client';
import type { Failure, LiveGame, Result } from '@twenty48/common';
import type { Direction, Game, StepResult, TileEvent } from '@twenty48/engine';
import type { AiAnswer } from './ai-client.js';
import type { ScoreEntry } from './high-scores.js';
import type { LaunchRequest } from './launch.js';
import type { LeaderboardError, OnlineScore, RankedScore } from './leaderboard.js';
import {
  type LocalReason,
  localLine,
  NO_NOTICE,
  NO_STORAGE_NOTICE,
  type Notice,
  RANKED_LINE,
  type Refusal,
} from './messages.js';
import { rulesOf, type Variant, variantKey } from './saved-game.js';
import type { Settings, TileStyle } from './settings.js';

/** The question the board shows when a game ends: won (keep going?) or lost (your name?). */
export type EndOverlay = 'won' | 'lost' | null;

/** Who asked the AI: the hint button, or auto-play. */
export type AiPurpose = 'hint' | 'autoplay';

/**
 * Auto-play: asks the AI, plays its move and at once asks about the next position (the AI thinks
 * while the move animates), playing each answer as soon as the speed allows.
 */
export interface AutoplayState {
  /** Counts starts and stops, so an answer or a timer of an earlier run is ignored. */
  readonly run: number;
  /** `thinking` while the AI is asked, `ready` while its answer waits for the speed. */
  readonly phase: 'off' | 'thinking' | 'ready';
  /** When the last move's turn began, on the page's clock: the next is due 1000/speed later. */
  readonly since: number;
  /** True once the next move is due: the AI's answer is played as soon as it comes. */
  readonly due: boolean;
  /** The answer waiting for its turn (`ready`), and the game it was asked about. */
  readonly answer: { readonly direction: Direction; readonly game: Game } | null;
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

/**
 * A ranked game: the server deals its tiles, so the page shows the client's board (the slides
 * of the moves sent, on the server's last answer) and offers no undo, hint or auto-play.
 */
export interface RankedView {
  readonly gameId: string;
  /** The public id others watch it by. */
  readonly watchId: string;
  readonly variant: Variant;
  /** The board shown; its score, status and move count are the server's. */
  readonly position: Position;
  readonly connection: Connection;
  /** True once the server said the goal was reached… */
  readonly won: boolean;
  /** …and once the player chose to keep going. */
  readonly keptPlaying: boolean;
}

/** A live game being watched. */
export interface WatchedGame {
  readonly watchId: string;
  /** The board as the stream last showed it; null until its first event. */
  readonly position: Position | null;
  /** The line under the board: connecting, live, the end, or why the stream stopped. */
  readonly status: string;
  /** Reconnections tried since the stream last worked: the wait doubles with each. */
  readonly retries: number;
}

/** The Watch view: the live games, and the one being watched. */
export interface WatchState {
  /** The games in progress, best score first; null while they are read. */
  readonly games: readonly LiveGame[] | null;
  /** Why the list could not be read; empty when it was. */
  readonly listError: string;
  /** The game being watched; null while the player chooses. */
  readonly watching: WatchedGame | null;
  /** Counts the games watched, so the updates of one left behind are ignored. */
  readonly run: number;
  /** Counts the readings of the list, so only the last one's refresh is kept. */
  readonly listRun: number;
}

/** What the page knows of the leaderboard server. */
export interface OnlineState {
  /** The table shown; null hides it (no server). */
  readonly table: OnlineTableState | null;
  /** The id of the last score this player sent and the server ranked. */
  readonly mine: number | null;
  /** True when the server refused the name (or was not reached): the form asks again. */
  readonly askNameAgain: boolean;
  /**
   * A game asked of the server and not here yet: the fresh game the page opens with (`join`)
   * or a new game (`new`). Meanwhile the board shows empty and keys wait in `held`; then the
   * server's game shows (or the local one, when the server dealt none) and plays them.
   */
  readonly dealing: 'join' | 'new' | null;
  /** At start, the ranked game of the last visit is being read again: moves wait in `held`. */
  readonly resuming: boolean;
  /** The moves asked for while the game was dealt or resumed, oldest first. */
  readonly held: readonly Direction[];
  /** Why the local game shown is not ranked (the server there): from a link, refused, not reached. */
  readonly localReason: LocalReason;
  /**
   * The ranked game of the last visit while it is not shown (being resumed, or the server not
   * reached): still saved, so a later visit resumes it, until another game begins.
   */
  readonly parked: StoredRanked | null;
}

/** The game screen without a screen: everything the page shows, as data. */
export interface ViewState {
  /** The local game: shown, played and saved here when no ranked game is under way. */
  readonly game: Game;
  /** The positions undo goes back to, oldest first. */
  readonly history: readonly Game[];
  readonly variant: Variant;
  readonly settings: Settings;
  /** The best score of each variant (by `variantKey`), as saved. */
  readonly bests: Readonly<Record<string, number>>;
  /** The local high-score table of each variant (by `variantKey`), best first. */
  readonly tables: Readonly<Record<string, readonly ScoreEntry[]>>;
  /** The ranked game under way, which the page shows instead of the local one; or null. */
  readonly ranked: RankedView | null;
  /** The Watch view, shown instead of the game while open; or null. */
  readonly watch: WatchState | null;
  /** True while a move's animation runs: the next move finishes it at once. */
  readonly animating: boolean;
  /** True once the finished game went into the local table. */
  readonly scoreSaved: boolean;
  /** The message over the intro: a link or a save not used, why a game is not ranked. */
  readonly notice: Notice;
  /** False when nothing survives a reload (storage blocked, full or missing): said too. */
  readonly saving: boolean;
  /** The last thing the game said about itself (a move, an undo, a new game, a saved score). */
  readonly announcement: string;
  /** The hint line: 'Thinking…', the move the AI suggests, or empty. */
  readonly hint: { readonly text: string; readonly direction: Direction | null };
  /** The game-over note: what the local table said, then what the leaderboard said. */
  readonly note: {
    readonly local: string;
    readonly online: string;
    /** The code behind the leaderboard's answer, for the details line. */
    readonly details?: string;
  };
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

/** A seed for a local game, and why the server dealt none (null: there is no server). */
export interface NewGameSeed {
  readonly seed: string;
  readonly refusal: Refusal | null;
}

/** Everything that happens to the page: the player's actions and the answers to its effects. */
export type ViewInput =
  | { readonly type: 'move'; readonly direction: Direction }
  /** The animation of the move that made `game` ended. */
  | { readonly type: 'animationDone'; readonly game: Game }
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
  /** A ranked game was created (`new`, `join`) or read again (`resume`), or why not. */
  | {
      readonly type: 'rankedOpened';
      readonly purpose: 'new' | 'join' | 'resume';
      readonly answer: ClientResult<RankedSnapshot>;
    }
  /** A move of the ranked game `gameId` was made: its slide (to animate now), or why not. */
  | {
      readonly type: 'rankedMoved';
      readonly gameId: string;
      readonly direction: Direction;
      readonly outcome: MoveOutcome;
      readonly snapshot: RankedSnapshot;
    }
  /** The server answered a move, the connection changed, or the board was read again. */
  | {
      readonly type: 'rankedChanged';
      readonly gameId: string;
      readonly change: RankedChange;
      readonly snapshot: RankedSnapshot;
    }
  | {
      readonly type: 'scoreSubmitted';
      readonly gameId: string;
      readonly answer: Result<RankedScore, LeaderboardError>;
    }
  /** The Watch button, and Back to your game. */
  | { readonly type: 'watchOpened' }
  | { readonly type: 'watchClosed' }
  /** The live games read at `now` (milliseconds since 1970), for the list `listRun`. */
  | {
      readonly type: 'liveListed';
      readonly answer: Result<readonly LiveGame[], LeaderboardError>;
      readonly now: number;
      readonly listRun: number;
    }
  /** Time to read the list `listRun` again, while it shows. */
  | { readonly type: 'liveRefreshDue'; readonly listRun: number }
  /** Time to reconnect the stream of the run `run`, broken. */
  | { readonly type: 'watchRetryDue'; readonly run: number }
  | { readonly type: 'watchPicked'; readonly watchId: string }
  /** Back to the list, or the list read again. */
  | { readonly type: 'watchListAsked' }
  | { readonly type: 'watchUpdated'; readonly run: number; readonly update: WatchUpdate }
  | { readonly type: 'serverChecked'; readonly available: boolean }
  | {
      readonly type: 'onlineTable';
      readonly variant: Variant;
      /** The rows, or why not; null when there is no server. */
      readonly answer: Result<OnlineScore[], LeaderboardError> | null;
    }
  /** Resume the open ranked game `gameId` of `variant` (a refusal named it) instead. */
  | { readonly type: 'resumeOpen'; readonly gameId: string; readonly variant: Variant }
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

/** What the board view draws: the tiles and their ids, on a board of the rules' size. */
export type ShownBoard = Pick<Game, 'rules' | 'board' | 'ids'>;

/** What the page must do besides showing the state: draw, sound, say, save, ask, wait. */
export type ViewEffect =
  /**
   * Draw the game as it is: without animation (a load, an undo, a new game), or with the
   * `events` of a ranked move (its slide at the key press, its new tile at the answer).
   */
  | {
      readonly type: 'drawBoard';
      readonly game: ShownBoard;
      readonly tiles: TileStyle;
      readonly events?: readonly TileEvent[];
    }
  /** Animate the move's events, each slide taking `slideMs`, then send `animationDone`. */
  | {
      readonly type: 'animateMove';
      readonly result: StepResult;
      readonly tiles: TileStyle;
      readonly slideMs: number;
    }
  /** End the running animation at once: every tile where the last move put it. */
  | { readonly type: 'finishAnimation' }
  | { readonly type: 'playSound'; readonly events: readonly TileEvent[] }
  | { readonly type: 'showGain'; readonly points: number }
  /** Say it in the live region, for screen readers. */
  | { readonly type: 'announce'; readonly text: string }
  | { readonly type: 'focus'; readonly target: FocusTarget }
  /**
   * Save the local game, the ranked game's id (null: the current game is the local one), the
   * settings and the best score of the game's variant.
   */
  | {
      readonly type: 'saveGame';
      readonly game: Game;
      readonly ranked: StoredRanked | null;
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
  /**
   * Start a ranked game of `variant` when a server is there (the answer is `rankedOpened`),
   * else a local one (the answer is `gameIssued`).
   */
  | { readonly type: 'issueGame'; readonly purpose: 'new' | 'join'; readonly variant: Variant }
  /** Read the ranked game `gameId` again from the server; the answer is `rankedOpened`. */
  | { readonly type: 'resumeRanked'; readonly gameId: string }
  /** Make a move in the ranked game; the answer is `rankedMoved`, then `rankedChanged`. */
  | { readonly type: 'rankedMove'; readonly gameId: string; readonly direction: Direction }
  /** The page is done with the ranked game `gameId`: stop sending and retrying. */
  | { readonly type: 'closeRanked'; readonly gameId: string }
  /** Read the server's table; the answer is `onlineTable`. */
  | { readonly type: 'loadOnlineTable'; readonly variant: Variant }
  /** Rank the lost ranked game under `name`; the answer is `scoreSubmitted`. */
  | { readonly type: 'submitScore'; readonly name: string; readonly gameId: string }
  /** Ask whether a server is there; the answer is `serverChecked`. */
  | { readonly type: 'checkServer' }
  /** The answer is `aiAnswered`; the search may take `ms`. */
  | {
      readonly type: 'askAi';
      readonly purpose: AiPurpose;
      readonly run: number;
      readonly game: Game;
      readonly ms: number;
    }
  /** At `at` on the page's clock, send `autoplayWake`. */
  | { readonly type: 'wakeAutoplay'; readonly run: number; readonly at: number }
  /** Read the live games; the answer is `liveListed` with `listRun`. */
  | { readonly type: 'loadLiveGames'; readonly listRun: number }
  /** After `ms`, send `input` (a refresh or a reconnection due). */
  | { readonly type: 'later'; readonly ms: number; readonly input: ViewInput }
  /** Watch `watchId`; each update comes as `watchUpdated` with `run`. */
  | { readonly type: 'startWatching'; readonly run: number; readonly watchId: string }
  | { readonly type: 'stopWatching'; readonly run: number }
  /** Draw the watched game, animating `events` (none: redraw). */
  | {
      readonly type: 'drawWatch';
      readonly position: Position;
      readonly tiles: TileStyle;
      readonly events: readonly TileEvent[];
    }
  /** Say it in the Watch view's live region. */
  | { readonly type: 'announceWatch'; readonly text: string }
  | { readonly type: 'focusWatch'; readonly target: 'list' | 'board' | 'back' };

/** A new state and what the page must do about it. */
export interface ViewUpdate {
  readonly state: ViewState;
  readonly effects: readonly ViewEffect[];
}

/** The board of a ranked game as the server last confirmed it, kept to show on a reload. */
export interface StoredBoard {
  readonly board: readonly (readonly number[])[];
  readonly score: number;
  readonly moves: number;
}

/** The ranked game of the last visit, as stored to resume it, and its board when known. */
export interface StoredRanked {
  readonly gameId: string;
  readonly variant: Variant;
  readonly shown?: StoredBoard | null;
}

/** What was stored in the browser before the page opened, read by `readStoredPage`. */
export interface StoredPage {
  /** The saved game's text, or null. */
  readonly game: string | null;
  /** The ranked game under way at the last visit, or null. */
  readonly ranked: StoredRanked | null;
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

/** The game shown, local or ranked, as the page's numbers and the board read it. */
export interface ShownGame extends ShownBoard {
  readonly score: number;
  readonly status: Game['status'];
  /** Moves that counted. */
  readonly moves: number;
}

/** The game is being dealt or resumed: the board shows empty, and moves wait. */
export const awaitingGame = (state: ViewState): boolean =>
  state.online.dealing !== null || state.online.resuming;

const emptyBoards = new Map<string, ShownGame>();

/** The board of `variant` with no tile yet, as it shows while its game is dealt. */
export function emptyGame(variant: Variant): ShownGame {
  const key = variantKey(variant);
  const known = emptyBoards.get(key);
  if (known) return known;
  const rules = rulesOf(variant);
  const zeros = () => Array.from({ length: rules.size }, () => Array<number>(rules.size).fill(0));
  const empty: ShownGame = {
    rules,
    board: zeros(),
    ids: zeros(),
    score: 0,
    status: 'playing',
    moves: 0,
  };
  emptyBoards.set(key, empty);
  return empty;
}

/** The stored board of the ranked game being resumed, as the page shows it meanwhile. */
function resumingBoard(state: ViewState): ShownGame | null {
  const shown = state.online.resuming ? state.online.parked?.shown : null;
  if (!shown) return null;
  const rules = rulesOf(state.variant);
  if (shown.board.length !== rules.size) return null;
  let next = 0;
  const ids = shown.board.map((row) => row.map((v) => (v === 0 ? 0 : ++next)));
  const board = shown.board.map((row) => [...row]);
  return { rules, board, ids, score: shown.score, status: 'playing', moves: shown.moves };
}

/** While a ranked game of the last visit is resumed, the page already shows it as ranked. */
export const showsRanked = (state: ViewState): boolean =>
  state.ranked !== null || state.online.resuming;

/**
 * The game the page shows: the ranked one when one is under way, else the local one; while a
 * ranked game is resumed, its board as last stored; an empty board while a game is dealt (or
 * resumed with no board stored).
 */
export function shownOf(state: ViewState): ShownGame {
  if (awaitingGame(state)) return resumingBoard(state) ?? emptyGame(state.variant);
  if (state.ranked) return state.ranked.position;
  const { rules, board, ids, score, status, moves } = state.game;
  return { rules, board, ids, score, status, moves: moves.length };
}

/** The question the board shows now. */
export function overlayOf(state: ViewState): EndOverlay {
  const { ranked } = state;
  if (awaitingGame(state)) return null;
  if (ranked === null) return state.game.status === 'playing' ? null : state.game.status;
  if (ranked.position.status === 'lost') return 'lost';
  return ranked.won && !ranked.keptPlaying ? 'won' : null;
}

/** The best score of the current variant, this game included. */
export const bestOf = (state: ViewState): number =>
  Math.max(state.bests[variantKey(state.variant)] ?? 0, shownOf(state).score);

const NO_SCORES: readonly ScoreEntry[] = Object.freeze([]);

/** The local table of the current variant, best first. */
export const scoresOf = (state: ViewState): readonly ScoreEntry[] =>
  state.tables[variantKey(state.variant)] ?? NO_SCORES;

/** Undo takes back moves of a local game only: a ranked game's tiles are the server's. */
export const canUndo = (state: ViewState): boolean =>
  state.ranked === null && state.history.length > 0;

/** A game with moves that is not over: starting another asks first. */
export const underWay = (state: ViewState): boolean =>
  shownOf(state).moves > 0 && overlayOf(state) === null;

/** A local game nobody has moved in: a ranked game may still take its place. */
export const fresh = (state: ViewState): boolean =>
  state.ranked === null && state.game.moves.length === 0;

/** The name form shows until the score is saved, or again when the server asked for a name. */
export const nameFormShown = (state: ViewState): boolean =>
  overlayOf(state) === 'lost' && (!state.scoreSaved || state.online.askNameAgain);

/** The game-over note as shown. */
export const noteText = (state: ViewState): string =>
  [state.note.local, state.note.online].filter(Boolean).join(' ');

export { RANKED_LINE };

/** The line above the board about the kind of game shown; empty without a server. */
export const gameLine = (state: ViewState): string =>
  showsRanked(state)
    ? RANKED_LINE
    : state.online.table === null
      ? ''
      : localLine(state.online.localReason);

/** The line about the connection of the ranked game, or empty while all is well. */
export function connectionLine(state: ViewState): string {
  if (state.online.resuming) return 'Resuming your ranked game…';
  switch (state.ranked?.connection) {
    case 'retrying':
      return 'Connection lost, retrying…';
    case 'resyncing':
      return 'Reading the game again from the server…';
    case 'gone':
      return 'The server no longer has this ranked game: New game starts another.';
    default:
      return '';
  }
}

/**
 * The message over the intro: the connection's trouble first, then the state's notice, then,
 * when nothing is saved, that.
 */
export function noticeOf(state: ViewState): Notice {
  const connection = connectionLine(state);
  if (connection) return { text: connection, details: '' };
  if (state.notice.text) return state.notice;
  return state.saving ? NO_NOTICE : NO_STORAGE_NOTICE;
}
