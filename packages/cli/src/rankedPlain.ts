/**
 * `2048 play --server URL --plain`: a ranked game in the labwork's line mode. Each move line is
 * sent at once (the client slides the board locally) and the board is printed when the
 * server's answer brings the new tile; lines typed or piped meanwhile wait their turn, none is
 * lost. A lost connection says so and the move goes out again when it is back. At the end the
 * name is asked (the shared rule) and the game is ranked on the server.
 */
import type { Readable, Writable } from 'node:stream';
import type { RankedChange, RankedGame, RankedSnapshot } from '@twenty48/client';
import { escapeControls, parseName } from '@twenty48/common';
import type { Direction } from '@twenty48/engine';
import type { GameShelf } from './gameShelf.js';
import { formatPlainBlock, PLAIN_PROMPT } from './plainBoard.js';
import { MAX_PLAIN_LINE, MOVE_WORDS } from './plainPlay.js';
import { describeError, RANKED_NOTE } from './rankedStart.js';
import { type InputLine, readBoundedLines } from './toolkit/lineReader.js';

/** The ranked game, the server it is on and the streams the line mode talks through. */
export interface RankedPlainOptions {
  readonly game: RankedGame;
  readonly server: string;
  /** Where the game's id is kept, and the last name typed. */
  readonly shelf: GameShelf;
  /** The shelf's key of this game (`rankedKey`). */
  readonly key: string;
  readonly input: Readable;
  readonly output: Writable;
  /** Write each line read back after the prompt (for piped input). */
  readonly echo: boolean;
}

/** How a ranked game in the line mode ended. */
export type RankedPlainEnd = 'ranked' | 'lost' | 'left' | 'gone';

/** What `help` prints in a ranked game. */
export const RANKED_PLAIN_HELP = [
  'Moves: w (up), a (left), s (down), d (right).',
  'Commands: score, help, exit (the game is kept: 2048 play --server URL goes on with it).',
  RANKED_NOTE,
];

/** Resolves at the next change of the game that `accept` takes. */
function nextChange(
  game: RankedGame,
  accept: (change: RankedChange, snapshot: RankedSnapshot) => boolean,
): Promise<RankedSnapshot> {
  return new Promise((resolve) => {
    const stop = game.subscribe((change, snapshot) => {
      if (!accept(change, snapshot)) return;
      stop();
      resolve(snapshot);
    });
  });
}

/**
 * Play a ranked game line by line until it is lost (then ranked), `exit`, the end of the
 * input, or the server gives the game up.
 *
 * @example
 * const end = await playRankedPlain({ game, server, shelf, key, input: process.stdin, output: process.stdout, echo: true });
 */
export async function playRankedPlain(options: RankedPlainOptions): Promise<RankedPlainEnd> {
  const lines = readBoundedLines(options.input, MAX_PLAIN_LINE);
  try {
    return await playLines(options, lines);
  } finally {
    // Stop reading (a pipe left open would keep the program alive after the game).
    await lines.return(undefined);
  }
}

async function playLines(
  options: RankedPlainOptions,
  lines: AsyncGenerator<InputLine, void, undefined>,
): Promise<RankedPlainEnd> {
  const { game, server, output } = options;
  const write = (text: string): void => {
    output.write(text);
  };
  const say = (line: string): void => write(`${escapeControls(line)}\n`);
  const answer = (line: string): void => {
    say(line);
    write(PLAIN_PROMPT);
  };
  const readLine = async (): Promise<string | null> => {
    for (;;) {
      const next = await lines.next();
      if (next.done) return null;
      if (!next.value.tooLong) {
        if (options.echo) say(next.value.text);
        return next.value.text;
      }
      say(`That line is longer than ${MAX_PLAIN_LINE} characters (ERR_TOO_LONG).`);
    }
  };

  game.subscribe((change, snapshot) => {
    if (change.type !== 'connection') return;
    if (change.connection === 'retrying') say('connection lost, retrying…');
    if (change.connection === 'online') say('connection back.');
    if (change.connection === 'gone' && snapshot.error) {
      say(`The server gave this game up: ${describeError(snapshot.error)}`);
    }
  });

  /** Send one move and wait for its answer (or why there will be none). */
  const playMove = async (direction: Direction): Promise<'shown' | 'refused' | 'gone'> => {
    for (;;) {
      const outcome = game.move(direction);
      if (outcome.sent) {
        const { index } = outcome;
        const after = await nextChange(
          game,
          (change, snapshot) =>
            (change.type === 'answered' && change.index === index) ||
            change.type === 'resynced' ||
            snapshot.connection === 'gone',
        );
        if (after.connection === 'gone') return 'gone';
        write(`\n${formatPlainBlock(after.position)}`);
        return 'shown';
      }
      if (outcome.reason === 'nothing moves') {
        answer(`Nothing can move ${direction}: no new tile. Try another direction.`);
        return 'refused';
      }
      if (outcome.reason === 'game over') return 'shown';
      if (outcome.reason === 'gone') return 'gone';
      // Paused (a lost connection) or too far ahead: the move waits for the next change.
      await nextChange(game, () => true);
    }
  };

  const askNameAndRank = async (): Promise<RankedPlainEnd> => {
    const last = options.shelf.lastName();
    for (let attempt = 0; attempt < 3; attempt++) {
      write(`Your name for the ranked table${last ? ` [${last}]` : ''}: `);
      const typed = await readLine();
      if (typed === null) return 'lost';
      const name = parseName(typed.trim() || last || 'player');
      if (!name.ok) {
        say(`That name cannot be used: ${name.error.message} (${name.error.code}).`);
        continue;
      }
      const ranked = await game.rank(name.value);
      if (!ranked.ok) {
        say(`Cannot rank the game: ${describeError(ranked.error)}`);
        continue;
      }
      options.shelf.keepRankedGame(options.key, null);
      options.shelf.setLastName(name.value);
      const { rules, size } = game.snapshot().variant;
      const { rank, id } = ranked.value;
      say(`${name.value} is number ${rank} for ${rules} ${size}x${size} on ${server}.`);
      say(`The record: ${server}/api/scores/${id}/record (check it with 2048 replay FILE).`);
      return 'ranked';
    }
    return 'lost';
  };

  say(RANKED_NOTE);
  say(`Watch it: 2048 watch ${server} ${game.watchId}`);
  write(formatPlainBlock(game.snapshot().position));
  let won = game.snapshot().position.status === 'won';
  if (game.snapshot().position.status === 'lost') return askNameAndRank();
  write(PLAIN_PROMPT);
  for (;;) {
    const line = await readLine();
    if (line === null) {
      write('\n');
      break;
    }
    const [word = '', ...rest] = line.trim().split(/\s+/);
    const command = word.toLowerCase();
    const direction = MOVE_WORDS[command];
    if (direction && rest.length === 0) {
      const played = await playMove(direction);
      if (played === 'gone') return 'gone';
      if (played === 'refused') continue;
      const { status, score } = game.snapshot().position;
      if (status === 'won' && !won) {
        won = true;
        say('You win! Play on with a move.');
      }
      if (status === 'lost') {
        say(`Game over! Final score: ${score}.`);
        return askNameAndRank();
      }
      write(PLAIN_PROMPT);
    } else if (command === 'exit' || command === 'quit') {
      break;
    } else if (command === 'score') {
      const { score, moves } = game.snapshot().position;
      answer(`Score: ${score}  Moves: ${moves}`);
    } else if (command === 'help' || command === '?') {
      for (const help of RANKED_PLAIN_HELP) say(help);
      write(PLAIN_PROMPT);
    } else if (['undo', 'new', 'hint', 'save', 'load', 'saves'].includes(command)) {
      answer(`Not in a ranked game: ${RANKED_NOTE}`);
    } else if (command === '') {
      answer('Type w, a, s or d and Enter to move, or help.');
    } else {
      answer(`Unknown command "${line.trim().slice(0, 40)}": type w/a/s/d to move, or help.`);
    }
  }
  say(
    `Score: ${game.snapshot().position.score}. The game is kept: 2048 play --server ${server} goes on with it.`,
  );
  return 'left';
}
