/**
 * `checkers --plain` (and any checkers whose input or output is not a terminal): the original
 * Racket checkers' command loop, line by line, so a game can be scripted through a pipe. The
 * board, then a prompt naming the side to move; each line is read within a length cap, shown back
 * with its control characters escaped when it came through a pipe, and answered. While the
 * computer thinks, lines keep being read: `(exit)` leaves at once, the rest wait their turn.
 */
import type { Readable, Writable } from 'node:stream';
import { escapeControls } from '@twenty48/common';
import { type InputLine, readBoundedLines } from '../toolkit/lineReader.js';
import { MAX_COMMAND_LENGTH } from './lineEditor.js';
import { announcement, sideWord } from './moveText.js';
import type { SearchAnswer } from './searchClient.js';
import type { Answer, Session } from './session.js';
import { type Expr, readExpressions } from './sexp.js';
import { formatBoard, promptOf } from './textBoard.js';
import { typedMoveLine } from './typedMove.js';

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
  const typed = typedMoveLine(text);
  if (typed !== null) return { exprs: [typed] };
  const read = readExpressions(text);
  if (!read.ok) return { refusal: `Cannot read that: ${read.error.message} (${read.error.code})` };
  const exprs = read.value;
  const [head] = exprs;
  // `move (3 2) se`, typed without the list's parentheses.
  if (exprs.length > 1 && head?.kind === 'symbol' && head.name === 'move')
    return { exprs: [{ kind: 'list', items: exprs }] };
  // Words not in a list are refused once a line (the first), not once a word.
  const firstWord = exprs.findIndex((expr) => expr.kind !== 'list');
  return { exprs: exprs.filter((expr, i) => expr.kind === 'list' || i === firstWord) };
}

const isExit = (expr: Expr): boolean =>
  expr.kind === 'list' &&
  expr.items.length === 1 &&
  expr.items[0]?.kind === 'symbol' &&
  expr.items[0].name === 'exit';

/** The lines of the input: read in turn, or early while the computer thinks (they then wait). */
interface LineQueue {
  /** The next line from the input, the same promise until it is taken. */
  peek(): Promise<IteratorResult<InputLine>>;
  /** Take the line `peek` gave: it waits its turn. */
  keep(line: IteratorResult<InputLine>): void;
  /** The next line to run: a waiting one first. */
  take(): Promise<IteratorResult<InputLine>>;
  /** True when the end of the input is among the waiting lines. */
  endWaits(): boolean;
}

function queueLines(input: Readable): LineQueue {
  const lines = readBoundedLines(input, MAX_COMMAND_LENGTH);
  let pending: Promise<IteratorResult<InputLine>> | null = null;
  const waiting: IteratorResult<InputLine>[] = [];
  const peek = (): Promise<IteratorResult<InputLine>> => {
    pending ??= lines.next();
    return pending;
  };
  return {
    peek,
    keep(line) {
      pending = null;
      waiting.push(line);
    },
    async take() {
      const early = waiting.shift();
      if (early) return early;
      const next = await peek();
      pending = null;
      return next;
    },
    endWaits: () => waiting.some((line) => line.done === true),
  };
}

/** How the line-by-line game writes: text as it is, a line with controls escaped, an answer. */
interface LineOutput {
  write(text: string): void;
  say(line: string): void;
  /** The answer's lines, then the board when the game changed. */
  show(answer: Answer): void;
}

function lineOutput(output: Writable, session: Session): LineOutput {
  const write = (text: string): void => {
    output.write(text);
  };
  const say = (line: string): void => write(`${escapeControls(line)}\n`);
  return {
    write,
    say,
    show(answer) {
      for (const line of answer.lines) say(line);
      if (answer.changed) write(`\n${formatBoard(session.game.position).join('\n')}\n\n`);
    },
  };
}

/** The computer's move; lines typed meanwhile wait, but `(exit)` ends the game at once. */
async function computerMove(
  session: Session,
  lines: LineQueue,
  out: LineOutput,
  echo: boolean,
): Promise<'moved' | 'exit' | 'failed'> {
  out.say(`${sideWord(session.game.position.turn)} (computer) is thinking…`);
  const thinking = session.searcher.best(session.game, session.limits).then(
    (answer) => ({ answer }),
    (error: Error) => ({ error }),
  );
  let inputDone = lines.endWaits();
  for (;;) {
    const racers: Promise<
      { answer: SearchAnswer | null } | { error: Error } | { line: IteratorResult<InputLine> }
    >[] = [thinking];
    if (!inputDone) racers.push(lines.peek().then((line) => ({ line })));
    const first = await Promise.race(racers);
    if ('line' in first) {
      lines.keep(first.line);
      if (first.line.done) inputDone = true;
      else if (!first.line.value.tooLong) {
        const read = commandsOfLine(first.line.value.text);
        if ('exprs' in read && read.exprs.some(isExit)) {
          if (echo) out.say(first.line.value.text);
          return 'exit';
        }
      }
      continue;
    }
    if ('error' in first || first.answer === null) {
      const why = 'error' in first ? first.error.message : 'the search found no move';
      out.say(`The computer cannot move: ${why} (ERR_SEARCH)`);
      return 'failed';
    }
    out.show(session.playComputer(first.answer.move));
    return 'moved';
  }
}

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
  const lines = queueLines(input);
  /** Commands of a line not run yet (a line may hold several). */
  let queue: Expr[] = [];
  const out = lineOutput(output, session);
  const { write, say } = out;

  write(`${formatBoard(session.game.position).join('\n')}\n\n`);
  for (;;) {
    const over = announcement(session.game.status);
    if (over !== null) {
      say(over);
      return 'over';
    }
    if (session.computerToMove()) {
      const moved = await computerMove(session, lines, out, echo);
      if (moved !== 'moved') return moved;
      continue;
    }
    let expr = queue.shift();
    if (expr === undefined) {
      write(promptOf(session.game));
      const line = await lines.take();
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
    out.show(answer);
  }
}
