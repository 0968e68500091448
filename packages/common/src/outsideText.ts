/**
 * Showing text that came from outside (a server's message, an argument, a file name, a FEN, a
 * line of input) without letting it act: control characters could drive a terminal (clear it,
 * recolour it, retitle it), bidi controls reorder what follows them (`‮evil.xlsx`), line
 * separators start a line that seems to be ours, and a 15 KB value buries the sentence around
 * it. The terminal programs and the server both show outside text through these two.
 */

/** The most characters of one outside value shown by default; the rest is counted, not shown. */
export const MAX_SHOWN_CHARS = 200;

// The bidi controls of UAX #9: the Arabic letter mark, the LRM and RLM, the embeddings and
// overrides (U+202A-U+202E) and the isolates (U+2066-U+2069).
const BIDI_CONTROL = /^[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]$/u;

/** Whether a code point is escaped: C0, DEL, C1, a bidi control, a line or paragraph separator, a lone surrogate. */
const isEscaped = (char: string, code: number): boolean =>
  code < 0x20 ||
  (code >= 0x7f && code <= 0x9f) ||
  code === 0x2028 ||
  code === 0x2029 ||
  (code >= 0xd800 && code <= 0xdfff) ||
  BIDI_CONTROL.test(char);

const hex = (code: number, width: number): string =>
  code.toString(16).toUpperCase().padStart(width, '0');

/**
 * `text` with every control character escaped so it shows instead of acting: ESC as `\e`, other
 * C0, DEL and C1 controls as `\xNN` (tab, CR and LF too), bidi controls, U+2028, U+2029 and
 * lone surrogates as `\u{NNNN}`; everything else, backslashes too, as it is.
 *
 * @example
 * escapeControls('go\x1b[2J\x07')  // 'go\\e[2J\\x07'
 * escapeControls('\u202Eevil.xlsx') // '\\u{202E}evil.xlsx'
 * escapeControls('héllo 😀')       // 'héllo 😀'
 */
export function escapeControls(text: string): string {
  let shown = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (!isEscaped(char, code)) shown += char;
    else if (code === 0x1b) shown += '\\e';
    else if (code < 0x100) shown += `\\x${hex(code, 2).toLowerCase()}`;
    else shown += `\\u{${hex(code, 4)}}`;
  }
  return shown;
}

/**
 * An outside value as it may be shown: its first `maxChars` code points with controls escaped
 * (`escapeControls`), and when it is longer, `…` and how long it was. Never longer than
 * `maxChars` escapes and a short tail, whatever came in.
 *
 * @example
 * escapeAndCut('a\x1b[31mb')              // 'a\\e[31mb'
 * escapeAndCut('x'.repeat(15000), 10)     // 'xxxxxxxxxx… (15000 characters)'
 */
export function escapeAndCut(text: string, maxChars = MAX_SHOWN_CHARS): string {
  // A code point count without spreading a huge string into an array.
  let count = 0;
  let end = 0;
  for (const char of text) {
    if (count < maxChars) end += char.length;
    count++;
  }
  if (count <= maxChars) return escapeControls(text);
  return `${escapeControls(text.slice(0, end))}… (${count} characters)`;
}
