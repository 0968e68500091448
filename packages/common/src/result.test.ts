import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attempt, fail, mapResult, ok, parseJson, type Result, valueOr } from './result.js';

describe('Result helpers', () => {
  it('maps a value and passes a failure through', () => {
    expect(mapResult(ok(2), (n) => n * 10)).toEqual(ok(20));
    const refused = (): Result<number, 'ERR_X'> => fail('ERR_X', 'no');
    const failed = refused();
    expect(mapResult(failed, (n) => n * 10)).toBe(failed);
  });

  it('gives the value or the fallback', () => {
    expect(valueOr(ok('a'), 'b')).toBe('a');
    expect(valueOr(fail('ERR_X', 'no'), 'b')).toBe('b');
  });

  it('makes a throw a named failure, and keeps what the run returned', () => {
    const thrown = attempt(
      () => {
        throw new Error('disk full');
      },
      'ERR_STORE',
      (error) => `the database failed: ${(error as Error).message}`,
    );
    expect(thrown).toEqual(fail('ERR_STORE', 'the database failed: disk full'));
    expect(attempt(() => ok(1), 'ERR_STORE', String)).toEqual(ok(1));
    expect(attempt(() => fail('ERR_NAME', 'bad'), 'ERR_STORE', String)).toEqual(
      fail('ERR_NAME', 'bad'),
    );
  });

  it('parses JSON or names ERR_JSON, on any text', () => {
    expect(parseJson('{"a":[1]}')).toEqual(ok({ a: [1] }));
    expect(parseJson('{', 'the record is not valid JSON')).toEqual(
      fail('ERR_JSON', 'the record is not valid JSON'),
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(parseJson(JSON.stringify(value))).toEqual(ok(JSON.parse(JSON.stringify(value))));
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseJson(text);
        expect(parsed.ok || parsed.error.code === 'ERR_JSON').toBe(true);
      }),
    );
  });
});
