/**
 * Lines of text from a stream, each held to a maximum length while it is read, so input that
 * never sends a newline cannot fill the memory: the command loops (`2048 env --stdio`) read
 * through this instead of `node:readline`, which keeps a whole line before it hands it over.
 */
import { StringDecoder } from 'node:string_decoder';

/**
 * One line of input, without its `\n` or `\r\n`. A line longer than the limit is handed over
 * once, as soon as it passes the limit, with `tooLong` set and `text` cut to its first
 * `max + 1` characters (so a check of the same limit refuses it too); the rest of it is
 * discarded as it arrives.
 */
export interface InputLine {
  readonly text: string;
  readonly tooLong: boolean;
}

/**
 * The lines of `input` (UTF-8), each at most `max` characters (UTF-16 code units, as
 * `string.length` counts). Memory stays within about `max` plus one chunk whatever arrives;
 * a last line without a newline is handed over at the end.
 *
 * @example
 * for await (const line of readBoundedLines(process.stdin, 64 * 1024)) {
 *   console.log(line.tooLong ? 'too long' : line.text);
 * }
 */
export async function* readBoundedLines(
  input: AsyncIterable<Buffer | string>,
  max: number,
): AsyncGenerator<InputLine, void, undefined> {
  const decoder = new StringDecoder('utf8');
  let line = '';
  // True from the moment an over-long line is handed over until its newline.
  let skipping = false;
  const withoutCr = (text: string): string => (text.endsWith('\r') ? text.slice(0, -1) : text);

  const take = function* (text: string, ended: boolean): Generator<InputLine> {
    let start = 0;
    for (;;) {
      const newline = ended ? -1 : text.indexOf('\n', start);
      const end = newline === -1 ? text.length : newline;
      if (!skipping) {
        line += text.slice(start, end);
        // A trailing \r may yet be the first half of \r\n: it does not count until then.
        if (line.length > max + 1 || (line.length === max + 1 && !line.endsWith('\r'))) {
          yield { text: line.slice(0, max + 1), tooLong: true };
          line = '';
          skipping = newline === -1;
        } else if (newline !== -1 || (ended && line !== '')) {
          yield { text: withoutCr(line), tooLong: false };
          line = '';
        }
      } else if (newline !== -1) {
        skipping = false;
      }
      if (newline === -1) return;
      start = newline + 1;
    }
  };

  for await (const chunk of input) {
    yield* take(typeof chunk === 'string' ? chunk : decoder.write(chunk), false);
  }
  yield* take(decoder.end(), true);
}
