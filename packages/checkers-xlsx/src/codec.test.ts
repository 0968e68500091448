import {
  COLUMNS,
  GAMES,
  minimalParts,
  noise,
  rowsOf,
  START,
  workbookBytes,
  zipHeaded,
  zipOf,
} from '@twenty48/testkits/xlsx';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeXlsx, encodeXlsx, MAX_XLSX_BYTES, type SheetGame } from './codec.js';

describe('encodeXlsx and decodeXlsx: bytes both ways', () => {
  it.each(Object.entries(GAMES))('round-trips %s', async (_, game) => {
    const bytes = await encodeXlsx(game);
    expect([...bytes.subarray(0, 2)]).toEqual([0x50, 0x4b]); // "PK": a zip
    expect(await decodeXlsx(bytes)).toEqual({ ok: true, value: game });
  });

  it('writes the pinned layout: sheet "game", A1..H8 the board, A9 the turn, B9..H9 ""', async () => {
    const game = GAMES['kings of both colours, p2 to move'] as SheetGame;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(await encodeXlsx(game)).buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['game']);
    const sheet = workbook.getWorksheet('game') as ExcelJS.Worksheet;
    const expected = rowsOf(game);
    for (let row = 1; row <= 9; row++) {
      for (let column = 1; column <= 8; column++) {
        const cell = sheet.getCell(`${COLUMNS[column - 1]}${row}`);
        expect(cell.value, cell.address).toBe(expected[row - 1]?.[column - 1]);
      }
    }
  });

  it('refuses to encode a game the sheet cannot hold (a programmer error: RangeError)', async () => {
    const cells = START.cells.map((row, r) => (r === 0 ? ['X', ...row.slice(1)] : row));
    await expect(encodeXlsx({ cells, turn: 'p1' } as unknown as SheetGame)).rejects.toThrow(
      /cell A1 holds "X" \(ERR_CELL\)/,
    );
    await expect(encodeXlsx({ ...START, turn: 'p3' } as unknown as SheetGame)).rejects.toThrow(
      /ERR_TURN/,
    );
  });
});

describe('refused bytes: a named error in one line', () => {
  const bomb = zipOf({ 'xl/workbook.xml': new Uint8Array(9 * 1024 * 1024) });
  const cases: [string, () => Promise<Uint8Array>, string, string][] = [
    ['random bytes', async () => noise(5000, 1), 'ERR_XLSX', 'not a zip'],
    ['an empty file', async () => new Uint8Array(0), 'ERR_XLSX', 'empty'],
    ['a zip that is not xlsx', async () => zipOf({ 'a.txt': 'hello' }), 'ERR_XLSX', 'workbook'],
    ['a damaged deflate stream', async () => damagedEntry(), 'ERR_XLSX', 'damaged'],
    ['a zip bomb', async () => bomb, 'ERR_TOO_LARGE', 'unpacks to more than 8 MB'],
    ['an oversized file', async () => noise(MAX_XLSX_BYTES + 1, 3), 'ERR_TOO_LARGE', '1 MB'],
    [
      'another sheet name',
      () => workbookBytes('board', rowsOf(START)),
      'ERR_NO_GAME_SHEET',
      '"board"',
    ],
  ];

  /** A zip whose one entry's deflate data is garbage (0xff is no valid block header). */
  function damagedEntry(): Uint8Array {
    const bytes = zipOf({ 'xl/workbook.xml': 'x'.repeat(100) });
    bytes.fill(0xff, 30 + 'xl/workbook.xml'.length, 30 + 'xl/workbook.xml'.length + 4);
    return bytes;
  }

  it.each(cases)('%s', async (_, make, code, words) => {
    const decoded = await decodeXlsx(await make());
    expect(decoded).toMatchObject({ ok: false, error: { code } });
    const message = decoded.ok ? '' : decoded.error.message;
    expect(message).toContain(words);
    expect(message).not.toContain('\n');
  });

  it('a zip header before noise is refused, not thrown', async () => {
    expect(await decodeXlsx(zipHeaded(noise(5000, 2)))).toMatchObject({
      ok: false,
      error: { code: 'ERR_XLSX' },
    });
  });
});

describe('text from the file is named escaped and cut', () => {
  it('a cell holding a C1 control, a bidi override and 5000 characters', async () => {
    const rows = rowsOf(START) as string[][];
    const hostile = `\x9b31m\u202E${'x'.repeat(5000)}`;
    const cells = rows.map((row, r) => (r === 0 ? [hostile, ...row.slice(1)] : row));
    const decoded = await decodeXlsx(zipOf(minimalParts(cells)));
    expect(decoded).toMatchObject({ ok: false, error: { code: 'ERR_CELL' } });
    const message = decoded.ok ? '' : decoded.error.message;
    expect(message).toContain('\\x9b31m\\u{202E}xxx');
    expect(message.includes('\u202E') || message.includes('\x9b')).toBe(false);
    expect(message.length).toBeLessThan(300);
  });
});

describe('shapes that would cost more than the cap are refused before they are expanded', () => {
  const parts = minimalParts(rowsOf(START) as string[][]);
  const sheet = parts['xl/worksheets/sheet1.xml'] as string;
  /** The minimal workbook with `xml` added to its sheet after the cells (or in `part`). */
  const withSheet = (after: string, before = '') =>
    zipOf({
      ...parts,
      'xl/worksheets/sheet1.xml': sheet
        .replace('<sheetData>', `${before}<sheetData>`)
        .replace('</sheetData>', `</sheetData>${after}`),
    });
  const cases: [string, Uint8Array, string][] = [
    [
      'a merged range to the last cell',
      withSheet('<mergeCells count="1"><mergeCell ref="J10:XFD1048576"/></mergeCells>'),
      'J10:XFD1048576',
    ],
    [
      'many merged ranges, each of a fair size',
      withSheet(
        `<mergeCells>${Array.from({ length: 200 }, (_, i) => `<mergeCell ref="A${100 + i * 1000}:Z${1099 + i * 1000}"/>`).join('')}</mergeCells>`,
      ),
      'cells',
    ],
    [
      'a data validation over the whole sheet',
      withSheet(
        '<dataValidations count="1"><dataValidation type="list" sqref="A1:XFD1048576"><formula1>"a"</formula1></dataValidation></dataValidations>',
      ),
      'A1:XFD1048576',
    ],
    [
      'column widths over every column, many times',
      withSheet('', `<cols>${'<col min="1" max="16384" width="9"/>'.repeat(2000)}</cols>`),
      'columns',
    ],
    [
      'a defined name over the whole sheet',
      zipOf({
        ...parts,
        'xl/workbook.xml': (parts['xl/workbook.xml'] as string).replace(
          '</sheets>',
          '</sheets><definedNames><definedName name="all">game!$A$1:$XFD$1048576</definedName></definedNames>',
        ),
      }),
      '$A$1:$XFD$1048576',
    ],
  ];

  it.each(cases)('%s: ERR_TOO_LARGE, named', async (_, bytes, words) => {
    const decoded = await decodeXlsx(bytes);
    expect(decoded).toMatchObject({ ok: false, error: { code: 'ERR_TOO_LARGE' } });
    expect(decoded.ok ? '' : decoded.error.message).toContain(words);
  });

  it('a merged range inside the board is read as before', async () => {
    const merged = withSheet('<mergeCells count="1"><mergeCell ref="B9:H9"/></mergeCells>');
    expect(await decodeXlsx(merged)).toMatchObject({ ok: true });
  });
});

describe('bytes from outside never throw', () => {
  it('loads a minimal hand-written workbook with inline strings', async () => {
    const game = GAMES['kings of both colours, p2 to move'] as SheetGame;
    const rows = rowsOf(game) as string[][];
    expect(await decodeXlsx(zipOf(minimalParts(rows)))).toEqual({ ok: true, value: game });
  });

  it('damaged XML inside a workbook is refused or read, never thrown', async () => {
    const parts = minimalParts(rowsOf(START) as string[][]);
    const names = Object.keys(parts);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: 3 }), fc.constantFrom(...'<>/"&=x E;#')), {
          minLength: 1,
          maxLength: 3,
        }),
        async (name, edits) => {
          let xml = parts[name] as string;
          for (const [position, kind, char] of edits) {
            const at = position % (xml.length + 1);
            const cut = kind === 0 ? 0 : 1; // insert, or replace / delete one character
            xml = xml.slice(0, at) + (kind === 3 ? '' : char) + xml.slice(at + cut);
          }
          const result = await decodeXlsx(zipOf({ ...parts, [name]: xml }));
          if (!result.ok) expect(result.error.message).not.toContain('\n');
        },
      ),
      { numRuns: 300, seed: 2048 },
    );
  });

  it('damaged copies of a saved game are refused or read, never thrown', async () => {
    const bytes = await encodeXlsx(START);
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: bytes.length }),
        fc.array(fc.tuple(fc.nat({ max: bytes.length - 1 }), fc.integer({ min: 0, max: 255 })), {
          maxLength: 4,
        }),
        async (keep, flips) => {
          const damaged = bytes.slice(0, keep);
          for (const [at, value] of flips) if (at < damaged.length) damaged[at] = value;
          const result = await decodeXlsx(damaged);
          if (!result.ok) expect(result.error.message).not.toContain('\n');
        },
      ),
      { numRuns: 300, seed: 48 },
    );
  });
});
