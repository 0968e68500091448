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
  legalSteps,
  type Move,
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
  type Square,
  searchRequest,
  sideWord,
  squareAt,
} from '@twenty48/checkers';
import { positionOfSheet, type SheetGame, sheetOf } from '@twenty48/checkers-xlsx';
import type { Result } from '@twenty48/common';
import { isOneOf } from '@twenty48/common';
import { cancelReview, keepReview, reviewReplied, startReview } from './review.js';
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

import {
  ANALYSIS_LIMITS,
  askComputer,
  type CheckersState,
  type Confirm,
  computerToMove,
  type Effect,
  type Evaluation,
  type Input,
  initialState,
  JUMP_PAUSE_MS,
  MODES,
  type Mode,
  moveStart,
  mustCapture,
  type Opening,
  SAVE_KEY,
  SAVE_VERSION,
  type SoundName,
  saveEffect,
  statusLine,
  THEME_CHOICES,
  type ThemeChoice,
  type Update,
  type ViewTarget,
} from './state.js';

export {
  ANALYSIS_LIMITS,
  askComputer,
  type CheckersState,
  type Confirm,
  computerToMove,
  type Effect,
  type Evaluation,
  type Input,
  initialState,
  JUMP_PAUSE_MS,
  LEVEL_LIMITS,
  LEVELS,
  type Level,
  MODES,
  type Mode,
  mustCapture,
  type Opening,
  SAVE_KEY,
  type SoundName,
  saveEffect,
  statusLine,
  THEME_CHOICES,
  type ThemeChoice,
  type Update,
  type ViewTarget,
};
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
/** A hint thinks as long as level 2. */
const HINT_LIMITS: SearchLimits = { ms: 250 };
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

/** The PDN of every whole move, numbered in pairs: `[['1.', '11-15', '22-18'], …]`. */
export function moveList(game: Game): { number: number; black: string; red: string }[] {
  const rows: { number: number; black: string; red: string }[] = [];
  let black = game.start.turn === 'black';
  let row = { number: 0, black: '', red: '' };
  for (const move of game.moves) {
    const pdn = move.path.join(move.captured.length > 0 ? 'x' : '-');
    if (black || rows.length === 0) {
      row = { number: rows.length + 1, black: '', red: '' };
      rows.push(row);
    }
    if (black) row.black = pdn;
    else row.red = pdn;
    black = !black;
  }
  return rows;
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
  // Not isRecord: an array is refused as a save of unknown version, as the tests specify.
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
    isOneOf(list, value) ? value : fallback;
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
    typeof save.jump === 'string' &&
    save.computerMove.startsWith(save.jump)
      ? save.computerMove
          .slice(save.jump.length)
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
  const next = analyse(keepReview(apply(state, input, effects)), effects);
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
    case 'review':
      return startReview(state, effects);
    case 'review-cancel':
      return cancelReview(state, effects);
    case 'review-close':
      return { ...state, review: null };
    case 'review-reply':
      return reviewReplied(state, input.reply, effects);
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
