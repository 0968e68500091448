/**
 * The Result every parser of outside data returns: a value, or a failure with a stable named
 * code (`ERR_…`) and a message for people. Parsers return it instead of throwing; throwing is
 * kept for programmer errors.
 */

/** A plain error with a stable code, e.g. `{ code: 'ERR_SIZE', message: 'size must be 2..8' }`. */
export interface Failure<Code extends string = string> {
  readonly code: Code;
  readonly message: string;
}

export type Result<T, Code extends string = string> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: Failure<Code> };

/** Build a successful Result. */
export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });

/** Build a failed Result with a named code. */
export const fail = <Code extends string>(
  code: Code,
  message: string,
): { readonly ok: false; readonly error: Failure<Code> } => ({
  ok: false,
  error: { code, message },
});

/**
 * The value of a successful Result turned by `change`; a failure passes through unchanged.
 *
 * @example
 * mapResult(ok(2), (n) => n * 10)          // { ok: true, value: 20 }
 * mapResult(fail('ERR_X', 'no'), String) // the same failure
 */
export function mapResult<T, U, Code extends string>(
  result: Result<T, Code>,
  change: (value: T) => U,
): Result<U, Code> {
  return result.ok ? ok(change(result.value)) : result;
}

/**
 * The value of a Result, or `fallback` when it failed.
 *
 * @example
 * valueOr(parseJson('[1]'), null) // [1]
 * valueOr(parseJson('{'), null)   // null
 */
export function valueOr<T, F>(result: Result<T>, fallback: F): T | F {
  return result.ok ? result.value : fallback;
}

/**
 * Run something that may throw (a database, a file, a parser of someone else's) and make a
 * throw a named failure; for code at the edges, where a throw is the outside world's, not a
 * programmer's error.
 *
 * @example
 * attempt(() => ok(readFileSync(path, 'utf8')), 'ERR_READ', (e) => `cannot read: ${e}`)
 */
export function attempt<T, Code extends string, ThrownCode extends string>(
  run: () => Result<T, Code>,
  code: ThrownCode,
  describe: (error: unknown) => string,
): Result<T, Code | ThrownCode> {
  try {
    return run();
  } catch (error) {
    return fail(code, describe(error));
  }
}

/**
 * JSON text as a value, or `ERR_JSON` naming what was expected.
 *
 * @example
 * parseJson('{"a":1}')                      // { ok: true, value: { a: 1 } }
 * parseJson('{', 'the record is not valid JSON') // { ok: false, error: { code: 'ERR_JSON', … } }
 */
export function parseJson(
  text: string,
  message = 'the text is not valid JSON',
): Result<unknown, 'ERR_JSON'> {
  return attempt(
    () => ok(JSON.parse(text) as unknown),
    'ERR_JSON',
    () => message,
  );
}
