/**
 * The endgame database on disk: the rules package's header (magic `T48EGDB1`, pieces, the
 * values' length and CRC-32), then the 2-bit values gzipped. Reading names every refusal
 * (`ERR_EGDB_MISSING`, `ERR_EGDB_FOREIGN`, `ERR_EGDB_TRUNCATED`, `ERR_EGDB_DAMAGED`) and never
 * throws: an engine without its database plays on without it. The distance table beside it
 * (`egdb-distances.t48.br`, the rules package's `EgdbDistances`) is read the same way.
 */
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import {
  brotliCompressSync,
  brotliDecompressSync,
  gunzip,
  gunzipSync,
  gzipSync,
  constants as zlibConstants,
} from 'node:zlib';
import {
  EGDB_HEADER_BYTES,
  type Egdb,
  type EgdbDistances,
  type EgdbErrorCode,
  egdbDistancesBytes,
  egdbDistancesFromBytes,
  egdbFromBytes,
  egdbHeader,
  readEgdbDistancesHeader,
  readEgdbHeader,
} from '@twenty48/checkers';
import { errorMessage } from '@twenty48/common';
import {
  committedDataPath,
  type DataFileRead,
  missingFile,
  readDataFile,
  writeDataFile,
} from './dataFile.js';

/** Where the committed database lives: packages/cli/data/egdb.t48.gz. */
export const DEFAULT_EGDB_PATH = committedDataPath('egdb.t48.gz');

/** A database read, or why not. */
export type EgdbRead = DataFileRead<Egdb, EgdbErrorCode | 'ERR_EGDB_MISSING'>;

/**
 * The database file's bytes checked and opened.
 *
 * @example
 * egdbOfFileBytes(readFileSync('egdb.t48.gz')) // { ok: true, value: { pieces: 5, values } }
 */
export function egdbOfFileBytes(bytes: Uint8Array): EgdbRead {
  const header = readEgdbHeader(bytes.subarray(0, EGDB_HEADER_BYTES));
  if (!header.ok) return header;
  const values = inflated(() => gunzipSync(bytes.subarray(EGDB_HEADER_BYTES)), 'values');
  return values.ok ? egdbFromBytes(bytes.subarray(0, EGDB_HEADER_BYTES), values.value) : values;
}

/** The bytes `inflate` decompresses, or why not: cut short is `ERR_EGDB_TRUNCATED`, anything
 * else `ERR_EGDB_DAMAGED` (`what`: the part compressed, for the message). */
function inflated(
  inflate: () => Uint8Array,
  what: string,
): DataFileRead<Uint8Array, 'ERR_EGDB_TRUNCATED' | 'ERR_EGDB_DAMAGED'> {
  try {
    return { ok: true, value: inflate() };
  } catch (error) {
    const message = errorMessage(error);
    const truncated = /unexpected end/i.test(message);
    return {
      ok: false,
      code: truncated ? 'ERR_EGDB_TRUNCATED' : 'ERR_EGDB_DAMAGED',
      message: `the compressed ${what} cannot be read (${message.slice(0, 60)})`,
    };
  }
}

/** The database at `path`, or why not (a file that cannot be read is `ERR_EGDB_MISSING`). */
export function readEgdbFile(path: string): EgdbRead {
  const bytes = readDataFile(path, 'ERR_EGDB_MISSING', 'the database');
  return bytes.ok ? egdbOfFileBytes(bytes.value) : bytes;
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
    return missingFile('ERR_EGDB_MISSING', 'the database', error);
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
  writeDataFile(path, bytes);
  return bytes.length;
}

/** Where the committed distance table lives: packages/cli/data/egdb-distances.t48.br. */
export const DEFAULT_EGDB_DISTANCES_PATH = committedDataPath('egdb-distances.t48.br');

/** A distance table read, or why not. */
export type EgdbDistancesRead = DataFileRead<EgdbDistances, EgdbErrorCode | 'ERR_EGDB_MISSING'>;

// Brotli at its best, with a window as large as it goes: the same bytes on every run.
const BROTLI_OPTIONS = {
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_LGWIN]: 24 },
};

/**
 * The distance table file's bytes checked and opened: the rules package's header (magic
 * `T48EGDD1`, pieces, balances, the distances' length and CRC-32), then the distances compressed
 * with Brotli. Refusals are the database's codes.
 */
export function egdbDistancesOfFileBytes(bytes: Uint8Array): EgdbDistancesRead {
  const header = readEgdbDistancesHeader(bytes);
  if (!header.ok) return header;
  const distances = inflated(
    () => brotliDecompressSync(bytes.subarray(header.headerBytes)),
    'distances',
  );
  return distances.ok
    ? egdbDistancesFromBytes(bytes.subarray(0, header.headerBytes), distances.value)
    : distances;
}

/** The distance table at `path`, or why not (one that cannot be read is `ERR_EGDB_MISSING`). */
export function readEgdbDistancesFile(path: string): EgdbDistancesRead {
  const bytes = readDataFile(path, 'ERR_EGDB_MISSING', 'the distance table');
  return bytes.ok ? egdbDistancesOfFileBytes(bytes.value) : bytes;
}

/** The file's bytes for a distance table: header, then the distances compressed. */
export function egdbDistancesFileBytes(table: EgdbDistances): Uint8Array {
  const { header, distances } = egdbDistancesBytes(table);
  const body = brotliCompressSync(distances, BROTLI_OPTIONS);
  const out = new Uint8Array(header.length + body.length);
  out.set(header, 0);
  out.set(body, header.length);
  return out;
}

/** Writes the distance table to `path` atomically. */
export function writeEgdbDistancesFile(path: string, table: EgdbDistances): number {
  const bytes = egdbDistancesFileBytes(table);
  writeDataFile(path, bytes);
  return bytes.length;
}
