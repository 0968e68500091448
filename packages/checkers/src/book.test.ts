import { describe, expect, it } from 'vitest';
import { ballot } from './ballots.js';
import { type Book, bookMove, formatBook, parseBook, recurringPositions } from './book.js';
import { handleEngineLine, newEngineSession } from './engine.js';
import { makeFen } from './fen.js';
import { applyMove } from './moves.js';
import { moveToPdn, parsePdnMove } from './pdn.js';
import { type PdnGame, parsePdnGame } from './pdnGame.js';
import { initialPosition } from './position.js';
import type { Position } from './types.js';

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

describe('the positions a collection of games meets again and again', () => {
  const game = (tags: string, moves: string): PdnGame => {
    const read = parsePdnGame(`${tags}\n${moves} *\n`);
    if (!read.ok) throw new Error(read.error.message);
    return read.value;
  };
  const after = (...moves: string[]): string => {
    let position: Position = initialPosition();
    for (const text of moves) {
      const move = parsePdnMove(position, text);
      if (!move.ok) throw new Error(text);
      position = applyMove(position, move.value);
    }
    return makeFen(position);
  };
  const games = [
    game('[Black "ours"]\n[White "peer"]', '1. 11-15 23-19 2. 8-11 22-17'),
    game('[Black "ours"]\n[White "peer"]', '1. 11-15 23-19 2. 9-14 22-17'),
    game('[Black "peer"]\n[White "ours"]', '1. 11-15 23-19 2. 8-11 22-18'),
    game('[Black "x"]\n[White "y"]', '1. 11-15 24-20'),
  ];
  const fens = (positions: Position[]): string[] => positions.map(makeFen);
  const byFen = (...list: string[]): string[] => [...list].sort();

  it('keeps those met in enough games, before the ply, the most met first', () => {
    // The start and 11-15 in all four games, 23-19 after it in three, 8-11 in two.
    expect(fens(recurringPositions(games, { maxPly: 4, minCount: 2 }))).toEqual([
      ...byFen(after(), after('11-15')),
      after('11-15', '23-19'),
      after('11-15', '23-19', '8-11'),
    ]);
    expect(fens(recurringPositions(games, { maxPly: 4, minCount: 4 }))).toEqual(
      byFen(after(), after('11-15')),
    );
    expect(fens(recurringPositions(games, { maxPly: 1, minCount: 1 }))).toEqual([after()]);
    expect(recurringPositions(games, { maxPly: 4, minCount: 5 })).toEqual([]);
  });

  it('keeps only where the named player is to move, in the games that name it', () => {
    // "ours" has black in two games (the start and 23-19 met in both) and red in one.
    expect(fens(recurringPositions(games, { maxPly: 4, minCount: 1, player: 'ours' }))).toEqual([
      ...byFen(after(), after('11-15', '23-19')),
      ...byFen(after('11-15'), after('11-15', '23-19', '8-11')),
    ]);
    expect(fens(recurringPositions(games, { maxPly: 4, minCount: 2, player: 'ours' }))).toEqual(
      byFen(after(), after('11-15', '23-19')),
    );
    expect(recurringPositions(games, { maxPly: 4, minCount: 1, player: 'nobody' })).toEqual([]);
  });

  it('counts a position once a game, however often the game comes back to it', () => {
    const shuffle = game('[FEN "W:WK30:BK3"]', '1. 30-26 3-7 2. 26-30 7-3 3. 30-26');
    const start = 'W:WK30:BK3';
    expect(fens(recurringPositions([shuffle], { maxPly: 5, minCount: 2 }))).toEqual([]);
    expect(fens(recurringPositions([shuffle, shuffle], { maxPly: 5, minCount: 2 }))).toContain(
      start,
    );
  });
});
