import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeControls } from './escape.js';

describe('escapeControls', () => {
  it.each([
    ['plain text', 'plain text', 'plain text'],
    ['ESC as \\e', '\x1b[2J', '\\e[2J'],
    ['BEL', '\x07', '\\x07'],
    ['NUL', '\x00', '\\x00'],
    ['tab, CR and LF', 'a\tb\rc\nd', 'a\\x09b\\x0dc\\x0ad'],
    ['US and DEL', '\x1f \x7f', '\\x1f \\x7f'],
    ['C1 controls', '\x80\x9b31m\x9f', '\\x80\\x9b31m\\x9f'],
    ['no-break space, accents, emoji', '\xa0é€😀', '\xa0é€😀'],
    ['backslashes', 'C:\\path\\e', 'C:\\path\\e'],
  ])('%s', (_what, text, shown) => {
    expect(escapeControls(text)).toBe(shown);
  });

  const isControlCode = (code: number): boolean => code < 0x20 || (code >= 0x7f && code <= 0x9f);

  it('leaves no control character in any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const left = Array.from(escapeControls(text)).filter((char) =>
          isControlCode(char.charCodeAt(0)),
        );
        expect(left).toEqual([]);
      }),
    );
  });

  it('changes nothing in text without control characters', () => {
    const safe = fc.string({ unit: 'binary' }).map((text) =>
      Array.from(text)
        .filter((char) => !isControlCode(char.charCodeAt(0)))
        .join(''),
    );
    fc.assert(
      fc.property(safe, (text) => {
        expect(escapeControls(text)).toBe(text);
      }),
    );
  });
});
