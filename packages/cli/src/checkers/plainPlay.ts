/**
 * `checkers --plain` (and any checkers whose input or output is not a terminal): the original
 * Racket checkers' command loop, line by line, so a game can be scripted through a pipe. The
 * board, then a prompt naming the side to move; each line is read within a length cap, shown back
 * with its control characters escaped when it came through a pipe, and answered. While the
 * computer thinks, lines keep being read: `(exit)` leaves at once, the rest wait their turn.
 */
import type { Readable, Writable } from 'node:stream';
import { escapeControls } from '../escape.js';
import { type InputLine, readBoundedLines } from '../lineReader.js';
import { MAX_COMMAND_LENGTH } from './lineEditor.js';
import { announcement, sideWord } from './moveText.js';
import type { SearchAnswer } from './searchClient.js';
import type { Answer, Session } from './session.js';
import { type Expr, readExpressions } from './sexp.js';
import { formatBoard, promptOf } from './textBoard.js';

/** The session and the streams the line-by-line game talks through. */
export interface PlainCheckersOptions {
  readonly session: Session;
  readonly input: Readable;
  readonly output: Writable;
  /** Write each line read back after the prompt, as a terminal would (for piped input). */
  readonly echo: boolean;
}

/**
 * How the line-by-line game ended: `(exit)`, the end of the input, the end of the game, or the
 * computer unable to move (its thread failed).
 */
export type PlainEnd = 'exit' | 'eof' | 'over' | 'failed';

/** A line's commands, or the one line that refuses it. */
export function commandsOfLine(text: string): { exprs: Expr[] } | { refusal: string } {
  const read = readExpressions(text);
  if (!read.ok) return { refusal: `Cannot read that: ${read.error.message} (${read.error.code})` };
  return { exprs: read.value };
}

const isExit = (expr: Expr): boolean =>
  expr.kind === 'list' &&
  expr.items.length === 1 &&
  expr.items[0]?.kind === 'symbol' &&
  expr.items[0].name === 'exit';

/**
 * Play until `(exit)`, the end of the game or the end of the input.
 *
 * @example
 * await playPlainCheckers({ session, input: process.stdin, output: process.stdout, echo: true });
 */
export async function playPlainCheckers({
  session,
  input,
  output,
  echo,
}: PlainCheckersOptions): Promise<PlainEnd> {
  const lines = readBoundedLines(input, MAX_COMMAND_LENGTH);
  let pending: Promise<IteratorResult<InputLine>> | null = null;
  const nextLine = (): Promise<IteratorResult<InputLine>> => {
    pending ??= lines.next();
    return pending;
  };
  /** Lines read while the computer thought, to run in order once it has moved. */
  const waiting: IteratorResult<InputLine>[] = [];
  /** Commands of a line not run yet (a line may hold several). */
  let queue: Expr[] = [];

  const write = (text: string): void => {
    output.write(text);
  };
  const say = (line: string): void => write(`${escapeControls(line)}\n`);
  const showBoard = (): void => write(`\n${formatBoard(session.game.position).join('\n')}\n\n`);
  const show = (answer: Answer): void => {
    for (const line of answer.lines) say(line);
    if (answer.changed) showBoard();
  };
  const readLine = async (): Promise<IteratorResult<InputLine>> => {
    const early = waiting.shift();
    if (early) return early;
    const next = await nextLine();
    pending = null;
    return next;
  };

  /** The computer's move; lines typed meanwhile wait, but `(exit)` ends the game at once. */
  const computerMove = async (): Promise<'moved' | 'exit' | 'failed'> => {
    const mover = sideWord(session.game.position.turn);
    say(`${mover} (computer) is thinking…`);
    const thinking = session.searcher.best(session.game, session.limits).then(
      (answer) => ({ answer }),
      (error: Error) => ({ error }),
    );
    let inputDone = waiting.some((line) => line.done === true);
    for (;;) {
      const racers: Promise<
        { answer: SearchAnswer | null } | { error: Error } | { line: IteratorResult<InputLine> }
      >[] = [thinking];
      if (!inputDone) racers.push(nextLine().then((line) => ({ line })));
      const first = await Promise.race(racers);
      if ('line' in first) {
        pending = null;
        waiting.push(first.line);
        if (first.line.done) inputDone = true;
        else if (!first.line.value.tooLong) {
          const read = commandsOfLine(first.line.value.text);
          if ('exprs' in read && read.exprs.some(isExit)) {
            if (echo) say(first.line.value.text);
            return 'exit';
          }
        }
        continue;
      }
      if ('error' in first || first.answer === null) {
        const why = 'error' in first ? first.error.message : 'the search found no move';
        say(`The computer cannot move: ${why} (ERR_SEARCH)`);
        return 'failed';
      }
      show(session.playComputer(first.answer.move));
      return 'moved';
    }
  };

  write(`${formatBoard(session.game.position).join('\n')}\n\n`);
  for (;;) {
    const over = announcement(session.game.status);
    if (over !== null) {
      say(over);
      return 'over';
    }
    if (session.computerToMove()) {
      const moved = await computerMove();
      if (moved !== 'moved') return moved;
      continue;
    }
    let expr = queue.shift();
    if (expr === undefined) {
      write(promptOf(session.game));
      const line = await readLine();
      if (line.done) {
        write('\n');
        return 'eof';
      }
      if (line.value.tooLong) {
        say(`That line is longer than ${MAX_COMMAND_LENGTH} characters (ERR_TOO_LONG).`);
        continue;
      }
      if (echo) say(line.value.text);
      const read = commandsOfLine(line.value.text);
      if ('refusal' in read) {
        say(read.refusal);
        continue;
      }
      queue = read.exprs;
      expr = queue.shift();
      if (expr === undefined) continue;
    }
    const answer = await session.run(expr);
    if (answer.exit) return 'exit';
    show(answer);
  }
}
