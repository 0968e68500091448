/**
 * The endgame database on disk: the rules package's header (magic `T48EGDB1`, pieces, the
 * values' length and CRC-32), then the 2-bit values gzipped. Reading names every refusal
 * (`ERR_EGDB_MISSING`, `ERR_EGDB_FOREIGN`, `ERR_EGDB_TRUNCATED`, `ERR_EGDB_DAMAGED`) and never
 * throws: an engine without its database plays on without it.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip, gunzipSync, gzipSync } from 'node:zlib';
import {
  EGDB_HEADER_BYTES,
  type Egdb,
  type EgdbErrorCode,
  egdbFromBytes,
  egdbHeader,
  readEgdbHeader,
} from '@twenty48/checkers';
import { errorCode, errorMessage } from '@twenty48/common';

/** Where the committed database lives: packages/cli/data/egdb.t48.gz. */
// Two levels up from both src/checkers and dist/checkers.
export const DEFAULT_EGDB_PATH = fileURLToPath(new URL('../../data/egdb.t48.gz', import.meta.url));

/** A database read, or why not. */
export type EgdbRead =
  | { readonly ok: true; readonly value: Egdb }
  | {
      readonly ok: false;
      readonly code: EgdbErrorCode | 'ERR_EGDB_MISSING';
      readonly message: string;
    };

/**
 * The database file's bytes checked and opened.
 *
 * @example
 * egdbOfFileBytes(readFileSync('egdb.t48.gz')) // { ok: true, value: { pieces: 5, values } }
 */
export function egdbOfFileBytes(bytes: Uint8Array): EgdbRead {
  const header = readEgdbHeader(bytes.subarray(0, EGDB_HEADER_BYTES));
  if (!header.ok) return header;
  let values: Uint8Array;
  try {
    values = gunzipSync(bytes.subarray(EGDB_HEADER_BYTES));
  } catch (error) {
    const message = errorMessage(error);
    const truncated = /unexpected end/i.test(message);
    return {
      ok: false,
      code: truncated ? 'ERR_EGDB_TRUNCATED' : 'ERR_EGDB_DAMAGED',
      message: `the compressed values cannot be read (${message.slice(0, 60)})`,
    };
  }
  return egdbFromBytes(bytes.subarray(0, EGDB_HEADER_BYTES), values);
}

/** A file that cannot be read: the database is missing. */
const missing = (error: unknown): EgdbRead => ({
  ok: false,
  code: 'ERR_EGDB_MISSING',
  message: `cannot read the database (${errorCode(error) || errorMessage(error)})`,
});

/** The database at `path`, or why not (a file that cannot be read is `ERR_EGDB_MISSING`). */
export function readEgdbFile(path: string): EgdbRead {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    return missing(error);
  }
  return egdbOfFileBytes(bytes);
}

/**
 * The database at `path`, read and decompressed off the main thread's critical path (the
 * terminal's search thread answers at once and probes the database once it is in).
 */
export async function readEgdbFileLater(path: string): Promise<EgdbRead> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    return missing(error);
  }
  const header = readEgdbHeader(bytes.subarray(0, EGDB_HEADER_BYTES));
  if (!header.ok) return header;
  try {
    const values = await promisify(gunzip)(bytes.subarray(EGDB_HEADER_BYTES));
    return egdbFromBytes(bytes.subarray(0, EGDB_HEADER_BYTES), values);
  } catch {
    // The synchronous reader names what is wrong with the compressed part.
    return egdbOfFileBytes(bytes);
  }
}

/** The file's bytes for a database: header, then the values gzipped at the highest level. */
export function egdbFileBytes(db: Egdb): Uint8Array {
  const body = gzipSync(db.values, { level: 9 });
  const out = new Uint8Array(EGDB_HEADER_BYTES + body.length);
  out.set(egdbHeader(db), 0);
  out.set(body, EGDB_HEADER_BYTES);
  return out;
}

/** Writes the database to `path` atomically (a temporary file renamed into place). */
export function writeEgdbFile(path: string, db: Egdb): number {
  const bytes = egdbFileBytes(db);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, path);
  return bytes.length;
}
