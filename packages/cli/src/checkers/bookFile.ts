/**
 * The opening book on disk (the rules package's text format, `formatBook`/`parseBook`): read with
 * every refusal named (`ERR_BOOK_MISSING`, `ERR_BOOK_FOREIGN`, `ERR_BOOK_TRUNCATED`,
 * `ERR_BOOK_DAMAGED`), never throwing, and built by long searches from the ACF ballots.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  ACF_BALLOTS,
  applyMove,
  type Book,
  type BookEntry,
  type BookErrorCode,
  ballot,
  makeFen,
  moveToPdn,
  parseBook,
  searchBest,
} from '@twenty48/checkers';
import { errorCode, errorMessage } from '@twenty48/common';

/** Where the committed book lives: packages/cli/data/book.t48.txt. */
export const DEFAULT_BOOK_PATH = fileURLToPath(new URL('../../data/book.t48.txt', import.meta.url));

/** A book read, or why not. */
export type BookRead =
  | { readonly ok: true; readonly value: Book }
  | {
      readonly ok: false;
      readonly code: BookErrorCode | 'ERR_BOOK_MISSING';
      readonly message: string;
    };

/** The book at `path`, or why not. */
export function readBookFile(path: string): BookRead {
  let text: string;
  try {
    text = readFileSync(path, 'latin1');
  } catch (error) {
    return {
      ok: false,
      code: 'ERR_BOOK_MISSING',
      message: `cannot read the book (${errorCode(error) || errorMessage(error)})`,
    };
  }
  return parseBook(text);
}

/**
 * Builds the book: from each ACF ballot (red to move), `plies` moves of the main line, each the
 * move a `ms` search finds (the table kept along each line), so the computer has its answer ready
 * with either colour. Reports each ballot through `onProgress`.
 */
export function buildBook(
  options: { ms: number; plies: number; first?: number; count?: number },
  onProgress: (done: number, total: number, line: string) => void,
): Book {
  const moves = new Map<string, BookEntry>();
  const first = options.first ?? 0;
  const count = options.count ?? ACF_BALLOTS.length - first;
  for (let b = first; b < first + count; b++) {
    let { position } = ballot(b);
    const line: string[] = [];
    for (let ply = 0; ply < options.plies; ply++) {
      const found = searchBest(position, { ms: options.ms, keepTable: true });
      if (found.move === null) break;
      const move = moveToPdn(found.move);
      moves.set(makeFen(position), { move, score: found.score, depth: found.depth });
      line.push(move);
      position = applyMove(position, found.move);
    }
    onProgress(b - first + 1, count, `${ACF_BALLOTS[b]}: ${line.join(' ')}`);
  }
  return { moves };
}

/** Writes the book's text to `path` atomically. */
export function writeBookFile(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text, 'latin1');
  renameSync(temporary, path);
}
