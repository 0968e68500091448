import { describe, expect, it } from 'vitest';
import { randomId } from './rankedTable.js';

describe('randomId', () => {
  it('is 22 base64url characters', () => {
    for (let i = 0; i < 100; i++) expect(randomId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("never starts with '-', which a command line would read as an option: draws again", () => {
    // 0xf8 0x00… encodes as '-A…' in base64url; the second draw is kept.
    const draws = [
      new Uint8Array(16).fill(0).map((_, i) => (i === 0 ? 0xf8 : 0)),
      new Uint8Array(16),
    ];
    let calls = 0;
    const id = randomId(() => draws[calls++] as Uint8Array);
    expect(
      Buffer.from(draws[0] as Uint8Array)
        .toString('base64url')
        .startsWith('-'),
    ).toBe(true);
    expect(calls).toBe(2);
    expect(id).toBe('AAAAAAAAAAAAAAAAAAAAAA');
  });
});
