import { describe, expect, it } from 'vitest';
import { errorCode, errorMessage } from './errors.js';

describe('errorCode and errorMessage', () => {
  it("read a thrown value's code and message whatever was thrown", () => {
    expect(errorCode(Object.assign(new Error('gone'), { code: 'ENOENT' }))).toBe('ENOENT');
    expect(errorCode({ code: 42 })).toBe('');
    for (const thrown of [new Error('x'), 'boom', undefined, null, 7]) {
      expect(errorCode(thrown)).toBe('');
    }
    expect(errorMessage(new Error('disk full'))).toBe('disk full');
    expect(errorMessage('boom')).toBe('boom');
    expect(errorMessage(undefined)).toBe('undefined');
    expect(errorMessage(null)).toBe('null');
  });
});
