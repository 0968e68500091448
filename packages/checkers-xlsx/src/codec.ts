/**
 * The checkers save file, in the layout the Racket original wrote with simple-xlsx and
 * that other programs rely on: one sheet named "game"; rows 1-8 are the board's rows and columns
 * A-H its columns, each cell a string "E", "B n", "B k", "R n" or "R k"; A9 says whose turn it is,
 * "p1" (Black) or "p2" (Red), and B9-H9 hold empty strings. The files are real workbooks
 * (written by exceljs) that Excel, LibreOffice and openpyxl open.
 *
 * Only the sheet is checked here; whether the position is one checkers can reach (a piece on a
 * light square, too many pieces) is for the rules package to say (`positionOfSheet`).
 *
 * Bytes only, for the terminal and the browser alike: no Node module. Reading and writing files
 * is the terminal's (`cli/src/checkers/xlsx.ts`), downloading and opening them the page's.
 */
import { errorMessage, escapeAndCut, fail, isOneOf, ok, type Result } from '@twenty48/common';
import type { CellValue, Worksheet } from 'exceljs';

export const CELL_TEXTS = ['E', 'B n', 'B k', 'R n', 'R k'] as const;
/** "E" is an empty square; "B"/"R" Black/Red, "n"/"k" a man or a king. */
export type CellText = (typeof CELL_TEXTS)[number];

export const TURNS = ['p1', 'p2'] as const;
/** Whose turn it is: "p1" plays Black, "p2" Red. */
export type Turn = (typeof TURNS)[number];

/** The sheet's data: `cells[row][column]`, 8 x 8, row 0 being the sheet's row 1. */
export interface SheetGame {
  readonly cells: readonly (readonly CellText[])[];
  readonly turn: Turn;
}

/** Why bytes are not a save file, or a game cannot be one. */
export const XLSX_ERRORS = [
  'ERR_XLSX',
  'ERR_NO_GAME_SHEET',
  'ERR_CELL',
  'ERR_TURN',
  'ERR_TOO_LARGE',
] as const;
export type XlsxError = (typeof XLSX_ERRORS)[number];

export const SHEET_NAME = 'game';
/** A saved game is about 6.5 kB; larger files are refused, counting the bytes as they are read. */
export const MAX_XLSX_BYTES = 1024 * 1024;
/** What the zip may unpack to: a zip bomb is refused before the xlsx reader inflates it. */
const MAX_UNPACKED_BYTES = 8 * 1024 * 1024;
const SIZE = 8;
const COLUMNS = 'ABCDEFGH';

/**
 * exceljs, loaded on first use: it takes a quarter of a second to load in Node (the 2048
 * commands never pay for it) and is a chunk of its own in the browser (the page's first load
 * stays small). Bundlers hand over its browser build, whose module shape varies: the namespace
 * or its default export is the library.
 */
const excelJs = async (): Promise<typeof import('exceljs')> => {
  const module = (await import('exceljs')) as typeof import('exceljs') & {
    default?: typeof import('exceljs');
  };
  return module.default?.Workbook ? module.default : module;
};

const address = (row: number, column: number): string => `${COLUMNS[column]}${row + 1}`;

/**
 * Outside text as one short line: quoted, control and bidi characters escaped, long text cut
 * (common's `escapeAndCut`, as every outside text is shown).
 */
export const quote = (text: string): string => `"${escapeAndCut(text, 40)}"`;

const expectedTexts = CELL_TEXTS.map((text) => `"${text}"`).join(', ');

/** The cells and turn of `game` checked as the sheet requires; the same check guards save and load. */
export function checkSheetGame(game: SheetGame): Result<SheetGame, 'ERR_CELL' | 'ERR_TURN'> {
  if (!Array.isArray(game.cells) || game.cells.length !== SIZE) {
    return fail('ERR_CELL', `the board must have ${SIZE} rows`);
  }
  for (const [row, cells] of game.cells.entries()) {
    if (!Array.isArray(cells) || cells.length !== SIZE) {
      return fail('ERR_CELL', `row ${row + 1} of the board must have ${SIZE} cells`);
    }
    for (const [column, text] of cells.entries()) {
      if (!isOneOf(CELL_TEXTS, text)) {
        return fail('ERR_CELL', `cell ${address(row, column)} holds ${quote(String(text))}`);
      }
    }
  }
  if (!isOneOf(TURNS, game.turn)) return fail('ERR_TURN', `the turn must be "p1" or "p2"`);
  return ok(game);
}

/**
 * The bytes of an .xlsx file holding `game`. A game that breaks the sheet's layout (not 8 x 8,
 * an unknown cell text or turn) is a programmer error and rejects with a RangeError.
 *
 * @example
 * const bytes = await encodeXlsx({ cells, turn: 'p1' }); // a zip starting with "PK"
 */
export async function encodeXlsx(game: SheetGame): Promise<Uint8Array> {
  const checked = checkSheetGame(game);
  if (!checked.ok) throw new RangeError(`${checked.error.message} (${checked.error.code})`);
  const ExcelJS = await excelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'twenty48';
  const sheet = workbook.addWorksheet(SHEET_NAME);
  for (const row of game.cells) sheet.addRow([...row]);
  // The empty strings are part of the format: simple-xlsx wanted rows of equal length.
  sheet.addRow([game.turn, ...Array<string>(SIZE - 1).fill('')]);
  // An ArrayBuffer in the browser, a Node Buffer in Node: either way a plain array of its bytes.
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** A cell's string, or null when it holds no string (rich text counts as its plain text). */
function stringOf(value: CellValue): string | null {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object' && 'richText' in value) {
    return value.richText.map((run) => run.text).join('');
  }
  return null;
}

/** What a cell that is not one of the expected strings holds, for the one-line refusal. */
function describe(value: CellValue): string {
  const text = stringOf(value);
  if (text !== null) return text === '' ? 'is empty' : `holds ${quote(text)}`;
  if (value === null || value === undefined) return 'is empty';
  if (typeof value !== 'object') return `holds the ${typeof value} ${value} (not a string)`;
  if (value instanceof Date) return 'holds a date (not a string)';
  if ('formula' in value || 'sharedFormula' in value) return 'holds a formula (not a string)';
  if ('error' in value) return `holds the error ${quote(String(value.error))}`;
  return 'holds something other than a string';
}

/** An error's message as one line of at most 200 characters. */
export const oneLine = (error: unknown): string =>
  escapeAndCut(errorMessage(error).replace(/\s+/g, ' ').trim());

/**
 * How many bytes raw-deflated `packed` unpacks to, stopping once it passes `budget`, and the
 * bytes themselves when `keep` (within the budget): the browser's and Node's DecompressionStream,
 * read chunk by chunk and cancelled at the cap. Null when the data is damaged.
 */
async function inflated(
  packed: Uint8Array,
  budget: number,
  keep: boolean,
): Promise<{ size: number; chunks: Uint8Array[] } | null> {
  const stream = new DecompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  // Failures surface on the reader; these promises only settle the writing side.
  writer.write(new Uint8Array(packed)).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { size, chunks };
      size += value.byteLength;
      if (keep) chunks.push(value);
      if (size > budget) {
        await reader.cancel().catch(() => {});
        return { size, chunks: [] };
      }
    }
  } catch {
    return null;
  }
}

/**
 * The parts whose text is checked for shapes exceljs would expand: every XML part (a sheet may
 * live at any path the workbook's relationships name).
 */
const isCheckedPart = (name: string): boolean => /\.xml$/i.test(name);

/** A zip's entry names, and the text of the parts `isCheckedPart` names. */
interface ZipContents {
  readonly names: string[];
  readonly texts: string[];
}

/**
 * The names of a zip's entries, after unpacking each within MAX_UNPACKED_BYTES with a bounded
 * inflate: the xlsx reader inflates whole entries before checking their sizes, so a small file
 * could otherwise unpack to gigabytes.
 */
async function zipEntries(
  bytes: Uint8Array,
): Promise<Result<ZipContents, 'ERR_XLSX' | 'ERR_TOO_LARGE'>> {
  if (bytes.length === 0) return fail('ERR_XLSX', 'the file is empty, not an xlsx workbook');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const damaged = fail('ERR_XLSX', 'the zip is damaged, so not an xlsx workbook');
  // The end record (22 bytes) is followed by a comment of at most 65535 bytes.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return fail('ERR_XLSX', 'it is not a zip file, so not an xlsx workbook');
  const names: string[] = [];
  const texts: string[] = [];
  let unpacked = 0;
  let at = view.getUint32(end + 16, true);
  for (let entry = view.getUint16(end + 10, true); entry > 0; entry--) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return damaged;
    const method = view.getUint16(at + 10, true);
    const packedSize = view.getUint32(at + 20, true);
    const nameEnd = at + 46 + view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    if (nameEnd > bytes.length) return damaged;
    const name = new TextDecoder().decode(bytes.subarray(at + 46, nameEnd));
    at = nameEnd + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) return damaged;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + packedSize > bytes.length) return damaged;
    const keep = isCheckedPart(name);
    const packed = bytes.subarray(start, start + packedSize);
    if (method === 0) {
      unpacked += packedSize;
      if (keep) texts.push(new TextDecoder().decode(packed));
    } else if (method === 8) {
      const budget = MAX_UNPACKED_BYTES - unpacked;
      const unpacking = await inflated(packed, budget, keep);
      if (unpacking === null) return fail('ERR_XLSX', `zip entry ${quote(name)} is damaged`);
      unpacked += unpacking.size;
      if (keep) texts.push(textOf(unpacking.chunks));
    } else return fail('ERR_XLSX', `zip entry ${quote(name)} uses an unknown compression`);
    if (unpacked > MAX_UNPACKED_BYTES) {
      return fail('ERR_TOO_LARGE', `it unpacks to more than ${MAX_UNPACKED_BYTES >> 20} MB`);
    }
    names.push(name);
  }
  return ok({ names, texts });
}

const textOf = (chunks: readonly Uint8Array[]): string => {
  const decoder = new TextDecoder();
  return chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode();
};

/**
 * The most cells the ranges of a workbook may cover, and the most columns its column widths
 * may: exceljs expands merged ranges, data validations and defined names cell by cell, and
 * column widths column by column, so a 5 kB file naming `J10:XFD1048576` would take gigabytes.
 * A save file covers 72 cells (its dimension A1:H9) and has no other range.
 */
export const MAX_RANGE_CELLS = 100_000;
export const MAX_COLUMN_DEFINITIONS = 100_000;

// A1-style ranges, absolute or not: `J10:XFD1048576`, `$A$1:$XFD$1048576`.
const RANGE = /\$?([A-Z]{1,3})\$?(\d{1,7}):\$?([A-Z]{1,3})\$?(\d{1,7})/g;
const COLUMN_DEFINITION = /<(?:\w+:)?col\b[^>]*?\bmin="(\d{1,7})"[^>]*?\bmax="(\d{1,7})"/g;

/** A column's number from its letters: A is 1, XFD is 16384. */
const columnNumber = (letters: string): number =>
  [...letters].reduce((number, letter) => number * 26 + letter.charCodeAt(0) - 64, 0);

/**
 * Why the parts' ranges or column widths would cost more than the cap to expand, or null:
 * counted from the XML text, before exceljs reads it.
 */
function shapeProblem(texts: readonly string[]): string | null {
  let cells = 0;
  let columns = 0;
  let largest = { text: '', cells: 0 };
  for (const text of texts) {
    for (const match of text.matchAll(RANGE)) {
      const [whole, fromColumn = '', fromRow = '', toColumn = '', toRow = ''] = match;
      const width = Math.abs(columnNumber(toColumn) - columnNumber(fromColumn)) + 1;
      const height = Math.abs(Number(toRow) - Number(fromRow)) + 1;
      cells += width * height;
      if (width * height > largest.cells) largest = { text: whole, cells: width * height };
    }
    for (const [, min = '0', max = '0'] of text.matchAll(COLUMN_DEFINITION)) {
      columns += Math.abs(Number(max) - Number(min)) + 1;
    }
  }
  if (cells > MAX_RANGE_CELLS) {
    return `its ranges cover ${cells} cells (${quote(largest.text)} alone ${largest.cells}), more than the ${MAX_RANGE_CELLS} a reader may expand within ${MAX_UNPACKED_BYTES >> 20} MB`;
  }
  if (columns > MAX_COLUMN_DEFINITIONS) {
    return `its column widths cover ${columns} columns, more than the ${MAX_COLUMN_DEFINITIONS} a reader may expand within ${MAX_UNPACKED_BYTES >> 20} MB`;
  }
  return null;
}

/**
 * Read the game from an .xlsx file's bytes: a Result, never a throw. Refusals name the problem:
 * ERR_XLSX (not a zip, not a workbook), ERR_NO_GAME_SHEET, ERR_CELL (naming the cell and what it
 * holds; an empty board cell counts), ERR_TURN (A9), ERR_TOO_LARGE. B9-H9 are not read.
 *
 * @example
 * const game = await decodeXlsx(bytes);
 * if (!game.ok) console.error(game.error.message); // 'cell C4 holds "X n"'
 */
export async function decodeXlsx(bytes: Uint8Array): Promise<Result<SheetGame, XlsxError>> {
  // The checks below expect exceljs's shapes; a surprise in them is still a refusal, not a throw.
  try {
    const sheets = await worksheetsOf(bytes);
    if (!sheets.ok) return sheets;
    const sheet = sheets.value.find((candidate) => candidate.name === SHEET_NAME);
    if (!sheet) {
      const found = sheets.value.map((candidate) => quote(candidate.name)).join(', ') || 'none';
      return fail('ERR_NO_GAME_SHEET', `the workbook has no sheet named "game" (sheets: ${found})`);
    }
    return gameOfSheet(sheet);
  } catch (error) {
    return fail('ERR_XLSX', `not a readable xlsx workbook: ${oneLine(error)}`);
  }
}

/** The sheets of the workbook in `bytes`, read by exceljs once the zip is known to be safe. */
async function worksheetsOf(bytes: Uint8Array): Promise<Result<Worksheet[], XlsxError>> {
  if (bytes.length > MAX_XLSX_BYTES) {
    return fail('ERR_TOO_LARGE', `it is larger than ${MAX_XLSX_BYTES >> 20} MB`);
  }
  const entries = await zipEntries(bytes);
  if (!entries.ok) return entries;
  if (!entries.value.names.includes('xl/workbook.xml')) {
    return fail('ERR_XLSX', 'the zip holds no xl/workbook.xml, so it is not an xlsx workbook');
  }
  const problem = shapeProblem(entries.value.texts);
  if (problem !== null) return fail('ERR_TOO_LARGE', problem);
  const workbook = new (await excelJs()).Workbook();
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  return ok(workbook.worksheets);
}

/** The board in A1..H8 and the turn in A9; the first cell that is not as pinned is named. */
function gameOfSheet(sheet: Worksheet): Result<SheetGame, 'ERR_CELL' | 'ERR_TURN'> {
  const cells: CellText[][] = [];
  for (let row = 0; row < SIZE; row++) {
    const texts: CellText[] = [];
    for (let column = 0; column < SIZE; column++) {
      const where = address(row, column);
      const value = sheet.getCell(where).value;
      const text = stringOf(value);
      if (!isOneOf(CELL_TEXTS, text)) {
        return fail(
          'ERR_CELL',
          `cell ${where} ${describe(value)}; it must be one of ${expectedTexts}`,
        );
      }
      texts.push(text);
    }
    cells.push(texts);
  }
  const turn = sheet.getCell('A9').value;
  const turnText = stringOf(turn);
  if (!isOneOf(TURNS, turnText)) {
    return fail(
      'ERR_TURN',
      `cell A9 ${describe(turn)}; it must say whose turn it is, "p1" or "p2"`,
    );
  }
  return ok({ cells, turn: turnText });
}
