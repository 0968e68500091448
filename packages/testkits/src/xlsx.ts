/**
 * Save files for the tests of the format (checkers-xlsx/src/codec.test.ts), of the terminal's file
 * I/O (cli/src/checkers/xlsx.test.ts) and of the browser's (web/e2e/checkers.spec.ts): the start and a kings position as sheets, workbooks exceljs
 * writes with any sheet name and cells, hand-made zips and noise.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import type { CellText, SheetGame } from '@twenty48/checkers-xlsx';
import ExcelJS, { type CellValue } from 'exceljs';

export const COLUMNS = 'ABCDEFGH';

/** Men on the dark squares of the three rows at each end, Black at the top. */
export const START: SheetGame = {
  cells: Array.from({ length: 8 }, (_, row) =>
    Array.from({ length: 8 }, (_, column): CellText => {
      if ((row + column) % 2 === 0) return 'E';
      return row < 3 ? 'B n' : row > 4 ? 'R n' : 'E';
    }),
  ),
  turn: 'p1',
};

/** Every kind of cell text, kings of both colours among them. */
export const KINGS_CELLS: CellText[][] = [
  ['E', 'B k', 'E', 'E', 'E', 'E', 'E', 'E'],
  ['E', 'E', 'E', 'E', 'R n', 'E', 'E', 'E'],
  ['E', 'E', 'E', 'E', 'E', 'E', 'E', 'E'],
  ['E', 'E', 'B n', 'E', 'E', 'E', 'E', 'E'],
  ['E', 'E', 'E', 'E', 'E', 'E', 'E', 'E'],
  ['E', 'E', 'E', 'E', 'E', 'E', 'B n', 'E'],
  ['E', 'E', 'E', 'R k', 'E', 'E', 'E', 'E'],
  ['R k', 'E', 'E', 'E', 'E', 'E', 'E', 'E'],
];
export const GAMES: Record<string, SheetGame> = {
  'the start position, p1 to move': START,
  'kings of both colours, p1 to move': { cells: KINGS_CELLS, turn: 'p1' },
  'kings of both colours, p2 to move': { cells: KINGS_CELLS, turn: 'p2' },
};

/** The sheet's rows as written: the board, then the turn and seven empty strings. */
export const rowsOf = (game: SheetGame): CellValue[][] => [
  ...game.cells.map((row) => [...row]),
  [game.turn, '', '', '', '', '', '', ''],
];

/** A workbook built directly with exceljs, for files this module would never write. */
export async function workbookBytes(sheetName: string, rows: CellValue[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  rows.forEach((row, r) => {
    row.forEach((value, c) => {
      if (value !== null) sheet.getCell(r + 1, c + 1).value = value;
    });
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** A minimal zip (deflated entries), for zips that are not workbooks. */
export function zipOf(entries: Record<string, string | Uint8Array>): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content);
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

export const NS = 'http://schemas.openxmlformats.org';
export const RELATIONS = `${NS}/officeDocument/2006/relationships`;

/** A hand-written workbook's parts, as small as a spreadsheet can be, with inline strings. */
export function minimalParts(rows: readonly (readonly string[])[]): Record<string, string> {
  const cell = (text: string, r: number, c: number) =>
    `<c r="${COLUMNS[c]}${r + 1}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const sheetRows = rows.map(
    (row, r) => `<row r="${r + 1}">${row.map((text, c) => cell(text, r, c)).join('')}</row>`,
  );
  const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  return {
    '[Content_Types].xml': `<Types xmlns="${NS}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/xl/workbook.xml" ContentType="${type}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${type}.worksheet+xml"/></Types>`,
    '_rels/.rels': `<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<workbook xmlns="${NS}/spreadsheetml/2006/main" xmlns:r="${RELATIONS}"><sheets><sheet name="game" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<worksheet xmlns="${NS}/spreadsheetml/2006/main"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
  };
}

/** Bytes from a seeded generator, so a failure can be replayed. */
export function noise(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

/** `bytes` starting as a zip's first entry does. */
export const zipHeaded = (bytes: Uint8Array): Uint8Array => {
  bytes.set([0x50, 0x4b, 0x03, 0x04]);
  return bytes;
};
