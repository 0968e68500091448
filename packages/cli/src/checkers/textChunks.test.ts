import { describe, expect, it } from 'vitest';
import { textChunks } from './textChunks.js';

const text = 'B:W21,22:B1,2\t-8\t0\nW:W21:B1\t12\n\nmanège é\t3\nlast line, no newline';
const bytes = new TextEncoder().encode(text);

describe('textChunks', () => {
  it('cuts only after newlines, whatever the chunk size, and loses nothing', () => {
    for (let size = 1; size <= bytes.length + 2; size++) {
      const chunks = [...textChunks(bytes, size)];
      expect(chunks.join('')).toBe(text);
      for (const chunk of chunks.slice(0, -1)) expect(chunk.endsWith('\n')).toBe(true);
      // No piece but the last is shorter than the size asked for, and each ends at the first
      // newline it can: none inside its bytes from size - 1 on but the last.
      for (const chunk of chunks.slice(0, -1)) {
        const piece = new TextEncoder().encode(chunk);
        expect(piece.length).toBeGreaterThanOrEqual(size);
        expect(piece.indexOf(10, size - 1)).toBe(piece.length - 1);
      }
    }
  });

  it('gives one piece when the text fits, and none for no bytes', () => {
    expect([...textChunks(bytes)]).toEqual([text]);
    expect([...textChunks(new Uint8Array(0), 4)]).toEqual([]);
    expect([...textChunks(new TextEncoder().encode('a\nbc\nd'), 1)]).toEqual(['a\n', 'bc\n', 'd']);
  });
});
