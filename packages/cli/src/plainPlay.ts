/**
 * `2048 play --plain`: the seed's interactive mode, one line per move or command, so a game can
 * be scripted through a pipe. Every bad line gets a one-line answer and the prompt again; the
 * end of the input ends the game with its final score. Input shown back (the echo, an unknown
 * command, a name) has its control characters escaped, so piped bytes cannot drive the terminal.
 */
import type { Readable, Writable } from 'node:stream';
import type { Direction } from '@twenty48/engine';
import { escapeControls } from './escape.js';
import { readBoundedLines } from './lineReader.js';
import type { Match } from './match.js';
import { formatPlainBlock, formatPlainState, PLAIN_PROMPT } from './plainBoard.js';

/** The match and the streams the line-by-line game talks through. */
export interface PlainOptions {
  readonly match: Match;
  readonly input: Readable;
  readonly output: Writable;
  /** Write each line read back after the prompt, as a terminal would (for piped input). */
  readonly echo: boolean;
}

const MOVE_WORDS: Readonly<Record<string, Direction>> = {
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

/**
 * Play a match line by line until `exit` or the end of the input.
 *
 * @example
 * await playPlain({ match, input: process.stdin, output: process.stdout, echo: !process.stdin.isTTY });
 */
export async function playPlain({ match, input, output, echo }: PlainOptions): Promise<void> {
  const lines = readBoundedLines(input, MAX_PLAIN_LINE);
  const write = (text: string): void => {
    output.write(text);
  };
  // Every line said may quote the input.
  const say = (line: string): void => write(`${escapeControls(line)}\n`);
  const readLine = async (): Promise<string | null> => {
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
  };

  const askName = async (): Promise<boolean> => {
    const last = match.shelf.lastName();
    for (let attempt = 0; attempt < 3; attempt++) {
      write(`New high score! Your name${last ? ` [${last}]` : ''}: `);
      const answer = await readLine();
      if (answer === null) {
        match.declineScore();
        return false;
      }
      const name = answer.trim() || last || 'player';
      const entered = match.enterScore(name);
      if (entered.ok) {
        const { name: rules, size } = match.game.rules;
        say(`${name} is number ${entered.value} for ${rules} ${size}x${size}.`);
        return true;
      }
      say(`That name cannot be used: ${entered.error.message} (${entered.error.code}).`);
    }
    match.declineScore();
    return true;
  };

  /** After a change of game: the state, then what the status means. False on end of input. */
  const afterChange = async (): Promise<boolean> => {
    const game = match.game;
    write(`\n${formatPlainBlock(game)}`);
    if (game.status === 'won') say('You win! Play on with a move, or type new.');
    if (game.status === 'lost') {
      say(`Game over! Final score: ${game.score}.`);
      if (match.wantsName() && !(await askName())) return false;
      say('Type new, undo, load NAME or exit.');
    }
    write(PLAIN_PROMPT);
    return true;
  };

  const answer = (line: string): void => {
    say(line);
    write(PLAIN_PROMPT);
  };

  if (match.shelf.notice) process.stderr.write(`${match.shelf.notice}\n`);
  write(formatPlainState(match.game));
  for (;;) {
    const line = await readLine();
    if (line === null) {
      write('\n');
      break;
    }
    const [word = '', ...rest] = line.trim().split(/\s+/);
    const command = word.toLowerCase();
    const argument = rest.join(' ');
    const direction = MOVE_WORDS[command];
    if (direction && argument === '') {
      if (match.game.status === 'lost') {
        answer('The game is over: type new, undo, load NAME or exit.');
        continue;
      }
      const result = match.move(direction);
      if (result.events.length === 0) {
        answer(`Nothing can move ${direction}: no new tile. Try another direction.`);
      } else if (!(await afterChange())) {
        break;
      }
      continue;
    }
    if (command === 'exit' || command === 'quit') break;
    if (command === 'undo') {
      if (match.undo()) await afterChange();
      else answer('Nothing to undo.');
    } else if (command === 'new') {
      match.restart();
      await afterChange();
    } else if (command === 'score') {
      answer(`Score: ${match.game.score}  Best: ${match.best}  Moves: ${match.moveCount}`);
    } else if (command === 'help' || command === '?') {
      for (const help of PLAIN_HELP) say(help);
      write(PLAIN_PROMPT);
    } else if (command === 'save' || command === 'load') {
      if (argument === '') {
        answer(`${command} needs a name: ${command} NAME`);
      } else if (command === 'save') {
        const saved = match.shelf.save(argument, match.game);
        answer(
          saved.ok ? saved.value : `Cannot save: ${saved.error.message} (${saved.error.code}).`,
        );
      } else {
        const loaded = match.shelf.load(argument);
        if (loaded.ok) {
          match.restart(loaded.value);
          await afterChange();
        } else {
          answer(`Cannot load "${argument}": ${loaded.error.message} (${loaded.error.code}).`);
        }
      }
    } else if (command === 'saves') {
      const listed = match.shelf.list();
      if (!listed.ok) answer(`Cannot list saves: ${listed.error.message}.`);
      else if (listed.value.length === 0) answer('No saves yet: save NAME keeps this game.');
      else {
        for (const saved of listed.value) say(saved);
        write(PLAIN_PROMPT);
      }
    } else if (command === '') {
      answer('Type w, a, s or d and Enter to move, or help.');
    } else {
      answer(`Unknown command "${line.trim().slice(0, 40)}": type w/a/s/d to move, or help.`);
    }
  }
  say(`Final score: ${match.game.score}`);
}
