/**
 * The n-tuple network file (README: "The n-tuple network file"), little-endian:
 *
 *   0   8 bytes  magic "T48NTUPL"
 *   8   u16      version (1)
 *   10  u8       weight encoding: 0 float32, 1 float16 (IEEE 754 half, rounded to nearest even),
 *                2 int16 (a weight is the integer times a quantum, rounded to the nearest),
 *                3 int16-delta (as int16, but each stage after the first holds its integers
 *                minus the stage before's, modulo 2^16: a late stage that differs from the one
 *                before in few weights is mostly zeros, which compress away)
 *   11  u8       tuple count T (1..32), then per tuple: u8 length L (1..8), L u8 cells (0..15)
 *   ..  u8       stage count S (1..16), then S u8 stage starts (largest exponent, ascending, 0 first)
 *   ..  f64      games trained
 *   ..  u32      N, then N bytes of UTF-8 JSON: the training state (empty when N is 0)
 *   ..  f32      encodings 2 and 3 only: the quantum (finite, above 0)
 *   ..           S x sum(16^L) weights in the encoding, stage-major, tuple, then index
 *   ..           only when the training state has "coherence": true: 2 x S x sum(16^L) float32,
 *                each weight's temporal coherence, its accumulated error E then absolute error A
 *   end u32      CRC-32 (IEEE) of every byte before it
 *
 * A file may also be stored gzip-compressed as a whole (it starts 1f 8b); `unwrapNetworkFile`
 * takes that off with the platform's decompressor before `parseNetwork` reads it.
 */
import { fail, isRecord, ok, type Result } from '@twenty48/common';
import { type Network, type NetworkShape, shapeProblem, weightCount } from './ntuple-network.js';

export const NETWORK_MAGIC = 'T48NTUPL';
export const NETWORK_VERSION = 1;
export const ENCODINGS = ['float32', 'float16', 'int16', 'int16-delta'] as const;
export type Encoding = (typeof ENCODINGS)[number];

export type NetworkErrorCode =
  | 'ERR_NETWORK_FOREIGN'
  | 'ERR_NETWORK_VERSION'
  | 'ERR_NETWORK_TRUNCATED'
  | 'ERR_NETWORK_DAMAGED';

/** A network file's contents: the network, how many games made it, and the trainer's state. */
export interface NetworkFile {
  readonly network: Network;
  readonly games: number;
  /** The trainer's state (JSON), for `--resume`; null in a shipped network. */
  readonly training: unknown;
  /**
   * Each weight's temporal coherence, E and A interleaved (a checkpoint of a trainer that uses
   * it: its training state then says `"coherence": true`).
   */
  readonly coherence?: Float32Array;
}

/** True when a training state says the file holds temporal coherence after the weights. */
const hasCoherence = (training: unknown): boolean =>
  isRecord(training) && training.coherence === true;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/**
 * CRC-32 (IEEE 802.3, as zlib and gzip) of bytes.
 *
 * @example
 * crc32(new TextEncoder().encode('123456789')) // 0xcbf43926
 */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) {
    c = (CRC_TABLE[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  }
  return (c ^ 0xffffffff) >>> 0;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** A float32 as the bits of the nearest IEEE half (ties to even; overflow to infinity). */
export function toHalf(value: number): number {
  f32[0] = value;
  const x = u32[0] as number;
  const sign = (x >>> 16) & 0x8000;
  const exponent = (x >>> 23) & 0xff;
  const mantissa = x & 0x7fffff;
  if (exponent === 0xff) return sign | 0x7c00 | (mantissa ? 0x200 : 0);
  const e = exponent - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10) return sign;
    const m = mantissa | 0x800000;
    const shift = 14 - e;
    const half = m >>> shift;
    const rest = m & ((1 << shift) - 1);
    const mid = 1 << (shift - 1);
    return sign | (half + (rest > mid || (rest === mid && half & 1) ? 1 : 0));
  }
  const half = (e << 10) | (mantissa >>> 13);
  const rest = mantissa & 0x1fff;
  return sign | (half + (rest > 0x1000 || (rest === 0x1000 && half & 1) ? 1 : 0));
}

/** The value of IEEE half bits. */
export function fromHalf(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >>> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 0x1f) return mantissa ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

/** The largest integer of the int16 encoding (-32767 is the smallest: the scale is symmetric). */
const INT16_MAX = 32767;

/**
 * The int16 encoding's quantum for these weights: the smallest power of two (from 2^-16) by
 * which every weight fits in ±32767.
 *
 * @example
 * int16Quantum(Float32Array.of(-1000, 42990.7)) // 2
 */
export function int16Quantum(weights: Float32Array): number {
  let largest = 0;
  for (let i = 0; i < weights.length; i++) {
    largest = Math.max(largest, Math.abs(weights[i] as number));
  }
  let quantum = 2 ** -16;
  while (Math.round(largest / quantum) > INT16_MAX) quantum *= 2;
  return quantum;
}

/** A weight as the int16 encoding keeps it: the nearest multiple of `quantum`, within ±32767. */
export function toInt16(weight: number, quantum: number): number {
  return Math.max(-INT16_MAX, Math.min(INT16_MAX, Math.round(weight / quantum)));
}

/** True for the encodings that store integers times a quantum. */
const isInteger = (encoding: Encoding): boolean =>
  encoding === 'int16' || encoding === 'int16-delta';

/**
 * A network file's bytes (uncompressed). The int16 encodings take `quantum` (a power of two;
 * by default `int16Quantum` of the weights).
 *
 * @example
 * const bytes = makeNetwork({ network, games: 1000, training: null }, 'float16');
 */
export function makeNetwork(
  file: NetworkFile,
  encoding: Encoding = 'float32',
  quantum = isInteger(encoding) ? int16Quantum(file.network.weights) : 1,
): Uint8Array {
  const { shape, weights } = file.network;
  const training =
    file.training === null
      ? new Uint8Array(0)
      : new TextEncoder().encode(JSON.stringify(file.training));
  const head = 8 + 2 + 1 + 1 + shape.tuples.reduce((n, t) => n + 1 + t.length, 0);
  const quantumBytes = isInteger(encoding) ? 4 : 0;
  const meta = head + 1 + shape.stages.length + 8 + 4 + training.length + quantumBytes;
  const width = encoding === 'float32' ? 4 : 2;
  const coherent = hasCoherence(file.training);
  if (coherent && file.coherence?.length !== 2 * weights.length) {
    throw new Error('a training state with coherence needs 2 coherence values per weight');
  }
  const extra = coherent ? weights.length * 8 : 0;
  const bytes = new Uint8Array(meta + weights.length * width + extra + 4);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(NETWORK_MAGIC), 0);
  view.setUint16(8, NETWORK_VERSION, true);
  view.setUint8(10, ENCODINGS.indexOf(encoding));
  let at = 11;
  view.setUint8(at++, shape.tuples.length);
  for (const cells of shape.tuples) {
    view.setUint8(at++, cells.length);
    for (const cell of cells) view.setUint8(at++, cell);
  }
  view.setUint8(at++, shape.stages.length);
  for (const start of shape.stages) view.setUint8(at++, start);
  view.setFloat64(at, file.games, true);
  view.setUint32(at + 8, training.length, true);
  bytes.set(training, at + 12);
  if (isInteger(encoding)) view.setFloat32(at + 12 + training.length, quantum, true);
  at = meta;
  if (encoding === 'float32') {
    bytes.set(new Uint8Array(weights.buffer, weights.byteOffset, weights.byteLength), at);
  } else if (isInteger(encoding)) {
    const integers = new Int16Array(weights.length);
    // The quantum as the file keeps it (f32), so a reader gets back exactly what was rounded.
    const kept = Math.fround(quantum);
    for (let i = 0; i < weights.length; i++) integers[i] = toInt16(weights[i] as number, kept);
    if (encoding === 'int16-delta') {
      // From the last stage back, each integer less the one before it (an Int16Array wraps).
      const stage = weights.length / shape.stages.length;
      for (let i = weights.length - 1; i >= stage; i--) {
        integers[i] = (integers[i] as number) - (integers[i - stage] as number);
      }
    }
    bytes.set(new Uint8Array(integers.buffer), at);
  } else {
    const halves = new Uint16Array(weights.length);
    for (let i = 0; i < weights.length; i++) halves[i] = toHalf(weights[i] as number);
    bytes.set(new Uint8Array(halves.buffer), at);
  }
  if (coherent && file.coherence) {
    const { buffer, byteOffset, byteLength } = file.coherence;
    bytes.set(new Uint8Array(buffer, byteOffset, byteLength), at + weights.length * width);
  }
  view.setUint32(bytes.length - 4, crc32(bytes.subarray(0, bytes.length - 4)), true);
  return bytes;
}

type Parsed = Result<NetworkFile, NetworkErrorCode>;
const truncated = (what: string): Parsed =>
  fail('ERR_NETWORK_TRUNCATED', `the network file ends before its ${what}`);

/**
 * Read a network file's bytes (uncompressed), refusing by name: not a network file
 * (ERR_NETWORK_FOREIGN), a version or encoding this program does not know (ERR_NETWORK_VERSION),
 * cut short (ERR_NETWORK_TRUNCATED), or changed since it was written: the checksum, the shape or
 * the length do not agree (ERR_NETWORK_DAMAGED).
 *
 * @example
 * parseNetwork(makeNetwork(file)).ok // true
 * parseNetwork(new Uint8Array(3)).error.code // 'ERR_NETWORK_FOREIGN'
 */
export function parseNetwork(bytes: Uint8Array): Parsed {
  const magic = new TextEncoder().encode(NETWORK_MAGIC);
  if (bytes.length < 8 || magic.some((b, i) => bytes[i] !== b)) {
    return fail('ERR_NETWORK_FOREIGN', 'not an n-tuple network file (no T48NTUPL magic)');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12) return truncated('header');
  const version = view.getUint16(8, true);
  const encoding = ENCODINGS[view.getUint8(10)];
  if (version !== NETWORK_VERSION || encoding === undefined) {
    return fail(
      'ERR_NETWORK_VERSION',
      `network file version ${version}, encoding ${view.getUint8(10)}: this program reads version ${NETWORK_VERSION}, encodings 0-${ENCODINGS.length - 1}`,
    );
  }
  let at = 11;
  const tuples: number[][] = [];
  const tupleCount = view.getUint8(at++);
  for (let t = 0; t < tupleCount; t++) {
    if (at >= bytes.length) return truncated('tuples');
    const length = view.getUint8(at++);
    if (at + length > bytes.length) return truncated('tuples');
    tuples.push(Array.from(bytes.subarray(at, at + length)));
    at += length;
  }
  if (at >= bytes.length) return truncated('stages');
  const stageCount = view.getUint8(at++);
  if (at + stageCount + 12 > bytes.length) return truncated('stages');
  const stages = Array.from(bytes.subarray(at, at + stageCount));
  at += stageCount;
  const shape: NetworkShape = { tuples, stages };
  const problem = shapeProblem(shape);
  if (problem !== null)
    return fail('ERR_NETWORK_DAMAGED', `the network's shape is wrong: ${problem}`);
  const games = view.getFloat64(at, true);
  const trainingLength = view.getUint32(at + 8, true);
  at += 12;
  const count = weightCount(shape);
  const width = encoding === 'float32' ? 4 : 2;
  if (at + trainingLength > bytes.length) return truncated('training state');
  let training: unknown = null;
  if (trainingLength > 0) {
    try {
      training = JSON.parse(new TextDecoder().decode(bytes.subarray(at, at + trainingLength)));
    } catch {
      return fail('ERR_NETWORK_DAMAGED', "the network file's training state is not JSON");
    }
  }
  const coherent = hasCoherence(training);
  const quantumBytes = isInteger(encoding) ? 4 : 0;
  const expected =
    at + trainingLength + quantumBytes + count * width + (coherent ? count * 8 : 0) + 4;
  if (bytes.length < expected) return truncated(coherent ? 'weights and coherence' : 'weights');
  if (bytes.length > expected) {
    return fail('ERR_NETWORK_DAMAGED', 'the network file is longer than its shape says');
  }
  if (crc32(bytes.subarray(0, bytes.length - 4)) !== view.getUint32(bytes.length - 4, true)) {
    return fail('ERR_NETWORK_DAMAGED', "the network file's checksum does not match");
  }
  at += trainingLength;
  const weights = new Float32Array(count);
  if (encoding === 'float32') {
    new Uint8Array(weights.buffer).set(bytes.subarray(at, at + count * 4));
  } else if (isInteger(encoding)) {
    const quantum = view.getFloat32(at, true);
    if (!(Number.isFinite(quantum) && quantum > 0)) {
      return fail('ERR_NETWORK_DAMAGED', `the network file's quantum is ${quantum}`);
    }
    at += 4;
    // Each stage after the first of int16-delta: its differences added to the stage before,
    // wrapping as int16 (the weight before, divided by the quantum and rounded, is its integer
    // again: f32 keeps an integer of 15 bits times the quantum within 2^-9 of it).
    const stage = encoding === 'int16-delta' ? count / stages.length : count;
    for (let i = 0; i < count; i++) {
      const stored = view.getInt16(at + 2 * i, true);
      const before = i < stage ? 0 : Math.round((weights[i - stage] as number) / quantum);
      const integer = i < stage ? stored : ((stored + before) << 16) >> 16;
      weights[i] = integer * quantum;
    }
  } else {
    const table = new Float32Array(1 << 16);
    for (let h = 0; h < 1 << 16; h++) table[h] = fromHalf(h);
    for (let i = 0; i < count; i++) weights[i] = table[view.getUint16(at + 2 * i, true)] as number;
  }
  if (!coherent) return ok({ network: { shape, weights }, games, training });
  at += count * width;
  const coherence = new Float32Array(2 * count);
  new Uint8Array(coherence.buffer).set(bytes.subarray(at, at + count * 8));
  return ok({ network: { shape, weights }, games, training, coherence });
}

/** True when the bytes are a gzip stream (the whole file stored compressed). */
export const isGzip = (bytes: Uint8Array): boolean => bytes[0] === 0x1f && bytes[1] === 0x8b;
