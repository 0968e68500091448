import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MARKS_IN_A_ROW, MAX_NAME_LENGTH, nameLength, parseName } from './names.js';

const accepted = (input: unknown): string | undefined => {
  const result = parseName(input);
  return result.ok ? result.value : undefined;
};

describe('parseName accepts', () => {
  it.each([
    ['Ada', 'Ada'],
    ['  Ada ', 'Ada'],
    ['Ada Lovelace', 'Ada Lovelace'],
    ['Nguyễn', 'Nguyễn'],
    ['Nguye\u0302\u0303n', 'Nguyễn'],
    ['Zoë', 'Zoë'],
    ['Zoe\u0308', 'Zoë'],
    ['José', 'José'],
    ['Jose\u0301', 'José'],
    ['क्षत्रिय', 'क्षत्रिय'],
    ['Ådne', 'Ådne'],
    ['A\u030Adne', 'Ådne'],
    ['李小龍', '李小龍'],
    ['Ünal', 'Ünal'],
    ['U\u0308nal', 'Ünal'],
    ['བསྒྲུབས', 'བསྒྲུབས'],
    ['שָׁלוֹם', 'שָׁלוֹם'],
    ['Ελένη', 'Ελένη'],
    ['Ольга', 'Ольга'],
    ['⠁⠙⠁', '⠁⠙⠁'],
    ['😀', '😀'],
    ['❤\uFE0F', '❤\uFE0F'],
    ['\u2800 Ada \u2800', 'Ada'],
    ['\uFEFFAda', 'Ada'],
    ['x'.repeat(MAX_NAME_LENGTH), 'x'.repeat(MAX_NAME_LENGTH)],
    ['é'.repeat(MAX_NAME_LENGTH), 'é'.repeat(MAX_NAME_LENGTH)],
    ['😀'.repeat(MAX_NAME_LENGTH), '😀'.repeat(MAX_NAME_LENGTH)],
    [`x${'\u0301'.repeat(MAX_MARKS_IN_A_ROW)}`, `x${'\u0301'.repeat(MAX_MARKS_IN_A_ROW)}`],
    [`a${'\u0301'.repeat(MAX_MARKS_IN_A_ROW + 1)}`, `á${'\u0301'.repeat(MAX_MARKS_IN_A_ROW)}`],
  ])('%j as %j', (input, kept) => {
    expect(accepted(input)).toBe(kept);
  });
});

describe('parseName refuses', () => {
  it.each([
    ['not text', 42],
    ['nothing', undefined],
    ['the empty name', ''],
    ['only spaces', '   '],
    ['only ideographic spaces', '\u3000\u3000'],
    ['the Hangul filler alone', '\u3164'],
    ['the Hangul choseong filler', '\u115F'],
    ['the Hangul jungseong filler', '\u1160'],
    ['the halfwidth Hangul filler', '\uFFA0'],
    ['the braille blank alone', '\u2800'],
    ['a zero-width space alone', '\u200B'],
    ['a zero-width space hidden in a name', 'A\u200Bda'],
    ['a Hangul filler hidden in a name', 'A\u3164da'],
    ['a soft hyphen', 'A\u00ADda'],
    ['a word joiner', 'A\u2060da'],
    ['a right-to-left override', '\u202Eada'],
    ['a right-to-left isolate', 'Ada\u2067x'],
    ['a left-to-right mark', 'Ada\u200E'],
    ['a byte order mark inside', 'A\uFEFFda'],
    ['a control character', 'a\u0007b'],
    ['a newline', 'Ada\nLovelace'],
    ['a tab', 'Ada\tLovelace'],
    ['DEL', 'Ada\u007F'],
    ['a C1 control', 'Ada\u0085x'],
    ['a line separator', 'Ada\u2028Lovelace'],
    ['a paragraph separator', 'Ada\u2029Lovelace'],
    ['an unassigned code point', 'Ada\u0378'],
    ['a noncharacter', 'Ada\uFFFF'],
    ['a private-use character', 'Ada\uE000'],
    ['a lone high surrogate', 'Ada\uD800'],
    ['a lone low surrogate', '\uDC00Ada'],
    ['a reversed pair', 'Ada\uDE00\uD83D'],
    ['markup', '<b>hi</b>'],
    ['a lone >', 'a>b'],
    ['23 stacked combining marks', `Z${'\u0336'.repeat(23)}algo`],
    ['one mark too many', `x${'\u0301'.repeat(MAX_MARKS_IN_A_ROW + 1)}`],
    ['a leading combining mark', '\u0301Ada'],
    ['a leading combining mark after a space', ' \u0301Ada'],
    ['25 characters', 'x'.repeat(MAX_NAME_LENGTH + 1)],
    ['25 astral characters', '😀'.repeat(MAX_NAME_LENGTH + 1)],
  ])('%s', (_, input) => {
    const result = parseName(input);
    expect(result.ok ? `accepted ${JSON.stringify(result.value)}` : result.error.code).toBe(
      'ERR_NAME',
    );
  });
});

describe('nameLength', () => {
  it('counts code points but not combining marks', () => {
    expect(nameLength('Zoe\u0308')).toBe(3);
    expect(nameLength('😀')).toBe(1);
    expect(nameLength('क्षत्रिय')).toBe(5);
  });
});

describe('parseName, on any input', () => {
  const anyText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme-composite', maxLength: 30 }),
    fc.string({
      unit: fc.constantFrom('a', ' ', '\u0301', '\u0308', '\u2800', 'é', '<', '\u200B'),
    }),
  );

  it('never throws, on any value', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), anyText), (input) => {
        expect(() => parseName(input)).not.toThrow();
      }),
    );
  });

  it('keeps only NFC, trimmed, well-formed names of 1 to 24 characters, accepted again unchanged', () => {
    fc.assert(
      fc.property(anyText, (input) => {
        const result = parseName(input);
        if (!result.ok) return;
        const name = result.value;
        expect(name.normalize('NFC')).toBe(name);
        expect(name.trim()).toBe(name);
        expect(/\p{Cs}/u.test(name)).toBe(false);
        expect(nameLength(name)).toBeGreaterThanOrEqual(1);
        expect(nameLength(name)).toBeLessThanOrEqual(MAX_NAME_LENGTH);
        expect(parseName(name)).toEqual(result);
      }),
    );
  });

  it('accepts any short run of letters and digits, spaces around it trimmed', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', 'Z', '7', 'é', 'ß', '李', 'я'),
          minLength: 1,
          maxLength: 24,
        }),
        (core) => {
          expect(accepted(`  ${core} `)).toBe(core);
        },
      ),
    );
  });
});
