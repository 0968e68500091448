/**
 * What a value parsed from outside (a JSON line, a worker's message) is, checked rather than
 * cast: the one test every protocol reader starts with.
 */

/**
 * True for an object with fields (not null, not an array): its fields may then be read, each
 * still unknown.
 *
 * @example
 * isRecord({ kind: 'review' }) // true
 * isRecord([1, 2]) // false
 * isRecord(null) // false
 */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * True for a count read from outside: a whole number from 0 up to the largest safe integer.
 *
 * @example
 * isCount(12) // true
 * isCount(-1) // false
 * isCount('3') // false
 */
export const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * True for one of `values` (compared with `===`): the check a value from outside gets against a
 * vocabulary tuple (`RANKED_RULES`, a select's options), which then has the tuple's type.
 *
 * @example
 * isOneOf(['up', 'down'] as const, 'up') // true
 * isOneOf(['up', 'down'] as const, 'north') // false
 */
export const isOneOf = <T>(values: readonly T[], x: unknown): x is T =>
  values.some((value) => value === x);
