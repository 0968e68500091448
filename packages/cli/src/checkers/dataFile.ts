/**
 * The checkers engine's data files on disk (the opening book, the endgame database): one way to
 * read them, where a file that cannot be read is refused with the file's own `…_MISSING` code,
 * and one way to write them, atomically. Each file's format and its other refusals stay with it
 * (`bookFile.ts`, `egdbFile.ts`).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { errorCode, errorMessage } from '@twenty48/common';

/**
 * Where a committed data file lives: packages/cli/data/`name` (two levels up from both
 * src/checkers and dist/checkers).
 */
export const committedDataPath = (name: string): string =>
  fileURLToPath(new URL(`../../data/${name}`, import.meta.url));

/** A data file read, or why not: its code and a sentence for people. */
export type DataFileRead<T, Code extends string> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: Code; readonly message: string };

/**
 * The refusal for a file that cannot be read (absent, unreadable), naming the system's reason.
 *
 * @example
 * missingFile('ERR_EGDB_MISSING', 'the database', enoent)
 * // { ok: false, code: 'ERR_EGDB_MISSING', message: 'cannot read the database (ENOENT)' }
 */
export function missingFile<Code extends string>(
  code: Code,
  what: string,
  error: unknown,
): { readonly ok: false; readonly code: Code; readonly message: string } {
  return {
    ok: false,
    code,
    message: `cannot read ${what} (${errorCode(error) || errorMessage(error)})`,
  };
}

/**
 * The bytes of the file at `path`, or `missingFile(code, what, …)` when it cannot be read.
 *
 * @example
 * readDataFile('book.t48.txt', 'ERR_BOOK_MISSING', 'the book') // { ok: true, value: <Buffer …> }
 */
export function readDataFile<Code extends string>(
  path: string,
  code: Code,
  what: string,
): DataFileRead<Buffer, Code> {
  try {
    return { ok: true, value: readFileSync(path) };
  } catch (error) {
    return missingFile(code, what, error);
  }
}

/** Writes `bytes` to `path` atomically: a temporary file beside it, renamed into place. */
export function writeDataFile(path: string, bytes: Uint8Array): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, path);
}
