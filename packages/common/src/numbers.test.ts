import { describe, expect, it } from 'vitest';
import { formatNumber } from './numbers.js';

describe('formatNumber', () => {
  it('writes thousands separators, and none below a thousand', () => {
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatNumber(3932100)).toBe('3,932,100');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(0)).toBe('0');
  });
});
