// The n-tuple network kernel in AssemblyScript, compiled to WebAssembly at `npm run build`
// (packages/ai/scripts/build-kernel.mjs), twice: with its own memory for the player (the
// browser has no shared memory without cross-origin isolation), and with an imported shared
// memory for the trainer's worker threads, which then update one set of weights together.
// It evaluates afterstates (the sum of the weights the board's features select), learns them by
// TD(0) over a game played to its end (updates from the last afterstate back to the first), and
// searches expectimax with the network at the leaves. The TypeScript reference
// (packages/ai/src/ntuple-reference.ts) does the same float operations in the same order, so the
// weights and values agree bit for bit (packages/ai/src/ntuple-kernel.test.ts checks it).
// Arithmetic is f64 and weights are stored as f32, exactly as a JavaScript Float32Array does.

import {
  emptyCells,
  emptyMask,
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

/** Chance nodes reached with a smaller path probability are valued by the network, not searched. */
const PROBABILITY_CUT: f64 = 0.0001;
/** Bytes of one path entry of a training game: the afterstate u64, the move's gain f64. */
const PATH_BYTES: usize = 16;
/** The most moves of one training game (a game reaching 65536 would take about 30,000). */
export const MAX_PATH: i32 = 1 << 17;

// Fixed addresses below 2 MiB, written by the caller (packages/ai/src/ntuple-kernel.ts).
const LEFT: usize = 0x10000; // u16 x 65536: a row moved toward column 0
const RIGHT: usize = LEFT + (2 << 16); // u16 x 65536: toward column 3
const GAIN_LEFT: usize = RIGHT + (2 << 16); // f64 x 65536: the score a row's move left gains
const GAIN_RIGHT: usize = GAIN_LEFT + (8 << 16); // f64 x 65536
const SPAWN_EXPONENTS: usize = GAIN_RIGHT + (8 << 16); // i32 x 16
const SPAWN_PROBABILITIES: usize = SPAWN_EXPONENTS + 64; // f64 x 16
/** u32 x 16: the byte offset of the stage's weights, by the board's largest exponent. */
const STAGE_BASE: usize = SPAWN_PROBABILITIES + 128;
/**
 * Tuples: 72 bytes each. At 0 the number of runs (u32), at 4 the byte offset of the tuple's
 * weights in a stage (u32), from 8 up to 8 runs of 8 bytes: a run is cells that follow each
 * other on the board and in the tuple, read at once: source shift u8, destination shift u8,
 * mask u32 at 4. Written by the caller (packages/ai/src/ntuple-kernel.ts).
 */
const TUPLES: usize = STAGE_BASE + 64;
/** The most tuples. */
export const MAX_TUPLES: i32 = 32;
const TUPLE_BYTES: usize = 72;
/** Where the per-call regions start (transposition table, paths, weights): 2 MiB. */
const DYNAMIC: usize = 0x200000;

let spawnCount: i32 = 0;
let tupleCount: i32 = 0;
let staged: bool = false;
let slots: usize = DYNAMIC;
let path: usize = DYNAMIC;
let weights: usize = DYNAMIC;
/**
 * Temporal coherence (Beal & Smith; Jaśkowski 2018): 8 bytes per weight, at the same index as
 * the weight, of its accumulated error E (f32) and accumulated absolute error A (f32); a weight
 * learns at |E| / A of the rate (the full rate while A is 0). Laid out only for a trainer that
 * uses it.
 */
let coherence: usize = DYNAMIC;
let rng: u64 = 0;
let lastScore: f64 = 0;
let lastMoves: i32 = 0;
let lastMaxExponent: i32 = 0;
// Restarts: the first afterstate of the last game whose largest exponent reached this (0: none).
let restartExponent: i32 = 0;
let lastFirst: u64 = 0;
/** Boards whose largest exponent is above this are valued (and learned) downgraded (15: never). */
let downgradeAbove: i32 = 15;

/**
 * Lay out the dynamic memory: a transposition table of 2^tableBits slots, `paths` training
 * paths (this instance uses the one numbered `own`), then `weightBytes` of weights, then
 * `coherenceBytes` of temporal coherence (twice the weights', or 0). Grows the memory if
 * needed; returns the end of the used memory, or 0 when the static data is too big.
 */
export function init(
  tableBits: i32,
  paths: i32,
  own: i32,
  weightBytes: f64,
  spawns: i32,
  features: i32,
  stages: i32,
  coherenceBytes: f64,
): f64 {
  if (__heap_base > LEFT) return 0;
  slots = DYNAMIC;
  const tableEnd = slots + (tableBits > 0 ? SLOT_BYTES << tableBits : 0);
  path = tableEnd + <usize>own * PATH_BYTES * <usize>MAX_PATH;
  weights = (tableEnd + <usize>paths * PATH_BYTES * <usize>MAX_PATH + 0xffff) & ~0xffff;
  coherence = weights + <usize>weightBytes;
  const end = <f64>weights + weightBytes + coherenceBytes;
  if (end > 4294901760) return 0;
  const pages = <i32>((<u64>end + 0xffff) >> 16);
  if (pages > memory.size() && memory.grow(pages - memory.size()) < 0) return 0;
  setTableBits(max<i32>(tableBits, 1));
  spawnCount = spawns;
  tupleCount = min<i32>(features >> 3, MAX_TUPLES);
  staged = stages > 1;
  return end;
}

export function leftAt(): usize {
  return LEFT;
}
export function rightAt(): usize {
  return RIGHT;
}
export function gainLeftAt(): usize {
  return GAIN_LEFT;
}
export function gainRightAt(): usize {
  return GAIN_RIGHT;
}
export function spawnExponentsAt(): usize {
  return SPAWN_EXPONENTS;
}
export function spawnProbabilitiesAt(): usize {
  return SPAWN_PROBABILITIES;
}
export function stageBaseAt(): usize {
  return STAGE_BASE;
}
export function tuplesAt(): usize {
  return TUPLES;
}
export function weightsAt(): usize {
  return weights;
}
export function coherenceAt(): usize {
  return coherence;
}

// The score a move gains: its rows' gains, row 0 first.
// @ts-ignore: decorator
@inline
function gain(gains: usize, board: u64): f64 {
  return (
    load<f64>(gains + (row(board, 0) << 3)) +
    load<f64>(gains + (row(board, 1) << 3)) +
    load<f64>(gains + (row(board, 2) << 3)) +
    load<f64>(gains + (row(board, 3) << 3))
  );
}

function maxExponent(board: u64): i32 {
  let best: u64 = 0;
  for (let at: u64 = 0; at < 64; at += 4) best = max<u64>(best, (board >> at) & 15);
  return <i32>best;
}

// The weights of the board's stage.
// @ts-ignore: decorator
@inline
function stageOf(board: u64): usize {
  return weights + <usize>load<u32>(STAGE_BASE + (staged ? <usize>maxExponent(board) << 2 : 0));
}

// Each row's cells in reverse order (the board mirrored left to right).
// @ts-ignore: decorator
@inline
function mirror(x: u64): u64 {
  return (
    ((x & 0x000f000f000f000f) << 12) |
    ((x & 0x00f000f000f000f0) << 4) |
    ((x >> 4) & 0x00f000f000f000f0) |
    ((x >> 12) & 0x000f000f000f000f)
  );
}

// The rows in reverse order (the board mirrored top to bottom).
// @ts-ignore: decorator
@inline
function flip(x: u64): u64 {
  return (x << 48) | ((x & 0xffff0000) << 16) | ((x >> 16) & 0xffff0000) | (x >> 48);
}

// A tuple's index in the board `b`: its runs of cells, each read with one shift and mask.
// @ts-ignore: decorator
@inline
function tupleIndex(d: usize, b: u64): usize {
  const runs = <usize>load<u32>(d);
  let index: u64 = 0;
  for (let i: usize = 0; i < runs; i++) {
    const r = d + 8 + (i << 3);
    index |= ((b >> <u64>load<u8>(r)) & <u64>load<u32>(r, 4)) << <u64>load<u8>(r, 1);
  }
  return <usize>index << 2;
}

// The weight of a tuple for one symmetric image of the board.
// @ts-ignore: decorator
@inline
function weight(at: usize, d: usize, b: u64): f64 {
  return <f64>load<f32>(at + tupleIndex(d, b));
}

// Add delta to the weight of a tuple for one symmetric image; the weight as written. With
// temporal coherence, delta is scaled by the weight's |E| / A (1 while A is 0), and `error` is
// then added to E and its absolute value to A.
// @ts-ignore: decorator
@inline
function touch(at: usize, d: usize, b: u64, delta: f64, error: f64, coherent: bool): f64 {
  const p = at + tupleIndex(d, b);
  if (!coherent) {
    const w = <f32>(<f64>load<f32>(p) + delta);
    store<f32>(p, w);
    return <f64>w;
  }
  const c = coherence + ((p - weights) << 1);
  const e = <f64>load<f32>(c);
  const a = <f64>load<f32>(c, 4);
  const beta: f64 = a == 0 ? 1 : Math.abs(e) / a;
  const w = <f32>(<f64>load<f32>(p) + beta * delta);
  store<f32>(p, w);
  store<f32>(c, <f32>(e + error));
  store<f32>(c, <f32>(a + Math.abs(error)), 4);
  return <f64>w;
}

// The features in order: tuple by tuple, each over the 8 images of the board B_s, where
// B_s(cell) = board(symmetry s of cell), s in the order of packages/ai/src/ntuple-network.ts:
// identity, mirrored, flipped, both, then the same four of the transpose (with the transpose
// t: B_5 = flip(t), B_6 = mirror(t), B_7 = mirror(flip(t))).

/**
 * The value of an afterstate by the weights of the stage at `base`: its features' weights
 * summed in feature order.
 */
function valueIn(base: usize, board: u64): f64 {
  const b2 = flip(board);
  const t = transpose(board);
  const t5 = flip(t);
  const b1 = mirror(board);
  const b3 = mirror(b2);
  const t6 = mirror(t);
  const t7 = mirror(t5);
  let sum: f64 = 0;
  for (let k = 0; k < tupleCount; k++) {
    const d = TUPLES + <usize>k * TUPLE_BYTES;
    const at = base + <usize>load<u32>(d, 4);
    sum += weight(at, d, board);
    sum += weight(at, d, b1);
    sum += weight(at, d, b2);
    sum += weight(at, d, b3);
    sum += weight(at, d, t);
    sum += weight(at, d, t5);
    sum += weight(at, d, t6);
    sum += weight(at, d, t7);
  }
  return sum;
}

/** The network's value of an afterstate, by the weights of its own stage. */
function value(board: u64): f64 {
  return valueIn(stageOf(board), board);
}

/**
 * Add `delta` to each feature's weight in the stage at `base`, in order (with temporal
 * coherence, scaled by each weight's coherence, which then takes `error`); the sum of the
 * weights just written.
 */
function updateIn(base: usize, board: u64, delta: f64, error: f64, coherent: bool): f64 {
  const b2 = flip(board);
  const t = transpose(board);
  const t5 = flip(t);
  const b1 = mirror(board);
  const b3 = mirror(b2);
  const t6 = mirror(t);
  const t7 = mirror(t5);
  let sum: f64 = 0;
  for (let k = 0; k < tupleCount; k++) {
    const d = TUPLES + <usize>k * TUPLE_BYTES;
    const at = base + <usize>load<u32>(d, 4);
    sum += touch(at, d, board, delta, error, coherent);
    sum += touch(at, d, b1, delta, error, coherent);
    sum += touch(at, d, b2, delta, error, coherent);
    sum += touch(at, d, b3, delta, error, coherent);
    sum += touch(at, d, t, delta, error, coherent);
    sum += touch(at, d, t5, delta, error, coherent);
    sum += touch(at, d, t6, delta, error, coherent);
    sum += touch(at, d, t7, delta, error, coherent);
  }
  return sum;
}

/**
 * Tile downgrading (after Guei, Chen & Wu 2022): while the board's largest exponent is above
 * `downgradeAbove` and some exponent from 3 up to below the largest is missing, every tile above
 * the largest missing exponent is halved. No two tiles become equal that were not, and none
 * becomes a 2 or a 4, so the board moves and merges as before (only the big merges score half);
 * the network, which rarely saw the big tile in training, has seen boards like the result.
 */
function downgrade(board: u64): u64 {
  let b = board;
  let lowering = true;
  while (lowering) {
    let present: u32 = 0;
    for (let at: u64 = 0; at < 64; at += 4) present |= (<u32>1) << <u32>((b >> at) & 15);
    const top = 31 - <i32>clz<u32>(present);
    let k = top - 1;
    while (k >= 3 && ((present >> <u32>k) & 1) != 0) k--;
    lowering = top > downgradeAbove && k >= 3;
    if (!lowering) break;
    let lowered: u64 = 0;
    for (let at: u64 = 0; at < 64; at += 4) {
      const e = (b >> at) & 15;
      lowered |= (e > <u64>k ? e - 1 : e) << at;
    }
    b = lowered;
  }
  return b;
}

// The value of a leaf of the search: the network's, of the board downgraded if it must be. The
// stage is the one of the board as it is (its real largest tile), so a staged network values a
// late board with its late weights even when the features are read from the downgraded board.
// @ts-ignore: decorator
@inline
function leafValue(board: u64): f64 {
  return downgradeAbove < 15 ? valueIn(stageOf(board), downgrade(board)) : value(board);
}

/** Boards whose largest exponent is above `limit` are valued downgraded by the search (15: never). */
export function setDowngrade(limit: i32): void {
  downgradeAbove = limit;
}

/** The search's value of a leaf (the board given as two 32-bit halves), downgraded if it must be. */
export function evaluateLeaf(lo: i32, hi: i32): f64 {
  return leafValue(<u64>(<u32>lo) | (<u64>(<u32>hi) << 32));
}

/** The network's value of the board given as two 32-bit halves. */
export function evaluate(lo: i32, hi: i32): f64 {
  return value(<u64>(<u32>lo) | (<u64>(<u32>hi) << 32));
}

/** Adds `delta` to the board's weights, as one step of training does; returns the new value. */
export function learn(lo: i32, hi: i32, delta: f64): f64 {
  const board = <u64>(<u32>lo) | (<u64>(<u32>hi) << 32);
  return updateIn(stageOf(board), board, delta, 0, false);
}

/**
 * One step of temporal coherence learning on the board: each weight moves by its coherence
 * times `delta` and takes `error` into its coherence; returns the new value.
 */
export function learnCoherent(lo: i32, hi: i32, delta: f64, error: f64): f64 {
  const board = <u64>(<u32>lo) | (<u64>(<u32>hi) << 32);
  return updateIn(stageOf(board), board, delta, error, true);
}

// ---- Training ----

/** SplitMix64: the next 64 random bits. */
function next64(): u64 {
  rng += 0x9e3779b97f4a7c15;
  let z = rng;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

export function seed(lo: i32, hi: i32): void {
  rng = <u64>(<u32>lo) | (<u64>(<u32>hi) << 32);
}
export function rngLo(): i32 {
  return <i32>rng;
}
export function rngHi(): i32 {
  return <i32>(rng >> 32);
}

// A spawn on a uniformly drawn empty cell, its value drawn with the rules' weights.
function spawn(board: u64): u64 {
  const empties = emptyMask(board);
  const count = <u64>popcnt<u64>(empties);
  if (count == 0) return board;
  let k = ((next64() >> 32) * count) >> 32;
  let at: u64 = 0;
  for (; at < 64; at += 4) {
    if (((empties >> at) & 1) != 0) {
      if (k == 0) break;
      k--;
    }
  }
  const u = <f64>(next64() >> 11) * 1.1102230246251565e-16;
  let s = 0;
  let cumulative: f64 = 0;
  for (; s < spawnCount - 1; s++) {
    cumulative += load<f64>(SPAWN_PROBABILITIES + (<usize>s << 3));
    if (u < cumulative) break;
  }
  return board | (<u64>load<i32>(SPAWN_EXPONENTS + (<usize>s << 2)) << at);
}

/**
 * Play one game with the network (each move the one whose gain plus afterstate value is
 * largest, ties to up, down, left, right in that order) and learn from it: from the last
 * afterstate back to the first, move each value toward its λ-return target by `rate` times the
 * error per weight (times the weight's coherence when `coherent`). The last afterstate's target
 * is 0; an afterstate's target is the next move's gain plus (1 - λ) times the next afterstate's
 * value just learned plus λ times the next afterstate's target (λ = 0: TD(0)).
 * A game starts from two spawns on an empty board, or, when `startLo`/`startHi` is a board (not
 * 0), from that afterstate and one spawn (a restart). With downgrading (`setDowngrade` below 15)
 * the moves are chosen by gain plus the downgraded afterstate's value, as the search's leaves,
 * and every afterstate is learned downgraded, toward the gains of the moves on the downgraded
 * boards: the weights the search reads for late boards learn from them. A staged network learns
 * each afterstate in the stage of its real largest tile, as the search reads it. Returns the
 * game's score;
 * `gameMoves`/`gameMaxExponent`/`gameFirstLo`/`gameFirstHi` tell the rest.
 */
export function trainGame(
  rate: f64,
  lambda: f64,
  coherent: bool,
  startLo: i32,
  startHi: i32,
): f64 {
  const start = <u64>(<u32>startLo) | (<u64>(<u32>startHi) << 32);
  let board = start == 0 ? spawn(spawn(0)) : spawn(start);
  lastFirst = 0;
  let moves = 0;
  let score: f64 = 0;
  while (moves < MAX_PATH) {
    const t = transpose(board);
    let best: f64 = -Infinity;
    let after: u64 = 0;
    let won: f64 = 0;
    let from: u64 = 0;
    let gains: usize = 0;
    // up, down (the transpose moved left, right), left, right
    for (let m = 0; m < 4; m++) {
      const source = m < 2 ? t : board;
      const rows = (m & 1) == 0 ? LEFT : RIGHT;
      const moved = slide(rows, source);
      if (moved == source) continue;
      const table = (m & 1) == 0 ? GAIN_LEFT : GAIN_RIGHT;
      const g = gain(table, source);
      const next = m < 2 ? transpose(moved) : moved;
      const v = g + leafValue(next);
      if (v > best) {
        best = v;
        after = next;
        won = g;
        from = source;
        gains = table;
      }
    }
    if (best == -Infinity) break;
    const entry = path + <usize>moves * PATH_BYTES;
    // Downgrading, the afterstate is learned downgraded (in the stage of the board as it is),
    // and the gain leading to it is the move's on the downgraded board (big merges score as the
    // smaller ones they stand for).
    store<u64>(entry, after);
    store<f64>(entry, downgradeAbove < 15 ? gain(gains, downgrade(from)) : won, 8);
    if (lastFirst == 0 && restartExponent > 0 && maxExponent(after) >= restartExponent)
      lastFirst = after;
    moves++;
    score += won;
    board = spawn(after);
  }
  let target: f64 = 0;
  for (let i = moves - 1; i >= 0; i--) {
    const entry = path + <usize>i * PATH_BYTES;
    const after = load<u64>(entry);
    const base = stageOf(after);
    const read = downgradeAbove < 15 ? downgrade(after) : after;
    const error = target - valueIn(base, read);
    const learned = updateIn(base, read, rate * error, error, coherent);
    target = load<f64>(entry, 8) + ((1 - lambda) * learned + lambda * target);
  }
  lastScore = score;
  lastMoves = moves;
  lastMaxExponent = maxExponent(board);
  return score;
}

export function gameMoves(): i32 {
  return lastMoves;
}
export function gameMaxExponent(): i32 {
  return lastMaxExponent;
}
/** Record, in each game, the first afterstate whose largest exponent reaches this (0: none). */
export function setRestartExponent(exponent: i32): void {
  restartExponent = exponent;
}
/** The last game's first afterstate that reached the restart exponent, low half (0: none). */
export function gameFirstLo(): i32 {
  return <i32>lastFirst;
}
export function gameFirstHi(): i32 {
  return <i32>(lastFirst >> 32);
}

// ---- Expectimax with the network at the leaves ----

// One move's value: its gain plus its afterstate's (searched while `remaining` lasts).
// @ts-ignore: decorator
@inline
function afterMove(
  rows: usize,
  gains: usize,
  source: u64,
  transposed: bool,
  remaining: i32,
  probability: f64,
): f64 {
  const moved = slide(rows, source);
  if (moved == source) return -Infinity;
  const next = transposed ? transpose(moved) : moved;
  const g = gain(gains, source);
  if (remaining <= 0 || probability < PROBABILITY_CUT) return g + leafValue(next);
  return g + chanceNode(next, remaining, probability);
}

// The best move's value, 0 when no move changes the board (the game is over).
function moveNode(board: u64, remaining: i32, probability: f64): f64 {
  const t = transpose(board);
  const a = afterMove(LEFT, GAIN_LEFT, t, true, remaining, probability);
  const b = afterMove(RIGHT, GAIN_RIGHT, t, true, remaining, probability);
  const c = afterMove(LEFT, GAIN_LEFT, board, false, remaining, probability);
  const d = afterMove(RIGHT, GAIN_RIGHT, board, false, remaining, probability);
  const best = max<f64>(max<f64>(a, b), max<f64>(c, d));
  return best == -Infinity ? 0 : best;
}

// The expected value of an afterstate over every spawn, each followed by the best move.
function chanceNode(board: u64, remaining: i32, probability: f64): f64 {
  const slot = slotOf(slots, board);
  if (holds(slot, board, remaining)) return held(slot);
  if (visit()) return 0;
  const empty = emptyCells(board);
  let total: f64 = 0;
  if (empty == 0) return leafValue(board);
  const cellProbability = probability / <f64>empty;
  for (let at: u64 = 0; at < 64; at += 4) {
    if (((board >> at) & 15) != 0) continue;
    for (let s = 0; s < spawnCount; s++) {
      const p = load<f64>(SPAWN_PROBABILITIES + (<usize>s << 3));
      const exponent = <u64>load<i32>(SPAWN_EXPONENTS + (<usize>s << 2));
      total += p * moveNode(board | (exponent << at), remaining - 1, cellProbability * p);
    }
  }
  if (outOfTime()) return 0;
  const result = total / <f64>empty;
  keep(slot, board, remaining, result);
  return result;
}

/**
 * The value of a root move (0 up, 1 down, 2 left, 3 right): its gain plus its afterstate's
 * value, by the network alone when `remaining` is 0, else by expectimax `remaining` moves deep.
 * NaN when the move changes nothing.
 */
export function rootMove(lo: i32, hi: i32, move: i32, remaining: i32): f64 {
  const board = <u64>(<u32>lo) | (<u64>(<u32>hi) << 32);
  const source = move < 2 ? transpose(board) : board;
  const rows = (move & 1) == 0 ? LEFT : RIGHT;
  const v = afterMove(
    rows,
    (move & 1) == 0 ? GAIN_LEFT : GAIN_RIGHT,
    source,
    move < 2,
    remaining,
    1,
  );
  return v == -Infinity ? NaN : v;
}
