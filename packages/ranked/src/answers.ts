import type {
  MoveAnswer,
  MoveEvent,
  RankedDirection,
  RankedRules,
  StateEvent,
  WireBoard,
} from '@twenty48/common';
import {
  type Board,
  directionOfLetter,
  type Game,
  type GeneratorVersion,
  makeRules,
  newGame,
  type Rules,
  type StepResult,
  step,
} from '@twenty48/engine';

/** The direction a letter of the moves stands for: the engine's one reading, re-exported. */
export { directionOfLetter };

/**
 * The engine's rules for a ranked preset at a size (both checked by the routes before).
 *
 * @example
 * rankedRules('classic', 6).size // 6
 */
export function rankedRules(rules: RankedRules, size: number): Rules {
  const made = makeRules(rules, { size });
  if (!made.ok) throw new Error(`rankedRules: ${made.error.message}`);
  return made.value;
}

/** A board as the wire carries it: plain rows of numbers. */
export const wireBoard = (board: Board): WireBoard => board.map((row) => [...row]);

/**
 * The answer to one move, move `index` of the game: what the client needs, never the seed nor
 * the generator's state.
 *
 * @example
 * answerOf(step(game, 'left'), 0) // { board, score, gained, moved, spawn, status, index: 0, moves }
 */
export function answerOf(result: StepResult, index: number): MoveAnswer {
  const spawned = result.events.find((event) => event.type === 'spawn');
  return {
    board: wireBoard(result.game.board),
    score: result.game.score,
    gained: result.gained,
    moved: result.moved,
    spawn:
      spawned?.type === 'spawn'
        ? { row: spawned.at[0], col: spawned.at[1], value: spawned.value }
        : null,
    status: result.game.status,
    index,
    moves: result.game.moves.length,
  };
}

/** The stream's `move` event for an answer. */
export const moveEventOf = (direction: RankedDirection, answer: MoveAnswer): MoveEvent => ({
  direction,
  board: answer.board,
  score: answer.score,
  gained: answer.gained,
  moved: answer.moved,
  spawn: answer.spawn,
  status: answer.status,
  moves: answer.moves,
});

/** The stream's first event: the game as it is now. */
export const stateEventOf = (
  watchId: string,
  rules: RankedRules,
  size: number,
  game: Game,
): StateEvent => ({
  watchId,
  rules,
  size,
  board: wireBoard(game.board),
  score: game.score,
  status: game.status,
  moves: game.moves.length,
});

/**
 * Play the letters of every move sent on a game, as the server played them (a move that
 * changes nothing is sent and plays as nothing).
 */
export function playLetters(game: Game, letters: string): Game {
  let current = game;
  for (const letter of letters) current = step(current, directionOfLetter(letter) ?? 'up').game;
  return current;
}

/**
 * The game dealt from `seed` after `letters`: a kept game back in memory, or the state a
 * retried move was played on.
 *
 * @example
 * gameAfter(rankedRules('classic', 4), 'seed', 2, 'LU').moves // 'LU' (when both moved)
 */
export function gameAfter(
  rules: Rules,
  seed: string,
  version: GeneratorVersion,
  letters: string,
): Game {
  return playLetters(newGame(rules, seed, version), letters);
}
