import { isOneOf, isRecord } from '@twenty48/common';
import {
  fail,
  INEFFECTIVE_MOVES,
  MERGE_POLICIES,
  ok,
  type Result,
  type Rules,
  type RulesData,
  SCORINGS,
} from './types.js';

// The one place rules become `Rules`: what parseRules accepted, and the presets below, which
// the rules tests parse back unchanged.
const checkedRules = (data: RulesData): Rules => Object.freeze(data) as Rules;

/** Classic 2048: 4x4, goal 2048, one merge per tile, ignored no-op moves, 90 % 2s / 10 % 4s. */
export const classic: Rules = checkedRules({
  name: 'classic',
  size: 4,
  goal: 2048,
  merge: 'once',
  ineffectiveMoves: 'ignore',
  spawn: Object.freeze([
    Object.freeze({ value: 2, weight: 0.9 }),
    Object.freeze({ value: 4, weight: 0.1 }),
  ]),
  startTiles: 2,
  scoring: 'merges',
});

/** FiveTwelve: cascading merges, no-op moves still spawn, only 2s, score = tile sum, no win. */
export const fiveTwelve: Rules = checkedRules({
  name: 'fiveTwelve',
  size: 4,
  goal: null,
  merge: 'cascade',
  ineffectiveMoves: 'spawn',
  spawn: Object.freeze([Object.freeze({ value: 2, weight: 1 })]),
  startTiles: 2,
  scoring: 'tileSum',
});

/** Tiers: chained merges, only 2s, score = sum of level cubed, no goal. */
export const tiers: Rules = checkedRules({
  name: 'tiers',
  size: 4,
  goal: null,
  merge: 'chain',
  ineffectiveMoves: 'ignore',
  spawn: Object.freeze([Object.freeze({ value: 2, weight: 1 })]),
  startTiles: 2,
  scoring: 'levelCubes',
});

export const PRESETS = { classic, fiveTwelve, tiers } as const;
export type PresetName = keyof typeof PRESETS;
export const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];

export const MIN_SIZE = 2;
export const MAX_SIZE = 8;
/** The largest tile value the engine accepts anywhere (2^30 keeps every sum a safe integer). */
export const MAX_TILE = 2 ** 30;

export type RulesError =
  | 'ERR_RULES'
  | 'ERR_UNKNOWN_RULES'
  | 'ERR_NAME'
  | 'ERR_SIZE'
  | 'ERR_GOAL'
  | 'ERR_MERGE'
  | 'ERR_INEFFECTIVE'
  | 'ERR_SPAWN'
  | 'ERR_START_TILES'
  | 'ERR_SCORING';

/** True for 1, 2, 4, … up to MAX_TILE. */
export const isPowerOfTwo = (n: number): boolean =>
  Number.isInteger(n) && n >= 1 && n <= MAX_TILE && (n & (n - 1)) === 0;

/**
 * True for what a board's cell may hold: 0 (empty) or a tile, a power of two from 2 to MAX_TILE.
 * The one check for boards that come from outside (the ranked client's answers, the AI protocol).
 */
export const isTileValue = (x: unknown): x is number =>
  x === 0 || (typeof x === 'number' && x >= 2 && isPowerOfTwo(x));

/**
 * True for a square board of `size` rows from outside, every cell 0 or a tile (`isTileValue`).
 *
 * @example
 * isSquareBoard([[0, 2], [4, 0]], 2) // true
 * isSquareBoard([[0, 3], [4, 0]], 2) // false: 3 is no tile
 */
export const isSquareBoard = (x: unknown, size: number): x is number[][] =>
  Array.isArray(x) &&
  x.length === size &&
  x.every((row: unknown) => Array.isArray(row) && row.length === size && row.every(isTileValue));

/**
 * True for the name of one of the presets.
 *
 * @example
 * isPresetName('fiveTwelve') // true
 */
export const isPresetName = (name: unknown): name is PresetName =>
  typeof name === 'string' && Object.hasOwn(PRESETS, name);

/**
 * Check rules that came from outside (JSON, a flag, a URL) and return a frozen `Rules`.
 * A string is looked up among the presets.
 *
 * @example
 * parseRules({ ...classic, size: 5 }) // { ok: true, value: { ...classic, size: 5 } }
 * parseRules('tiers')                 // { ok: true, value: tiers }
 * parseRules({ ...classic, size: 9 }) // { ok: false, error: { code: 'ERR_SIZE', … } }
 */
export function parseRules(input: unknown): Result<Rules, RulesError> {
  if (typeof input === 'string') {
    return isPresetName(input)
      ? ok(PRESETS[input])
      : fail(
          'ERR_UNKNOWN_RULES',
          `unknown rules "${input.slice(0, 40)}": try ${PRESET_NAMES.join(', ')}`,
        );
  }
  if (!isRecord(input)) return fail('ERR_RULES', 'rules must be a preset name or an object');
  const { name, size, goal, merge, ineffectiveMoves, spawn, startTiles, scoring } = input;
  if (typeof name !== 'string' || name.length < 1 || name.length > 40) {
    return fail('ERR_NAME', 'rules need a name of 1 to 40 characters');
  }
  if (typeof size !== 'number' || !Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) {
    return fail('ERR_SIZE', `size must be a whole number from ${MIN_SIZE} to ${MAX_SIZE}`);
  }
  if (!isGoal(goal)) {
    return fail('ERR_GOAL', 'goal must be a power of two of at least 4, or null for no goal');
  }
  if (!isOneOf(MERGE_POLICIES, merge)) {
    return fail('ERR_MERGE', `merge must be one of ${MERGE_POLICIES.join(', ')}`);
  }
  if (!isOneOf(INEFFECTIVE_MOVES, ineffectiveMoves)) {
    return fail(
      'ERR_INEFFECTIVE',
      `ineffectiveMoves must be one of ${INEFFECTIVE_MOVES.join(', ')}`,
    );
  }
  const spawnResult = parseSpawn(spawn);
  if (!spawnResult.ok) return spawnResult;
  if (
    typeof startTiles !== 'number' ||
    !Number.isInteger(startTiles) ||
    startTiles < 0 ||
    startTiles > size * size
  ) {
    return fail('ERR_START_TILES', 'startTiles must be a whole number from 0 to size * size');
  }
  if (!isOneOf(SCORINGS, scoring)) {
    return fail('ERR_SCORING', `scoring must be one of ${SCORINGS.join(', ')}`);
  }
  const rules = checkedRules({
    name,
    size,
    goal,
    merge,
    ineffectiveMoves,
    spawn: spawnResult.value,
    startTiles,
    scoring,
  });
  // High-score tables and the leaderboard group games by rules name and size, so a preset's
  // name must mean that preset: only the size and the goal may differ.
  if (isPresetName(name) && !sameRules({ ...PRESETS[name], size, goal: rules.goal }, rules)) {
    return fail(
      'ERR_NAME',
      `rules named "${name}" must be that preset (only size and goal may change)`,
    );
  }
  return ok(rules);
}

/** A goal a rules object may set: a power of two of at least 4, or null for none. */
const isGoal = (goal: unknown): goal is number | null =>
  goal === null || (typeof goal === 'number' && isPowerOfTwo(goal) && goal >= 4);

function parseSpawn(spawn: unknown): Result<RulesData['spawn'], RulesError> {
  if (!Array.isArray(spawn) || spawn.length < 1 || spawn.length > 8) {
    return fail('ERR_SPAWN', 'spawn must list 1 to 8 { value, weight } options');
  }
  const options = [];
  for (const option of spawn) {
    const fields: Readonly<Record<string, unknown>> = isRecord(option) ? option : {};
    const { value, weight } = fields;
    if (typeof value !== 'number' || !isPowerOfTwo(value) || value < 2) {
      return fail('ERR_SPAWN', 'every spawn value must be a power of two of at least 2');
    }
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight <= 0) {
      return fail('ERR_SPAWN', 'every spawn weight must be a positive number');
    }
    options.push(Object.freeze({ value, weight }));
  }
  return ok(Object.freeze(options));
}

/** Changes a player may ask for on top of a preset: the flags `--size`, `--goal` and FiveTwelve's extra-credit switches. */
export type RulesOverrides = Partial<Omit<RulesData, 'name'>> & { readonly name?: string };

/**
 * A preset with some settings changed, checked. The result keeps the preset's name when only
 * the size or the goal changed (those are how players speak of "classic 5x5"); any other
 * change names it `custom` unless a name is given.
 *
 * @example
 * makeRules('classic', { size: 5 })                           // classic rules on 5x5
 * makeRules('fiveTwelve', { scoring: 'merges', spawn: [...] }) // FiveTwelve's extra credit
 */
export function makeRules(
  preset: PresetName | Rules,
  overrides: RulesOverrides = {},
): Result<Rules, RulesError> {
  const base = typeof preset === 'string' ? PRESETS[preset] : preset;
  if (!base) return fail('ERR_UNKNOWN_RULES', `unknown rules "${String(preset)}"`);
  const reshaping = Object.keys(overrides).some((key) => !['size', 'goal', 'name'].includes(key));
  const name = overrides.name ?? (reshaping ? 'custom' : base.name);
  return parseRules({ ...base, ...overrides, name });
}

/** Resolve a preset name or a Rules value; throws on an unknown name (a programmer error). */
export function resolveRules(rules: Rules | PresetName): Rules {
  if (typeof rules !== 'string') return rules;
  const preset = PRESETS[rules];
  if (!preset) throw new Error(`unknown rules preset "${String(rules)}"`);
  return preset;
}

/** True when two rules values say the same thing. */
export function sameRules(a: RulesData, b: RulesData): boolean {
  return (
    a.name === b.name &&
    a.size === b.size &&
    a.goal === b.goal &&
    a.merge === b.merge &&
    a.ineffectiveMoves === b.ineffectiveMoves &&
    a.startTiles === b.startTiles &&
    a.scoring === b.scoring &&
    a.spawn.length === b.spawn.length &&
    a.spawn.every((s, i) => s.value === b.spawn[i]?.value && s.weight === b.spawn[i]?.weight)
  );
}
