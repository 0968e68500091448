import { parseJson, valueOr } from '@twenty48/common';
import { DIRECTIONS, type Direction, parseRules, parseSeed, type Rules } from '@twenty48/engine';
import { ACTIONS, createEnv, type Env } from './env.js';

/** Lines longer than this are refused before parsing (a rules object is well under 1 KB). */
export const MAX_ENV_LINE = 64 * 1024;

export type EnvErrorCode =
  | 'ERR_JSON'
  | 'ERR_TOO_LONG'
  | 'ERR_COMMAND'
  | 'ERR_SEED'
  | 'ERR_RULES'
  | 'ERR_ACTION'
  | 'ERR_NOT_RESET'
  | 'ERR_GAME_OVER';

const error = (code: EnvErrorCode | string, message: string) => ({ error: { code, message } });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Outcome of one line: the JSON reply, and whether the agent asked to close. */
export interface EnvReply {
  readonly line: string;
  readonly close: boolean;
}

/**
 * The JSON-lines protocol of `2048 env --stdio`, one request per line, one reply per line:
 *
 *   {"cmd":"reset","seed":"s1","rules":"classic"}  -> {"observation":{board,score,status,legal,moves,maxTile}}
 *   {"cmd":"step","action":"left"}  (or 0..3)      -> {"observation":…,"reward":4,"terminated":false,"info":{moved,gained,record}}
 *   {"cmd":"spec"}                                 -> {"actions":["up","down","left","right"],"rules":{…}}
 *   {"cmd":"close"}                                -> {"closed":true}, then the program ends
 *
 * `rules` is optional (a preset name or a rules object; the last rules stay). A bad line gets
 * `{"error":{"code":"ERR_…","message":"…"}}` and the session goes on: ERR_JSON, ERR_TOO_LONG,
 * ERR_COMMAND, ERR_SEED, ERR_RULES (or the engine's own rules code), ERR_ACTION, ERR_NOT_RESET,
 * ERR_GAME_OVER. Blank lines are ignored (reply `null`).
 *
 * @example
 * const reply = createEnvProtocol('classic');
 * reply('{"cmd":"reset","seed":"a"}').line // '{"observation":{"board":[[0,0,2,0],…'
 */
export function createEnvProtocol(
  initialRules: Rules | 'classic' = 'classic',
): (line: string) => EnvReply | null {
  let env: Env = createEnv(initialRules);
  let started = false;
  const reply = (value: unknown, close = false): EnvReply => ({
    line: JSON.stringify(value),
    close,
  });

  return (line) => {
    if (line.trim() === '') return null;
    if (line.length > MAX_ENV_LINE) {
      return reply(error('ERR_TOO_LONG', `a line may hold at most ${MAX_ENV_LINE} characters`));
    }
    const request = valueOr(parseJson(line), undefined);
    if (!isRecord(request)) return reply(error('ERR_JSON', 'each line must be one JSON object'));
    switch (request.cmd) {
      case 'reset': {
        const seed = parseSeed(request.seed);
        if (!seed.ok) return reply(error('ERR_SEED', seed.error.message));
        if (request.rules !== undefined) {
          const rules = parseRules(request.rules);
          if (!rules.ok) return reply(error(rules.error.code, rules.error.message));
          env = createEnv(rules.value);
        }
        started = true;
        return reply({ observation: env.reset(seed.value) });
      }
      case 'step': {
        if (!started) return reply(error('ERR_NOT_RESET', 'send {"cmd":"reset","seed":"…"} first'));
        const { action } = request;
        const direction: Direction | undefined =
          typeof action === 'number' && Number.isInteger(action)
            ? ACTIONS[action]
            : DIRECTIONS.find((d) => d === action);
        if (direction === undefined) {
          return reply(
            error('ERR_ACTION', `action must be 0..3 or one of ${DIRECTIONS.join(', ')}`),
          );
        }
        if (env.game()?.status === 'lost') {
          return reply(error('ERR_GAME_OVER', 'the game is over: send a reset'));
        }
        return reply(env.step(direction));
      }
      case 'spec':
        return reply({ actions: ACTIONS, rules: env.rules });
      case 'close':
        return reply({ closed: true }, true);
      default:
        return reply(error('ERR_COMMAND', 'cmd must be reset, step, spec or close'));
    }
  };
}
