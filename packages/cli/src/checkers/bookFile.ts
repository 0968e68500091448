/**
 * The opening book on disk (the rules package's text format, `formatBook`/`parseBook`): read with
 * every refusal named (`ERR_BOOK_MISSING`, `ERR_BOOK_FOREIGN`, `ERR_BOOK_TRUNCATED`,
 * `ERR_BOOK_DAMAGED`), never throwing, and built by long searches from the ACF ballots.
 */
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
import { committedDataPath, type DataFileRead, readDataFile, writeDataFile } from './dataFile.js';

/** Where the committed book lives: packages/cli/data/book.t48.txt. */
export const DEFAULT_BOOK_PATH = committedDataPath('book.t48.txt');

/** A book read, or why not. */
export type BookRead = DataFileRead<Book, BookErrorCode | 'ERR_BOOK_MISSING'>;

/** The book at `path`, or why not. */
export function readBookFile(path: string): BookRead {
  const bytes = readDataFile(path, 'ERR_BOOK_MISSING', 'the book');
  return bytes.ok ? parseBook(bytes.value.toString('latin1')) : bytes;
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
  writeDataFile(path, Buffer.from(text, 'latin1'));
}
