export {
  CELL_TEXTS,
  type CellText,
  checkSheetGame,
  decodeXlsx,
  encodeXlsx,
  MAX_XLSX_BYTES,
  oneLine,
  quote,
  SHEET_NAME,
  type SheetGame,
  TURNS,
  type Turn,
  XLSX_ERRORS,
  type XlsxError,
} from './codec.js';
export { positionOfSheet, type SheetPositionError, sheetOf } from './sheet.js';
