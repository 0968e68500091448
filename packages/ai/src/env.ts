import {
  type Board,
  DIRECTIONS,
  type Direction,
  type Game,
  maxTile,
  newGame,
  type PresetName,
  type Rules,
  resolveRules,
  type Status,
  step,
} from '@twenty48/engine';
import { legalMoves } from './player.js';

/** What an agent sees after `reset` or `step`. */
export interface Observation {
  readonly board: Board;
  readonly score: number;
  readonly status: Status;
  /** The moves that change the board, in the order of `ACTIONS`. */
  readonly legal: readonly Direction[];
  readonly moves: number;
  readonly maxTile: number;
}

export interface StepInfo {
  /** False when the action changed nothing (and, under most rules, no tile spawned). */
  readonly moved: boolean;
  /** Sum of the tiles that merges made in this step. */
  readonly gained: number;
  /** The game's record so far: replay it with the engine's `replay`. */
  readonly record: { readonly rules: string; readonly seed: string; readonly moves: string };
}

export interface Transition {
  readonly observation: Observation;
  /** The change in score (under the rules' own scoring). */
  readonly reward: number;
  /** True once the game is lost: no move is left, or (FiveTwelve) a tile had nowhere to go. */
  readonly terminated: boolean;
  readonly info: StepInfo;
}

/** Actions by number, as Gym agents index them: 0 up, 1 down, 2 left, 3 right. */
export const ACTIONS: readonly Direction[] = DIRECTIONS;

/** A Gym-style environment over the engine: one game at a time. */
export interface Env {
  readonly rules: Rules;
  reset(seed: string | number): Observation;
  step(action: Direction | number): Transition;
  /** The game being played, or `null` before the first `reset`. */
  game(): Game | null;
}

const observe = (game: Game): Observation => ({
  board: game.board,
  score: game.score,
  status: game.status,
  legal: legalMoves(game),
  moves: game.moves.length,
  maxTile: maxTile(game.board),
});

/**
 * An environment in the style of OpenAI Gym for agents: `reset(seed)` starts a seeded game and
 * returns the first observation; `step(action)` plays a direction (or its index in `ACTIONS`)
 * and returns the next observation, the reward (score gained), whether the game is over, and
 * info. A win does not end the episode: play goes on until no move is left. Stepping before
 * `reset`, after the end, or with an unknown action throws (a programmer error in-process;
 * `2048 env --stdio` turns them into JSON error lines).
 *
 * @example
 * const env = createEnv('classic');
 * let observation = env.reset('agent-1');
 * const { reward, terminated } = env.step('left');
 */
export function createEnv(rules: Rules | PresetName = 'classic'): Env {
  const resolved = resolveRules(rules);
  let current: Game | null = null;
  return {
    rules: resolved,
    reset(seed) {
      current = newGame(resolved, seed);
      return observe(current);
    },
    step(action) {
      if (!current) throw new Error('step before reset: call reset(seed) first');
      const direction = typeof action === 'number' ? ACTIONS[action] : action;
      if (direction === undefined || !DIRECTIONS.includes(direction)) {
        throw new Error(
          `unknown action ${JSON.stringify(action)}: use 0..3 or ${DIRECTIONS.join(', ')}`,
        );
      }
      if (current.status === 'lost') throw new Error('the game is over: call reset(seed)');
      const before = current;
      const result = step(before, direction);
      current = result.game;
      return {
        observation: observe(current),
        reward: current.score - before.score,
        terminated: current.status === 'lost',
        info: {
          moved: result.moved,
          gained: result.gained,
          record: { rules: resolved.name, seed: current.seed, moves: current.moves },
        },
      };
    },
    game: () => current,
  };
}
