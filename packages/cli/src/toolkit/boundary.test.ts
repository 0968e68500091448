/**
 * The terminal toolkit's boundary: the files of this folder are what both terminal games share
 * (the screen, keys, the screen loop, colours, text, the line reader, the command line's edge)
 * and import no game: nothing from the folders above and no game's package.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const SOURCES = readdirSync(HERE).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
);

describe('the terminal toolkit', () => {
  it('imports only itself, Node, common and commander', () => {
    const imports = SOURCES.flatMap((name) =>
      [
        ...readFileSync(`${HERE}${name}`, 'utf8').matchAll(/^import [^;]*? from '([^']+)';$/gms),
      ].map((match) => `${name}: ${match[1]}`),
    );
    expect(imports).toContain('screenLoop.ts: ./keys.js');
    const outside = imports.filter(
      (line) => !/: (\.\/[\w.]+\.js|node:[\w/]+|@twenty48\/common|commander)$/.test(line),
    );
    expect(outside).toEqual([]);
  });

  it('holds the shared parts', () => {
    expect(SOURCES.sort()).toEqual([
      'colors.ts',
      'commandLine.ts',
      'keys.ts',
      'lineReader.ts',
      'screenLoop.ts',
      'terminal.ts',
      'text.ts',
      'textInput.ts',
    ]);
  });

  it("is the only part of 2048's folder that checkers' terminal files import (their tests aside)", () => {
    const checkers = fileURLToPath(new URL('../checkers/', import.meta.url));
    const fromAbove = readdirSync(checkers)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .flatMap((name) =>
        [...readFileSync(`${checkers}${name}`, 'utf8').matchAll(/ from '\.\.\/([^']+)';$/gm)].map(
          (match) => `${name}: ${match[1]}`,
        ),
      );
    expect(fromAbove.length).toBeGreaterThan(0);
    expect(fromAbove.filter((line) => !/: toolkit\/[\w.]+\.js$/.test(line))).toEqual([]);
  });
});
