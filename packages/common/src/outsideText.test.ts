import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeAndCut, escapeControls, MAX_SHOWN_CHARS } from './outsideText.js';

/** What escapeControls must leave no trace of: controls, bidi controls, separators, lone surrogates. */
const ACTIVE = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029\p{Cs}]/u;

describe('escapeControls', () => {
  it.each([
    ['plain text', 'plain text', 'plain text'],
    ['ESC as \\e', '\x1b[2J', '\\e[2J'],
    ['BEL', '\x07', '\\x07'],
    ['NUL', '\x00', '\\x00'],
    ['tab, CR and LF', 'a\tb\rc\nd', 'a\\x09b\\x0dc\\x0ad'],
    ['US and DEL', '\x1f \x7f', '\\x1f \\x7f'],
    ['C1 controls', '\x80\x9b31m\x9f', '\\x80\\x9b31m\\x9f'],
    ['a right-to-left override', '\u202Eevil.xlsx', '\\u{202E}evil.xlsx'],
    ['isolates and marks', '\u2067a\u2069\u200Fb\u061C', '\\u{2067}a\\u{2069}\\u{200F}b\\u{061C}'],
    ['line and paragraph separators', 'a\u2028b\u2029', 'a\\u{2028}b\\u{2029}'],
    ['a lone surrogate', 'a\uD800b', 'a\\u{D800}b'],
    ['no-break space, accents, emoji', '\xa0é€😀', '\xa0é€😀'],
    ['backslashes', 'C:\\path\\e', 'C:\\path\\e'],
  ])('%s', (_what, text, shown) => {
    expect(escapeControls(text)).toBe(shown);
  });

  it('leaves no active character in any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(Array.from(escapeControls(text)).filter((char) => ACTIVE.test(char))).toEqual([]);
      }),
    );
  });

  it('changes nothing in text without active characters', () => {
    const safe = fc.string({ unit: 'binary' }).map((text) =>
      Array.from(text)
        .filter((char) => !ACTIVE.test(char))
        .join(''),
    );
    fc.assert(
      fc.property(safe, (text) => {
        expect(escapeControls(text)).toBe(text);
      }),
    );
  });
});

describe('escapeAndCut', () => {
  it('shows a short value whole, escaped', () => {
    expect(escapeAndCut('a\x1b[31mb')).toBe('a\\e[31mb');
    expect(escapeAndCut('x'.repeat(MAX_SHOWN_CHARS))).toBe('x'.repeat(MAX_SHOWN_CHARS));
  });

  it('cuts a long value and says how long it was', () => {
    expect(escapeAndCut('x'.repeat(15_000), 10)).toBe('xxxxxxxxxx… (15000 characters)');
    expect(escapeAndCut('😀'.repeat(5), 2)).toBe('😀😀… (5 characters)');
    expect(escapeAndCut(`\x1b${'y'.repeat(300)}`).length).toBeLessThan(MAX_SHOWN_CHARS + 30);
  });

  it('is bounded for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), fc.nat(50), (text, max) => {
        const shown = escapeAndCut(text, max);
        // Each code point shows as at most 10 characters (\u{10FFFF}), plus the count.
        expect(shown.length).toBeLessThanOrEqual(max * 10 + 30);
        expect(Array.from(shown).filter((char) => ACTIVE.test(char))).toEqual([]);
      }),
    );
  });
});
