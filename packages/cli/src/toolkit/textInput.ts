/**
 * Reading a file a command is given, or standard input for `-`: as a stream, counting the bytes
 * as they come (a pipe may deliver late, and a size on disk means nothing for stdin, a FIFO or
 * `/dev/zero`), refused by name past a limit. `2048 replay` and `2048 review` read records
 * with it, `checkers analyze` PDN.
 */
import { createReadStream } from 'node:fs';
import { errorCode, errorMessage, fail, ok, type Result } from '@twenty48/common';

/** Plain words for the usual reasons a file cannot be read. */
const READ_FAILURES: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
};

/**
 * The text of `path` (`-` is stdin), or ERR_READ / ERR_TOO_LARGE past `maxBytes` ("stdin is
 * larger than any record (… bytes)", `what` naming what the file should be).
 *
 * @example
 * const text = await readTextInput('-', 4_000_000, 'any PDN game');
 * if (!text.ok) writeErrorLine(`error: ${text.error.message}`, text.error.code);
 */
export async function readTextInput(
  path: string,
  maxBytes: number,
  what: string,
): Promise<Result<string>> {
  const name = path === '-' ? 'stdin' : path;
  const input = path === '-' ? process.stdin : createReadStream(path);
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      // Leaving the loop destroys the stream: nothing more is read.
      if (bytes > maxBytes) {
        return fail('ERR_TOO_LARGE', `${name} is larger than ${what} (${maxBytes} bytes)`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    const code = errorCode(error);
    const why = READ_FAILURES[code] ?? (code || errorMessage(error));
    return fail('ERR_READ', `cannot read ${name}: ${why}`);
  }
  return ok(Buffer.concat(chunks).toString('utf8'));
}
