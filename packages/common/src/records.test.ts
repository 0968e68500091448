import { describe, expect, it } from 'vitest';
import { isCount, isOneOf, isRecord } from './records.js';

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

describe('isCount', () => {
  it('takes whole numbers from 0 to the largest safe integer, nothing else', () => {
    for (const good of [0, 1, 2048, Number.MAX_SAFE_INTEGER]) expect(isCount(good)).toBe(true);
    for (const bad of [-1, 2.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1, '3', null, undefined]) {
      expect(isCount(bad)).toBe(false);
    }
  });
});

describe('isOneOf', () => {
  it('takes the values of the list, compared with ===, and nothing else', () => {
    const SIDES = ['black', 'red'] as const;
    expect(isOneOf(SIDES, 'red')).toBe(true);
    for (const bad of ['Red', 'white', '', null, undefined, 1])
      expect(isOneOf(SIDES, bad)).toBe(false);
    expect(isOneOf([4, 6, 8], 6)).toBe(true);
    expect(isOneOf([4, 6, 8], '6')).toBe(false);
  });
});
