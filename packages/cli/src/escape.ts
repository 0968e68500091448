/**
 * Showing text that came from outside (a line of input, a file name) on a terminal without
 * letting it drive the terminal: control characters are written as visible escapes.
 */

/** C0 controls, DEL and C1 controls: the characters a terminal may act on instead of show. */
const isControl = (code: number): boolean => code < 0x20 || (code >= 0x7f && code <= 0x9f);

/**
 * `text` with every control character (C0, DEL, C1) escaped: ESC as `\e`, the others as `\xNN`
 * (tab and carriage return included); everything else, backslashes too, as it is.
 *
 * @example
 * escapeControls('go\x1b[2J\x07') // 'go\\e[2J\\x07'
 * escapeControls('héllo 😀')      // 'héllo 😀'
 */
export function escapeControls(text: string): string {
  let shown = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code === 0x1b) shown += '\\e';
    else if (isControl(code)) shown += `\\x${code.toString(16).padStart(2, '0')}`;
    else shown += char;
  }
  return shown;
}
