/**
 * A checkers session: what the full-screen and the line-by-line front ends share. The game, the
 * whole moves that `(undo)` takes back, the computer's side, and every command's effect and
 * answer. Front ends only read lines, show answers and decide when the computer thinks.
 */
import { join } from 'node:path';
import {
  formatCoords as fmt,
  type Game,
  gameToPdn,
  legalSteps,
  type Move,
  moveToPdn,
  newGame,
  pieceAt,
  playMove,
  type Side,
  type Square,
  type Step,
  squareAt,
  squaresOf,
} from '@twenty48/checkers';
import { positionOfSheet, sheetOf } from '@twenty48/checkers-xlsx';
import { fail, ok, type Result } from '@twenty48/common';
import { type Command, HELP_LINES, parseCommand } from './commands.js';
import { describePiece, playMoveCommand } from './moveCommand.js';
import { describeMove, jumpingSquare, pathCommands, sideName, sideWord } from './moveText.js';
import type { Searcher, SearchLimits } from './searchClient.js';
import type { Expr } from './sexp.js';
import { type PlayedSteps, playTypedMove } from './typedMove.js';
import { loadXlsx, saveXlsx, xlsxFileName } from './xlsx.js';

/** What a command did: the lines to show, whether the game changed, whether to leave. */
export interface Answer {
  readonly lines: readonly string[];
  readonly changed: boolean;
  readonly exit: boolean;
}

/** How a session starts. */
export interface SessionOptions {
  readonly game: Game;
  /** The side the computer plays, or null for two players at one terminal. */
  readonly ai: Side | null;
  readonly limits: SearchLimits;
  /** The thread that answers `(hint)` and plays the computer's moves. */
  readonly searcher: Searcher;
  /** Where `(save)` and `(load)` find their files. */
  readonly directory: string;
}

/** The game in progress, its undo history and the commands on it. */
export interface Session {
  readonly game: Game;
  readonly ai: Side | null;
  readonly limits: SearchLimits;
  readonly searcher: Searcher;
  /** The piece a `(ROW COL)` command picked, shown with its targets until the game changes. */
  readonly selected: Square | null;
  /** True when it is the computer's turn in a game still going on. */
  computerToMove(): boolean;
  /** Run one datum read from the command line. */
  run(expr: Expr): Promise<Answer>;
  /** Play the computer's move (from the searcher); the answer says what it played. */
  playComputer(move: Move): Answer;
}

const answer = (lines: readonly string[], changed = false, exit = false): Answer => ({
  lines,
  changed,
  exit,
});

const countOf = (game: Game, side: Side): { pieces: number; kings: number } => {
  const { position } = game;
  const mask = side === 'black' ? position.black : position.red;
  return { pieces: squaresOf(mask).length, kings: squaresOf(mask & position.kings).length };
};

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * What `(score)` says: the pieces left on each side.
 *
 * @example
 * scoreLine(newGame()) // 'Black (p1): 12 pieces (0 kings) · Red (p2): 12 pieces (0 kings)'
 */
export function scoreLine(game: Game): string {
  const side = (who: Side): string => {
    const { pieces, kings } = countOf(game, who);
    return `${sideName(who)}: ${plural(pieces, 'piece')} (${plural(kings, 'king')})`;
  };
  return `${side('black')} · ${side('red')}`;
}

/**
 * The same, short, for the line under the full-screen board.
 *
 * @example
 * piecesLine(newGame()) // 'Black 12 · Red 12'
 */
export function piecesLine(game: Game): string {
  const side = (who: Side): string => {
    const { pieces, kings } = countOf(game, who);
    return `${sideWord(who)} ${pieces}${kings > 0 ? ` (${plural(kings, 'king')})` : ''}`;
  };
  return `${side('black')} · ${side('red')}`;
}

/**
 * True when it is the computer's turn (it plays `ai`) in a game still going on.
 *
 * @example
 * isComputerToMove(newGame(), 'black') // true: Black moves first
 */
export const isComputerToMove = (game: Game, ai: Side | null): boolean =>
  ai !== null && game.status.kind === 'playing' && game.position.turn === ai;

/** What a session keeps between commands. */
interface Track {
  readonly game: Game;
  readonly selected: Square | null;
  /** The game before each whole move played since the last start or load, oldest first. */
  readonly before: readonly Game[];
  /** The game when the move under way (a multi-jump) began. */
  readonly moveStart: Game;
}

/** A command's answer and the session after it. */
interface Outcome {
  readonly track: Track;
  readonly answer: Answer;
}

const trackOf = (game: Game): Track => ({ game, selected: null, before: [], moveStart: game });

async function saveGame(game: Game, directory: string, name: string | undefined): Promise<Answer> {
  const jumping = jumpingSquare(game);
  if (jumping !== null) {
    return answer([
      `Cannot save in the middle of a jump: finish it first (keep jumping with ${fmt(jumping)})`,
    ]);
  }
  const file = xlsxFileName(name);
  if (!file.ok) return answer([`Cannot save: ${file.error.message} (${file.error.code})`]);
  const saved = await saveXlsx(join(directory, file.value), sheetOf(game.position));
  if (!saved.ok) return answer([`Cannot save: ${saved.error.message} (${saved.error.code})`]);
  return answer([`Saved ${file.value}: ${sideName(game.position.turn)} to move.`]);
}

/** The game in the file `name` and the file's name, or the answer saying why not. */
async function loadGame(
  directory: string,
  name: string | undefined,
): Promise<Result<{ game: Game; file: string }>> {
  const file = xlsxFileName(name);
  if (!file.ok)
    return fail(file.error.code, `Cannot load: ${file.error.message} (${file.error.code})`);
  const path = join(directory, file.value);
  const sheet = await loadXlsx(path);
  if (!sheet.ok) {
    // The file is named once, as the player named it, not by its full path.
    const { message, code } = sheet.error;
    const reason = (message.startsWith(`${path}: `) ? message.slice(path.length + 2) : message)
      .split(path)
      .join(file.value);
    return fail(code, `Cannot load ${file.value}: ${reason} (${code})`);
  }
  const position = positionOfSheet(sheet.value);
  if (!position.ok) {
    const { message, code } = position.error;
    return fail(code, `Cannot load ${file.value}: ${message} (${code})`);
  }
  return ok({ game: newGame(position.value), file: file.value });
}

/** `(undo)`: the jump under way, else a whole move (against the computer, to the player's turn). */
function undoMove(track: Track, ai: Side | null): Outcome {
  if (track.game.jump !== null) {
    const game = track.moveStart;
    return {
      track: { ...track, game, selected: null },
      answer: answer(['The jump under way is taken back.'], true),
    };
  }
  const { before } = track;
  let index = before.length - 1;
  while (index >= 0 && ai !== null && before[index]?.position.turn === ai) index--;
  const target = before[index];
  if (target === undefined) return { track, answer: answer(['Nothing to undo.']) };
  const count = before.length - index;
  return {
    track: { game: target, selected: null, before: before.slice(0, index), moveStart: target },
    answer: answer([`Took back ${count === 1 ? 'a move' : `${count} moves`}.`], true),
  };
}

/** The steps a `(move …)` plays: one in list form, a whole typed move for `(move "22x15x6")`. */
function playArgs(game: Game, args: readonly Expr[]): Result<PlayedSteps, 'ERR_MOVE'> {
  const [typed] = args;
  if (args.length === 1 && typed?.kind === 'string') return playTypedMove(game, typed.value);
  const played = playMoveCommand(game, args);
  return played.ok ? ok({ game: played.value.game, steps: [played.value.step] }) : played;
}

/** What the steps did: "Black jumps (6 3) over (5 4) to (4 5), over (3 4) to (2 3)". */
function stepsVerb(mover: string, steps: readonly Step[]): string {
  const [first] = steps;
  if (first === undefined) return mover;
  if (first.captured === null) return `${mover} moves ${fmt(first.from)} to ${fmt(first.to)}`;
  const jumps = steps.map((step) => `over ${fmt(step.captured ?? step.from)} to ${fmt(step.to)}`);
  return `${mover} jumps ${fmt(first.from)} ${jumps.join(', ')}`;
}

/** `(move …)`: one step (a whole typed move), a whole move once its last jump is played. */
function moveOnce(track: Track, args: readonly Expr[]): Outcome {
  const { game } = track;
  const played = playArgs(game, args);
  if (!played.ok) return { track, answer: answer([played.error.message]) };
  const mover = sideWord(game.position.turn);
  const moveStart = game.jump === null ? game : track.moveStart;
  const next: Track = { ...track, game: played.value.game, selected: null, moveStart };
  const verb = stepsVerb(mover, played.value.steps);
  const jumping = jumpingSquare(next.game);
  if (jumping !== null) {
    return { track: next, answer: answer([`${verb}. Keep jumping with ${fmt(jumping)}.`], true) };
  }
  // A move just finished is the game's last; `at(-1)` says so without a cast.
  const last = next.game.moves.at(-1);
  const crowned = last?.crowned ? `; ${fmt(last.to)} is crowned king` : '';
  const pdn = last === undefined ? '' : ` [${moveToPdn(last)}]`;
  return {
    track: { ...next, before: [...track.before, moveStart] },
    answer: answer([`${verb}${pdn}${crowned}.`], true),
  };
}

/** `(hint)`: the searcher's move for the side to move, as the commands that play it. */
async function hintFor(game: Game, searcher: Searcher, limits: SearchLimits): Promise<Answer> {
  const found = await searcher.best(game, limits).then(
    (value): Result<typeof value> => ok(value),
    (error: Error) => fail('ERR_SEARCH', error.message),
  );
  if (!found.ok) return answer([`No hint: ${found.error.message} (ERR_SEARCH)`]);
  if (found.value === null) return answer(['No hint: there is no legal move.']);
  const { move: best } = found.value;
  const done = game.jump?.path ?? [best.from];
  // During a multi-jump the search chose the whole capture: hint the rest of it.
  if (done.every((square, i) => best.path[i] === square)) {
    return answer([`Hint: ${describeMove(best, done.length - 1)}`]);
  }
  const next = legalSteps(game)[0];
  return answer([`Hint: ${next ? pathCommands([next.from, next.to]) : 'none'}`]);
}

/** `(ROW COL)`: what the piece there can do; it stays picked while it is the side to move's. */
function selectSquare(track: Track, row: number, col: number): Outcome {
  const { game } = track;
  const square = squareAt(row, col);
  const piece = square === null ? null : pieceAt(game.position, square);
  const selected = piece?.side === game.position.turn ? square : null;
  return { track: { ...track, selected }, answer: answer([describePiece(game, row, col)]) };
}

const pdnLines = (game: Game, ai: Side | null): string[] =>
  gameToPdn(game, {
    event: 'checkers',
    black: ai === 'black' ? 'computer' : 'p1',
    white: ai === 'red' ? 'computer' : 'p2',
  })
    .trimEnd()
    .split('\n');

/**
 * A session on `options.game`.
 *
 * @example
 * const session = createSession({ game: newGame(), ai: null, limits: {}, searcher, directory: '.' });
 * await session.run(readExpressions('(move (3 2) southeast)').value[0]);
 */
export function createSession(options: SessionOptions): Session {
  const { ai, limits, searcher, directory } = options;
  let track = trackOf(options.game);
  const settle = (outcome: Outcome): Answer => {
    track = outcome.track;
    return outcome.answer;
  };

  const runCommand = async (command: Command): Promise<Answer> => {
    const { game } = track;
    switch (command.kind) {
      case 'exit':
        return answer([], false, true);
      case 'move':
        return settle(moveOnce(track, command.args));
      case 'select':
        return settle(selectSquare(track, command.row, command.col));
      case 'score':
        return answer([scoreLine(game)]);
      case 'save':
        return saveGame(game, directory, command.name);
      case 'load': {
        const loaded = await loadGame(directory, command.name);
        if (!loaded.ok) return answer([loaded.error.message]);
        const { game: next, file } = loaded.value;
        track = trackOf(next);
        return answer([`Loaded ${file}: ${sideName(next.position.turn)} to move.`], true);
      }
      case 'default-board':
        track = trackOf(newGame());
        return answer(['A new game: Black (p1) to move.'], true);
      case 'undo':
        return settle(undoMove(track, ai));
      case 'help':
        return answer(HELP_LINES);
      case 'hint':
        return hintFor(game, searcher, limits);
      case 'pdn':
        return answer(pdnLines(game, ai));
    }
  };

  return {
    get game() {
      return track.game;
    },
    ai,
    limits,
    searcher,
    get selected() {
      return track.selected;
    },
    computerToMove: () => isComputerToMove(track.game, ai),
    async run(expr) {
      const command = parseCommand(expr);
      if (!command.ok) return answer([command.error.message]);
      return runCommand(command.value);
    },
    playComputer(chosen) {
      const { game } = track;
      const mover = sideWord(game.position.turn);
      const played = playMove(game, chosen);
      if (!played.ok) return answer([`The computer's move was refused: ${played.error.message}`]);
      track = {
        game: played.value,
        selected: null,
        before: [...track.before, game],
        moveStart: played.value,
      };
      return answer([`${mover} (computer) plays ${describeMove(chosen)}`], true);
    },
  };
}
