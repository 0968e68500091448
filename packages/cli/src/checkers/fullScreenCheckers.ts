/**
 * The full-screen checkers game as a pure function: `stepCheckersScreen(state, input)` gives the
 * next state and the effects for the edge (`fullScreenPlay.ts`) to perform: draw a frame, run a
 * command on the session, let the computer think, play the move it found, exit. Keys edit the
 * command line; the commands of the lines entered and the computer's moves run one at a time, in
 * order, while the keys keep working. The session's answers come back as inputs with what the
 * session now shows (`SessionView`); an answer of the computer's for a game that has changed
 * since (an undo, a load) is dropped.
 */
import {
  formatCoords,
  type Game,
  gameToPdn,
  type Move,
  moveToPdn,
  pieceAt,
  type Side,
  type Square,
  squareAt,
} from '@twenty48/checkers';
import type { ColorMode } from '../toolkit/colors.js';
import type { ScreenEffect, ScreenInput, ScreenStep } from '../toolkit/screenLoop.js';
import { answerPageCount, type BoardView, renderBoardFrame } from './boardFrame.js';
import { editLine, emptyEditor, type LineEditor } from './lineEditor.js';
import { stepsFrom } from './moveCommand.js';
import { announcement, jumpingSquare, sideName, sideWord } from './moveText.js';
import { commandsOfLine } from './plainPlay.js';
import type { SearchAnswer } from './searchClient.js';
import { type Answer, isComputerToMove, piecesLine } from './session.js';
import type { Expr } from './sexp.js';

/** How the game ended: `(exit)` or the end of input, Ctrl-C, the game's end, a failed search. */
export type CheckersEnd = 'exit' | 'interrupt' | 'over' | 'failed';

/** What the session shows: its game, the piece a `(ROW COL)` picked, the computer's side. */
export interface SessionView {
  readonly game: Game;
  readonly selected: Square | null;
  readonly ai: Side | null;
}

/** Work that runs one at a time, in order: a line entered, a move the computer found. */
type Job =
  | { readonly kind: 'line'; readonly line: string }
  | { readonly kind: 'computer'; readonly game: Game; readonly found: SearchAnswer | null };

/** Everything the full-screen checkers game is at one moment. */
export interface CheckersScreenState {
  readonly session: SessionView;
  readonly editor: LineEditor;
  /** The last answer, shown under the board. */
  readonly answer: readonly string[];
  /** The page of an answer too long for the room under the board (Page Down, Page Up). */
  readonly page: number;
  /** The game the computer is thinking about, or null. */
  readonly thinkingAbout: Game | null;
  /** The work waiting for its turn. */
  readonly jobs: readonly Job[];
  /** The line being run: its commands not run yet and the answers so far; null between lines. */
  readonly line: { readonly exprs: readonly Expr[]; readonly said: readonly string[] } | null;
  /** True while the session is running a command or the computer's move for us. */
  readonly busy: boolean;
  readonly cols: number;
  readonly rows: number;
  readonly mode: ColorMode;
}

/**
 * What happens to the game: a key, a resize, the end of the input, and the answers of the
 * session and of the computer.
 */
export type CheckersInput =
  | ScreenInput
  /** The answer to `runCommand`, and the session after it. */
  | { readonly kind: 'commandRan'; readonly answer: Answer; readonly session: SessionView }
  /** The computer's choice for `game` (null: it found none). */
  | { readonly kind: 'searched'; readonly game: Game; readonly found: SearchAnswer | null }
  | { readonly kind: 'searchFailed'; readonly game: Game; readonly reason: string }
  /** The answer to `playComputer`, and the session after it. */
  | { readonly kind: 'computerPlayed'; readonly answer: Answer; readonly session: SessionView };

/** What the edge does for the game, in order: draw and exit, and the session's part. */
export type CheckersEffect =
  | ScreenEffect<CheckersEnd>
  | { readonly kind: 'runCommand'; readonly expr: Expr }
  | { readonly kind: 'think'; readonly game: Game }
  | { readonly kind: 'playComputer'; readonly move: Move };

/** The next state and the effects that go with it. */
export type CheckersStep = ScreenStep<CheckersScreenState, CheckersEffect>;

/** The piece a command being typed starts from, `(move (3 2) …`, to light its targets. */
const TYPED_START = /^\s*[([]\s*move\s*[([]\s*(\d)\s+(\d)\s*[)\]]/i;

function typedSquare(game: Game, text: string): Square | null {
  const match = TYPED_START.exec(text);
  if (match === null) return null;
  const square = squareAt(Number(match[1]), Number(match[2]));
  if (square === null) return null;
  return pieceAt(game.position, square)?.side === game.position.turn ? square : null;
}

/** `(default-board)`: what `n` runs on the result screen. */
const NEW_GAME: Expr = { kind: 'list', items: [{ kind: 'symbol', name: 'default-board' }] };

/**
 * The result screen's lines under the board: who won and why, the game in PDN, and the keys.
 *
 * @example
 * resultLines(game) // ['Black wins: red has no pieces left', 'PDN: 1. 9-14 … 2-0', 'n …']
 */
export function resultLines(game: Game): string[] {
  const over = announcement(game.status);
  if (over === null) return [];
  const moves = gameToPdn(game)
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('['))
    .join(' ');
  return [
    `Game over · ${over}`,
    `PDN: ${moves}`,
    'n and Enter: a new game · q and Enter or (exit): leave · (undo) takes a move back',
  ];
}

/** The title: who plays whom. */
function titleOf(ai: Side | null): string {
  if (ai === null) return 'Checkers · Black (p1) and Red (p2) at one keyboard';
  const human = ai === 'black' ? 'red' : 'black';
  return `Checkers · you play ${sideName(human)} against the computer`;
}

function statusOf(state: CheckersScreenState): string {
  const { game } = state.session;
  const over = announcement(game.status);
  if (over !== null) return over;
  if (state.thinkingAbout !== null) {
    return `${sideWord(game.position.turn)} (computer) is thinking…`;
  }
  const jumping = jumpingSquare(game);
  if (jumping !== null) {
    return `${sideName(game.position.turn)}: keep jumping with ${formatCoords(jumping)}`;
  }
  return `${sideName(game.position.turn)} to move · move ${Math.floor(game.moves.length / 2) + 1}`;
}

/**
 * The frame for a state: exactly `rows` lines of `cols` columns.
 *
 * @example
 * checkersFrameOf(state).length // state.rows
 */
export function checkersFrameOf(state: CheckersScreenState): string[] {
  return renderBoardFrame(boardViewOf(state), state.cols, state.rows);
}

/** What a state's frame shows. */
function boardViewOf(state: CheckersScreenState): BoardView {
  const { game } = state.session;
  const { editor } = state;
  const selected =
    typedSquare(game, editor.text) ?? state.session.selected ?? jumpingSquare(game) ?? null;
  const last = game.moves[game.moves.length - 1];
  return {
    game,
    mode: state.mode,
    title: titleOf(state.session.ai),
    status: statusOf(state),
    score: `${piecesLine(game)}${last ? ` · last move ${moveToPdn(last)}` : ''}`,
    selected,
    targets: selected === null ? [] : stepsFrom(game, selected).map((step) => step.to),
    lastMove: game.jump?.path ?? last?.path ?? [],
    answer:
      announcement(game.status) === null
        ? state.answer
        : [...state.answer, '', ...resultLines(game)],
    input: { text: editor.text, cursor: editor.cursor },
    page: state.page,
  };
}

/** Page Down and Page Up: the next or the previous page of an answer shown as pages. */
function turnPage(state: CheckersScreenState, direction: 'up' | 'down'): CheckersScreenState {
  const pages = answerPageCount(boardViewOf(state).answer, state.cols, state.rows);
  const page = Math.min(Math.max(0, state.page + (direction === 'down' ? 1 : -1)), pages - 1);
  return pages > 1 ? { ...state, page } : state;
}

/** The effects of one step, gathered while it runs; an exit ends it. */
type Effects = CheckersEffect[];

const hasExited = (effects: Effects): boolean => effects.some((effect) => effect.kind === 'exit');

/** After anything that may change the game: the end, or the computer's turn to think. */
function afterChange(state: CheckersScreenState, effects: Effects): CheckersScreenState {
  const { game, ai } = state.session;
  // The end: the result screen stays until `n` (a new game) or `q`/`(exit)`.
  if (announcement(game.status) !== null) return state;
  if (!isComputerToMove(game, ai) || state.thinkingAbout === game) return state;
  effects.push({ kind: 'think', game });
  return { ...state, thinkingAbout: game };
}

const tagOf = (expr: Expr): string =>
  expr.kind === 'list' && expr.items[0]?.kind === 'symbol' ? expr.items[0].name : '';

/** The next command of the line being run, or the line's answer when none is left. */
function nextCommand(state: CheckersScreenState, effects: Effects): CheckersScreenState {
  if (state.line === null) return state;
  const { said } = state.line;
  const [expr, ...rest] = state.line.exprs;
  if (expr === undefined) {
    return { ...state, line: null, answer: said.length > 0 ? said : state.answer };
  }
  const { game, ai } = state.session;
  const tag = tagOf(expr);
  // The computer's turn: a move or a hint is for the other side; the rest may go on.
  if ((tag === 'move' || tag === 'hint') && isComputerToMove(game, ai)) {
    const wait = `Wait: ${sideWord(game.position.turn)} is the computer's, and it is thinking.`;
    return { ...state, line: { exprs: rest, said: [...said, wait] } };
  }
  effects.push({ kind: 'runCommand', expr });
  return { ...state, line: { exprs: rest, said }, busy: true };
}

/** Start a job: read a line into its commands, or play the computer's move if still wanted. */
function startJob(state: CheckersScreenState, job: Job, effects: Effects): CheckersScreenState {
  if (job.kind === 'line') {
    const over = announcement(state.session.game.status) !== null;
    const word = job.line.trim().toLowerCase();
    if (over && (word === 'q' || word === '(exit)')) {
      effects.push({ kind: 'exit', how: 'over' });
      return state;
    }
    if (over && word === 'n') {
      effects.push({ kind: 'runCommand', expr: NEW_GAME });
      return { ...state, line: { exprs: [], said: [] }, busy: true };
    }
    const read = commandsOfLine(job.line);
    if ('refusal' in read) return { ...state, answer: [read.refusal] };
    return { ...state, line: { exprs: read.exprs, said: [] } };
  }
  if (state.session.game !== job.game) return state;
  const thought = { ...state, thinkingAbout: null };
  if (job.found === null) {
    effects.push({ kind: 'exit', how: 'failed' });
    return {
      ...thought,
      answer: ['The computer cannot move: the search found no move (ERR_SEARCH)'],
    };
  }
  effects.push({ kind: 'playComputer', move: job.found.move });
  return { ...thought, busy: true };
}

/** Run what is waiting, one thing after another, until the session is busy or nothing is left. */
function runJobs(state: CheckersScreenState, effects: Effects): CheckersScreenState {
  let next = state;
  while (!next.busy && !hasExited(effects)) {
    if (next.line !== null) {
      next = nextCommand(next, effects);
      continue;
    }
    const [job, ...rest] = next.jobs;
    if (job === undefined) break;
    next = startJob({ ...next, jobs: rest }, job, effects);
  }
  return next;
}

function commandRan(
  state: CheckersScreenState,
  answer: Answer,
  session: SessionView,
  effects: Effects,
): CheckersScreenState {
  let next: CheckersScreenState = { ...state, busy: false, session };
  if (answer.exit) {
    effects.push({ kind: 'exit', how: 'exit' });
    return next;
  }
  const line = next.line ?? { exprs: [], said: [] };
  next = { ...next, line: { ...line, said: [...line.said, ...answer.lines] } };
  if (answer.changed) {
    // An undo or a load while the computer thought: its answer is for another game.
    if (next.thinkingAbout !== null && next.thinkingAbout !== session.game) {
      next = { ...next, thinkingAbout: null };
    }
    next = afterChange(next, effects);
  }
  return runJobs(next, effects);
}

function react(
  state: CheckersScreenState,
  input: CheckersInput,
  effects: Effects,
): CheckersScreenState {
  switch (input.kind) {
    case 'key': {
      if (input.key.kind === 'interrupt') {
        effects.push({ kind: 'exit', how: 'interrupt' });
        return state;
      }
      if (input.key.kind === 'page') return turnPage(state, input.key.direction);
      const { editor, entered } = editLine(state.editor, input.key);
      const jobs =
        entered === undefined
          ? state.jobs
          : [...state.jobs, { kind: 'line', line: entered } as const];
      return runJobs({ ...state, editor, jobs }, effects);
    }
    case 'resize':
      return { ...state, cols: input.cols, rows: input.rows };
    case 'commandRan':
      return commandRan(state, input.answer, input.session, effects);
    case 'searched': {
      const job = { kind: 'computer', game: input.game, found: input.found } as const;
      return runJobs({ ...state, jobs: [...state.jobs, job] }, effects);
    }
    case 'searchFailed':
      if (state.session.game !== input.game) return state;
      effects.push({ kind: 'exit', how: 'failed' });
      return { ...state, answer: [`The computer cannot move: ${input.reason} (ERR_SEARCH)`] };
    case 'computerPlayed':
      return runJobs(
        afterChange(
          { ...state, busy: false, session: input.session, answer: input.answer.lines },
          effects,
        ),
        effects,
      );
    case 'end':
      effects.push({ kind: 'exit', how: 'exit' });
      return state;
  }
}

/**
 * The first state: the session as it starts, and (for a game already over, or the computer to
 * move first) what that means, then the first frame.
 *
 * @example
 * const { state, effects } = startCheckersScreen({ session: { game: newGame(), selected: null, ai: 'black' }, mode: 'none', cols: 80, rows: 24 });
 * // effects: [{ kind: 'think', game }, { kind: 'draw', lines: […] }]
 */
export function startCheckersScreen(start: {
  readonly session: SessionView;
  readonly mode: ColorMode;
  readonly cols: number;
  readonly rows: number;
}): CheckersStep {
  const effects: Effects = [];
  const state = afterChange(
    {
      ...start,
      editor: emptyEditor(),
      answer: ['Type (help) and Enter for the commands.'],
      page: 0,
      thinkingAbout: null,
      jobs: [],
      line: null,
      busy: false,
    },
    effects,
  );
  return withFrame(state, effects);
}

function withFrame(state: CheckersScreenState, effects: Effects): CheckersStep {
  if (hasExited(effects)) return { state, effects };
  return { state, effects: [...effects, { kind: 'draw', lines: checkersFrameOf(state) }] };
}

/**
 * The full-screen checkers game's one step: the next state and what to do, ending with the frame
 * to draw (none after an exit).
 *
 * @example
 * const typed = stepCheckersScreen(state, { kind: 'key', key: { kind: 'char', char: '(' } });
 */
export function stepCheckersScreen(state: CheckersScreenState, input: CheckersInput): CheckersStep {
  const effects: Effects = [];
  const next = react(state, input, effects);
  // A new answer shows from its first page.
  return withFrame(next.answer === state.answer ? next : { ...next, page: 0 }, effects);
}
