import { isRankedSize, MAX_RANKED_SIZE, MIN_RANKED_SIZE } from '@twenty48/common';
import {
  type Failure,
  isPresetName,
  PRESET_NAMES,
  type PresetName,
  parseSeed,
  type Seed,
} from '@twenty48/engine';

/** A game asked for in the address: `?seed=N&rules=R&size=N`, each part optional. */
export interface LaunchRequest {
  readonly seed?: Seed;
  readonly rules?: PresetName;
  readonly size?: number;
}

export type LaunchError = 'ERR_SEED' | 'ERR_UNKNOWN_RULES' | 'ERR_SIZE';

/**
 * Read the game a link asks for. Good parts are kept; each bad part is left out and reported
 * with a named error, so a mistyped link still opens a game and says what was wrong.
 *
 * @example
 * parseLaunch('?seed=42&rules=tiers&size=5') // { request: { seed: '42', rules: 'tiers', size: 5 }, errors: [] }
 * parseLaunch('?size=12').errors[0]?.code    // 'ERR_SIZE'
 */
export function parseLaunch(search: string): {
  request: LaunchRequest;
  errors: Failure<LaunchError>[];
} {
  const params = new URLSearchParams(search);
  const errors: Failure<LaunchError>[] = [];
  const request: { seed?: Seed; rules?: PresetName; size?: number } = {};
  const seed = params.get('seed');
  if (seed !== null) {
    const parsed = parseSeed(seed);
    if (parsed.ok) request.seed = parsed.value;
    else errors.push({ code: 'ERR_SEED', message: parsed.error.message });
  }
  const rules = params.get('rules');
  if (rules !== null) {
    if (isPresetName(rules)) request.rules = rules;
    else {
      errors.push({
        code: 'ERR_UNKNOWN_RULES',
        message: `rules are ${PRESET_NAMES.join(', ')}, not "${rules.slice(0, 20)}"`,
      });
    }
  }
  const size = params.get('size');
  if (size !== null) {
    const n = /^\d+$/.test(size) ? Number(size) : Number.NaN;
    if (isRankedSize(n)) request.size = n;
    else
      errors.push({
        code: 'ERR_SIZE',
        message: `size is ${MIN_RANKED_SIZE} to ${MAX_RANKED_SIZE}`,
      });
  }
  return { request, errors };
}

/**
 * The address of a game, to share it or to reload into it.
 *
 * @example
 * launchSearch({ seed: '42', rules: 'classic', size: 4 }) // '?seed=42&rules=classic&size=4'
 */
export function launchSearch(game: { seed: Seed; rules: PresetName; size: number }): string {
  return `?${new URLSearchParams({ seed: game.seed, rules: game.rules, size: String(game.size) })}`;
}
