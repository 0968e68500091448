import { fail, ok, type Result } from './types.js';

/**
 * The state of the seeded generator (xoshiro128**): four unsigned 32-bit words, plain data
 * that lives inside the game, so a game can be saved, sent and replayed anywhere.
 */
export type RngState = readonly [number, number, number, number];

/**
 * The generators a game can be dealt with, by the record version that names them: 1 is
 * xoshiro128** seeded through FNV-1a (kept so old records replay as they were played), 2 the
 * pinned HMAC-SHA256 draws of `draws.ts` (every new game).
 */
export const GENERATOR_VERSIONS = [1, 2] as const;
export type GeneratorVersion = (typeof GENERATOR_VERSIONS)[number];

/** A seed as players and records write it: 1 to 64 letters, digits, `_`, `-`, `.` or `:`. */
export type Seed = string;

const SEED_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * Check a seed from outside. Numbers are accepted as their decimal spelling.
 *
 * @example
 * parseSeed(42)        // { ok: true, value: '42' }
 * parseSeed('a b')     // { ok: false, error: { code: 'ERR_SEED', … } }
 */
export function parseSeed(input: unknown): Result<Seed, 'ERR_SEED'> {
  if (typeof input === 'number' && Number.isSafeInteger(input) && input >= 0) {
    return ok(String(input));
  }
  if (typeof input === 'string' && SEED_PATTERN.test(input)) return ok(input);
  return fail('ERR_SEED', 'a seed is 1 to 64 letters, digits, "_", "-", "." or ":"');
}

/** Mix 32 bits (the finaliser of splitmix32). */
function mix32(x: number): number {
  let z = x >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  return (z ^ (z >>> 15)) >>> 0;
}

/** The generator state for a seed: the same seed gives the same state on every platform. */
export function seedState(seed: Seed): RngState {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  }
  const words = [0, 1, 2, 3].map((i) => mix32(h + Math.imul(i + 1, 0x9e3779b9)));
  // xoshiro must never start from all zeros.
  if (words.every((w) => w === 0)) return [1, 0, 0, 0];
  return words as unknown as RngState;
}

const rotl = (x: number, k: number): number => ((x << k) | (x >>> (32 - k))) >>> 0;

/** The next 32-bit output and the state after it. */
export function nextUint32(state: RngState): { value: number; state: RngState } {
  const [s0, s1, s2, s3] = state;
  const value = Math.imul(rotl(Math.imul(s1, 5) >>> 0, 7), 9) >>> 0;
  const t = (s1 << 9) >>> 0;
  let n2 = (s2 ^ s0) >>> 0;
  let n3 = (s3 ^ s1) >>> 0;
  const n1 = (s1 ^ n2) >>> 0;
  const n0 = (s0 ^ n3) >>> 0;
  n2 = (n2 ^ t) >>> 0;
  n3 = rotl(n3, 11);
  return { value, state: [n0, n1, n2, n3] };
}

/** A uniform number in [0, 1) and the state after it. */
export function nextFloat(state: RngState): { value: number; state: RngState } {
  const { value, state: next } = nextUint32(state);
  return { value: value / 2 ** 32, state: next };
}

/** A uniform whole number in [0, n) and the state after it. */
export function nextInt(state: RngState, n: number): { value: number; state: RngState } {
  const { value, state: next } = nextFloat(state);
  return { value: Math.floor(value * n), state: next };
}
