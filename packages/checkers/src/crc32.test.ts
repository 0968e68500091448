import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32.js';

describe('crc32', () => {
  it('gives the standard check value and the empty value', () => {
    expect(crc32(new Uint8Array([...'123456789'].map((c) => c.charCodeAt(0))))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });
});
