import { describe, expect, it } from 'vitest';
import { ballot } from './ballots.js';
import { type Book, bookMove, formatBook, parseBook } from './book.js';
import { handleEngineLine, newEngineSession } from './engine.js';
import { makeFen } from './fen.js';
import { moveToPdn } from './pdn.js';

const first = ballot(0).position;
const book: Book = {
  moves: new Map([
    [makeFen(first), { move: '25-21', score: -12, depth: 18 }],
    [makeFen(ballot(1).position), { move: '24-19', score: 3, depth: 17 }],
  ]),
};

describe('the opening book', () => {
  it('reads back what it wrote, and gives its move as a legal move', () => {
    const read = parseBook(formatBook(book));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.moves.get(makeFen(first))).toEqual({ move: '25-21', score: -12, depth: 18 });
    const move = bookMove(read.value, first);
    expect(move === null ? null : moveToPdn(move)).toBe('25-21');
  });

  it('names each refusal: foreign, truncated, damaged', () => {
    const text = formatBook(book);
    expect(parseBook('[Event "a PDN file"]\n1. 11-15 *\n')).toMatchObject({
      code: 'ERR_BOOK_FOREIGN',
    });
    expect(parseBook(text.slice(0, text.length - 20))).toMatchObject({
      code: 'ERR_BOOK_TRUNCATED',
    });
    expect(parseBook(text.replace('25-21', '23-18'))).toMatchObject({ code: 'ERR_BOOK_DAMAGED' });
    // A checksum made for a wrong entry still fails on the entry: an illegal move.
    const illegal: Book = {
      moves: new Map([[makeFen(first), { move: '1-5', score: 0, depth: 1 }]]),
    };
    expect(parseBook(formatBook(illegal))).toMatchObject({ code: 'ERR_BOOK_DAMAGED' });
    // Entries cut off with their count left as it was.
    const lines = text.split('\n');
    expect(parseBook([lines[0], lines[1], ...lines.slice(3)].join('\n'))).toMatchObject({
      ok: false,
    });
  });

  it('is what the engine plays from, at once, when it knows the position', () => {
    const out: string[] = [];
    const session = newEngineSession(book);
    handleEngineLine(session, 'position startpos moves 9-13 21-17 5-9', {
      write: (l) => out.push(l),
    });
    handleEngineLine(session, 'go movetime 5000', { write: (l) => out.push(l) });
    expect(out).toEqual(['info depth 18 score -12 nodes 0 pv 25-21', 'bestmove 25-21']);
    // Out of the book, it searches.
    out.length = 0;
    handleEngineLine(session, 'position startpos moves 9-13 21-17 5-9 25-21', {
      write: (l) => out.push(l),
    });
    handleEngineLine(session, 'go depth 2', { write: (l) => out.push(l) });
    expect(out.at(-2)).toMatch(/^info depth 2 /);
  });
});
