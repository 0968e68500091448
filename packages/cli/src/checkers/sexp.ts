/**
 * The reader of the checkers command line: the original checkers was played at a Racket REPL, so
 * commands are S-expressions, `(move (3 2) southeast)`. Lists (in parentheses or brackets),
 * symbols, numbers and "strings" are read; a `;` starts a comment. Symbols are read in lower case,
 * so `(Move (3 2) SouthEast)` is the same command.
 */
import { fail, ok, type Result } from '@twenty48/common';

/** One datum as the reader gives it. */
export type Expr =
  | { readonly kind: 'symbol'; readonly name: string }
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'list'; readonly items: readonly Expr[] };

const CLOSER: Readonly<Record<string, string>> = { '(': ')', '[': ']' };
const DELIMITER = /[\s()[\]";]/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const STRING_ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', '\\': '\\', '"': '"' };

/**
 * Every datum on a line, in order: `[]` for a blank line or a comment. Unbalanced brackets and
 * an unclosed string fail with `ERR_READ`, saying which.
 *
 * @example
 * readExpressions('(move (3 2) southeast)')
 * // ok([{ kind: 'list', items: [{ kind: 'symbol', name: 'move' }, …] }])
 * readExpressions('(move (3 2)') // fails: ERR_READ, a ( is never closed
 */
export function readExpressions(text: string): Result<Expr[], 'ERR_READ'> {
  // An explicit stack instead of recursion: a line of ten thousand "(" is just refused.
  const open: { closer: string; items: Expr[] }[] = [];
  const top: Expr[] = [];
  const add = (expr: Expr): void => {
    (open.at(-1)?.items ?? top).push(expr);
  };
  let i = 0;
  while (i < text.length) {
    const char = text.charAt(i);
    if (/\s/.test(char)) {
      i++;
    } else if (char === ';') {
      break;
    } else if (CLOSER[char] !== undefined) {
      open.push({ closer: CLOSER[char], items: [] });
      i++;
    } else if (char === ')' || char === ']') {
      const list = open.pop();
      if (list === undefined) return fail('ERR_READ', `a ${char} closes nothing`);
      if (list.closer !== char)
        return fail('ERR_READ', `a ${list.closer} was expected, not ${char}`);
      add({ kind: 'list', items: list.items });
      i++;
    } else if (char === '"') {
      let value = '';
      let end = i + 1;
      for (; end < text.length && text[end] !== '"'; end++) {
        if (text[end] === '\\' && end + 1 < text.length) {
          end++;
          const escaped = text.charAt(end);
          value += STRING_ESCAPES[escaped] ?? escaped;
        } else value += text.charAt(end);
      }
      if (end >= text.length) return fail('ERR_READ', 'a " is never closed');
      add({ kind: 'string', value });
      i = end + 1;
    } else {
      let end = i;
      while (end < text.length && !DELIMITER.test(text.charAt(end))) end++;
      const atom = text.slice(i, end);
      add(
        NUMBER.test(atom)
          ? { kind: 'number', value: Number(atom) }
          : { kind: 'symbol', name: atom.toLowerCase() },
      );
      i = end;
    }
  }
  const unclosed = open.at(-1);
  if (unclosed !== undefined) {
    const opener = unclosed.closer === ')' ? '(' : '[';
    return fail('ERR_READ', `a ${opener} is never closed`);
  }
  return ok(top);
}

/**
 * A datum as the REPL would print it back: `(move (3 2) southeast)`.
 *
 * @example
 * writeExpression({ kind: 'list', items: [{ kind: 'symbol', name: 'exit' }] }) // '(exit)'
 */
export function writeExpression(expr: Expr): string {
  switch (expr.kind) {
    case 'symbol':
      return expr.name;
    case 'number':
      return String(expr.value);
    case 'string':
      return JSON.stringify(expr.value);
    case 'list':
      return `(${expr.items.map(writeExpression).join(' ')})`;
  }
}
