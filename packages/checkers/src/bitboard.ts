import type { Position } from './types.js';

/**
 * The fast move generator, for perft and search: 32-bit masks (bit n-1 = PDN square n), shifts
 * and masks, no allocation.
 *
 * In PDN numbering a diagonal step is a shift by 3, 4 or 5 depending on the row: rows 1, 3, 5, 7
 * (`ODD_ROWS`) step down by +4 (southwest) and +5 (southeast), rows 2, 4, 6, 8 by +3 and +4; up
 * is the mirror image. Masks keep pieces on the edge columns from wrapping around. A jump is
 * two steps the same way, always ±7 or ±9.
 *
 * Moves go into a `MoveStack`, a preallocated set of typed arrays shared by every ply: a
 * position's moves are the entries `[start, end)`, and its children write after `end`. For each
 * move the stack holds `from` and `to` (one bit each), `captured` (the mask of the pieces
 * jumped) and `kingsXor` (what the move does to the kings mask: the moving king's bits, a
 * crowned man's square, the captured kings). A move is made, and unmade, by xor:
 *
 * ```ts
 * own ^= from ^ to;   // from === to for a king that jumps round back to its square
 * opp ^= captured;
 * kings ^= kingsXor;
 * ```
 *
 * Masks are signed 32-bit integers inside (what `|` and `^` give); `>>> 0` makes them unsigned.
 * Each distinct jump sequence is one entry, so two sequences that capture the same pieces from
 * the same square to the same square appear twice, with the same masks.
 *
 * A search walks the tree like this (perft.ts does the same), allocating nothing:
 *
 * ```ts
 * const stack = new MoveStack(MAX_PLY * MAX_MOVES);
 * function search(own, opp, kings, south, depth, start) {
 *   const end = generateMoves(own, opp, kings, south, stack, start);
 *   if (end === start) return LOSS; // no pieces or no moves: the side to move has lost
 *   for (let i = start; i < end; i++) {
 *     // the child: the other side to move, so the masks swap places
 *     const score = -search(
 *       opp ^ stack.captured[i],
 *       own ^ stack.from[i] ^ stack.to[i],
 *       kings ^ stack.kingsXor[i],
 *       !south, depth - 1, end,
 *     );
 *   }
 * }
 * ```
 *
 * `sideMasks(position)` gives the four arguments for a `Position`, `positionOfMasks` goes back.
 * Draws (repetition, 40 moves) are the caller's to track: the generator knows only the board.
 */

/** Rows 1, 3, 5, 7. */
export const ODD_ROWS = 0x0f0f0f0f;
/** Rows 2, 4, 6, 8. */
export const EVEN_ROWS = 0xf0f0f0f0 | 0;
// Rows 1, 3, 5, 7 without column 8: they can step east.
const ODD_ROWS_EAST = 0x07070707;
// Rows 2, 4, 6, 8 without column 1: they can step west.
const EVEN_ROWS_WEST = 0xe0e0e0e0 | 0;
/** Row 8: black men are crowned here. */
export const BLACK_KING_ROW = 0xf0000000 | 0;
/** Row 1: red men are crowned here. */
export const RED_KING_ROW = 0x0000000f;

/** One step southeast (row+1, col+1) of every square in `x`. */
export const stepSE = (x: number): number => ((x & ODD_ROWS_EAST) << 5) | ((x & EVEN_ROWS) << 4);
/** One step southwest (row+1, col-1). */
export const stepSW = (x: number): number => ((x & ODD_ROWS) << 4) | ((x & EVEN_ROWS_WEST) << 3);
/** One step northeast (row-1, col+1). */
export const stepNE = (x: number): number => ((x & ODD_ROWS_EAST) >>> 3) | ((x & EVEN_ROWS) >>> 4);
/** One step northwest (row-1, col-1). */
export const stepNW = (x: number): number => ((x & ODD_ROWS) >>> 4) | ((x & EVEN_ROWS_WEST) >>> 5);

/** A 32-bit mask read backwards: the board turned half round. */
export function reverseBits(mask: number): number {
  let x = mask;
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  x = ((x >>> 8) & 0x00ff00ff) | ((x & 0x00ff00ff) << 8);
  return (x >>> 16) | (x << 16) | 0;
}

/** How many bits a mask has set. */
export function bitCount(mask: number): number {
  let m = mask - ((mask >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return Math.imul((m + (m >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * Room for one position's moves in a `MoveStack`: the most any position we searched has (random
 * and hill-climbed positions, many kings, captures) is 42, so 256 leaves a wide margin; a full
 * stack throws a RangeError rather than drop moves.
 */
export const MAX_MOVES = 256;

/**
 * Preallocated typed arrays for the moves of every ply of a search or perft. Size it as
 * `plies * MAX_MOVES`; generating past the end throws a RangeError.
 */
export class MoveStack {
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly captured: Int32Array;
  readonly kingsXor: Int32Array;
  readonly capacity: number;
  constructor(capacity: number) {
    this.capacity = capacity;
    this.from = new Int32Array(capacity);
    this.to = new Int32Array(capacity);
    this.captured = new Int32Array(capacity);
    this.kingsXor = new Int32Array(capacity);
  }
}

// The pieces of the side to move that can jump, and of those that can step, by direction.
// `south` is true for black (its men move south), `men`/`kings` are that side's pieces.

/** The pieces of the side to move that have a jump. */
export function jumpers(own: number, opp: number, kings: number, south: boolean): number {
  const empty = ~(own | opp);
  const ownKings = own & kings;
  const downers = south ? own : ownKings;
  const uppers = south ? ownKings : own;
  let result = 0;
  if (downers !== 0)
    result |= (stepNW(stepNW(empty) & opp) & downers) | (stepNE(stepNE(empty) & opp) & downers);
  if (uppers !== 0)
    result |= (stepSW(stepSW(empty) & opp) & uppers) | (stepSE(stepSE(empty) & opp) & uppers);
  return result;
}

/**
 * Writes the legal moves of the side to move into `stack` from index `start` and returns the
 * index after the last one (`start` itself when the side to move has lost). `own` and `opp` are
 * the pieces of the side to move and of the other side, `kings` the kings of both, `south` true
 * when black is to move. Captures are compulsory: when one exists only captures are written.
 *
 * @example
 * const stack = new MoveStack(MAX_MOVES);
 * const end = generateMoves(0xfff, 0xfff00000 | 0, 0, true, stack, 0); // 7
 */
export function generateMoves(
  own: number,
  opp: number,
  kings: number,
  south: boolean,
  stack: MoveStack,
  start: number,
): number {
  let jumping = jumpers(own, opp, kings, south);
  if (jumping !== 0) {
    let end = start;
    while (jumping !== 0) {
      const from = jumping & -jumping;
      jumping ^= from;
      // The jumping piece leaves its square: a king may land there again.
      const empty = ~(own | opp) | from;
      end =
        (kings & from) !== 0
          ? kingJumps(from, from, opp, empty, 0, kings, stack, end)
          : manJumps(from, from, south, opp, empty, 0, kings, stack, end);
    }
    return end;
  }
  if (start + 48 > stack.capacity) throw new RangeError('MoveStack is full');
  const empty = ~(own | opp);
  const ownKings = own & kings;
  let end = start;
  if (south) {
    end = writeSteps(stepSE(own) & empty, 0, kings, BLACK_KING_ROW, stack, end);
    end = writeSteps(stepSW(own) & empty, 1, kings, BLACK_KING_ROW, stack, end);
    if (ownKings !== 0) {
      end = writeSteps(stepNE(ownKings) & empty, 2, kings, 0, stack, end);
      end = writeSteps(stepNW(ownKings) & empty, 3, kings, 0, stack, end);
    }
  } else {
    end = writeSteps(stepNE(own) & empty, 2, kings, RED_KING_ROW, stack, end);
    end = writeSteps(stepNW(own) & empty, 3, kings, RED_KING_ROW, stack, end);
    if (ownKings !== 0) {
      end = writeSteps(stepSE(ownKings) & empty, 0, kings, 0, stack, end);
      end = writeSteps(stepSW(ownKings) & empty, 1, kings, 0, stack, end);
    }
  }
  return end;
}

// Writes the simple moves onto `targets`, each from one step back against direction `dir`
// (0 southeast, 1 southwest, 2 northeast, 3 northwest).
function writeSteps(
  targets: number,
  dir: number,
  kings: number,
  crown: number,
  stack: MoveStack,
  start: number,
): number {
  let end = start;
  let rest = targets;
  while (rest !== 0) {
    const to = rest & -rest;
    rest ^= to;
    const from =
      dir === 0 ? stepNW(to) : dir === 1 ? stepNE(to) : dir === 2 ? stepSW(to) : stepSE(to);
    stack.from[end] = from;
    stack.to[end] = to;
    stack.captured[end] = 0;
    stack.kingsXor[end] = (kings & from) !== 0 ? from ^ to : to & crown;
    end++;
  }
  return end;
}

// Continues a man's capture from `at` (forward only; reaching the far row crowns it and ends
// the move); writes each finished sequence and returns the new end.
function manJumps(
  from: number,
  at: number,
  south: boolean,
  opp: number,
  empty: number,
  captured: number,
  kings: number,
  stack: MoveStack,
  end: number,
): number {
  let next = end;
  for (let dir = 0; dir < 2; dir++) {
    let over: number;
    let land: number;
    if (south) {
      over = (dir === 0 ? stepSE(at) : stepSW(at)) & opp;
      land = (dir === 0 ? stepSE(over) : stepSW(over)) & empty;
    } else {
      over = (dir === 0 ? stepNE(at) : stepNW(at)) & opp;
      land = (dir === 0 ? stepNE(over) : stepNW(over)) & empty;
    }
    if (land === 0) continue;
    const taken = captured | over;
    const crown = land & (south ? BLACK_KING_ROW : RED_KING_ROW);
    next =
      crown !== 0
        ? push(stack, next, from, land, taken, land ^ (taken & kings))
        : manJumps(from, land, south, opp ^ over, empty, taken, kings, stack, next);
  }
  if (next === end && captured !== 0)
    return push(stack, next, from, at, captured, captured & kings);
  return next;
}

// Continues a king's capture from `at`, in all four directions.
function kingJumps(
  from: number,
  at: number,
  opp: number,
  empty: number,
  captured: number,
  kings: number,
  stack: MoveStack,
  end: number,
): number {
  let next = end;
  for (let dir = 0; dir < 4; dir++) {
    const over =
      (dir === 0 ? stepSE(at) : dir === 1 ? stepSW(at) : dir === 2 ? stepNE(at) : stepNW(at)) & opp;
    const land =
      (dir === 0
        ? stepSE(over)
        : dir === 1
          ? stepSW(over)
          : dir === 2
            ? stepNE(over)
            : stepNW(over)) & empty;
    if (land !== 0)
      next = kingJumps(from, land, opp ^ over, empty, captured | over, kings, stack, next);
  }
  if (next === end && captured !== 0)
    return push(stack, next, from, at, captured, from ^ at ^ (captured & kings));
  return next;
}

function push(
  stack: MoveStack,
  index: number,
  from: number,
  to: number,
  captured: number,
  kingsXor: number,
): number {
  if (index >= stack.capacity) throw new RangeError('MoveStack is full');
  stack.from[index] = from;
  stack.to[index] = to;
  stack.captured[index] = captured;
  stack.kingsXor[index] = kingsXor;
  return index + 1;
}

// Counts the finished capture sequences of a man from `at`, like manJumps without writing.
function countManJumps(at: number, south: boolean, opp: number, empty: number): number {
  let count = 0;
  if (south) {
    let over = stepSE(at) & opp;
    let land = stepSE(over) & empty;
    if (land !== 0)
      count += (land & BLACK_KING_ROW) !== 0 ? 1 : countManJumps(land, true, opp ^ over, empty);
    over = stepSW(at) & opp;
    land = stepSW(over) & empty;
    if (land !== 0)
      count += (land & BLACK_KING_ROW) !== 0 ? 1 : countManJumps(land, true, opp ^ over, empty);
  } else {
    let over = stepNE(at) & opp;
    let land = stepNE(over) & empty;
    if (land !== 0)
      count += (land & RED_KING_ROW) !== 0 ? 1 : countManJumps(land, false, opp ^ over, empty);
    over = stepNW(at) & opp;
    land = stepNW(over) & empty;
    if (land !== 0)
      count += (land & RED_KING_ROW) !== 0 ? 1 : countManJumps(land, false, opp ^ over, empty);
  }
  // No jump from here: the sequence that led here is one move.
  return count === 0 ? 1 : count;
}

// Counts the finished capture sequences of a king from `at`.
function countKingJumps(at: number, opp: number, empty: number): number {
  let count = 0;
  let over = stepSE(at) & opp;
  let land = stepSE(over) & empty;
  if (land !== 0) count += countKingJumps(land, opp ^ over, empty);
  over = stepSW(at) & opp;
  land = stepSW(over) & empty;
  if (land !== 0) count += countKingJumps(land, opp ^ over, empty);
  over = stepNE(at) & opp;
  land = stepNE(over) & empty;
  if (land !== 0) count += countKingJumps(land, opp ^ over, empty);
  over = stepNW(at) & opp;
  land = stepNW(over) & empty;
  if (land !== 0) count += countKingJumps(land, opp ^ over, empty);
  return count === 0 ? 1 : count;
}

/**
 * How many legal moves the side to move has (each distinct jump sequence counted once), without
 * writing them: perft's leaves, and a quick mobility count for a search.
 *
 * @example
 * countMoves(0xfff, 0xfff00000 | 0, 0, true) // 7
 */
export function countMoves(own: number, opp: number, kings: number, south: boolean): number {
  let jumping = jumpers(own, opp, kings, south);
  if (jumping !== 0) {
    let count = 0;
    while (jumping !== 0) {
      const from = jumping & -jumping;
      jumping ^= from;
      const empty = ~(own | opp) | from;
      count +=
        (kings & from) !== 0
          ? countKingJumps(from, opp, empty)
          : countManJumps(from, south, opp, empty);
    }
    return count;
  }
  const empty = ~(own | opp);
  const ownKings = own & kings;
  let count = south
    ? bitCount(stepSE(own) & empty) + bitCount(stepSW(own) & empty)
    : bitCount(stepNE(own) & empty) + bitCount(stepNW(own) & empty);
  if (ownKings !== 0)
    count += south
      ? bitCount(stepNE(ownKings) & empty) + bitCount(stepNW(ownKings) & empty)
      : bitCount(stepSE(ownKings) & empty) + bitCount(stepSW(ownKings) & empty);
  return count;
}

/** A position as the generator takes it: the masks of the side to move and of the other. */
export interface SideMasks {
  /** The pieces of the side to move (signed 32-bit). */
  readonly own: number;
  /** The pieces of the other side. */
  readonly opp: number;
  /** The kings of both sides. */
  readonly kings: number;
  /** True when black is to move (its men move south, toward row 8). */
  readonly south: boolean;
}

/**
 * The masks `generateMoves` and `countMoves` take, from a position.
 *
 * @example
 * const { own, opp, kings, south } = sideMasks(initialPosition());
 * countMoves(own, opp, kings, south) // 7
 */
export function sideMasks(position: Position): SideMasks {
  const south = position.turn === 'black';
  return {
    own: (south ? position.black : position.red) | 0,
    opp: (south ? position.red : position.black) | 0,
    kings: position.kings | 0,
    south,
  };
}

/**
 * The position that masks describe: the inverse of `sideMasks` (masks made unsigned).
 *
 * @example
 * positionOfMasks(sideMasks(initialPosition())) // initialPosition()
 */
export function positionOfMasks(masks: SideMasks): Position {
  const { own, opp, kings, south } = masks;
  return {
    black: (south ? own : opp) >>> 0,
    red: (south ? opp : own) >>> 0,
    kings: kings >>> 0,
    turn: south ? 'black' : 'red',
  };
}
