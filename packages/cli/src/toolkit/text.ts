/**
 * Text on a terminal screen, for any full-screen program: how wide a line with colour escapes
 * shows, a line cut to the window, lines centred in a frame, words wrapped to a width.
 */

/**
 * How many columns a line takes on screen: its characters without the colour escapes.
 *
 * @example
 * visibleLength('\x1b[1mhi\x1b[0m') // 2
 */
export const visibleLength = (line: string): number =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escapes are what we strip
  [...line.replace(/\x1b\[[0-9;]*m/g, '')].length;

/**
 * Plain text cut to `cols` columns, with an ellipsis when it was longer.
 *
 * @example
 * fit('a long line', 6) // 'a lon…'
 */
export const fit = (text: string, cols: number): string =>
  [...text].length > cols ? `${[...text].slice(0, Math.max(0, cols - 1)).join('')}…` : text;

/**
 * A frame of exactly `rows` lines with `content` centred in it, each line on its own (lines of
 * one width, like a board's, stay aligned); what does not fit below is cut.
 *
 * @example
 * centreLines(['hi'], 10, 3) // ['', '    hi', '']
 */
export function centreLines(content: readonly string[], cols: number, rows: number): string[] {
  const top = Math.max(0, Math.floor((rows - content.length) / 2));
  const frame = Array.from({ length: rows }, () => '');
  content.slice(0, rows).forEach((line, i) => {
    const left = ' '.repeat(Math.max(0, Math.floor((cols - visibleLength(line)) / 2)));
    if (top + i < rows) frame[top + i] = line === '' ? '' : left + line;
  });
  return frame;
}

/**
 * `text` broken into lines of at most `cols` columns at spaces (a word longer than that is cut).
 *
 * @example
 * wrap('Make the window at least 25x13', 16) // ['Make the window', 'at least 25x13']
 */
export function wrap(text: string, cols: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if ([...next].length <= cols || line === '') line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  lines.push(line);
  return lines.map((l) => fit(l, Math.max(1, cols)));
}

/**
 * A frame of exactly `rows` lines with `content` from row `top` down, each line centred on its
 * own across `cols` (a board placed where it stands whatever shows below it); what does not fit
 * below is cut.
 *
 * @example
 * centreFrom(['hi'], 1, 6, 3) // ['', '  hi', '']
 */
export function centreFrom(
  content: readonly string[],
  top: number,
  cols: number,
  rows: number,
): string[] {
  const frame = centreLines(content, cols, content.length);
  return [
    ...Array.from({ length: top }, () => ''),
    ...frame,
    ...Array.from({ length: rows }, () => ''),
  ].slice(0, rows);
}
