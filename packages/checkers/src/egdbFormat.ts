import { crc32 } from './crc32.js';
import {
  type Egdb,
  type EgdbDistances,
  type EgdbMaterial,
  egdbDistanceLayout,
  egdbSize,
  MAX_EGDB_PIECES,
} from './egdb.js';

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

// The distance table's file format (`EgdbDistances`), as bytes (compression is the caller's): a
// header naming the database's pieces and the balances held, then their distances, a byte a
// position, balance after balance in the database's order.

/** The distance table file's first bytes: "T48EGDD" and a format version. */
export const EGDB_DISTANCES_MAGIC = 'T48EGDD1';
/** The header's fixed part: magic (8), pieces (4), balances (4), distances' length (4), CRC-32
 * of the distances (4); each balance then takes 4 bytes (men and kings of the side ahead, then
 * of the other side). */
export const EGDB_DISTANCES_HEADER_BYTES = 24;
/** The most balances a table file may name. */
const MAX_DISTANCE_MATERIALS = 64;

/** The header of a distance table file, and its distances, one after the other. */
export function egdbDistancesBytes(table: EgdbDistances): {
  header: Uint8Array;
  distances: Uint8Array;
} {
  const layout = egdbDistanceLayout(table.pieces, table.materials);
  const length = layout.reduce((sum, s) => sum + s.length, 0);
  const distances = new Uint8Array(length);
  let at = 0;
  for (const { key, length: n } of layout) {
    const part = table.slices.get(key);
    if (part === undefined || part.length !== n)
      throw new Error(`egdb distances: the table has no ${n} distances for balance ${key}`);
    distances.set(part, at);
    at += n;
  }
  const header = new Uint8Array(EGDB_DISTANCES_HEADER_BYTES + 4 * layout.length);
  const view = new DataView(header.buffer);
  for (let i = 0; i < 8; i++) header[i] = EGDB_DISTANCES_MAGIC.charCodeAt(i);
  view.setUint32(8, table.pieces, true);
  view.setUint32(12, layout.length, true);
  view.setUint32(16, length, true);
  view.setUint32(20, crc32(distances), true);
  for (const [i, { material }] of layout.entries())
    header.set(material, EGDB_DISTANCES_HEADER_BYTES + 4 * i);
  return { header, distances };
}

/**
 * What a distance table file's header announces, checked: `ERR_EGDB_FOREIGN` when it is not
 * ours (no magic, pieces or balances no table of ours has, a length that is not theirs),
 * `ERR_EGDB_TRUNCATED` when it is shorter than its header. `headerBytes` is where the
 * compressed distances start.
 */
export function readEgdbDistancesHeader(bytes: Uint8Array):
  | {
      ok: true;
      pieces: number;
      materials: EgdbMaterial[];
      length: number;
      crc: number;
      headerBytes: number;
    }
  | { ok: false; code: EgdbErrorCode; message: string } {
  const short = (what: string) =>
    ({ ok: false, code: 'ERR_EGDB_TRUNCATED', message: `${bytes.length} bytes: ${what}` }) as const;
  const foreign = (message: string) => ({ ok: false, code: 'ERR_EGDB_FOREIGN', message }) as const;
  if (bytes.length < EGDB_DISTANCES_HEADER_BYTES) return short('shorter than a header');
  for (let i = 0; i < 8; i++)
    if (bytes[i] !== EGDB_DISTANCES_MAGIC.charCodeAt(i))
      return foreign(`not a distance table (no ${EGDB_DISTANCES_MAGIC})`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, EGDB_DISTANCES_HEADER_BYTES);
  const pieces = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  const length = view.getUint32(16, true);
  if (pieces < 2 || pieces > MAX_EGDB_PIECES || count < 1 || count > MAX_DISTANCE_MATERIALS)
    return foreign(`a table of ${pieces} pieces and ${count} balances is none of ours`);
  const headerBytes = EGDB_DISTANCES_HEADER_BYTES + 4 * count;
  if (bytes.length < headerBytes) return short(`shorter than a header of ${count} balances`);
  const materials: EgdbMaterial[] = [];
  for (let i = 0; i < count; i++) {
    const at = EGDB_DISTANCES_HEADER_BYTES + 4 * i;
    materials.push([
      bytes[at] as number,
      bytes[at + 1] as number,
      bytes[at + 2] as number,
      bytes[at + 3] as number,
    ]);
  }
  const layout = egdbDistanceLayout(pieces, materials);
  const ahead = materials.every(([sm, sk, wm, wk]) => sm + sk > wm + wk);
  const inOrder = layout.every(({ material }, i) => material.join() === materials[i]?.join());
  if (!ahead || layout.length !== count || !inOrder)
    return foreign(
      `balances ${materials
        .slice(0, 8)
        .map((m) => m.join(''))
        .join(' ')}${count > 8 ? ' …' : ''} are not a table of ${pieces} pieces`,
    );
  if (length !== layout.reduce((sum, s) => sum + s.length, 0))
    return foreign(`${length} distances are not those of its balances`);
  return { ok: true, pieces, materials, length, crc: view.getUint32(20, true), headerBytes };
}

/**
 * The distance table from its file's header and its distances (decompressed), checked:
 * `ERR_EGDB_TRUNCATED` when distances are missing, `ERR_EGDB_DAMAGED` when their CRC-32 differs
 * from the header's.
 */
export function egdbDistancesFromBytes(
  header: Uint8Array,
  distances: Uint8Array,
): { ok: true; value: EgdbDistances } | { ok: false; code: EgdbErrorCode; message: string } {
  const read = readEgdbDistancesHeader(header);
  if (!read.ok) return read;
  if (distances.length < read.length)
    return {
      ok: false,
      code: 'ERR_EGDB_TRUNCATED',
      message: `${distances.length} of ${read.length} distances`,
    };
  if (distances.length > read.length || crc32(distances) !== read.crc)
    return {
      ok: false,
      code: 'ERR_EGDB_DAMAGED',
      message: 'the distances do not match their checksum',
    };
  const slices = new Map<number, Uint8Array>();
  let at = 0;
  for (const { key, length } of egdbDistanceLayout(read.pieces, read.materials)) {
    slices.set(key, distances.subarray(at, at + length));
    at += length;
  }
  return { ok: true, value: { pieces: read.pieces, materials: read.materials, slices } };
}
