import { crc32 } from './crc32.js';
import { type Egdb, egdbSize, MAX_EGDB_PIECES } from './egdb.js';

// The endgame database's file format, as bytes (compression is the caller's): a 20-byte header,
// then the 2-bit values. Everything read is checked and every refusal named.

/** Why bytes are not a database. */
export type EgdbErrorCode = 'ERR_EGDB_FOREIGN' | 'ERR_EGDB_TRUNCATED' | 'ERR_EGDB_DAMAGED';

/** The file's first bytes: "T48EGDB" and a format version. */
export const EGDB_MAGIC = 'T48EGDB1';
/** The header's length: magic (8), pieces (4), values' length (4), CRC-32 of the values (4). */
export const EGDB_HEADER_BYTES = 20;

/**
 * The header of a database file (the values follow it, compressed by the caller): magic,
 * pieces, the values' length and their CRC-32, little-endian.
 *
 * @example
 * egdbHeader(buildEgdb(3)) // 20 bytes starting "T48EGDB1"
 */
export function egdbHeader(db: Egdb): Uint8Array {
  const header = new Uint8Array(EGDB_HEADER_BYTES);
  const view = new DataView(header.buffer);
  for (let i = 0; i < 8; i++) header[i] = EGDB_MAGIC.charCodeAt(i);
  view.setUint32(8, db.pieces, true);
  view.setUint32(12, db.values.length, true);
  view.setUint32(16, crc32(db.values), true);
  return header;
}

/**
 * What a database file's header announces, checked: `ERR_EGDB_FOREIGN` when it is not ours (no
 * magic, an unknown version, a size no database has), `ERR_EGDB_TRUNCATED` when it is shorter
 * than a header.
 */
export function readEgdbHeader(
  header: Uint8Array,
):
  | { ok: true; pieces: number; length: number; crc: number }
  | { ok: false; code: EgdbErrorCode; message: string } {
  if (header.length < EGDB_HEADER_BYTES)
    return {
      ok: false,
      code: 'ERR_EGDB_TRUNCATED',
      message: `${header.length} bytes: shorter than a header`,
    };
  for (let i = 0; i < 8; i++)
    if (header[i] !== EGDB_MAGIC.charCodeAt(i))
      return {
        ok: false,
        code: 'ERR_EGDB_FOREIGN',
        message: `not an endgame database (no ${EGDB_MAGIC})`,
      };
  const view = new DataView(header.buffer, header.byteOffset, EGDB_HEADER_BYTES);
  const pieces = view.getUint32(8, true);
  const length = view.getUint32(12, true);
  if (pieces < 2 || pieces > MAX_EGDB_PIECES || length !== Math.ceil(egdbSize(pieces) / 4))
    return {
      ok: false,
      code: 'ERR_EGDB_FOREIGN',
      message: `a database of ${pieces} pieces and ${length} bytes is none of ours`,
    };
  return { ok: true, pieces, length, crc: view.getUint32(16, true) };
}

/**
 * The database from its header and its values (decompressed), checked: `ERR_EGDB_TRUNCATED`
 * when values are missing, `ERR_EGDB_DAMAGED` when their CRC-32 differs from the header's.
 */
export function egdbFromBytes(
  header: Uint8Array,
  values: Uint8Array,
): { ok: true; value: Egdb } | { ok: false; code: EgdbErrorCode; message: string } {
  const read = readEgdbHeader(header);
  if (!read.ok) return read;
  if (values.length < read.length)
    return {
      ok: false,
      code: 'ERR_EGDB_TRUNCATED',
      message: `${values.length} of ${read.length} bytes of values`,
    };
  if (values.length > read.length || crc32(values) !== read.crc)
    return {
      ok: false,
      code: 'ERR_EGDB_DAMAGED',
      message: 'the values do not match their checksum',
    };
  return { ok: true, value: { pieces: read.pieces, values } };
}
