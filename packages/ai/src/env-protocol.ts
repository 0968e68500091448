import { isRecord, parseJson, valueOr } from '@twenty48/common';
import {
  DIRECTIONS,
  type Direction,
  makeRecord,
  parseRules,
  parseSeed,
  type Rules,
} from '@twenty48/engine';
import { ACTIONS, createEnv, type Env, isStepLimit } from './env.js';

/** Lines longer than this are refused before parsing (a rules object is well under 1 KB). */
export const MAX_ENV_LINE = 64 * 1024;

/** Most games one process steps together (`--envs`). */
export const MAX_ENVS = 4096;

export type EnvErrorCode =
  | 'ERR_JSON'
  | 'ERR_TOO_LONG'
  | 'ERR_COMMAND'
  | 'ERR_SEED'
  | 'ERR_RULES'
  | 'ERR_ACTION'
  | 'ERR_STEP_LIMIT'
  | 'ERR_ENV_INDEX'
  | 'ERR_NOT_RESET'
  | 'ERR_GAME_OVER';

const error = (code: EnvErrorCode | string, message: string) => ({ error: { code, message } });

/** Outcome of one line: the JSON reply, and whether the agent asked to close. */
export interface EnvReply {
  readonly line: string;
  readonly close: boolean;
}

/** Options of `createEnvProtocol`. */
export interface EnvProtocolOptions {
  /** Games stepped together, 1 to `MAX_ENVS`; more than one switches to the batch lines. */
  readonly envs?: number;
}

const actionOf = (action: unknown): Direction | undefined =>
  typeof action === 'number' && Number.isInteger(action)
    ? ACTIONS[action]
    : DIRECTIONS.find((d) => d === action);

const ACTION_ERROR = error('ERR_ACTION', `action must be 0..3 or one of ${DIRECTIONS.join(', ')}`);
const NOT_RESET = error('ERR_NOT_RESET', 'send {"cmd":"reset"} first');

/**
 * The JSON-lines protocol of `2048 env --stdio`, one request per line, one reply per line.
 * With one game (the default):
 *
 *   {"cmd":"reset","seed":"s1","max_episode_steps":500,"rules":"classic"}  (all optional)
 *       -> {"observation":{board,score,status,legal,action_mask,afterstates,moves,maxTile},
 *           "info":{"seed":"s1","max_episode_steps":500}}
 *   {"cmd":"step","action":"left"}  (or 0..3)
 *       -> {"observation":…,"reward":4,"terminated":false,"truncated":false,
 *           "info":{"moved":true,"gained":4,"episode_steps":1}}
 *   {"cmd":"record"}   -> {"record":{"version":1,"rules":"classic","seed":"s1","moves":"L"}}
 *   {"cmd":"spec"}     -> {"actions":[…],"observation_space":{…},"action_space":{…},
 *                          "reward_range":[0,…],"rules":{…},"envs":1}
 *   {"cmd":"close"}    -> {"closed":true}, then the program ends
 *
 * With `envs` > 1, games are stepped together (a batch in, a batch out; arrays in env order):
 *
 *   {"cmd":"reset","seed":"s","max_episode_steps":500}  (or "seeds":[…] one per game)
 *       -> {"observations":[…],"infos":[…]}   (game i's seed is "s-i", or seeds[i])
 *   {"cmd":"step","actions":[0,3,…]}  (one per game)
 *       -> {"observations":[…],"rewards":[…],"terminated":[…],"truncated":[…],"infos":[…]}
 *   {"cmd":"record","env":i}  -> {"record":{…}} of game i
 *
 * A batched game that ended (terminated or truncated) is reset by the next step instead of
 * moving (Gymnasium's next-step autoreset): its action is ignored, its reward is 0, its info
 * has `episode_steps` 0, and its seed is the next of "s-i-1", "s-i-2", ….
 *
 * `rules` is optional (a preset name or a rules object; the last rules stay). A bad line gets
 * `{"error":{"code":"ERR_…","message":"…"}}` and the session goes on: ERR_JSON, ERR_TOO_LONG,
 * ERR_COMMAND, ERR_SEED, ERR_RULES (or the engine's own rules code), ERR_ACTION,
 * ERR_STEP_LIMIT, ERR_ENV_INDEX, ERR_NOT_RESET, ERR_GAME_OVER. Blank lines are ignored (`null`).
 *
 * @example
 * const reply = createEnvProtocol('classic');
 * reply('{"cmd":"reset","seed":"a"}').line // '{"observation":{"board":[[0,0,2,0],…'
 */
export function createEnvProtocol(
  initialRules: Rules | 'classic' = 'classic',
  options: EnvProtocolOptions = {},
): (line: string) => EnvReply | null {
  const count = options.envs ?? 1;
  if (!Number.isInteger(count) || count < 1 || count > MAX_ENVS) {
    throw new RangeError(`envs must be a whole number from 1 to ${MAX_ENVS}`);
  }
  let envs: Env[] = Array.from({ length: count }, () => createEnv(initialRules));
  let started = false;
  // Per game in batch mode: its base seed, episodes played, step limit, and whether it ended.
  let bases: string[] = [];
  let episodes: number[] = [];
  let limit: number | null = null;
  let ended: boolean[] = [];
  const reply = (value: unknown, close = false): EnvReply => ({
    line: JSON.stringify(value),
    close,
  });

  const reset = (request: Record<string, unknown>): EnvReply => {
    const maxSteps = request.max_episode_steps ?? null;
    if (!isStepLimit(maxSteps)) {
      return reply(error('ERR_STEP_LIMIT', 'max_episode_steps must be a whole number ≥ 1'));
    }
    let seeds: unknown[];
    if (count > 1 && request.seeds !== undefined) {
      if (!Array.isArray(request.seeds) || request.seeds.length !== count) {
        return reply(error('ERR_SEED', `seeds must be an array of ${count} seeds`));
      }
      seeds = request.seeds;
    } else if (request.seed === undefined) {
      seeds = envs.map(() => undefined);
    } else {
      seeds = envs.map((_, i) => (count > 1 ? `${String(request.seed)}-${i}` : request.seed));
    }
    const checked: (string | undefined)[] = [];
    for (const seed of seeds) {
      if (seed === undefined) {
        checked.push(undefined);
        continue;
      }
      const parsed = parseSeed(seed);
      if (!parsed.ok) return reply(error('ERR_SEED', parsed.error.message));
      checked.push(parsed.value);
    }
    if (request.rules !== undefined) {
      const parsed = parseRules(request.rules);
      if (!parsed.ok) return reply(error(parsed.error.code, parsed.error.message));
      envs = envs.map(() => createEnv(parsed.value));
    }
    started = true;
    const results = envs.map((env, i) =>
      env.reset({ seed: checked[i], max_episode_steps: maxSteps }),
    );
    ended = envs.map(() => false);
    if (count === 1) return reply(results[0]);
    bases = results.map((result) => result.info.seed);
    episodes = envs.map(() => 0);
    limit = maxSteps;
    return reply({
      observations: results.map((r) => r.observation),
      infos: results.map((r) => r.info),
    });
  };

  const stepOne = (request: Record<string, unknown>): EnvReply => {
    const env = envs[0];
    if (!started || !env) return reply(NOT_RESET);
    const direction = actionOf(request.action);
    if (direction === undefined) return reply(ACTION_ERROR);
    if (env.game()?.status === 'lost' || ended[0]) {
      return reply(error('ERR_GAME_OVER', 'the episode is over: send a reset'));
    }
    const transition = env.step(direction);
    ended[0] = transition.truncated;
    return reply(transition);
  };

  const stepBatch = (request: Record<string, unknown>): EnvReply => {
    if (!started) return reply(NOT_RESET);
    const { actions } = request;
    if (!Array.isArray(actions) || actions.length !== count) {
      return reply(error('ERR_ACTION', `actions must be an array of ${count} actions`));
    }
    const directions: Direction[] = [];
    for (const action of actions) {
      const direction = actionOf(action);
      if (direction === undefined) return reply(ACTION_ERROR);
      directions.push(direction);
    }
    const observations = [];
    const rewards: number[] = [];
    const terminated: boolean[] = [];
    const truncated: boolean[] = [];
    const infos = [];
    for (let i = 0; i < count; i++) {
      const env = envs[i];
      const direction = directions[i];
      if (!env || !direction) continue;
      if (ended[i]) {
        episodes[i] = (episodes[i] ?? 0) + 1;
        const { observation } = env.reset({
          seed: `${bases[i]}-${episodes[i]}`.slice(-64),
          max_episode_steps: limit,
        });
        ended[i] = false;
        observations.push(observation);
        rewards.push(0);
        terminated.push(false);
        truncated.push(false);
        infos.push({ moved: false, gained: 0, episode_steps: 0 });
        continue;
      }
      const transition = env.step(direction);
      ended[i] = transition.terminated || transition.truncated;
      observations.push(transition.observation);
      rewards.push(transition.reward);
      terminated.push(transition.terminated);
      truncated.push(transition.truncated);
      infos.push(transition.info);
    }
    return reply({ observations, rewards, terminated, truncated, infos });
  };

  const record = (request: Record<string, unknown>): EnvReply => {
    const index = request.env ?? 0;
    const env = typeof index === 'number' && Number.isInteger(index) ? envs[index] : undefined;
    if (!env) return reply(error('ERR_ENV_INDEX', `env must be a whole number 0..${count - 1}`));
    const current = env.record();
    if (!current) return reply(NOT_RESET);
    return { line: `{"record":${makeRecord(current)}}`, close: false };
  };

  return (line) => {
    if (line.trim() === '') return null;
    if (line.length > MAX_ENV_LINE) {
      return reply(error('ERR_TOO_LONG', `a line may hold at most ${MAX_ENV_LINE} characters`));
    }
    const request = valueOr(parseJson(line), undefined);
    if (!isRecord(request)) return reply(error('ERR_JSON', 'each line must be one JSON object'));
    switch (request.cmd) {
      case 'reset':
        return reset(request);
      case 'step':
        return count === 1 ? stepOne(request) : stepBatch(request);
      case 'record':
        return record(request);
      case 'spec': {
        const env = envs[0];
        return reply(env ? { ...env.spec(), envs: count } : null);
      }
      case 'close':
        return reply({ closed: true }, true);
      default:
        return reply(error('ERR_COMMAND', 'cmd must be reset, step, record, spec or close'));
    }
  };
}
