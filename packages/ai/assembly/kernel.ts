// The expectimax kernel in AssemblyScript, compiled to WebAssembly at `npm run build`
// (packages/ai/scripts/build-kernel.mjs). It is `createBitboardSearch`'s chance and move nodes
// (packages/ai/src/search.ts, the reference) on one 64-bit board instead of two 32-bit halves,
// in the same order, with the same float operations and the same transposition table policy
// (slot, stamp, depth, always replaced), so it returns the same values bit for bit
// (packages/ai/src/fast-search.test.ts checks it). The row tables, the row scores and the spawn
// model are written into memory by the caller (packages/ai/src/fast-search.ts), so the rules
// keep one home: the engine's collapseLine.

import {
  emptyCells,
  held,
  holds,
  keep,
  outOfTime,
  row,
  SLOT_BYTES,
  setTableBits,
  slide,
  slotOf,
  transpose,
  visit,
} from './board';

export { aborted, begin, nodes } from './board';

/** Chance nodes reached with a smaller path probability are scored, not searched. */
const PROBABILITY_CUT: f64 = 0.0001;

// Fixed addresses (the kernel's own static data ends far below 64 KiB), so every table access is
// a constant offset rather than a global read.
const LEFT: usize = 0x10000; // u16 x 65536: a row moved toward column 0
const RIGHT: usize = LEFT + (2 << 16); // u16 x 65536: toward column 3
const SCORES: usize = RIGHT + (2 << 16); // f64 x 65536: the heuristic of a row
const SPAWN_EXPONENTS: usize = SCORES + (8 << 16); // i32 x 16
const SPAWN_PROBABILITIES: usize = SPAWN_EXPONENTS + 64; // f64 x 16
/** Deepest `remaining` a chance node may have: one scratch block per level. */
export const MAX_REMAINING: i32 = 63;
// Per level: the board and its transpose moved left and right, and those moves' row scores.
const SCRATCH: usize = SPAWN_PROBABILITIES + 128;
const SCRATCH_LEVEL: usize = 256;
const SLOTS: usize = SCRATCH + SCRATCH_LEVEL * (<usize>MAX_REMAINING + 1);
let spawnCount: i32 = 0;
let smallestSpawn: f64 = 1;

/** Lay out memory for a table of 2^tableBits slots; returns the end of the used memory. */
export function init(tableBits: i32, spawns: i32): usize {
  if (__heap_base > LEFT) return 0;
  const end = SLOTS + (SLOT_BYTES << tableBits);
  const pages = <i32>((end + 0xffff) >> 16);
  if (pages > memory.size()) memory.grow(pages - memory.size());
  setTableBits(tableBits);
  spawnCount = spawns;
  return end;
}

/** Call after the spawn probabilities are written: the smallest of them. */
export function spawnsWritten(): void {
  smallestSpawn = Infinity;
  for (let s = 0; s < spawnCount; s++) {
    smallestSpawn = min<f64>(smallestSpawn, load<f64>(SPAWN_PROBABILITIES + (<usize>s << 3)));
  }
}

export function leftAt(): usize {
  return LEFT;
}
export function rightAt(): usize {
  return RIGHT;
}
export function scoresAt(): usize {
  return SCORES;
}
export function spawnExponentsAt(): usize {
  return SPAWN_EXPONENTS;
}
export function spawnProbabilitiesAt(): usize {
  return SPAWN_PROBABILITIES;
}

// @ts-ignore: decorator
@inline
function rowScore(board: u64, r: u64): f64 {
  return load<f64>(SCORES + (row(board, r) << 3));
}

// The rows' scores, then the columns', added in the reference's order.
// @ts-ignore: decorator
@inline
function score(board: u64): f64 {
  const t = transpose(board);
  return (
    rowScore(board, 0) +
    rowScore(board, 1) +
    rowScore(board, 2) +
    rowScore(board, 3) +
    rowScore(t, 0) +
    rowScore(t, 1) +
    rowScore(t, 2) +
    rowScore(t, 3)
  );
}

// One move's value: 0 when it changes nothing; a leaf (the last level, or a path too unlikely)
// is scored here rather than in a call.
// @ts-ignore: decorator
@inline
function afterMove(rows: usize, board: u64, remaining: i32, probability: f64): f64 {
  const next = slide(rows, board);
  if (next == board) return 0;
  if (remaining <= 0 || probability < PROBABILITY_CUT) return score(next);
  return chanceNode(next, remaining, probability);
}

// The four moves are left and right of the board and of its transpose, in that order.
function moveNode(board: u64, remaining: i32, probability: f64): f64 {
  const t = transpose(board);
  const a = afterMove(LEFT, board, remaining, probability);
  const b = afterMove(RIGHT, board, remaining, probability);
  const c = afterMove(LEFT, t, remaining, probability);
  const d = afterMove(RIGHT, t, remaining, probability);
  return max<f64>(max<f64>(a, b), max<f64>(c, d));
}

// The leaves under a chance node, fused: its board moved each way is computed once (prepare),
// and a spawn then changes one row of it (one column in the transposed frame), so a leaf costs
// one row lookup, its row score and the columns' scores instead of a whole slide and score. The
// sums keep the reference's order, so the values are the same to the last bit.

// A scratch block: the board moved with `rows`, then the scores of its four rows.
// @ts-ignore: decorator
@inline
function prepare(block: usize, rows: usize, board: u64): void {
  const moved = slide(rows, board);
  store<u64>(block, moved);
  store<f64>(block, rowScore(moved, 0), 8);
  store<f64>(block, rowScore(moved, 1), 16);
  store<f64>(block, rowScore(moved, 2), 24);
  store<f64>(block, rowScore(moved, 3), 32);
}

// The leaf value of moving `spawned` (the prepared board with row r now `newRow`) with `rows`.
// @ts-ignore: decorator
@inline
function leafMove(block: usize, rows: usize, spawned: u64, r: u64, newRow: usize): f64 {
  const movedRow = <u64>load<u16>(rows + (newRow << 1));
  const at = r << 4;
  const next = (load<u64>(block) & ~(<u64>0xffff << at)) | (movedRow << at);
  if (next == spawned) return 0;
  const own = load<f64>(SCORES + (<usize>movedRow << 3));
  const s0 = select<f64>(own, load<f64>(block, 8), r == 0);
  const s1 = select<f64>(own, load<f64>(block, 16), r == 1);
  const s2 = select<f64>(own, load<f64>(block, 24), r == 2);
  const s3 = select<f64>(own, load<f64>(block, 32), r == 3);
  const t = transpose(next);
  return s0 + s1 + s2 + s3 + rowScore(t, 0) + rowScore(t, 1) + rowScore(t, 2) + rowScore(t, 3);
}

// moveNode of `board` with tile `exponent` spawned at bit `at`, when all its moves are leaves.
// @ts-ignore: decorator
@inline
function leafMoveNode(level: usize, board: u64, transposed: u64, at: u64, exponent: u64): f64 {
  const r = at >> 4;
  const c = (at >> 2) & 3;
  const spawned = board | (exponent << at);
  const spawnedT = transposed | (exponent << ((c << 4) | (r << 2)));
  const row = <usize>((spawned >> (r << 4)) & 0xffff);
  const column = <usize>((spawnedT >> (c << 4)) & 0xffff);
  const a = leafMove(level, LEFT, spawned, r, row);
  const b = leafMove(level + 64, RIGHT, spawned, r, row);
  const d = leafMove(level + 128, LEFT, spawnedT, c, column);
  const e = leafMove(level + 192, RIGHT, spawnedT, c, column);
  return max<f64>(max<f64>(a, b), max<f64>(d, e));
}

// One spawn's term of a chance node: its probability times the best move after it.
// @ts-ignore: decorator
@inline
function spawnTerm(
  level: usize,
  board: u64,
  transposed: u64,
  at: u64,
  s: i32,
  remaining: i32,
  cellProbability: f64,
): f64 {
  const p = load<f64>(SPAWN_PROBABILITIES + (<usize>s << 3));
  const exponent = <u64>load<i32>(SPAWN_EXPONENTS + (<usize>s << 2));
  const childProbability = cellProbability * p;
  if (remaining <= 0 || childProbability < PROBABILITY_CUT) {
    return p * leafMoveNode(level, board, transposed, at, exponent);
  }
  return p * moveNode(board | (exponent << at), remaining, childProbability);
}

function chanceNode(board: u64, remaining: i32, probability: f64): f64 {
  const slot = slotOf(SLOTS, board);
  if (holds(slot, board, remaining)) return held(slot);
  if (visit()) return 0;
  const empty = emptyCells(board);
  if (empty == 0) return score(board);
  const cellProbability = probability / <f64>empty;
  const childRemaining = remaining - 1;
  const level = SCRATCH + <usize>remaining * SCRATCH_LEVEL;
  const transposed = transpose(board);
  if (childRemaining <= 0 || cellProbability * smallestSpawn < PROBABILITY_CUT) {
    prepare(level, LEFT, board);
    prepare(level + 64, RIGHT, board);
    prepare(level + 128, LEFT, transposed);
    prepare(level + 192, RIGHT, transposed);
  }
  let total: f64 = 0;
  // Cells in the reference's order: row 0/1 cell k (the low half), then row 2/3 cell k.
  for (let at: u64 = 0; at < 32; at += 4) {
    if (((board >> at) & 15) == 0) {
      for (let s = 0; s < spawnCount; s++) {
        total += spawnTerm(level, board, transposed, at, s, childRemaining, cellProbability);
      }
    }
    if (((board >> (at + 32)) & 15) == 0) {
      for (let s = 0; s < spawnCount; s++) {
        total += spawnTerm(level, board, transposed, at + 32, s, childRemaining, cellProbability);
      }
    }
  }
  if (outOfTime()) return 0;
  const value = total / <f64>empty;
  keep(slot, board, remaining, value);
  return value;
}

/** The value of a chance node (the board after a root move), as the reference's chanceNode. */
export function chance(lo: i32, hi: i32, remaining: i32, probability: f64): f64 {
  if (remaining > MAX_REMAINING) return NaN;
  const board = <u64>(<u32>lo) | (<u64>(<u32>hi) << 32);
  if (remaining <= 0 || probability < PROBABILITY_CUT) return score(board);
  return chanceNode(board, remaining, probability);
}
