import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type InputLine, readBoundedLines } from './lineReader.js';

/** Every line read from these chunks. */
async function linesOf(chunks: Iterable<Buffer | string>, max: number): Promise<InputLine[]> {
  const lines: InputLine[] = [];
  for await (const line of readBoundedLines(toAsync(chunks), max)) lines.push(line);
  return lines;
}

async function* toAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

const ok = (text: string): InputLine => ({ text, tooLong: false });

describe('readBoundedLines', () => {
  it.each([
    ['a\nb\n', ['a', 'b']],
    ['a\r\nb\r\n', ['a', 'b']],
    ['a\n\nb', ['a', '', 'b']],
    ['last without newline', ['last without newline']],
    ['', []],
    ['\n', ['']],
    ['a\rb\n', ['a\rb']],
  ])('splits %j into %j', async (text, lines) => {
    expect(await linesOf([text], 100)).toEqual(lines.map(ok));
  });

  it('joins lines and characters split across chunks', async () => {
    const bytes = Buffer.from('héllo wörld\r\nnext\n');
    const oneByOne = Array.from(bytes, (byte) => Buffer.from([byte]));
    expect(await linesOf(oneByOne, 100)).toEqual([ok('héllo wörld'), ok('next')]);
    expect(await linesOf(['ab', 'c\r', '\nd'], 100)).toEqual([ok('abc'), ok('d')]);
  });

  it('takes a line of exactly the limit, with \\n or \\r\\n, and refuses one more', async () => {
    const exact = 'x'.repeat(8);
    expect(await linesOf([`${exact}\n${exact}\r`, `\n${exact}\r`], 8)).toEqual([
      ok(exact),
      ok(exact),
      ok(exact),
    ]);
    expect(await linesOf([`${exact}y\nz`], 8)).toEqual([
      { text: `${exact}y`, tooLong: true },
      ok('z'),
    ]);
    expect(await linesOf([`${exact}\r\r\n`], 8)).toEqual([{ text: `${exact}\r`, tooLong: true }]);
  });

  it('hands an over-long line over once, before its end arrives, and skips the rest of it', async () => {
    let pulled = 0;
    async function* endless(): AsyncGenerator<string> {
      for (;;) {
        pulled++;
        yield 'a'.repeat(1000);
      }
    }
    const lines = readBoundedLines(endless(), 2500);
    expect(await lines.next()).toEqual({
      done: false,
      value: { text: 'a'.repeat(2501), tooLong: true },
    });
    expect(pulled).toBe(3);
    await lines.return();
  });

  it('reads on after an over-long line of 64 MB without keeping it', async () => {
    const megabyte = Buffer.alloc(1024 * 1024, 'a');
    function* input(): Generator<Buffer | string> {
      yield 'first\n';
      for (let i = 0; i < 64; i++) yield megabyte;
      yield '\nnext\n';
      yield 'a'.repeat(20);
    }
    expect(await linesOf(input(), 16)).toEqual([
      ok('first'),
      { text: 'a'.repeat(17), tooLong: true },
      ok('next'),
      { text: 'a'.repeat(17), tooLong: true },
    ]);
  });

  it('reads any text in any chunks as split would, cutting only the lines over the limit', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: fc.constantFrom('a', 'é', '😀', '\r', '\n') }), {
          maxLength: 20,
        }),
        fc.integer({ min: 1, max: 12 }),
        async (pieces, max) => {
          const text = pieces.join('');
          const raw = text.split('\n');
          if (raw.at(-1) === '') raw.pop();
          const expected = raw.map((line) =>
            line.replace(/\r$/, '').length > max
              ? { text: line.slice(0, max + 1), tooLong: true }
              : ok(line.replace(/\r$/, '')),
          );
          const bytes = Buffer.from(text);
          const cut = Math.max(1, Math.floor(bytes.length / 3));
          const chunks = [
            bytes.subarray(0, cut),
            bytes.subarray(cut, 2 * cut),
            bytes.subarray(2 * cut),
          ];
          expect(await linesOf(chunks, max)).toEqual(expected);
        },
      ),
    );
  });
});
