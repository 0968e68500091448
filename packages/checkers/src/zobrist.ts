/**
 * Zobrist keys for the search's transposition table: 64-bit keys kept as two 32-bit halves
 * (`lo` picks the table slot, `hi` checks it), never BigInt.
 *
 * Every (piece kind, square) has a random key from a fixed-seed generator, so the keys, and
 * with them every search, are the same on every run and every machine. A position's key is the
 * xor of the keys of its pieces; to hash a whole position in 16 lookups per half rather than one
 * per piece, the keys are folded into byte tables: entry `kind * 1024 + byte * 256 + value`
 * holds the xor of the keys of `kind` on the squares set in `value`, the `byte`-th byte of the
 * mask.
 */

/** A small, fast, fixed-seed generator (SplitMix32): 32-bit outputs. */
export function splitMix32(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) | 0;
  };
}

const ZOBRIST_SEED = 0x2048c0de;
// Piece kinds: 0 black man, 1 black king, 2 red man, 3 red king.
const KINDS = 4;

function byteTables(next: () => number): Int32Array {
  const squareKeys = new Int32Array(KINDS * 32);
  for (let i = 0; i < squareKeys.length; i++) squareKeys[i] = next();
  const table = new Int32Array(KINDS * 1024);
  for (let kind = 0; kind < KINDS; kind++) {
    for (let byte = 0; byte < 4; byte++) {
      for (let value = 0; value < 256; value++) {
        let key = 0;
        for (let bit = 0; bit < 8; bit++)
          if ((value & (1 << bit)) !== 0) key ^= squareKeys[kind * 32 + byte * 8 + bit] as number;
        table[kind * 1024 + byte * 256 + value] = key;
      }
    }
  }
  return table;
}

const random = splitMix32(ZOBRIST_SEED);
const LO = byteTables(random);
const HI = byteTables(random);
const BLACK_TO_MOVE_LO = random();
const BLACK_TO_MOVE_HI = random();

function fold(table: Int32Array, kind: number, mask: number): number {
  const base = kind * 1024;
  return (
    (table[base + (mask & 255)] as number) ^
    (table[base + 256 + ((mask >>> 8) & 255)] as number) ^
    (table[base + 512 + ((mask >>> 16) & 255)] as number) ^
    (table[base + 768 + (mask >>> 24)] as number)
  );
}

/**
 * The low half of a position's key (the table slot). `black` and `red` are the pieces of each
 * side, `kings` the kings of both, `blackToMove` who moves.
 *
 * @example
 * zobristLo(0xfff, 0xfff00000, 0, true) === zobristLo(0xfff, 0xfff00000, 0, true) // true
 */
export function zobristLo(black: number, red: number, kings: number, blackToMove: boolean): number {
  const h =
    fold(LO, 0, black & ~kings) ^
    fold(LO, 1, black & kings) ^
    fold(LO, 2, red & ~kings) ^
    fold(LO, 3, red & kings);
  return blackToMove ? h ^ BLACK_TO_MOVE_LO : h;
}

/** The high half of a position's key (checked against the table entry). */
export function zobristHi(black: number, red: number, kings: number, blackToMove: boolean): number {
  const h =
    fold(HI, 0, black & ~kings) ^
    fold(HI, 1, black & kings) ^
    fold(HI, 2, red & ~kings) ^
    fold(HI, 3, red & kings);
  return blackToMove ? h ^ BLACK_TO_MOVE_HI : h;
}

/** The tables behind `zobristLo` and `zobristHi` (each entry `kind * 1024 + byte * 256 +
 * value`) and the side keys, for the search's WebAssembly kernel to hash with the same keys. */
export const ZOBRIST_TABLES = {
  lo: LO,
  hi: HI,
  blackToMoveLo: BLACK_TO_MOVE_LO,
  blackToMoveHi: BLACK_TO_MOVE_HI,
} as const;
