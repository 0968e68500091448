import { fail, ok, type Result } from '@twenty48/engine';

/** The longest player or save name, in characters (code points). */
export const MAX_NAME_LENGTH = 24;

// Control characters, line and paragraph separators and bidirectional overrides: each can
// break a table row or disguise a name, in a terminal as much as in a page.
const FORBIDDEN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/**
 * Check a player or save name from outside: trimmed, 1 to 24 characters, no control
 * characters, no `<` or `>`. Returns the trimmed name.
 *
 * @example
 * parseName('  Ada ')   // { ok: true, value: 'Ada' }
 * parseName('a\u0007b') // { ok: false, error: { code: 'ERR_NAME', … } }
 * parseName('<b>hi</b>') // { ok: false, error: { code: 'ERR_NAME', … } }
 */
export function parseName(input: unknown): Result<string, 'ERR_NAME'> {
  if (typeof input !== 'string') return fail('ERR_NAME', 'a name must be text');
  const name = input.trim();
  const length = [...name].length;
  if (length < 1 || length > MAX_NAME_LENGTH) {
    return fail('ERR_NAME', `a name is 1 to ${MAX_NAME_LENGTH} characters after trimming`);
  }
  if (FORBIDDEN.test(name)) return fail('ERR_NAME', 'a name may not contain control characters');
  // Markup in a name is never a real name; refusing it is a second wall behind escaping.
  if (/[<>]/.test(name)) return fail('ERR_NAME', 'a name may not contain < or >');
  return ok(name);
}
