/**
 * The opening book file: the committed book reads back and writes back the same, and each
 * refusal of the file is named (missing, foreign, truncated), never thrown; the games a book is
 * built from are read with each refusal named, and the book answers each position it is given.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatBook, makeFen, type Position, parseFen, parsePdnMove } from '@twenty48/checkers';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildBook,
  DEFAULT_BOOK_PATH,
  readBookFile,
  readGameFiles,
  writeBookFile,
} from './bookFile.js';

const directory = mkdtempSync(join(tmpdir(), 'book-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('the opening book file', () => {
  it('reads the committed book and writes it back byte for byte', () => {
    const read = readBookFile(DEFAULT_BOOK_PATH);
    if (!read.ok) throw new Error(`the committed book: ${read.code} ${read.message}`);
    expect(read.value.moves.size).toBeGreaterThan(0);
    const path = join(directory, 'copy.t48.txt');
    writeBookFile(path, formatBook(read.value));
    expect(readFileSync(path).equals(readFileSync(DEFAULT_BOOK_PATH))).toBe(true);
  });

  it('names each refusal', () => {
    const missing = readBookFile(join(directory, 'none.t48.txt'));
    expect(missing).toMatchObject({ ok: false, code: 'ERR_BOOK_MISSING' });
    if (!missing.ok) expect(missing.message).toBe('cannot read the book (ENOENT)');
    const foreign = join(directory, 'foreign.t48.txt');
    writeFileSync(foreign, 'GIF89a and more bytes');
    expect(readBookFile(foreign)).toMatchObject({ ok: false, code: 'ERR_BOOK_FOREIGN' });
    const truncated = join(directory, 'truncated.t48.txt');
    const whole = readFileSync(DEFAULT_BOOK_PATH, 'latin1');
    writeFileSync(truncated, whole.slice(0, Math.floor(whole.length / 2)), 'latin1');
    expect(readBookFile(truncated)).toMatchObject({ ok: false, code: 'ERR_BOOK_TRUNCATED' });
  });
});

describe('building a book from games', () => {
  const match = (black: string, white: string, moves: string): string =>
    `[Event "a match"]\n[Black "${black}"]\n[White "${white}"]\n\n${moves} 1-1\n\n`;

  it('reads every game of every file, and names the file and game it cannot read', () => {
    const one = join(directory, 'one.pdn');
    const two = join(directory, 'two.pdn');
    writeFileSync(one, match('ours', 'peer', '1. 11-15 23-19') + match('peer', 'ours', '1. 9-13'));
    writeFileSync(two, match('ours', 'peer', '1. 11-16 24-20'));
    const read = readGameFiles([one, two]);
    if (!read.ok) throw new Error(read.message);
    expect(read.value.map((game) => game.moves.length)).toEqual([2, 1, 2]);
    expect(read.value[1]?.tags.White).toBe('ours');
    expect(readGameFiles([one, join(directory, 'none.pdn')])).toMatchObject({
      ok: false,
      code: 'ERR_GAMES_MISSING',
    });
    const bad = join(directory, 'bad.pdn');
    writeFileSync(bad, match('ours', 'peer', '1. 11-15') + match('ours', 'peer', '1. 11-15 15-19'));
    const refused = readGameFiles([bad]);
    expect(refused).toMatchObject({ ok: false, code: 'ERR_ILLEGAL_MOVE' });
    if (!refused.ok) expect(refused.message).toContain('bad.pdn", game 2:');
  });

  it('answers each position it is given, by a search of the depth asked', () => {
    const fens = [
      'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12',
      'W:W22:B18',
    ];
    const positions = fens.map((fen) => {
      const parsed = parseFen(fen);
      if (!parsed.ok) throw new Error(fen);
      return parsed.value;
    });
    const lines: string[] = [];
    const book = buildBook({ ms: 1, depth: 3, plies: 0, positions }, (done, total, line) =>
      lines.push(`${done}/${total} ${line}`),
    );
    expect([...book.moves.keys()]).toEqual(positions.map(makeFen));
    for (const [fen, entry] of book.moves) {
      const position = parseFen(fen);
      if (!position.ok) throw new Error(fen);
      expect(parsePdnMove(position.value, entry.move).ok).toBe(true);
    }
    expect(book.moves.get(makeFen(positions[0] as Position))?.depth).toBe(3);
    // A forced move is answered without a search.
    expect(book.moves.get('W:W22:B18')).toEqual({
      move: '22x15',
      score: expect.any(Number),
      depth: 0,
    });
    const start = makeFen(positions[0] as Position);
    expect(lines).toEqual([`1/2 ${start}: ${book.moves.get(start)?.move}`, '2/2 W:W22:B18: 22x15']);
  });
});
