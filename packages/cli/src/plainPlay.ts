/**
 * `2048 play --plain`: the labwork's interactive mode, one line per move or command, so a game can
 * be scripted through a pipe. Every bad line gets a one-line answer and the prompt again; the
 * end of the input ends the game with its final score. Input shown back (the echo, an unknown
 * command, a name) has its control characters escaped, so piped bytes cannot drive the terminal.
 */

import type { Readable, Writable } from 'node:stream';
import { escapeControls, parseName } from '@twenty48/common';
import type { Direction } from '@twenty48/engine';
import type { Match } from './match.js';
import { formatPlainBlock, formatPlainState, PLAIN_PROMPT } from './plainBoard.js';
import { writeErrorLine } from './toolkit/commandLine.js';
import { readBoundedLines } from './toolkit/lineReader.js';

/** The match and the streams the line-by-line game talks through. */
export interface PlainOptions {
  readonly match: Match;
  readonly input: Readable;
  readonly output: Writable;
  /** Write each line read back after the prompt, as a terminal would (for piped input). */
  readonly echo: boolean;
}

/** The words a line may move with: the labwork's w/a/s/d, or the direction's name. */
export const MOVE_WORDS: Readonly<Record<string, Direction>> = {
  w: 'up',
  a: 'left',
  s: 'down',
  d: 'right',
  up: 'up',
  left: 'left',
  down: 'down',
  right: 'right',
};

/** The longest line read: far more than any command or name. */
export const MAX_PLAIN_LINE = 1024;

/** What `help` prints in the line-by-line game. */
export const PLAIN_HELP = [
  'Moves: w (up), a (left), s (down), d (right).',
  'Commands: undo, new, score, save NAME, load NAME, saves, help, exit.',
];

/** The line-by-line game's terminal: lines in, answers out, the input shown back escaped. */
interface Console {
  /** The next line, or null at the end of the input; an over-long line is refused in passing. */
  readLine(): Promise<string | null>;
  /** Write text as it is (the game's own output). */
  write(text: string): void;
  /** One line that may quote the input: its control characters escaped. */
  say(line: string): void;
  /** One line, then the prompt. */
  answer(line: string): void;
}

function openConsole({ input, output, echo }: PlainOptions): Console {
  const lines = readBoundedLines(input, MAX_PLAIN_LINE);
  const write = (text: string): void => {
    output.write(text);
  };
  const say = (line: string): void => write(`${escapeControls(line)}\n`);
  return {
    async readLine() {
      for (;;) {
        const next = await lines.next();
        if (next.done) return null;
        if (!next.value.tooLong) {
          if (echo) say(next.value.text);
          return next.value.text;
        }
        // Not a move, a command or a name: refused as it arrives, the rest of it unread.
        say(`That line is longer than ${MAX_PLAIN_LINE} characters (ERR_TOO_LONG).`);
      }
    },
    write,
    say,
    answer(line) {
      say(line);
      write(PLAIN_PROMPT);
    },
  };
}

/**
 * Ask for the name of a high score, three times at most; the last name is offered and an empty
 * answer takes it. The name is checked by the shared rule before the store sees it. False when
 * the input ended.
 */
async function askName(io: Console, match: Match): Promise<boolean> {
  const last = match.shelf.lastName();
  for (let attempt = 0; attempt < 3; attempt++) {
    io.write(`New high score! Your name${last ? ` [${last}]` : ''}: `);
    const answer = await io.readLine();
    if (answer === null) {
      match.declineScore();
      return false;
    }
    const name = parseName(answer.trim() || last || 'player');
    const entered = name.ok ? match.enterScore(name.value) : name;
    if (name.ok && entered.ok) {
      const { name: rules, size } = match.game.rules;
      io.say(`${name.value} is number ${entered.value} for ${rules} ${size}x${size}.`);
      return true;
    }
    if (!entered.ok) {
      io.say(`That name cannot be used: ${entered.error.message} (${entered.error.code}).`);
    }
  }
  match.declineScore();
  return true;
}

/** After a change of game: the state, then what the status means. False on end of input. */
async function afterChange(io: Console, match: Match): Promise<boolean> {
  const game = match.game;
  io.write(`\n${formatPlainBlock(game)}`);
  if (game.status === 'won') io.say('You win! Play on with a move, or type new.');
  if (game.status === 'lost') {
    io.say(`Game over! Final score: ${game.score}.`);
    if (match.wantsName() && !(await askName(io, match))) return false;
    io.say('Type new, undo, load NAME or exit.');
  }
  io.write(PLAIN_PROMPT);
  return true;
}

/** `save NAME` and `load NAME`. */
async function saveOrLoad(
  io: Console,
  match: Match,
  command: 'save' | 'load',
  name: string,
): Promise<void> {
  if (name === '') {
    io.answer(`${command} needs a name: ${command} NAME`);
  } else if (command === 'save') {
    const saved = match.shelf.save(name, match.game);
    io.answer(
      saved.ok ? saved.value : `Cannot save: ${saved.error.message} (${saved.error.code}).`,
    );
  } else {
    const loaded = match.shelf.load(name);
    if (loaded.ok) {
      match.restart(loaded.value);
      await afterChange(io, match);
    } else {
      io.answer(`Cannot load "${name}": ${loaded.error.message} (${loaded.error.code}).`);
    }
  }
}

function listSaves(io: Console, match: Match): void {
  const listed = match.shelf.list();
  if (!listed.ok) io.answer(`Cannot list saves: ${listed.error.message}.`);
  else if (listed.value.length === 0) io.answer('No saves yet: save NAME keeps this game.');
  else {
    for (const saved of listed.value) io.say(saved);
    io.write(PLAIN_PROMPT);
  }
}

/** A move typed: played, or answered when it cannot be. False on end of input. */
async function playMove(io: Console, match: Match, direction: Direction): Promise<boolean> {
  if (match.game.status === 'lost') {
    io.answer('The game is over: type new, undo, load NAME or exit.');
    return true;
  }
  const result = match.move(direction);
  if (result.events.length > 0) return afterChange(io, match);
  io.answer(`Nothing can move ${direction}: no new tile. Try another direction.`);
  return true;
}

/** One line read: a move or a command. Returns whether the game goes on. */
async function runLine(io: Console, match: Match, line: string): Promise<boolean> {
  const [word = '', ...rest] = line.trim().split(/\s+/);
  const command = word.toLowerCase();
  const argument = rest.join(' ');
  const direction = MOVE_WORDS[command];
  if (direction && argument === '') return playMove(io, match, direction);
  if (command === 'exit' || command === 'quit') return false;
  if (command === 'undo') {
    if (match.undo()) await afterChange(io, match);
    else io.answer('Nothing to undo.');
  } else if (command === 'new') {
    match.restart();
    await afterChange(io, match);
  } else if (command === 'score') {
    io.answer(`Score: ${match.game.score}  Best: ${match.best}  Moves: ${match.moveCount}`);
  } else if (command === 'help' || command === '?') {
    for (const help of PLAIN_HELP) io.say(help);
    io.write(PLAIN_PROMPT);
  } else if (command === 'save' || command === 'load') {
    await saveOrLoad(io, match, command, argument);
  } else if (command === 'saves') {
    listSaves(io, match);
  } else if (command === '') {
    io.answer('Type w, a, s or d and Enter to move, or help.');
  } else {
    io.answer(`Unknown command "${line.trim().slice(0, 40)}": type w/a/s/d to move, or help.`);
  }
  return true;
}

/**
 * Play a match line by line until `exit` or the end of the input.
 *
 * @example
 * await playPlain({ match, input: process.stdin, output: process.stdout, echo: !process.stdin.isTTY });
 */
export async function playPlain(options: PlainOptions): Promise<void> {
  const { match } = options;
  const io = openConsole(options);
  if (match.shelf.notice) writeErrorLine(match.shelf.notice);
  io.write(formatPlainState(match.game));
  for (;;) {
    const line = await io.readLine();
    if (line === null) {
      io.write('\n');
      break;
    }
    if (!(await runLine(io, match, line))) break;
  }
  io.say(`Final score: ${match.game.score}`);
}
