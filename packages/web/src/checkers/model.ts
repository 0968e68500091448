/**
 * The checkers page as a pure model: `update(state, input) -> { state, effects }`. No DOM, no
 * timers, no storage: the page's edges (main.ts, render.ts, effects.ts) turn clicks, keys, the
 * worker's replies and files into inputs, and carry out the effects (search, wait, save,
 * announce, download).
 */
import {
  ACF_BALLOTS,
  announcement,
  coordsOf,
  type Game,
  gameToPdn,
  LEVEL_LIMITS,
  LEVELS,
  type Level,
  legalCaptures,
  legalSteps,
  type Move,
  makeFen,
  moveOfReply,
  moveSentence,
  newGame,
  opponent,
  parseFen,
  parsePdnMove,
  pieceAt,
  playMove,
  playStep,
  type SearchLimits,
  type SearchReply,
  type SearchRequest,
  type Side,
  type Square,
  searchRequest,
  sideWord,
  squareAt,
} from '@twenty48/checkers';
import { positionOfSheet, type SheetGame, sheetOf } from '@twenty48/checkers-xlsx';
import type { Result } from '@twenty48/common';
import {
  analyse,
  ballotOf,
  cut,
  freshGame,
  importPdn,
  playerName,
  shownGame,
  underWay,
  viewTo,
} from './site.js';

export { bottomSide, gameAt, playerName, shownGame, shownPly } from './site.js';

export { LEVEL_LIMITS, LEVELS, type Level };
/** How strong each level is, in words the page shows beside the choice (from its limits). */
export const LEVEL_WORDS: Readonly<Record<Level, string>> = {
  1: `beginner: ${limitWords(LEVEL_LIMITS[1])}`,
  2: `club player: ${limitWords(LEVEL_LIMITS[2])}`,
  3: `expert: ${limitWords(LEVEL_LIMITS[3])}`,
  4: `strongest: ${limitWords(LEVEL_LIMITS[4])}`,
};

/** A search's limits in words: "looks 2 plies ahead", "thinks 0.25 s a move". */
function limitWords(limits: SearchLimits): string {
  if (limits.depth !== undefined && limits.margin !== undefined)
    return `looks ${limits.depth} plies ahead, then picks among the moves it scores within ${limits.margin / 100} of a man of the best`;
  if (limits.depth !== undefined)
    return `looks ${limits.depth} ${limits.depth === 1 ? 'ply' : 'plies'} ahead (and through every capture)`;
  return `thinks ${(limits.ms ?? 1000) / 1000} s a move`;
}
/** The analysis board thinks this long about each position shown. */
export const ANALYSIS_LIMITS: SearchLimits = { ms: 500 };
/** A hint thinks as long as level 2. */
const HINT_LIMITS: SearchLimits = { ms: 250 };
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
  | { readonly kind: 'export-pdn'; readonly date: string };

export type Effect =
  | { readonly kind: 'search'; readonly request: SearchRequest }
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
const SAVE_VERSION = 1;

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

/** Where the selected piece may step next. */
export function targetsOf(state: CheckersState): Square[] {
  if (state.selected === null) return [];
  return legalSteps(state.game)
    .filter((step) => step.from === state.selected)
    .map((step) => step.to);
}

/** The pieces that may move now (the jumping piece alone during a capture). */
export const movable = (game: Game): Square[] => [
  ...new Set(legalSteps(game).map((step) => step.from)),
];

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

/** The PDN of every whole move, numbered in pairs: `[['1.', '11-15', '22-18'], …]`. */
export function moveList(game: Game): { number: number; black: string; red: string }[] {
  const rows: { number: number; black: string; red: string }[] = [];
  let black = game.start.turn === 'black';
  for (const move of game.moves) {
    const pdn = move.path.join(move.captured.length > 0 ? 'x' : '-');
    if (black || rows.length === 0) rows.push({ number: rows.length + 1, black: '', red: '' });
    const row = rows[rows.length - 1] as { number: number; black: string; red: string };
    if (black) row.black = pdn;
    else row.red = pdn;
    black = !black;
  }
  return rows;
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

/** After a whole move: announce it, and the end; save; let the computer answer. */
function afterMove(state: CheckersState, before: Game, effects: Effect[]): CheckersState {
  const move = state.game.moves[state.game.moves.length - 1] as Move;
  const next: CheckersState = {
    ...state,
    past: [...state.past, before],
    selected: null,
    hint: null,
    lastMove: move,
    view: null,
  };
  const ended = announcement(state.game.status);
  if (state.sound) {
    effects.push({ kind: 'sound', sound: move.captured.length > 0 ? 'capture' : 'move' });
    if (move.crowned) effects.push({ kind: 'sound', sound: 'crown' });
    if (ended !== null) effects.push({ kind: 'sound', sound: 'end' });
  }
  const then = ended ?? `${sideWord(state.game.position.turn)} to move`;
  effects.push({ kind: 'announce', text: `${moveSentence(before.position.turn, move)}. ${then}.` });
  effects.push(saveEffect(next));
  return askComputer(next, effects);
}

/**
 * The game at the start of the move under way (the game itself between moves): a capture played
 * jump by jump changes only `position` and `jump`, so the game before it is the same with the
 * position before it.
 */
function moveStart(state: CheckersState): Game {
  const { game } = state;
  if (game.jump === null) return game;
  // The partial jump changed only `position` and `jump` (playStep keeps the rest).
  return { ...game, position: game.jump.before, jump: null };
}

/** Play one step by a person; refusals become the notice. */
function step(state: CheckersState, from: Square, to: Square, effects: Effect[]): CheckersState {
  const before = moveStart(state);
  const played = playStep(state.game, from, to);
  if (!played.ok) return { ...state, notice: `${played.error.message} (${played.error.code})` };
  const next: CheckersState = { ...state, game: played.value, notice: '', hint: null };
  if (played.value.jump !== null) {
    const captured = played.value.jump.captured[played.value.jump.captured.length - 1];
    effects.push({
      kind: 'announce',
      text: `${sideWord(played.value.position.turn)} jumps to ${to}, captures ${captured}; keep jumping.`,
    });
    if (state.sound) effects.push({ kind: 'sound', sound: 'capture' });
    const jumping = { ...next, selected: to, cursor: to };
    effects.push(saveEffect(jumping));
    return jumping;
  }
  return afterMove({ ...next, cursor: to }, before, effects);
}

/** A square picked (click, tap, Enter): select a piece, move the selected one, or say why not. */
function pick(state: CheckersState, square: Square, effects: Effect[]): CheckersState {
  const { game } = state;
  const moved = { ...state, cursor: square };
  if (state.view !== null && shownGame(state).status.kind === 'playing') {
    return {
      ...moved,
      confirm: { kind: 'cut', square },
      notice: '',
    };
  }
  if (game.status.kind !== 'playing')
    return { ...moved, notice: 'The game is over: start a new game' };
  if (computerToMove(state) || state.playing.length > 0) {
    return { ...moved, notice: 'Wait: the computer is moving' };
  }
  const piece = pieceAt(game.position, square);
  if (state.selected !== null && targetsOf(state).includes(square)) {
    return step(moved, state.selected, square, effects);
  }
  if (piece !== null && piece.side === game.position.turn) {
    if (movable(game).includes(square)) return { ...moved, selected: square, notice: '' };
    const capture = mustCapture(game);
    if (game.jump !== null) {
      return { ...moved, notice: `The piece on ${capture[0]} must keep jumping` };
    }
    if (capture.length > 0) {
      return {
        ...moved,
        selected: null,
        notice: `A capture is compulsory: move ${capture.join(' or ')}`,
      };
    }
    return { ...moved, selected: null, notice: `The piece on ${square} has no move` };
  }
  if (state.selected !== null) {
    // A square that is no target: say why through the rules' own refusal.
    const refused = playStep(game, state.selected, square);
    return {
      ...moved,
      selected: game.jump === null ? null : state.selected,
      notice: refused.ok ? '' : `${refused.error.message} (${refused.error.code})`,
    };
  }
  if (piece !== null)
    return { ...moved, notice: `That is ${piece.side}'s piece; ${game.position.turn} is to move` };
  return { ...moved, notice: '' };
}

/** The dark square beside `square` toward an arrow key, or `square` at the edge. */
export function cursorStep(square: Square, key: 'up' | 'down' | 'left' | 'right'): Square {
  const { row, col } = coordsOf(square);
  const tries: [number, number][] =
    key === 'left'
      ? [[row, col - 2]]
      : key === 'right'
        ? [[row, col + 2]]
        : [
            [row + (key === 'up' ? -1 : 1), col - 1],
            [row + (key === 'up' ? -1 : 1), col + 1],
          ];
  for (const [r, c] of tries) {
    const found = squareAt(r, c);
    if (found !== null) return found;
  }
  return square;
}

/** The computer's move arrives: its first step is played, the others follow one per pause. */
function playReply(state: CheckersState, reply: SearchReply, effects: Effect[]): CheckersState {
  if (state.analysing !== null && reply.id === state.analysing.id) {
    const { fen } = state.analysing;
    if (!reply.ok) return { ...state, analysing: null, evaluation: null };
    const black = fen.startsWith('B') ? reply.score : -reply.score;
    return {
      ...state,
      analysing: null,
      evaluation: { fen, black, pv: reply.pv, depth: reply.depth },
    };
  }
  if (state.asking === null || reply.id !== state.asking.id) return state; // a stale answer
  const answer = moveOfReply(state.game, reply);
  const asked = { ...state, asking: null };
  if (answer === null) return asked;
  if (answer instanceof Error)
    return { ...asked, notice: `The computer failed: ${answer.message}` };
  if (state.asking.hint) {
    const text = `Hint: ${answer.move.path.join(answer.move.captured.length > 0 ? 'x' : '-')}`;
    effects.push({ kind: 'announce', text });
    return { ...asked, hint: answer.move, notice: text };
  }
  const path = answer.move.path;
  return playComputerStep({ ...asked, playing: path.slice(1) }, path[0] as Square, effects);
}

function playComputerStep(state: CheckersState, from: Square, effects: Effect[]): CheckersState {
  const [to, ...rest] = state.playing;
  if (to === undefined) return state;
  const before = moveStart(state);
  const played = playStep(state.game, from, to);
  if (!played.ok) {
    return { ...state, playing: [], notice: `The computer's move failed: ${played.error.message}` };
  }
  const next: CheckersState = { ...state, game: played.value, playing: rest };
  if (rest.length > 0) {
    if (state.sound) effects.push({ kind: 'sound', sound: 'capture' });
    effects.push({ kind: 'wait', ms: JUMP_PAUSE_MS });
    effects.push(saveEffect(next)); // a reload now goes on with the rest of this capture
    return next;
  }
  return afterMove(next, before, effects);
}

/** Replays a save's moves from its start; every failure is named. */
export function restore(text: string | null): Result<CheckersState, string> | null {
  if (text === null) return null;
  const bad = (why: string): Result<CheckersState, string> => ({
    ok: false,
    error: { code: 'ERR_SAVE', message: `The saved game could not be resumed: ${why}` },
  });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return bad('it is not JSON (ERR_SAVE)');
  }
  if (typeof data !== 'object' || data === null) return bad('it is not a saved game (ERR_SAVE)');
  const save = data as Record<string, unknown>;
  if (save.version !== SAVE_VERSION)
    return bad(`unknown version ${JSON.stringify(save.version)} (ERR_SAVE)`);
  if (typeof save.start !== 'string') return bad('no start position (ERR_SAVE)');
  const start = parseFen(save.start);
  if (!start.ok) return bad(`${start.error.message} (${start.error.code})`);
  if (!Array.isArray(save.moves) || save.moves.length > 10_000)
    return bad('no move list (ERR_SAVE)');
  let game = newGame(start.value);
  const past: Game[] = [];
  if (save.jump !== undefined && typeof save.jump !== 'string')
    return bad('the capture under way is not text (ERR_SAVE)');
  for (const [i, text] of save.moves.entries()) {
    if (typeof text !== 'string') return bad(`move ${i + 1} is not text (ERR_SAVE)`);
    const move = parsePdnMove(game.position, text);
    if (!move.ok)
      return bad(
        `move ${i + 1} ${JSON.stringify(text)}: ${move.error.message} (${move.error.code})`,
      );
    const played = playMove(game, move.value);
    if (!played.ok) return bad(`move ${i + 1}: ${played.error.message} (${played.error.code})`);
    past.push(game);
    game = played.value;
  }
  const moved = game.moves[game.moves.length - 1] ?? null;
  const jumping = typeof save.jump === 'string' ? resumeJump(game, save.jump) : null;
  if (jumping !== null && !jumping.ok) return bad(jumping.error.message);
  if (jumping !== null) game = jumping.value;
  const at = game.jump?.path[game.jump.path.length - 1] ?? null;
  const oneOf = <T>(list: readonly T[], value: unknown, fallback: T): T =>
    list.includes(value as T) ? (value as T) : fallback;
  const isBallot = (value: unknown): value is number =>
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= 0 &&
    value < ACF_BALLOTS.length;
  const state = initialState({
    mode: oneOf(MODES, save.mode, 'computer'),
    level: oneOf(LEVELS, save.level, 2),
    theme: oneOf(THEME_CHOICES, save.theme, 'system'),
    computerSide: oneOf(['black', 'red'] as const, save.computerSide, 'red'),
    flipped: save.flipped === true,
    sound: save.sound === true,
    analysis: save.analysis === true,
    opening: save.opening === 'random' || isBallot(save.opening) ? save.opening : 'standard',
  });
  // The computer's capture under way: the landings it has still to make.
  const playing =
    jumping !== null &&
    typeof save.computerMove === 'string' &&
    save.computerMove.startsWith(save.jump as string)
      ? save.computerMove
          .slice((save.jump as string).length)
          .split('x')
          .filter((part) => part !== '')
          .map(Number)
          .filter(
            (square): square is Square => Number.isInteger(square) && square >= 1 && square <= 32,
          )
      : [];
  return {
    ok: true,
    value: {
      ...state,
      game,
      past,
      playing,
      lastMove: moved,
      selected: playing.length > 0 ? null : at,
      cursor: at ?? state.cursor,
      ballot: isBallot(save.ballot) ? save.ballot : null,
    },
  };
}

/**
 * A capture under way as the save writes it (`"22x15"`, its landings so far), played jump by
 * jump on `game`; it must be jumps of one piece that can still go on.
 */
function resumeJump(game: Game, text: string): Result<Game, string> {
  const bad = (why: string): Result<Game, string> => ({
    ok: false,
    error: { code: 'ERR_SAVE', message: `the capture under way ${JSON.stringify(text)} ${why}` },
  });
  const squares = text.split('x');
  if (squares.length < 2 || squares.length > 10 || !squares.every((part) => /^\d{1,2}$/.test(part)))
    return bad('is not landings joined by x (ERR_SAVE)');
  const path = squares.map(Number) as Square[];
  let at = path[0] as Square;
  let current = game;
  for (const to of path.slice(1)) {
    const played = playStep(current, at, to);
    if (!played.ok) return bad(`cannot be played: ${played.error.message} (${played.error.code})`);
    if (played.value.jump === null) return bad('is a whole move, not one under way (ERR_SAVE)');
    current = played.value;
    at = to;
  }
  return { ok: true, value: current };
}

/** Starts the page: the saved game when there is a good one; a damaged one is reported. */
export function start(saved: string | null): Update {
  const effects: Effect[] = [];
  const restored = restore(saved);
  if (restored === null) return { state: askComputer(initialState(), effects), effects };
  if (!restored.ok) {
    const state = { ...initialState(), notice: `${restored.error.message}; a new game started` };
    effects.push({ kind: 'announce', text: state.notice });
    return { state: askComputer(state, effects), effects };
  }
  if (restored.value.playing.length > 0) effects.push({ kind: 'wait', ms: JUMP_PAUSE_MS });
  return { state: askComputer(restored.value, effects), effects };
}

/** Undo: the move under way, or the last whole move (in computer mode back to the player's turn). */
function undo(state: CheckersState, effects: Effect[]): CheckersState {
  const base = { ...state, selected: null, hint: null, asking: null, playing: [], notice: '' };
  if (state.game.jump !== null && state.playing.length === 0 && !computerToMove(state)) {
    const back = { ...base, game: moveStart(state) };
    effects.push(saveEffect(back));
    return back;
  }
  let past = state.past;
  let game: Game | undefined;
  do {
    game = past[past.length - 1];
    if (game === undefined) return { ...state, notice: 'Nothing to undo' };
    past = past.slice(0, -1);
  } while (
    state.mode === 'computer' &&
    game.position.turn === state.computerSide &&
    past.length > 0
  );
  const next = { ...base, game, past, lastMove: game.moves[game.moves.length - 1] ?? null };
  effects.push({ kind: 'announce', text: `Move taken back. ${statusLine(next)}.` });
  effects.push(saveEffect(next));
  return askComputer(next, effects);
}

export function update(state: CheckersState, input: Input): Update {
  const effects: Effect[] = [];
  const next = analyse(apply(state, input, effects), effects);
  return { state: next, effects };
}

function apply(state: CheckersState, input: Input, effects: Effect[]): CheckersState {
  switch (input.kind) {
    case 'square':
      return pick(state, input.square, effects);
    case 'drag': {
      const picked = pick({ ...state, selected: null }, input.from, effects);
      if (picked.selected !== input.from) return picked;
      return pick(picked, input.to, effects);
    }
    case 'cursor':
      return { ...state, cursor: cursorStep(state.cursor, input.key) };
    case 'cancel':
      return { ...state, selected: state.game.jump === null ? null : state.selected, notice: '' };
    case 'new':
      if (underWay(state)) return { ...state, confirm: { kind: 'new', random: input.random } };
      return freshGame(state, ballotOf(state.opening, input.random), state.computerSide, effects);
    case 'rematch': {
      // The same ballot with the colours swapped, as a match plays it.
      const side = opponent(state.computerSide);
      const chosen = state.ballot ?? ballotOf(state.opening, input.random);
      return freshGame(state, chosen, side, effects);
    }
    case 'confirm': {
      const { confirm } = state;
      if (confirm === null) return state;
      const asked = { ...state, confirm: null };
      if (confirm.kind === 'new')
        return freshGame(
          asked,
          ballotOf(state.opening, confirm.random),
          state.computerSide,
          effects,
        );
      return pick(cut(asked, effects), confirm.square, effects);
    }
    case 'dismiss':
      return { ...state, confirm: null };
    case 'view':
      return viewTo(state, input.to);
    case 'flip': {
      const next = { ...state, flipped: !state.flipped };
      effects.push(saveEffect(next));
      return next;
    }
    case 'sound': {
      const next = { ...state, sound: input.on };
      effects.push(saveEffect(next));
      return next;
    }
    case 'analysis': {
      const next = { ...state, analysis: input.on, analysing: null, evaluation: null };
      effects.push(saveEffect(next));
      return next;
    }
    case 'opening': {
      const next = { ...state, opening: input.opening };
      effects.push(saveEffect(next));
      return next;
    }
    case 'pdn':
      return importPdn(state, input.name, input.text, effects);
    case 'undo':
      return undo(state, effects);
    case 'hint': {
      if (state.game.status.kind !== 'playing' || computerToMove(state) || state.asking !== null) {
        return state;
      }
      const id = state.nextId;
      effects.push({ kind: 'search', request: searchRequest(id, state.game, HINT_LIMITS) });
      return {
        ...state,
        asking: { id, hint: true },
        nextId: id + 1,
        notice: 'Thinking of a hint…',
      };
    }
    case 'mode': {
      if (input.mode === state.mode) return state;
      // Against the computer, the player keeps the side to move now; the computer takes the other.
      const computerSide = opponent(state.game.position.turn);
      const next: CheckersState = {
        ...state,
        mode: input.mode,
        computerSide,
        asking: null,
        playing: [],
      };
      effects.push(saveEffect(next));
      return askComputer(next, effects);
    }
    case 'computer-side': {
      if (input.side === state.computerSide) return state;
      // A search under way was for the other side; the computer may now have to move.
      const next: CheckersState = {
        ...state,
        computerSide: input.side,
        asking: null,
        playing: [],
        hint: null,
        selected: null,
        notice: '',
      };
      effects.push(saveEffect(next));
      return askComputer(next, effects);
    }
    case 'level': {
      const next = { ...state, level: input.level };
      effects.push(saveEffect(next));
      return next;
    }
    case 'theme': {
      const next = { ...state, theme: input.theme };
      effects.push(saveEffect(next));
      return next;
    }
    case 'reply':
      return playReply(state, input.reply, effects);
    case 'worker-failed':
      return { ...state, asking: null, notice: `The computer stopped: ${input.message}` };
    case 'tick': {
      const from = state.game.jump?.path[state.game.jump.path.length - 1];
      return from === undefined ? state : playComputerStep(state, from, effects);
    }
    case 'opened':
      return opened(state, input.name, input.sheet, effects);
    case 'download-xlsx': {
      if (state.game.jump !== null) {
        return {
          ...state,
          notice: 'Finish the jump before saving: the file holds a position between moves',
        };
      }
      effects.push({
        kind: 'download-xlsx',
        sheet: sheetOf(state.game.position),
        name: 'checkers.xlsx',
      });
      return { ...state, notice: '' };
    }
    case 'export-pdn':
      effects.push({
        kind: 'download-text',
        name: 'checkers.pdn',
        text: gameToPdn(state.game, {
          event: 'twenty48 checkers',
          site: 'browser',
          date: input.date,
          black: playerName(state, 'black'),
          white: playerName(state, 'red'),
        }),
      });
      return state;
  }
}

/** A file read by the page: the game it holds replaces this one, or the reason is shown. */
function opened(
  state: CheckersState,
  name: string,
  sheet: Result<SheetGame, string>,
  effects: Effect[],
): CheckersState {
  const refuse = (message: string, code: string): CheckersState => {
    const notice = `Cannot open ${name}: ${message} (${code}); the game is kept`;
    effects.push({ kind: 'announce', text: notice });
    return { ...state, notice };
  };
  if (!sheet.ok) return refuse(sheet.error.message, sheet.error.code);
  const position = positionOfSheet(sheet.value);
  if (!position.ok) return refuse(position.error.message, position.error.code);
  const game = newGame(position.value);
  const next: CheckersState = {
    ...state,
    game,
    past: [],
    selected: null,
    hint: null,
    asking: null,
    playing: [],
    lastMove: null,
    notice: `Opened ${name}`,
  };
  effects.push({ kind: 'announce', text: `Opened ${name}. ${statusLine(next)}.` });
  effects.push(saveEffect(next));
  return askComputer(next, effects);
}
