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
