import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { type Board, type Game, newGame, slide } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { openGameShelf } from './gameShelf.js';
import { createMatch } from './match.js';
import { formatBoard, formatPlainState } from './plainBoard.js';
import { playPlain } from './plainPlay.js';

// The labwork's snapshot: score 152, then `d` gives score 160.
const LABWORK_BEFORE: Board = [
  [0, 0, 0, 4],
  [0, 4, 0, 0],
  [4, 8, 0, 16],
  [2, 32, 4, 4],
];
const LABWORK_BEFORE_TEXT = [
  'Score: 152',
  '',
  '|.  |.  |.  |4  |',
  '|.  |4  |.  |.  |',
  '|4  |8  |.  |16 |',
  '|2  |32 |4  |4  |',
  '',
  'Next move [w/a/s/d]: ',
].join('\n');
const LABWORK_AFTER_ROWS = [
  '|.  |.  |.  |4  |',
  '|.  |2  |.  |4  |',
  '|.  |4  |8  |16 |',
  '|.  |2  |32 |8  |',
];

/** A classic game whose board is the labwork's: a Game is plain data. */
function labworkGame(): Game {
  let nextId = 1;
  const ids = LABWORK_BEFORE.map((row) => row.map((value) => (value === 0 ? 0 : nextId++)));
  return { ...newGame('classic', 'seed-001'), board: LABWORK_BEFORE, ids, nextId, score: 152 };
}

describe('formatBoard', () => {
  it('pads cells to three characters, left-aligned, with . for empty', () => {
    expect(
      formatBoard([
        [0, 2],
        [16, 128],
      ]),
    ).toEqual(['|.  |2  |', '|16 |128|']);
  });

  it('widens every field together when a value needs more than three characters', () => {
    expect(
      formatBoard([
        [2048, 0],
        [2, 131072],
      ]),
    ).toEqual(['|2048  |.     |', '|2     |131072|']);
  });
});

describe("the labwork's interactive snapshot", () => {
  it('prints the score-152 board exactly as the labwork does', () => {
    expect(formatPlainState(labworkGame())).toBe(LABWORK_BEFORE_TEXT);
  });

  it("answers d with score 160 and the labwork's layout apart from the spawned tile", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let printed = '';
    output.on('data', (chunk) => {
      printed += String(chunk);
    });
    const match = createMatch(
      labworkGame(),
      openGameShelf(mkdtempSync(join(tmpdir(), 'twenty48-plain-'))),
    );
    const done = playPlain({ match, input, output, echo: false });
    input.end('d\n');
    await done;

    expect(printed.startsWith(LABWORK_BEFORE_TEXT)).toBe(true);
    const after = printed.slice(LABWORK_BEFORE_TEXT.length).split('\n');
    expect(after.slice(0, 3)).toEqual(['', 'Score: 160', '']);
    const rows = after.slice(3, 7);
    expect(after[7]).toBe('');
    const cellsOf = (row: string): string[] => row.split('|').slice(1, -1);
    const slid = slide(LABWORK_BEFORE, 'right', 'classic').board;
    // The new tile: the one cell the slide left empty that is printed with a value.
    const spawned = rows.flatMap((row, r) =>
      cellsOf(row).flatMap((cell, c) => (cell !== '.  ' && slid[r]?.[c] === 0 ? [[r, c]] : [])),
    );
    expect(spawned).toHaveLength(1);
    const [spawnRow, spawnCol] = spawned[0] as number[];
    expect(['2  ', '4  ']).toContain(cellsOf(rows[spawnRow as number] ?? '')[spawnCol as number]);
    // With both new tiles removed (the labwork's was the 2 at row 1, column 1), the boards match.
    const withoutSpawn = (lines: readonly string[], at: readonly number[]): string[][] =>
      lines.map((row, r) =>
        cellsOf(row).map((cell, c) => (r === at[0] && c === at[1] ? '.  ' : cell)),
      );
    expect(withoutSpawn(rows, [spawnRow as number, spawnCol as number])).toEqual(
      withoutSpawn(LABWORK_AFTER_ROWS, [1, 1]),
    );
    expect(printed.trimEnd().endsWith('Final score: 160')).toBe(true);
  });
});
