/**
 * The opening book on disk (the rules package's text format, `formatBook`/`parseBook`): read with
 * every refusal named (`ERR_BOOK_MISSING`, `ERR_BOOK_FOREIGN`, `ERR_BOOK_TRUNCATED`,
 * `ERR_BOOK_DAMAGED`), never throwing, and built by long searches from the ACF ballots and from
 * the positions games of PDN files meet again and again (the files read with each refusal named).
 */
import {
  ACF_BALLOTS,
  applyMove,
  type Book,
  type BookEntry,
  type BookErrorCode,
  ballot,
  clearSearchTable,
  makeFen,
  moveToPdn,
  type PdnGame,
  type Position,
  parseBook,
  parsePdnGame,
  type SearchOptions,
  searchBest,
  splitPdnGames,
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

/** How `buildBook` searches, and what. */
export interface BookBuildOptions {
  /** Milliseconds of search a position (unless `depth`). */
  readonly ms: number;
  /** Search each position exactly this deep instead: the same book on any machine. */
  readonly depth?: number;
  /** Moves of the main line from each ballot (0: none). */
  readonly plies: number;
  /** The ballots, from the `first` (0-based), `count` of them (all by default). */
  readonly first?: number;
  readonly count?: number;
  /** More positions to answer (those games meet again and again: `recurringPositions`), each
   * searched from a cleared table. */
  readonly positions?: readonly Position[];
}

/**
 * Builds the book: from each ACF ballot (red to move), `plies` moves of the main line, each the
 * move a search finds (the table kept along each line), so the computer has its answer ready
 * with either colour; then each of `positions`. Reports each ballot and position through
 * `onProgress`.
 */
export function buildBook(
  options: BookBuildOptions,
  onProgress: (done: number, total: number, line: string) => void,
): Book {
  const moves = new Map<string, BookEntry>();
  const first = options.first ?? 0;
  const count = options.count ?? ACF_BALLOTS.length - first;
  const extra = options.positions ?? [];
  const total = (options.plies > 0 ? count : 0) + extra.length;
  const limit = (keepTable: boolean): SearchOptions =>
    options.depth === undefined
      ? { ms: options.ms, keepTable }
      : { depth: options.depth, keepTable };
  let done = 0;
  for (let b = first; options.plies > 0 && b < first + count; b++) {
    let { position } = ballot(b);
    const line: string[] = [];
    clearSearchTable();
    for (let ply = 0; ply < options.plies; ply++) {
      const found = searchBest(position, limit(true));
      if (found.move === null) break;
      const move = moveToPdn(found.move);
      moves.set(makeFen(position), { move, score: found.score, depth: found.depth });
      line.push(move);
      position = applyMove(position, found.move);
    }
    onProgress(++done, total, `${ACF_BALLOTS[b]}: ${line.join(' ')}`);
  }
  for (const position of extra) {
    const found = searchBest(position, limit(false));
    const fen = makeFen(position);
    const move = found.move === null ? null : moveToPdn(found.move);
    if (move !== null) moves.set(fen, { move, score: found.score, depth: found.depth });
    onProgress(++done, total, `${fen}: ${move ?? 'no move'}`);
  }
  return { moves };
}

/** The games of PDN files (the match script's `--pdn` files), or the first file or game that
 * cannot be read, named. */
export function readGameFiles(
  paths: readonly string[],
): { ok: true; value: PdnGame[] } | { ok: false; code: string; message: string } {
  const games: PdnGame[] = [];
  for (const path of paths) {
    const name = JSON.stringify(path.length > 80 ? `${path.slice(0, 80)}…` : path);
    const bytes = readDataFile(path, 'ERR_GAMES_MISSING', `the games ${name}`);
    if (!bytes.ok) return bytes;
    for (const [index, text] of splitPdnGames(bytes.value.toString('utf8')).entries()) {
      const read = parsePdnGame(text);
      if (!read.ok)
        return {
          ok: false,
          code: read.error.code,
          message: `${name}, game ${index + 1}: ${read.error.message}`,
        };
      games.push(read.value);
    }
  }
  return { ok: true, value: games };
}

/** Writes the book's text to `path` atomically. */
export function writeBookFile(path: string, text: string): void {
  writeDataFile(path, Buffer.from(text, 'latin1'));
}
