/**
 * Test support: games played by the engine to compare the terminal's output with. Not part of
 * the build (see tsconfig.json).
 */
import { readFileSync } from 'node:fs';
import { greedyPlayer } from '@twenty48/ai';
import {
  type Direction,
  directionOfLetter,
  type Game,
  newGame,
  parseRecord,
  replay,
  step,
} from '@twenty48/engine';
import { formatPlainBlock, PLAIN_KEYS, PLAIN_PROMPT } from '../plainBoard.js';

/**
 * Every state of the greedy player's game from `initial` until `done` (by default, the loss).
 *
 * @example
 * greedyStates(newGame('classic', 's')).at(-1)?.status // 'lost'
 */
export function greedyStates(
  initial: Game,
  done: (game: Game) => boolean = (game) => game.status === 'lost',
): Game[] {
  const states = [initial];
  for (let last = initial; !done(last); ) {
    const direction = greedyPlayer(last);
    if (direction === null) break;
    last = step(last, direction).game;
    states.push(last);
  }
  return states;
}

/**
 * The direction of move `index` (from 0) of a game.
 *
 * @example
 * directionAt(game, 0) // 'left' when game.moves starts with L
 */
export const directionAt = (game: Game, index: number): Direction => {
  const direction = directionOfLetter(game.moves[index]);
  if (direction === undefined) throw new Error(`no move ${index} in ${game.moves}`);
  return direction;
};

/**
 * What autoplay prints in the labwork's plain format for these states: the first one, then for
 * each next one the prompt, the move's key and the state.
 *
 * @example
 * plainTranscript(greedyStates(game)) // 'Score: 0\n\n|…|\n\nNext move [w/a/s/d]: a\n\nScore: 4…'
 */
export function plainTranscript(states: readonly Game[]): string {
  let text = '';
  states.forEach((game, i) => {
    if (i > 0) text += `${PLAIN_PROMPT}${PLAIN_KEYS[directionAt(game, i - 1)]}\n\n`;
    text += formatPlainBlock(game);
  });
  return text;
}

/**
 * The record file's game, replayed by the engine, with every state along the way.
 *
 * @example
 * replayStates('game.json').at(-1)?.score
 */
export function replayStates(file: string): Game[] {
  const record = parseRecord(readFileSync(file, 'utf8').trim());
  if (!record.ok) throw new Error(record.error.message);
  const replayed = replay(record.value);
  if (!replayed.ok) throw new Error(replayed.error.message);
  const final = replayed.value;
  const states = [newGame(record.value.rules, record.value.seed, record.value.version)];
  for (let i = 0; i < final.moves.length; i++) {
    states.push(step(states[i] as Game, directionAt(final, i)).game);
  }
  if (JSON.stringify(states.at(-1)) !== JSON.stringify(final)) {
    throw new Error('stepping the moves disagrees with replay');
  }
  return states;
}

/**
 * The last of `items`, which the test knows is not empty (a game's states start with the first
 * board); throws when it is.
 *
 * @example
 * lastOf(greedyStates(newGame('classic', 's'))).status // 'lost'
 */
export function lastOf<T>(items: readonly T[]): T {
  const item = items.at(-1);
  if (item === undefined) throw new Error('the list is empty');
  return item;
}
