import {
  type Direction,
  type Game,
  newGame,
  type PresetName,
  type Rules,
  step,
} from '@twenty48/engine';

/** Down, then left, then right, then up: keeps the big tiles in the bottom-left corner. */
const CORNER_ORDER: readonly Direction[] = ['down', 'left', 'right', 'up'];

/**
 * Play a game to its end (or `maxMoves`) with the simplest decent strategy: the first move in
 * corner order that slides a tile. Deterministic, so tests and benchmarks can make real,
 * legal games of any seed without the AI package.
 *
 * @example
 * const game = playCorner('classic', 'seed-1'); // game.status === 'lost'
 */
export function playCorner(
  rules: Rules | PresetName,
  seed: string,
  maxMoves = Number.POSITIVE_INFINITY,
): Game {
  let game = newGame(rules, seed);
  while (game.status !== 'lost' && game.moves.length < maxMoves) {
    const moving = CORNER_ORDER.map((direction) => step(game, direction)).find(
      (result) => result.moved,
    );
    // Under rules where a move that slides nothing still spawns, one may be all that is left.
    game = (moving ?? step(game, 'down')).game;
  }
  return game;
}
