/**
 * The checkers page's state, what goes in and what comes out (`CheckersState`, `Input`,
 * `Effect`), and the few steps both the model (model.ts) and the draughts-site steps (site.ts)
 * take: a new state, the status line, the save, asking the computer. Pure; it imports neither,
 * so those two import it and not each other.
 */
import {
  announcement,
  type Game,
  LEVEL_LIMITS,
  type Level,
  legalCaptures,
  type Move,
  makeFen,
  newGame,
  type ReviewGrade,
  type ReviewReply,
  type ReviewRequest,
  type SearchLimits,
  type SearchReply,
  type SearchRequest,
  type Side,
  type Square,
  searchRequest,
  sideWord,
} from '@twenty48/checkers';
import type { SheetGame } from '@twenty48/checkers-xlsx';
import type { Result } from '@twenty48/common';

/** The analysis board thinks this long about each position shown. */
export const ANALYSIS_LIMITS: SearchLimits = { ms: 500 };
/** The pause between the jumps of the computer's multi-jump, so each landing is seen. */
export const JUMP_PAUSE_MS = 350;

export const MODES = ['computer', 'two'] as const;
export type Mode = (typeof MODES)[number];
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export interface CheckersState {
  readonly game: Game;
  /** The games before each whole move, oldest first: what undo goes back to. */
  readonly past: readonly Game[];
  readonly mode: Mode;
  /** The side the computer plays in `computer` mode. */
  readonly computerSide: Side;
  readonly level: Level;
  readonly theme: ThemeChoice;
  readonly selected: Square | null;
  /** The keyboard's square. */
  readonly cursor: Square;
  /** The search the page waits for (its request id), and whether it is a hint. */
  readonly asking: { readonly id: number; readonly hint: boolean } | null;
  readonly nextId: number;
  /** The computer's move being played jump by jump: the landings still to come. */
  readonly playing: readonly Square[];
  readonly hint: Move | null;
  /** A refusal or a report, shown under the board until the next action. */
  readonly notice: string;
  /** The last move, for the board's marks. */
  readonly lastMove: Move | null;
  /** The number of whole moves shown while stepping through the game; null: the game now. */
  readonly view: number | null;
  /** The board turned round from its usual way (your side at the bottom); remembered. */
  readonly flipped: boolean;
  /** Sounds for moves, captures, crowning and the end; remembered, off at first. */
  readonly sound: boolean;
  /** The engine's evaluation and best line for the position shown; remembered. */
  readonly analysis: boolean;
  /** The analysis search the page waits for (its request id). */
  readonly analysing: { readonly id: number; readonly fen: string } | null;
  readonly evaluation: Evaluation | null;
  /** A question waiting for Yes or No: a new game, or playing on from an earlier position. */
  readonly confirm: Confirm | null;
  /** How new games start: the standard position, a random ballot, or ballot i (ACF order). */
  readonly opening: Opening;
  /** The ballot this game started from (its index), for the rematch. */
  readonly ballot: number | null;
  /** The game review under way or done (review.ts), or none. */
  readonly review: ReviewState | null;
}

/** One move graded by the engine (values for the side that moved, a man = 100). */
export type ReviewEntry = ReviewGrade;

/** A review of `game`: the moves graded so far, in order, and the question in flight. */
export interface ReviewState {
  readonly game: Game;
  /** The game before each of its moves (`gamesOf`), made once. */
  readonly before: readonly Game[];
  readonly entries: readonly ReviewEntry[];
  /** The request the page waits for; null when done or cancelled. */
  readonly asking: number | null;
  /** Stopped by the player before the end. */
  readonly cancelled: boolean;
}

/** The engine's view of a position: for Black, a man = 100; the best line in PDN. */
export interface Evaluation {
  readonly fen: string;
  readonly black: number;
  readonly pv: readonly string[];
  readonly depth: number;
}

export type Confirm =
  | { readonly kind: 'new'; readonly random: number }
  | { readonly kind: 'cut'; readonly square: Square };

export type Opening = 'standard' | 'random' | number;
/** Where stepping through the game goes: an end, one move either way, or after ply n. */
export type ViewTarget = 'first' | 'previous' | 'next' | 'last' | number;

export type Input =
  | { readonly kind: 'square'; readonly square: Square }
  | { readonly kind: 'drag'; readonly from: Square; readonly to: Square }
  | { readonly kind: 'cursor'; readonly key: 'up' | 'down' | 'left' | 'right' }
  | { readonly kind: 'cancel' }
  /** `random` in [0, 1) picks the ballot when the opening is random. */
  | { readonly kind: 'new'; readonly random: number }
  | { readonly kind: 'rematch'; readonly random: number }
  | { readonly kind: 'confirm' }
  | { readonly kind: 'dismiss' }
  | { readonly kind: 'view'; readonly to: ViewTarget }
  | { readonly kind: 'flip' }
  | { readonly kind: 'sound'; readonly on: boolean }
  | { readonly kind: 'analysis'; readonly on: boolean }
  | { readonly kind: 'opening'; readonly opening: Opening }
  | { readonly kind: 'pdn'; readonly name: string; readonly text: string }
  | { readonly kind: 'undo' }
  | { readonly kind: 'hint' }
  | { readonly kind: 'mode'; readonly mode: Mode }
  /** The side the computer plays (the player takes the other). */
  | { readonly kind: 'computer-side'; readonly side: Side }
  | { readonly kind: 'level'; readonly level: Level }
  | { readonly kind: 'theme'; readonly theme: ThemeChoice }
  | { readonly kind: 'reply'; readonly reply: SearchReply }
  | { readonly kind: 'worker-failed'; readonly message: string }
  | { readonly kind: 'tick' }
  | { readonly kind: 'opened'; readonly name: string; readonly sheet: Result<SheetGame, string> }
  | { readonly kind: 'download-xlsx' }
  /** `date` is today as PDN writes it, `2026.11.26`. */
  | { readonly kind: 'export-pdn'; readonly date: string }
  /** Review the game (the result panel's and the move list's Review), cancel it, close it. */
  | { readonly kind: 'review' }
  | { readonly kind: 'review-cancel' }
  | { readonly kind: 'review-close' }
  | { readonly kind: 'review-reply'; readonly reply: ReviewReply };

export type Effect =
  | { readonly kind: 'search'; readonly request: SearchRequest }
  | { readonly kind: 'review'; readonly request: ReviewRequest }
  | { readonly kind: 'wait'; readonly ms: number }
  | { readonly kind: 'save'; readonly text: string }
  | { readonly kind: 'announce'; readonly text: string }
  | { readonly kind: 'download-xlsx'; readonly sheet: SheetGame; readonly name: string }
  | { readonly kind: 'download-text'; readonly text: string; readonly name: string }
  | { readonly kind: 'sound'; readonly sound: SoundName };

export type SoundName = 'move' | 'capture' | 'crown' | 'end';

export interface Update {
  readonly state: CheckersState;
  readonly effects: readonly Effect[];
}

export const SAVE_KEY = 'twenty48-checkers';
export const SAVE_VERSION = 1;

/** A new game: the player is Black against the computer at level 2 unless told otherwise. */
export function initialState(
  options: Partial<
    Pick<
      CheckersState,
      'mode' | 'level' | 'theme' | 'computerSide' | 'flipped' | 'sound' | 'analysis' | 'opening'
    >
  > = {},
): CheckersState {
  return {
    game: newGame(),
    past: [],
    mode: options.mode ?? 'computer',
    computerSide: options.computerSide ?? 'red',
    level: options.level ?? 2,
    theme: options.theme ?? 'system',
    selected: null,
    cursor: 9,
    asking: null,
    nextId: 1,
    playing: [],
    hint: null,
    notice: '',
    lastMove: null,
    view: null,
    flipped: options.flipped ?? false,
    sound: options.sound ?? false,
    analysis: options.analysis ?? false,
    analysing: null,
    evaluation: null,
    confirm: null,
    opening: options.opening ?? 'standard',
    ballot: null,
    review: null,
  };
}

/** True when the computer plays the side to move in a game going on. */
export const computerToMove = (state: CheckersState): boolean =>
  state.mode === 'computer' &&
  state.game.status.kind === 'playing' &&
  state.game.position.turn === state.computerSide;

/** The squares whose pieces must capture now (empty when no capture is due). */
export function mustCapture(game: Game): Square[] {
  if (game.status.kind !== 'playing') return [];
  if (game.jump !== null) return [game.jump.path[game.jump.path.length - 1] as Square];
  return [...new Set(legalCaptures(game.position).map((move) => move.from))];
}

/** What the status line says: whose turn, a capture due, the end and why. */
export function statusLine(state: CheckersState): string {
  const { game } = state;
  const ended = announcement(game.status);
  if (ended !== null) return ended;
  const side = sideWord(game.position.turn);
  if (game.jump !== null) {
    const at = game.jump.path[game.jump.path.length - 1];
    return `${side} keeps jumping with ${at}`;
  }
  const who = computerToMove(state) ? `${side} (computer) is thinking…` : `${side} to move`;
  return mustCapture(game).length > 0 ? `${who} — a capture is compulsory` : who;
}

/**
 * The save: the start, the whole moves, and a capture under way (its landings so far,
 * `"22x15"`), so a reload resumes mid-jump; the computer's own capture under way keeps its whole
 * move too (`computerMove`), and goes on hop by hop after the reload.
 */
export const saveEffect = (state: CheckersState): Effect => ({
  kind: 'save',
  text: JSON.stringify({
    version: SAVE_VERSION,
    start: makeFen(state.game.start),
    moves: state.game.moves.map((move) => move.path.join(move.captured.length > 0 ? 'x' : '-')),
    ...(state.game.jump !== null ? { jump: state.game.jump.path.join('x') } : {}),
    ...(state.game.jump !== null && state.playing.length > 0
      ? { computerMove: [...state.game.jump.path, ...state.playing].join('x') }
      : {}),
    flipped: state.flipped,
    sound: state.sound,
    analysis: state.analysis,
    opening: state.opening,
    ballot: state.ballot,
    mode: state.mode,
    computerSide: state.computerSide,
    level: state.level,
    theme: state.theme,
  }),
});

/**
 * Ask the computer when it is its turn and nothing is asked yet. A capture it finds under way
 * (resumed, or the player's when the sides were swapped) is taken back: it chooses moves whole.
 */
export function askComputer(state: CheckersState, effects: Effect[]): CheckersState {
  if (!computerToMove(state) || state.asking !== null || state.playing.length > 0) return state;
  const game = moveStart(state);
  const id = state.nextId;
  effects.push({ kind: 'search', request: searchRequest(id, game, LEVEL_LIMITS[state.level]) });
  return { ...state, game, selected: null, asking: { id, hint: false }, nextId: id + 1 };
}

/**
 * The game at the start of the move under way (the game itself between moves): a capture played
 * jump by jump changes only `position` and `jump`, so the game before it is the same with the
 * position before it.
 */
export function moveStart(state: CheckersState): Game {
  const { game } = state;
  if (game.jump === null) return game;
  // The partial jump changed only `position` and `jump` (playStep keeps the rest).
  return { ...game, position: game.jump.before, jump: null };
}
