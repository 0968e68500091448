/**
 * The opening book file: the committed book reads back and writes back the same, and each
 * refusal of the file is named (missing, foreign, truncated), never thrown.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatBook } from '@twenty48/checkers';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOOK_PATH, readBookFile, writeBookFile } from './bookFile.js';

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
