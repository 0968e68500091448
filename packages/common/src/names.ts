/**
 * The player-name rule: what the high-score tables, the leaderboard and the saves accept as a
 * name, in the terminal, in the browser and on the server alike. One rule, because a name typed
 * in one place is shown in all the others.
 */

import { fail, ok, type Result } from './result.js';

/** The most characters a name may have, counting what a reader sees (combining marks excluded). */
export const MAX_NAME_LENGTH = 24;

/**
 * The most combining marks in a row. Vietnamese, Indic and Hebrew names need one or two after
 * NFC; Tibetan stacks subjoined letters and a vowel, so four; a pile of 23 is only there to
 * spill over the rows above and below it.
 */
export const MAX_MARKS_IN_A_ROW = 4;

// With the `u` flag a lone surrogate is a code point of category Cs; a pair is one code point.
const LONE_SURROGATE = /\p{Cs}/u;
// Whitespace (JavaScript's `\s`, what `trim` removes) and the braille blank, which draws nothing.
const BLANK_AT_ENDS = /^[\s\u2800]+|[\s\u2800]+$/gu;
// Control (Cc), format (Cf: zero-width characters, bidi controls, soft hyphen), unassigned
// (Cn), private use (Co: a glyph only its own font knows), line and paragraph separators.
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cn}\p{Co}\p{Zl}\p{Zp}]/u;
// What draws nothing: Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, 4174
// code points: the Hangul fillers, variation selectors, the combining grapheme joiner, Khmer's
// inherent vowels, Mongolian's free variation selectors, tags, zero-width characters…). A
// name with one shows the same as the name without it, and would be a second row that looks
// like the first. JavaScript's property is read from the same data file.
const DRAWS_NOTHING = /\p{Default_Ignorable_Code_Point}/u;
// The bidi controls of UAX #9 (marks, embeddings, overrides, isolates): they reorder the text
// around them. All are format characters and most default-ignorable; named here so the rule
// does not rest on that.
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const MARK = /\p{M}/u;
const LEADING_MARK = /^\p{M}/u;
// Markup is never a name; refusing it is a second wall behind escaping.
const MARKUP = /[<>]/;

/**
 * The characters of `name` as a reader counts them: every code point but combining marks.
 *
 * @example
 * nameLength('Zoe\u0308') // 3
 */
export function nameLength(name: string): number {
  let length = 0;
  for (const ch of name) if (!MARK.test(ch)) length += 1;
  return length;
}

const longestMarkRun = (name: string): number => {
  let longest = 0;
  let run = 0;
  for (const ch of name) {
    run = MARK.test(ch) ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
};

/**
 * Check a player or save name from outside and return it as it is kept: NFC, without blanks
 * at either end. A name has 1 to 24 characters (combining marks do not count), begins with a
 * visible character, and has no lone surrogate, no control, format, unassigned or private-use
 * character, no line or paragraph separator, no default-ignorable code point (what draws
 * nothing: zero-width characters, variation selectors, the Hangul fillers…), no bidi control,
 * no `<` or `>`, and at most four combining marks in a row. An accepted name is accepted again
 * unchanged.
 *
 * @example
 * parseName('  Ada ')      // { ok: true, value: 'Ada' }
 * parseName('Zoe\u0308')   // { ok: true, value: 'Zoë' } (NFC)
 * parseName('A\u200Bda')   // { ok: false, error: { code: 'ERR_NAME', … } }
 * parseName('<b>hi</b>')   // { ok: false, error: { code: 'ERR_NAME', … } }
 */
export function parseName(input: unknown): Result<string, 'ERR_NAME'> {
  if (typeof input !== 'string') return fail('ERR_NAME', 'a name must be text');
  if (LONE_SURROGATE.test(input)) {
    return fail('ERR_NAME', 'a name must be well-formed text (it has a lone surrogate)');
  }
  const name = input.normalize('NFC').replace(BLANK_AT_ENDS, '');
  const length = nameLength(name);
  if (length < 1 || length > MAX_NAME_LENGTH) {
    return fail('ERR_NAME', `a name is 1 to ${MAX_NAME_LENGTH} characters after trimming`);
  }
  if (BIDI_CONTROL.test(name)) {
    return fail('ERR_NAME', 'a name may not contain bidi controls (they reorder the text)');
  }
  if (DRAWS_NOTHING.test(name)) {
    return fail('ERR_NAME', 'a name may not contain characters that draw nothing');
  }
  if (UNPRINTABLE.test(name)) {
    return fail('ERR_NAME', 'a name may not contain control, format or unassigned characters');
  }
  if (LEADING_MARK.test(name)) {
    return fail('ERR_NAME', 'a name may not begin with a combining mark');
  }
  if (longestMarkRun(name) > MAX_MARKS_IN_A_ROW) {
    return fail('ERR_NAME', `a name has at most ${MAX_MARKS_IN_A_ROW} combining marks in a row`);
  }
  if (MARKUP.test(name)) return fail('ERR_NAME', 'a name may not contain < or >');
  return ok(name);
}
