import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { Seed } from './random.js';

/**
 * The pinned generator of record version 2. Draw k (k = 0, 1, 2, …) of a game is the first
 * 8 bytes, big-endian, of HMAC-SHA256(key = the seed's UTF-8 bytes, message = the ASCII text
 * `twenty48/v2/` followed by k in decimal), read as an unsigned 64-bit u. Anyone holding a
 * published record can compute every tile with any HMAC-SHA256; nobody without the seed can
 * tell the next draw from the previous ones.
 *
 * A draw is kept as its two 32-bit halves (`hi`, `lo`), so no BigInt is needed on the way.
 */
export interface Draw {
  /** The upper 32 bits of u (bytes 0..3). */
  readonly hi: number;
  /** The lower 32 bits of u (bytes 4..7). */
  readonly lo: number;
}

/** The text every draw's message starts with. */
export const DRAW_PREFIX = 'twenty48/v2/';

const PREFIX_BYTES = [...DRAW_PREFIX].map((char) => char.charCodeAt(0));

/**
 * The keyed HMAC of a seed (its inner and outer hash states after the key), kept for the seeds
 * used last: a draw then costs two SHA-256 blocks instead of four. A cache of a pure function:
 * it changes no answer, only how fast it comes.
 */
const keyed = new Map<Seed, KeyedMac>();

/** What a draw uses of noble's HMAC object: copy its keyed state, sign, read out. */
interface KeyedMac {
  _cloneInto(to?: KeyedMac): KeyedMac;
  update(message: Uint8Array): KeyedMac;
  digestInto(out: Uint8Array): void;
}
const KEYED_SEEDS = 256;

function keyedHmac(seed: Seed): KeyedMac {
  let mac = keyed.get(seed);
  if (!mac) {
    if (keyed.size >= KEYED_SEEDS) {
      const oldest = keyed.keys().next();
      if (!oldest.done) keyed.delete(oldest.value);
    }
    mac = hmac.create(sha256, utf8ToBytes(seed));
    keyed.set(seed, mac);
  }
  return mac;
}

/** The message of draw `k`: `twenty48/v2/` and k in decimal, as ASCII bytes. */
export function drawMessage(k: number): Uint8Array {
  if (!Number.isSafeInteger(k) || k < 0) throw new Error(`drawMessage: bad draw number ${k}`);
  const digits = String(k);
  const bytes = new Uint8Array(PREFIX_BYTES.length + digits.length);
  bytes.set(PREFIX_BYTES);
  for (let i = 0; i < digits.length; i++) {
    bytes[PREFIX_BYTES.length + i] = digits.charCodeAt(i);
  }
  return bytes;
}

/**
 * Draw `k` of the game dealt from `seed`.
 *
 * @example
 * const { hi, lo } = drawOf('abc', 0);
 * BigInt(hi) * 2n ** 32n + BigInt(lo) // 3548125594999633935n (0x313d796e0c6cb80f)
 */
export function drawOf(seed: Seed, k: number): Draw {
  // One working copy and one output buffer for every draw: a draw allocates next to nothing.
  const mac = keyedHmac(seed)._cloneInto(scratch);
  scratch = mac;
  mac.update(drawMessage(k)).digestInto(digest);
  return { hi: digestView.getUint32(0, false), lo: digestView.getUint32(4, false) };
}

let scratch: KeyedMac | undefined;
const digest = new Uint8Array(32);
const digestView = new DataView(digest.buffer);

const TWO_32 = 2 ** 32;
/** Up to this n, n·hi and n·lo stay below 2^53: exact in a double. */
const EXACT_N = 2 ** 21;

/**
 * "A number below n" for a draw: floor(n·u / 2^64), computed exactly. With u = hi·2^32 + lo,
 * floor(n·u / 2^64) = floor((n·hi + floor(n·lo / 2^32)) / 2^32), every term an exact double
 * while n ≤ 2^21; a larger n goes through BigInt.
 *
 * @example
 * numberBelow(10, { hi: 0x19999999, lo: 0x99999999 }) // 0 (u just under 2^64 / 10)
 * numberBelow(10, { hi: 0x1999999a, lo: 0 })          // 1
 */
export function numberBelow(n: number, draw: Draw): number {
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`numberBelow: bad bound ${n}`);
  if (n <= EXACT_N) {
    const carry = Math.floor((n * draw.lo) / TWO_32);
    return Math.floor((n * draw.hi + carry) / TWO_32);
  }
  const u = (BigInt(draw.hi) << 32n) | BigInt(draw.lo);
  return Number((BigInt(n) * u) >> 64n);
}
