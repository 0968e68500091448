import {
  DIRECTIONS,
  type Direction,
  movableDirections,
  nextInt,
  type RngState,
  seedState,
  slide,
} from '@twenty48/engine';
import { expectimaxPlayer } from './expectimax.js';
import { ntuplePlayer } from './ntuple-player.js';
import type { Player, PlayerView } from './player-type.js';

export type { Player, PlayerView };

/** The directions that change the board, in the engine's order (up, down, left, right). */
export const legalMoves = (game: PlayerView): Direction[] => movableDirections(game.board);

/**
 * A player that picks uniformly among the moves that change the board, from its own seeded
 * generator (never Math.random), so benchmarks replay.
 */
export function randomPlayer(seed: string | number = 'random'): Player {
  let rng: RngState = seedState(String(seed));
  return (game) => {
    const moves = legalMoves(game);
    if (moves.length === 0) return null;
    const pick = nextInt(rng, moves.length);
    rng = pick.state;
    return moves[pick.value] ?? null;
  };
}

/**
 * The labwork's solitary heuristic (`chooseNextGame`) as a player: the move that
 * leaves the most empty cells; moves that change nothing are not considered; ties go to the
 * first of up, down, left, right.
 */
export const greedyPlayer: Player = (game) => {
  let best: Direction | null = null;
  let bestEmpty = -1;
  for (const direction of DIRECTIONS) {
    const { board, moved } = slide(game.board, direction, game.rules);
    if (!moved) continue;
    const empty = board.reduce((count, row) => count + row.filter((v) => v === 0).length, 0);
    if (empty > bestEmpty) {
      best = direction;
      bestEmpty = empty;
    }
  }
  return best;
};

export const PLAYER_NAMES = ['random', 'greedy', 'expectimax', 'ntuple'] as const;
export type PlayerName = (typeof PLAYER_NAMES)[number];

/**
 * The AI the programs use unless told otherwise (the terminal's hint, the browser's hint and
 * auto-play, `2048 bench`): the n-tuple network with expectimax on top, measured stronger than
 * the heuristic at equal time (README, "The n-tuple network"). Rules the network was not
 * trained for (FiveTwelve, tiers, other sizes) get the heuristic from it.
 */
export const DEFAULT_AI: PlayerName = 'ntuple';

export interface PlayerOptions {
  /** Seed of the random player. */
  readonly seed?: string | number;
  /**
   * Fixed search depth: the root move plus this many more (default: adaptive for expectimax,
   * timed for ntuple). 0 is ntuple's network alone, no search.
   */
  readonly depth?: number;
  /** Time budget per move in milliseconds for expectimax and ntuple (deepens until it runs out). */
  readonly ms?: number;
}

/**
 * A player by name, as the CLI's `--ai` flag and the browser's hint name them.
 *
 * @example
 * const player = createPlayer('greedy');
 * const direction = player(game); // 'up' | 'down' | 'left' | 'right' | null
 */
export function createPlayer(name: PlayerName, options: PlayerOptions = {}): Player {
  switch (name) {
    case 'random':
      return randomPlayer(options.seed);
    case 'greedy':
      return greedyPlayer;
    case 'expectimax':
      return expectimaxPlayer(options);
    case 'ntuple':
      return ntuplePlayer(options);
  }
}
