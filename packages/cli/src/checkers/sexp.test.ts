import { describe, expect, it } from 'vitest';
import { type Expr, readExpressions, writeExpression } from './sexp.js';

const sym = (name: string): Expr => ({ kind: 'symbol', name });
const num = (value: number): Expr => ({ kind: 'number', value });
const list = (...items: Expr[]): Expr => ({ kind: 'list', items });

describe('readExpressions', () => {
  it.each<[string, Expr[]]>([
    ['(move (3 2) southeast)', [list(sym('move'), list(num(3), num(2)), sym('southeast'))]],
    ['  (Move [3 2] SouthEast)  ', [list(sym('move'), list(num(3), num(2)), sym('southeast'))]],
    ['(save "my game")', [list(sym('save'), { kind: 'string', value: 'my game' })]],
    [
      '(save "a \\"quoted\\" \\\\ name")',
      [list(sym('save'), { kind: 'string', value: 'a "quoted" \\ name' })],
    ],
    ['(exit) ; a comment (', [list(sym('exit'))]],
    ['(score)(undo)', [list(sym('score')), list(sym('undo'))]],
    ['exit', [sym('exit')]],
    ['()', [list()]],
    ['(3.5 -2 +7)', [list(num(3.5), num(-2), num(7))]],
    ['', []],
    ['   ; only a comment', []],
  ])('%j', (text, expected) => {
    expect(readExpressions(text)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['(move (3 2) southeast', 'a ( is never closed'],
    ['(exit))', 'a ) closes nothing'],
    [')', 'a ) closes nothing'],
    ['[exit)', 'a ] was expected, not )'],
    ['(save "name)', 'a " is never closed'],
    ['['.repeat(5000), 'a [ is never closed'],
  ])('refuses %j: %s', (text, message) => {
    expect(readExpressions(text)).toEqual({ ok: false, error: { code: 'ERR_READ', message } });
  });

  it('writes back what it read', () => {
    const text = '(move (3 2) (4 3) "x")';
    const read = readExpressions(text);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.map(writeExpression)).toEqual([text]);
  });
});
