import {
  type Board,
  DIRECTIONS,
  type Direction,
  directionOfLetter,
  type Game,
  type GameRecord,
  MAX_TILE,
  maxTile,
  newGame,
  type PresetName,
  type Rules,
  recordOf,
  resolveRules,
  type Status,
  slide,
  step,
} from '@twenty48/engine';
import { fitsBitboard, toBitboard } from './bitboard.js';
import {
  fitsLane,
  type LaneAfterstates,
  type LaneGame,
  laneAfterstates,
  laneBoard,
  laneStep,
  laneTables,
} from './env-board.js';

/** What an agent sees after `reset` or `step`. */
export interface Observation {
  readonly board: Board;
  readonly score: number;
  readonly status: Status;
  /** The moves that change the board, in the order of `ACTIONS` (kept for older clients). */
  readonly legal: readonly Direction[];
  /** For each action of `ACTIONS`, 1 when it changes the board, else 0. */
  readonly action_mask: readonly number[];
  /**
   * For each action of `ACTIONS`, the board after its slide and before the spawn (what TD
   * learning values), or `null` when the action changes nothing.
   */
  readonly afterstates: readonly (Board | null)[];
  readonly moves: number;
  readonly maxTile: number;
}

/** Info of `reset`: the episode's seed and step limit. Constant size. */
export interface ResetInfo {
  readonly seed: string;
  readonly max_episode_steps: number | null;
}

/** Info of `step`: constant size (the record is asked for with `Env.record`). */
export interface StepInfo {
  /** False when the action changed nothing (and, under most rules, no tile spawned). */
  readonly moved: boolean;
  /** Sum of the tiles that merges made in this step. */
  readonly gained: number;
  /** Steps taken in this episode, counting moves that changed nothing. */
  readonly episode_steps: number;
}

export interface Transition {
  readonly observation: Observation;
  /** The change in score (under the rules' own scoring). */
  readonly reward: number;
  /** True once the game is lost: no move is left, or (FiveTwelve) a tile had nowhere to go. */
  readonly terminated: boolean;
  /** True when the episode hit `max_episode_steps` without being lost. */
  readonly truncated: boolean;
  readonly info: StepInfo;
}

/** Options of `Env.reset`. */
export interface ResetOptions {
  /** The game's seed; without one, the next of `auto-1`, `auto-2`, … for this env. */
  readonly seed?: string | number | undefined;
  /** Truncate the episode after this many steps (a whole number ≥ 1); none by default. */
  readonly max_episode_steps?: number | null;
}

/** Actions by number, as Gym agents index them: 0 up, 1 down, 2 left, 3 right. */
export const ACTIONS: readonly Direction[] = DIRECTIONS;

/** Gymnasium-style spaces of an environment (what `spec` returns). */
export interface EnvSpec {
  readonly actions: readonly Direction[];
  readonly observation_space: {
    readonly type: 'Box';
    readonly shape: readonly [number, number];
    readonly dtype: 'int64';
    readonly low: 0;
    readonly high: number;
  };
  readonly action_space: { readonly type: 'Discrete'; readonly n: 4; readonly dtype: 'int64' };
  readonly reward_range: readonly [number, number];
  readonly rules: Rules;
}

/** A Gym-style environment over the engine: one game at a time. */
export interface Env {
  readonly rules: Rules;
  reset(options?: ResetOptions | string | number): { observation: Observation; info: ResetInfo };
  step(action: Direction | number): Transition;
  /** The spaces and reward range. */
  spec(): EnvSpec;
  /** The game's record so far (replay it with the engine's `replay`), or `null` before reset. */
  record(): GameRecord | null;
  /** The game being played, or `null` before the first `reset`. */
  game(): Game | null;
}

/** The afterstates and legal-action mask of a board, one slide per action. */
function afterstatesOf(board: Board, rules: Rules) {
  const afterstates: (Board | null)[] = [];
  const mask: number[] = [];
  for (const direction of ACTIONS) {
    const slid = slide(board, direction, rules);
    afterstates.push(slid.moved ? slid.board : null);
    mask.push(slid.moved ? 1 : 0);
  }
  return { afterstates, mask };
}

const observe = (game: Game): Observation => {
  const { afterstates, mask } = afterstatesOf(game.board, game.rules);
  return {
    board: game.board,
    score: game.score,
    status: game.status,
    legal: ACTIONS.filter((_, index) => mask[index] === 1),
    action_mask: mask,
    afterstates,
    moves: game.moves.length,
    maxTile: maxTile(game.board),
  };
};

/** Refuses a step limit that is not a whole number ≥ 1 (null means none). */
export function isStepLimit(value: unknown): value is number | null {
  return value === null || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1);
}

/** The spaces of an environment under these rules. */
export function envSpec(rules: Rules): EnvSpec {
  // A merge of two of the largest tiles is the most one step can score; no step loses score.
  return {
    actions: ACTIONS,
    observation_space: {
      type: 'Box',
      shape: [rules.size, rules.size],
      dtype: 'int64',
      low: 0,
      high: MAX_TILE,
    },
    action_space: { type: 'Discrete', n: 4, dtype: 'int64' },
    reward_range: [0, MAX_TILE * rules.size * rules.size],
    rules,
  };
}

/**
 * An environment in the style of Gymnasium: `reset({ seed, max_episode_steps })` starts a game
 * and returns `{ observation, info }`; `step(action)` plays a direction (or its index in
 * `ACTIONS`) and returns the next observation, the reward (score gained), `terminated` (lost),
 * `truncated` (step limit reached) and info. A win does not end the episode. Stepping before
 * `reset`, after the end, or with an unknown action throws (a programmer error in-process;
 * `2048 env --stdio` turns them into JSON error lines).
 *
 * @example
 * const env = createEnv('classic');
 * const { observation } = env.reset({ seed: 'agent-1', max_episode_steps: 1000 });
 * const { reward, terminated, truncated } = env.step('left');
 */
export function createEnv(rules: Rules | PresetName = 'classic'): Env {
  const resolved = resolveRules(rules);
  const fast = fitsLane(resolved);
  const tables = fast ? laneTables(resolved) : null;
  // The game lives in the fast lane (a bitboard) while it fits, else as an engine `Game`.
  let lane: LaneGame | null = null;
  let afterstates: LaneAfterstates = [];
  let engineGame: Game | null = null;
  // The engine game last rebuilt from the lane's record, so `game()` costs only new moves.
  let synced: Game | null = null;
  let limit: number | null = null;
  let steps = 0;
  let autoSeeds = 0;
  let truncated = false;

  const laneObservation = (game: LaneGame): Observation => {
    const board = laneBoard(game.board);
    const boards = afterstates.map((after, index) => {
      if (after === null) return null;
      if (after !== undefined) return laneBoard(after);
      return slide(board, ACTIONS[index] ?? 'up', resolved).board;
    });
    const mask = boards.map((after) => (after === null ? 0 : 1));
    let top = 0;
    for (const row of board) for (const value of row) top = Math.max(top, value);
    return {
      board,
      score: game.score,
      status: game.status,
      legal: ACTIONS.filter((_, index) => mask[index] === 1),
      action_mask: mask,
      afterstates: boards,
      moves: game.moves.length,
      maxTile: top,
    };
  };

  /** The engine's game for the lane's record, advanced from the last one built. */
  const materialize = (game: LaneGame): Game => {
    let current = synced && synced.seed === game.seed ? synced : newGame(resolved, game.seed);
    for (let i = current.moves.length; i < game.moves.length; i++) {
      current = step(current, directionOfLetter(game.moves[i]) ?? 'up').game;
    }
    synced = current;
    return current;
  };

  const current = (): Game | null => engineGame ?? (lane ? materialize(lane) : null);

  return {
    rules: resolved,
    reset(options = {}) {
      const { seed, max_episode_steps = null }: ResetOptions =
        typeof options === 'object' ? options : { seed: options };
      if (!isStepLimit(max_episode_steps)) {
        throw new Error('max_episode_steps must be a whole number of at least 1, or null');
      }
      const game = newGame(resolved, seed ?? `auto-${++autoSeeds}`);
      limit = max_episode_steps;
      steps = 0;
      truncated = false;
      synced = null;
      const info = { seed: game.seed, max_episode_steps };
      if (tables && fitsBitboard(game.board)) {
        const { rules: r, seed: s, score, status, keptPlaying, moves, rng } = game;
        lane = {
          rules: r,
          seed: s,
          board: toBitboard(game.board),
          score,
          status,
          keptPlaying,
          moves,
          rng,
        };
        afterstates = laneAfterstates(lane.board, ACTIONS, tables);
        engineGame = null;
        return { observation: laneObservation(lane), info };
      }
      lane = null;
      engineGame = game;
      return { observation: observe(game), info };
    },
    step(action) {
      if (!lane && !engineGame) throw new Error('step before reset: call reset() first');
      const direction = typeof action === 'number' ? ACTIONS[action] : action;
      if (direction === undefined || !DIRECTIONS.includes(direction)) {
        throw new Error(
          `unknown action ${JSON.stringify(action)}: use 0..3 or ${DIRECTIONS.join(', ')}`,
        );
      }
      if ((lane ?? engineGame)?.status === 'lost' || truncated) {
        throw new Error('the episode is over: call reset()');
      }
      const after = afterstates[ACTIONS.indexOf(direction)];
      if (lane && tables && after !== undefined) {
        const result = laneStep(lane, direction, after, ACTIONS, tables);
        const before = lane;
        lane = result.game;
        if (result.afterstates) afterstates = result.afterstates;
        return finish(laneObservation(lane), lane.score - before.score, lane.status, result);
      }
      // A merge past 32768 (or rules the lane does not take): the engine plays from here on.
      const game = current();
      if (!game) throw new Error('step before reset: call reset() first');
      lane = null;
      const result = step(game, direction);
      engineGame = result.game;
      return finish(observe(engineGame), engineGame.score - game.score, engineGame.status, result);
    },
    spec: () => envSpec(resolved),
    record: () => {
      const game = current();
      return game ? recordOf(game) : null;
    },
    game: current,
  };

  function finish(
    observation: Observation,
    reward: number,
    status: Status,
    result: { moved: boolean; gained: number },
  ): Transition {
    steps += 1;
    const terminated = status === 'lost';
    truncated = !terminated && limit !== null && steps >= limit;
    return {
      observation,
      reward,
      terminated,
      truncated,
      info: { moved: result.moved, gained: result.gained, episode_steps: steps },
    };
  }
}
