import { crc32 } from './crc32.js';
import { makeFen, parseFen } from './fen.js';
import { applyMove } from './moves.js';
import { parsePdnMove } from './pdn.js';
import type { PdnGame } from './pdnGame.js';
import type { Move, Position } from './types.js';

/**
 * The opening book: for each position it knows, the move to play, found by a long search. The
 * file is text, one position a line, so it can be read and diffed:
 *
 * ```
 * T48BOOK 1 <entries>
 * <FEN>\t<move in PDN>\t<score>\t<depth>
 * …
 * END <CRC-32 of every line above, newlines included, in hex>
 * ```
 *
 * Reading names each refusal: `ERR_BOOK_FOREIGN` (not a book: no first line), `ERR_BOOK_TRUNCATED`
 * (the END line or entries missing), `ERR_BOOK_DAMAGED` (a checksum that does not match, a line
 * that is no entry, or a move that is not legal in its position).
 */

/** A book: the move for each position, keyed by FEN. */
export interface Book {
  readonly moves: ReadonlyMap<string, BookEntry>;
}

/** One position's entry. */
export interface BookEntry {
  readonly move: string;
  readonly score: number;
  readonly depth: number;
}

export type BookErrorCode = 'ERR_BOOK_FOREIGN' | 'ERR_BOOK_TRUNCATED' | 'ERR_BOOK_DAMAGED';

const MAGIC = 'T48BOOK 1';
const hex = (n: number): string => n.toString(16).padStart(8, '0');
// The book is ASCII; a character beyond it still counts (its low byte), so any change shows.
const bytesOf = (text: string): Uint8Array => {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
};

/**
 * The book's text, entries in FEN order.
 *
 * @example
 * formatBook({ moves: new Map([[INITIAL_FEN, { move: '11-15', score: 0, depth: 20 }]]) })
 */
export function formatBook(book: Book): string {
  const lines = [...book.moves.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([fen, e]) => `${fen}\t${e.move}\t${e.score}\t${e.depth}`);
  const body = `${MAGIC} ${lines.length}\n${lines.map((line) => `${line}\n`).join('')}`;
  return `${body}END ${hex(crc32(bytesOf(body)))}\n`;
}

/** The book a text holds, checked entry by entry, or the named reason it holds none. */
export function parseBook(
  text: string,
): { ok: true; value: Book } | { ok: false; code: BookErrorCode; message: string } {
  if (!text.startsWith(`${MAGIC} `))
    return { ok: false, code: 'ERR_BOOK_FOREIGN', message: `not an opening book (no "${MAGIC}")` };
  const end = text.lastIndexOf('\nEND ');
  if (end < 0) return { ok: false, code: 'ERR_BOOK_TRUNCATED', message: 'the END line is missing' };
  const body = text.slice(0, end + 1);
  const stated = text.slice(end + 5).trim();
  if (stated !== hex(crc32(bytesOf(body))))
    return { ok: false, code: 'ERR_BOOK_DAMAGED', message: 'the text does not match its checksum' };
  const lines = body.split('\n').slice(0, -1);
  const count = Number(lines[0]?.slice(MAGIC.length + 1));
  if (lines.length - 1 !== count)
    return {
      ok: false,
      code: 'ERR_BOOK_TRUNCATED',
      message: `${lines.length - 1} of ${count} entries`,
    };
  const moves = new Map<string, BookEntry>();
  for (const [i, line] of lines.slice(1).entries()) {
    const [fen, move, score, depth] = line.split('\t');
    const position = fen === undefined ? null : parseFen(fen);
    const legal =
      position?.ok === true && move !== undefined && parsePdnMove(position.value, move).ok;
    if (
      !legal ||
      fen === undefined ||
      move === undefined ||
      !Number.isInteger(Number(score)) ||
      !Number.isInteger(Number(depth))
    )
      return {
        ok: false,
        code: 'ERR_BOOK_DAMAGED',
        message: `entry ${i + 1} is no position and legal move`,
      };
    moves.set(fen, { move, score: Number(score), depth: Number(depth) });
  }
  return { ok: true, value: { moves } };
}

/**
 * The book's move for a position, as a legal move, or null when the book does not know it.
 *
 * @example
 * bookMove(book, initialPosition()) // { from: 11, to: 15, … } when the book has the start
 */
export function bookMove(book: Book, position: Position): Move | null {
  const entry = book.moves.get(makeFen(position));
  if (entry === undefined) return null;
  const move = parsePdnMove(position, entry.move);
  return move.ok ? move.value : null;
}

/** Which positions of a collection of games `recurringPositions` keeps. */
export interface RecurringOptions {
  /** Positions before this ply of each game (its first move is ply 0). */
  readonly maxPly: number;
  /** Kept when this many games or more met the position. */
  readonly minCount: number;
  /** Only the positions where the player the game's `Black` or `White` tag names is to move
   * (games without that player are left out); absent: every position. */
  readonly player?: string;
}

/**
 * The positions a collection of games meets again and again, for a book to answer: each position
 * before ply `maxPly` of a game, counted once a game, kept when `minCount` games or more met it;
 * the most met first, then in the order of their FEN.
 *
 * @example
 * recurringPositions(matchGames, { maxPly: 18, minCount: 2, player: 'ours' })
 * // the positions where "ours" was to move in two games or more, in their first 18 plies
 */
export function recurringPositions(
  games: Iterable<Pick<PdnGame, 'tags' | 'start' | 'moves'>>,
  options: RecurringOptions,
): Position[] {
  const counts = new Map<string, { readonly position: Position; games: number }>();
  for (const { tags, start, moves } of games) {
    const { player } = options;
    const side =
      player === undefined
        ? null
        : tags.Black === player
          ? 'black'
          : tags.White === player
            ? 'red'
            : undefined;
    if (side === undefined) continue;
    const met = new Map<string, Position>();
    let position = start;
    for (const [ply, move] of moves.entries()) {
      if (ply >= options.maxPly) break;
      if (side === null || position.turn === side) met.set(makeFen(position), position);
      position = applyMove(position, move);
    }
    for (const [fen, at] of met) {
      const counted = counts.get(fen);
      if (counted === undefined) counts.set(fen, { position: at, games: 1 });
      else counted.games++;
    }
  }
  return [...counts]
    .filter(([, counted]) => counted.games >= options.minCount)
    .sort(([fenA, a], [fenB, b]) => b.games - a.games || (fenA < fenB ? -1 : fenA > fenB ? 1 : 0))
    .map(([, counted]) => counted.position);
}
