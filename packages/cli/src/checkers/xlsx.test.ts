import { spawn, spawnSync } from 'node:child_process';
import { constants, existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, open, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeXlsx, encodeXlsx, MAX_XLSX_BYTES, type SheetGame } from '@twenty48/checkers-xlsx';
// The format's fixtures have one home, beside the format's own tests.
import {
  COLUMNS,
  GAMES,
  noise,
  rowsOf,
  START,
  workbookBytes,
  zipHeaded,
  zipOf,
} from '@twenty48/testkits/xlsx';
import ExcelJS, { type CellValue } from 'exceljs';
import { describe, expect, it } from 'vitest';
import { loadXlsx, saveXlsx, xlsxFileName } from './xlsx.js';

const tempDir = (): Promise<string> => mkdtemp(join(tmpdir(), 'twenty48-xlsx-'));
const PYTHON = '/usr/bin/python3';
const hasOpenpyxl = spawnSync(PYTHON, ['-c', 'import openpyxl']).status === 0;
const NO_OPENPYXL = `${PYTHON} cannot import openpyxl (install Debian's python3-openpyxl)`;

describe('xlsxFileName: (save) and (save "name")', () => {
  it.each([
    [undefined, 'checkers.xlsx'],
    ['tuesday', 'tuesday.xlsx'],
    ['my game', 'my game.xlsx'],
    ['.hidden', '.hidden.xlsx'],
    ['game.xlsx', 'game.xlsx.xlsx'],
    ['a'.repeat(100), `${'a'.repeat(100)}.xlsx`],
  ])('%j -> %j', (name, file) => {
    expect(xlsxFileName(name)).toEqual({ ok: true, value: file });
  });

  it.each([
    ['', 'empty'],
    ['.', 'directory'],
    ['..', 'directory'],
    ['a/b', 'separator'],
    ['../x', 'separator'],
    ['/etc/passwd', 'separator'],
    ['a\\b', 'separator'],
    ['a\nb', 'control'],
    ['a\u0000b', 'control'],
    ['a\u007fb', 'control'],
    ['a'.repeat(101), 'longer than 100'],
  ])('refuses %j (%s)', (name, why) => {
    const result = xlsxFileName(name);
    expect(result).toMatchObject({ ok: false, error: { code: 'ERR_FILE_NAME' } });
    expect(result.ok ? '' : result.error.message).toContain(why);
  });
});

describe('saving and loading real files', () => {
  it.each(Object.entries(GAMES))('round-trips %s', async (_, game) => {
    const path = join(await tempDir(), 'checkers.xlsx');
    expect(await saveXlsx(path, game)).toEqual({ ok: true, value: undefined });
    expect(await loadXlsx(path)).toEqual({ ok: true, value: game });
    expect(await decodeXlsx(await encodeXlsx(game))).toEqual({ ok: true, value: game });
  });

  it('writes the pinned layout: sheet "game", A1..H8 the board, A9 the turn, B9..H9 ""', async () => {
    const game = GAMES['kings of both colours, p2 to move'] as SheetGame;
    const path = join(await tempDir(), 'layout.xlsx');
    expect((await saveXlsx(path, game)).ok).toBe(true);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['game']);
    const sheet = workbook.getWorksheet('game') as ExcelJS.Worksheet;
    expect(sheet.actualRowCount).toBe(9);
    expect(sheet.columnCount).toBe(8);
    const expected = rowsOf(game);
    for (let row = 1; row <= 9; row++) {
      for (let column = 1; column <= 8; column++) {
        const cell = sheet.getCell(`${COLUMNS[column - 1]}${row}`);
        expect(cell.type, cell.address).toBe(ExcelJS.ValueType.String);
        expect(cell.value, cell.address).toBe(expected[row - 1]?.[column - 1]);
      }
    }
  });

  it('replaces an existing save and leaves no temporary file', async () => {
    const dir = await tempDir();
    const path = join(dir, 'checkers.xlsx');
    expect((await saveXlsx(path, START)).ok).toBe(true);
    const kings = GAMES['kings of both colours, p2 to move'] as SheetGame;
    expect((await saveXlsx(path, kings)).ok).toBe(true);
    expect(await loadXlsx(path)).toEqual({ ok: true, value: kings });
    expect(await readdir(dir)).toEqual(['checkers.xlsx']);
    const size = (await readFile(path)).length;
    expect(size).toBeGreaterThan(1000);
    expect(size).toBeLessThan(20_000);
  });
});

describe('other programs: openpyxl', () => {
  const script = `
import json, sys, openpyxl
book = openpyxl.load_workbook(sys.argv[1])
sheet = book['game']
print(json.dumps({'sheets': book.sheetnames, 'rows': [
  [[sheet.cell(row=r, column=c).value, sheet.cell(row=r, column=c).data_type] for c in range(1, 9)]
  for r in range(1, 10)]}))
`;

  it.for(Object.entries(GAMES))('reads our file cell by cell: %s', async ([, game], { skip }) => {
    skip(!hasOpenpyxl, NO_OPENPYXL);
    const path = join(await tempDir(), 'checkers.xlsx');
    expect((await saveXlsx(path, game)).ok).toBe(true);
    const run = spawnSync(PYTHON, ['-c', script, path], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const read = JSON.parse(run.stdout) as { sheets: string[]; rows: [unknown, string][][] };
    expect(read.sheets).toEqual(['game']);
    expect(read.rows.map((row) => row.map(([value]) => value))).toEqual(rowsOf(game));
    expect(new Set(read.rows.flat().map(([, type]) => type))).toEqual(new Set(['s']));
  });

  it('writes a file we load', async ({ skip }) => {
    skip(!hasOpenpyxl, NO_OPENPYXL);
    const game = GAMES['kings of both colours, p2 to move'] as SheetGame;
    const path = join(await tempDir(), 'from-python.xlsx');
    const write = `
import json, sys, openpyxl
book = openpyxl.Workbook()
book.active.title = 'game'
for row in json.loads(sys.argv[2]): book.active.append(row)
book.save(sys.argv[1])
`;
    const run = spawnSync(PYTHON, ['-c', write, path, JSON.stringify(rowsOf(game))], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(await loadXlsx(path)).toEqual({ ok: true, value: game });
  });
});

describe('refused files: a named error, and the file left byte-identical', () => {
  const good = rowsOf(START);
  const withCell = (row: number, column: number, value: CellValue): CellValue[][] =>
    good.map((cells, r) => cells.map((cell, c) => (r === row && c === column ? value : cell)));
  const bomb = zipOf({ 'xl/workbook.xml': new Uint8Array(9 * 1024 * 1024) });

  const cases: [string, () => Promise<Uint8Array>, string, string[]][] = [
    ['random bytes', async () => noise(5000, 1), 'ERR_XLSX', ['not a zip']],
    ['random bytes after a zip header', async () => zipHeaded(noise(5000, 2)), 'ERR_XLSX', []],
    ['an empty file', async () => new Uint8Array(0), 'ERR_XLSX', ['empty']],
    ['a zip that is not xlsx', async () => zipOf({ 'a.txt': 'hello' }), 'ERR_XLSX', ['workbook']],
    ['a zip bomb', async () => bomb, 'ERR_TOO_LARGE', ['unpacks to more than 8 MB']],
    ['an oversized file', async () => noise(MAX_XLSX_BYTES + 1, 3), 'ERR_TOO_LARGE', ['1 MB']],
    ['another sheet name', () => workbookBytes('board', good), 'ERR_NO_GAME_SHEET', ['"board"']],
    [
      'an unknown cell text',
      () => workbookBytes('game', withCell(3, 2, 'X n')),
      'ERR_CELL',
      ['C4', '"X n"'],
    ],
    [
      'an empty board cell',
      () => workbookBytes('game', withCell(7, 7, null)),
      'ERR_CELL',
      ['H8', 'empty'],
    ],
    [
      'a number in a cell',
      () => workbookBytes('game', withCell(0, 0, 5)),
      'ERR_CELL',
      ['A1', 'number 5'],
    ],
    [
      'a lower-case piece',
      () => workbookBytes('game', withCell(0, 1, 'b n')),
      'ERR_CELL',
      ['B1', '"b n"'],
    ],
    ['a bad turn', () => workbookBytes('game', withCell(8, 0, 'p3')), 'ERR_TURN', ['A9', '"p3"']],
    ['no turn', () => workbookBytes('game', withCell(8, 0, null)), 'ERR_TURN', ['A9', 'empty']],
  ];

  it.each(cases)('%s', async (_, make, code, words) => {
    const path = join(await tempDir(), 'bad.xlsx');
    const bytes = await make();
    await writeFile(path, bytes);
    const loaded = await loadXlsx(path);
    expect(loaded).toMatchObject({ ok: false, error: { code } });
    const message = loaded.ok ? '' : loaded.error.message;
    expect(message.startsWith(`${path}: `)).toBe(true);
    expect(message).not.toContain('\n');
    for (const word of words) expect(message).toContain(word);
    expect(Buffer.compare(await readFile(path), bytes)).toBe(0);
  });

  it('names a missing file and a directory (ERR_READ)', async () => {
    const dir = await tempDir();
    expect(await loadXlsx(join(dir, 'none.xlsx'))).toEqual({
      ok: false,
      error: { code: 'ERR_READ', message: `cannot read ${join(dir, 'none.xlsx')}: no such file` },
    });
    expect(await loadXlsx(dir)).toEqual({
      ok: false,
      error: { code: 'ERR_READ', message: `cannot read ${dir}: it is a directory` },
    });
  });

  it('stops reading /dev/zero at the cap', async ({ skip }) => {
    skip(!existsSync('/dev/zero'), 'no /dev/zero here');
    expect(await loadXlsx('/dev/zero')).toMatchObject({
      ok: false,
      error: { code: 'ERR_TOO_LARGE' },
    });
  });

  it('does not wait on a FIFO: no writer, a silent writer, an endless writer', async ({ skip }) => {
    const fifo = join(await tempDir(), 'pipe.xlsx');
    skip(spawnSync('mkfifo', [fifo]).status !== 0, 'mkfifo is not available');
    expect(await loadXlsx(fifo)).toMatchObject({ ok: false, error: { code: 'ERR_XLSX' } });
    // Opening both ends here keeps a writer on the pipe for as long as the test needs one.
    const ends = await open(fifo, constants.O_RDWR);
    try {
      expect(await loadXlsx(fifo)).toMatchObject({ ok: false, error: { code: 'ERR_READ' } });
      const writer = spawn('cat', ['/dev/zero'], { stdio: ['ignore', ends.fd, 'ignore'] });
      try {
        expect(await loadXlsx(fifo)).toMatchObject({ ok: false, error: { code: 'ERR_TOO_LARGE' } });
      } finally {
        writer.kill();
      }
    } finally {
      await ends.close();
    }
  });
});

describe('failed saves name the problem and leave no temporary file', () => {
  it('into a directory that does not exist', async () => {
    const dir = await tempDir();
    const saved = await saveXlsx(join(dir, 'missing', 'checkers.xlsx'), START);
    expect(saved).toMatchObject({ ok: false, error: { code: 'ERR_WRITE' } });
    expect(saved.ok ? '' : saved.error.message).toContain('the directory does not exist');
    expect(await readdir(dir)).toEqual([]);
  });

  it('under a file, and over a directory', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'file'), 'x');
    await mkdir(join(dir, 'taken.xlsx'));
    const under = await saveXlsx(join(dir, 'file', 'checkers.xlsx'), START);
    expect(under.ok ? '' : under.error.message).toContain('not a directory');
    const over = await saveXlsx(join(dir, 'taken.xlsx'), START);
    expect(over.ok ? '' : over.error.message).toContain('it is a directory');
    expect((await readdir(dir)).sort()).toEqual(['file', 'taken.xlsx']);
  });

  it('into a directory that is not writable', async ({ skip }) => {
    skip(process.getuid?.() === 0, 'root may write anywhere, so permissions cannot be tested');
    const dir = await tempDir();
    await writeFile(join(dir, 'checkers.xlsx'), 'old');
    await chmod(dir, 0o555);
    try {
      const saved = await saveXlsx(join(dir, 'checkers.xlsx'), START);
      expect(saved.ok ? '' : saved.error.message).toContain('permission denied');
      expect(await readdir(dir)).toEqual(['checkers.xlsx']);
      expect(await readFile(join(dir, 'checkers.xlsx'), 'utf8')).toBe('old');
    } finally {
      await chmod(dir, 0o755);
    }
  });

  it('refuses to replace a write-protected file, leaving it as it was', async () => {
    const dir = await tempDir();
    const path = join(dir, 'checkers.xlsx');
    await writeFile(path, 'old');
    await chmod(path, 0o444);
    const saved = await saveXlsx(path, START);
    expect(saved).toMatchObject({ ok: false, error: { code: 'ERR_WRITE_PROTECTED' } });
    expect(saved.ok ? '' : saved.error.message).toContain('write-protected');
    expect(await readFile(path, 'utf8')).toBe('old');
    expect((await stat(path)).mode & 0o777).toBe(0o444);
    expect(await readdir(dir)).toEqual(['checkers.xlsx']);
  });

  it("keeps the replaced file's mode", async () => {
    const dir = await tempDir();
    const path = join(dir, 'checkers.xlsx');
    await writeFile(path, 'old');
    await chmod(path, 0o600);
    expect(await saveXlsx(path, START)).toEqual({ ok: true, value: undefined });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await loadXlsx(path)).toEqual({ ok: true, value: START });
  });

  it('refuses a game the sheet cannot hold, writing nothing', async () => {
    const dir = await tempDir();
    const bad = { cells: START.cells.slice(0, 7), turn: 'p1' } as SheetGame;
    expect(await saveXlsx(join(dir, 'x.xlsx'), bad)).toMatchObject({
      ok: false,
      error: { code: 'ERR_CELL' },
    });
    const turn = { ...START, turn: 'p3' } as unknown as SheetGame;
    expect(await saveXlsx(join(dir, 'x.xlsx'), turn)).toMatchObject({
      ok: false,
      error: { code: 'ERR_TURN' },
    });
    await expect(encodeXlsx(bad)).rejects.toThrow(RangeError);
    expect(await readdir(dir)).toEqual([]);
  });
});
