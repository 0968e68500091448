import { describe, expect, it } from 'vitest';
import { isRecord } from './records.js';

describe('isRecord', () => {
  it('takes objects with fields and refuses null, arrays and plain values', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ kind: 'review', id: 1 })).toBe(true);
    expect(isRecord(Object.create(null))).toBe(true);
    for (const value of [null, undefined, [], [1, 2], 'text', 7, true]) {
      expect(isRecord(value)).toBe(false);
    }
  });
});
