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
    ['a combining grapheme joiner', 'A\u034Fda'],
    ['a variation selector', 'Ada\uFE0F'],
    ['an emoji with its variation selector', '❤\uFE0F'],
    ['a Khmer inherent vowel', 'A\u17B4da'],
    ['a Mongolian free variation selector', 'A\u180Bda'],
    ['a supplementary variation selector', 'Ada\u{E0100}'],
    ['a tag character', 'Ada\u{E0041}'],
    ['an Arabic letter mark', 'Ada\u061C'],
    ['a right-to-left mark', 'Ada\u200Fx'],
    ['a left-to-right embedding', '\u202AAda'],
    ['a pop directional isolate', 'Ada\u2069'],
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

/**
 * Default_Ignorable_Code_Point as the Unicode Character Database lists it
 * (https://www.unicode.org/Public/UCD/latest/ucd/DerivedCoreProperties.txt, unchanged from
 * Unicode 14.0 to 17.0): 4174 code points that a renderer draws as nothing.
 */
const DEFAULT_IGNORABLE: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfff8],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
];

/** The bidi controls (UAX #9): embeddings, overrides, isolates and the three marks. */
const BIDI_CONTROLS = [
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
];

describe('parseName refuses what draws nothing and what reorders text', () => {
  const everyIgnorable = DEFAULT_IGNORABLE.flatMap(([from, to]) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i),
  );

  it('lists the 4174 code points of the Unicode data', () => {
    expect(everyIgnorable).toHaveLength(4174);
  });

  it('refuses every default-ignorable code point inside a name', () => {
    const accepted = everyIgnorable.filter(
      (code) => parseName(`A${String.fromCodePoint(code)}da`).ok,
    );
    expect(accepted.map((code) => code.toString(16))).toEqual([]);
  });

  it('refuses every bidi control, anywhere in a name', () => {
    const accepted = BIDI_CONTROLS.flatMap((code) => {
      const char = String.fromCodePoint(code);
      return [`${char}Ada`, `A${char}da`, `Ada${char}x`].filter((name) => parseName(name).ok);
    });
    expect(accepted).toEqual([]);
  });

  it('leaves one row where there were four look-alikes', () => {
    const kept = ['Ada', 'A\u034Fda', 'Ada\uFE0F', 'A\u17B4da'].filter(
      (name) => parseName(name).ok,
    );
    expect(kept).toEqual(['Ada']);
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
