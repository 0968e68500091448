// The search in WebAssembly, compiled by AssemblyScript (packages/checkers/scripts/
// build-kernel.mjs) into search-wasm.generated.ts: search.ts' `Searcher` (negamax with principal
// variation search, quiescence, the transposition table, move ordering, late move reductions,
// verified pruning, capture extensions, repetitions, the endgame database's answers) over
// bitboard.ts' move generator, with evaluate.ts' `evaluate` and its cache, and network.ts'
// network through the network kernel (assembly/network.ts) in the same memory. It is a port,
// step for step: the TypeScript searcher is the reference (and the fallback where WebAssembly or
// SIMD is missing), and the two are tested to visit the same nodes and give the same answers
// (searchKernel.test.ts). A change to one is made in the other.
//
// The JavaScript side (searchKernel.ts) writes the tables this reads (the Zobrist keys, the
// evaluation's tables, the network); search.ts runs the iterative deepening over `searchRoot`.
// The clock (`now`), the endgame database's probe (`probe`) and the leaf sampler (`leaf`) are
// imports.
//
// Memory, in bytes from SEARCH_AT (below it: AssemblyScript's own data, if any):
//   the move stack: from, to, captured, kingsXor and the ordering scores, STACK_MOVES i32 each
//   the transposition table: TT_SIZE x 4 i32 (search.ts' layout)
//   killers, history, the path's keys, the principal variations, the captures into each ply
//   the evaluation cache: 4 << 16 i32 (evaluate.ts' layout)
//   the evaluation's tables (evaluate.ts' EVALUATION_TABLES) and the Zobrist keys
//   from NETWORK_AT: the network (assembly/network.ts' layout, from its base)

import { reversed } from './bits';
import { value } from './network';

export {
  arrangementsAt,
  bias1Offset,
  bias2Offset,
  layout,
  middleOffset,
  outputOffset,
  rowsAt,
  secondLayerFactor,
  value,
} from './network';

@external('env', 'now')
declare function now(): f64;
@external('env', 'probe')
declare function probe(black: u32, red: u32, kings: u32, blackToMove: i32): i32;
@external('env', 'leaf')
declare function leaf(own: u32, opp: u32, kings: u32, south: i32): void;

const MAX_PLY: i32 = 100;
const MAX_MOVES: i32 = 256;
const STACK_MOVES: i32 = (MAX_PLY + 2) * MAX_MOVES;
const WIN_SCORE: i32 = 30000;
const INFINITE: i32 = 32000;
const MATE_BOUND: i32 = WIN_SCORE - MAX_PLY;
const EGDB_WIN_SCORE: i32 = 20000;
const EGDB_WIN: i32 = 1;
const EGDB_LOSS: i32 = 2;
const EGDB_DRAW: i32 = 3;
const QUIET_PLY_LIMIT: i32 = 80;
const PRUNE_MARGIN: i32 = 16;
const PRUNE_REDUCTION: i32 = 4;
const TT_BITS: i32 = 20;
const TT_SIZE: i32 = 1 << TT_BITS;
const TT_MASK: u32 = <u32>TT_SIZE - 1;
const EXACT: i32 = 1;
const LOWER: i32 = 2;
const UPPER: i32 = 3;
const HISTORY_WINDOW: i32 = 128;
const CLOCK_EVERY: i64 = 255;
const CACHE_BITS: i32 = 16;
const MAN_VALUE: i32 = 100;
const KING_VALUE: i32 = 135;

const ODD_ROWS: u32 = 0x0f0f0f0f;
const EVEN_ROWS: u32 = 0xf0f0f0f0;
const ODD_ROWS_EAST: u32 = 0x07070707;
const EVEN_ROWS_WEST: u32 = 0xe0e0e0e0;
const BLACK_KING_ROW: u32 = 0xf0000000;
const RED_KING_ROW: u32 = 0x0000000f;
const BACK_ROW: u32 = 0x0000000f;
const BRIDGE: u32 = 0b101;
const RED_BACK_ROW: u32 = 0xf0000000;
const RED_BRIDGE: u32 = 0xa0000000;
const DOUBLE_CORNERS: u32 = 0x88000011;

// The regions, in bytes.
const SEARCH_AT: usize = 65536;
const FROM: usize = SEARCH_AT;
const TO: usize = FROM + <usize>STACK_MOVES * 4;
const CAPTURED: usize = TO + <usize>STACK_MOVES * 4;
const KINGS_XOR: usize = CAPTURED + <usize>STACK_MOVES * 4;
const ORDER: usize = KINGS_XOR + <usize>STACK_MOVES * 4;
const TABLE: usize = ORDER + <usize>STACK_MOVES * 4;
const KILLERS: usize = TABLE + <usize>TT_SIZE * 16;
const HISTORY: usize = KILLERS + <usize>MAX_PLY * 2 * 4;
const PATH_LO: usize = HISTORY + 2048 * 4;
const PATH_HI: usize = PATH_LO + <usize>(HISTORY_WINDOW + MAX_PLY + 2) * 4;
const PV_MOVE: usize = PATH_HI + <usize>(HISTORY_WINDOW + MAX_PLY + 2) * 4;
const PV_CAPTURED: usize = PV_MOVE + <usize>(MAX_PLY * MAX_PLY) * 4;
const PV_LENGTH: usize = PV_CAPTURED + <usize>(MAX_PLY * MAX_PLY) * 4;
const CAPTURED_INTO: usize = PV_LENGTH + <usize>(MAX_PLY + 4) * 4;
const CACHE: usize = CAPTURED_INTO + <usize>(MAX_PLY + 4) * 4;
const SQUARE_VALUES: usize = CACHE + ((<usize>4) << CACHE_BITS) * 4;
const BLENDED_PATTERNS: usize = SQUARE_VALUES + 25 * 4096 * 4;
const MOBILITY_WEIGHT: usize = (BLENDED_PATTERNS + 25 * 3 * 81 * 4 + 15) & ~15;
const THREAT_WEIGHT: usize = MOBILITY_WEIGHT + 32 * 8;
const DISTANCE: usize = THREAT_WEIGHT + 32 * 8;
const PATTERN_SQUARES: usize = DISTANCE + 1024;
const MINE_DIGITS: usize = PATTERN_SQUARES + 16 * 4;
const THEIRS_DIGITS: usize = MINE_DIGITS + 16 * 4;
const ZOBRIST_LO: usize = THEIRS_DIGITS + 16 * 4;
const ZOBRIST_HI: usize = ZOBRIST_LO + 4096 * 4;
const NETWORK_AT: usize = (ZOBRIST_HI + 4096 * 4 + 65535) & ~65535;

/** The byte offsets of the regions the JavaScript side reads or writes, by number (their place
 * in the memory map above, counted from FROM as 0); 99 and any other: where the network goes.
 * The move stack, the table and the cache are the kernel's own. */
export function region(which: i32): usize {
  switch (which) {
    case 6:
      return PATH_LO;
    case 7:
      return PATH_HI;
    case 8:
      return PV_MOVE;
    case 9:
      return PV_CAPTURED;
    case 10:
      return PV_LENGTH;
    case 12:
      return SQUARE_VALUES;
    case 13:
      return BLENDED_PATTERNS;
    case 14:
      return MOBILITY_WEIGHT;
    case 15:
      return THREAT_WEIGHT;
    case 16:
      return DISTANCE;
    case 17:
      return PATTERN_SQUARES;
    case 18:
      return MINE_DIGITS;
    case 19:
      return THEIRS_DIGITS;
    case 20:
      return ZOBRIST_LO;
    case 21:
      return ZOBRIST_HI;
    default:
      return NETWORK_AT;
  }
}

/** Grows the memory to the search's regions and empties the evaluation cache; 0, or -1 when
 * the memory cannot grow. */
export function prepare(): i32 {
  const pages = <i32>(NETWORK_AT >> 16) - memory.size();
  if (pages > 0 && memory.grow(pages) < 0) return -1;
  clearCache();
  return 0;
}

// The search's settings and state (search.ts' Searcher's fields).
let zobristSideLo: u32 = 0;
let zobristSideHi: u32 = 0;
let dynamic = false;
let network = false;
let lmr = true;
let lmrDeep = true;
let prune = true;
let captureExtension = true;
let sampling = false;
let egdbPieces: i32 = 0;
let generation: i32 = 0;
let keep = false;
let nodes: i64 = 0;
let aborted = false;
let canAbort = false;
let deadline: f64 = Infinity;
let nodeLimit: f64 = Infinity;
let base: i32 = 0;
let rootPieces: i32 = 0;
let rootBest: i32 = -1;
let rootBestScore: i32 = 0;

/** The settings: the side keys, whether the evaluation has mobility and threats, a network, and
 * the switches (bits: 1 late move reductions, 2 their second ply, 4 verified pruning, 8 capture
 * extensions, 16 the leaf sampler). */
export function configure(
  sideLo: u32,
  sideHi: u32,
  hasDynamic: i32,
  hasNetwork: i32,
  switches: i32,
): void {
  zobristSideLo = sideLo;
  zobristSideHi = sideHi;
  dynamic = hasDynamic !== 0;
  network = hasNetwork !== 0;
  lmr = (switches & 1) !== 0;
  lmrDeep = (switches & 2) !== 0;
  prune = (switches & 4) !== 0;
  captureExtension = (switches & 8) !== 0;
  sampling = (switches & 16) !== 0;
}

/** The endgame database's largest piece count (0: none). */
export function useEgdb(pieces: i32): void {
  egdbPieces = pieces;
}

/** Empties the evaluation cache (a network installed or taken away). */
export function clearCache(): void {
  memory.fill(CACHE, 0xff, ((<usize>4) << CACHE_BITS) * 4);
}

/** Forgets the transposition table. */
export function clearTable(): void {
  memory.fill(TABLE, 0, <usize>TT_SIZE * 16);
}

/** search.ts' `Searcher.reset`. */
export function reset(until: f64, keepTable: i32, limit: f64): void {
  keep = keepTable !== 0;
  generation++;
  if (generation > 0xfff) {
    clearTable();
    generation = 1;
  }
  memory.fill(KILLERS, 0, <usize>MAX_PLY * 2 * 4);
  memory.fill(HISTORY, 0, 2048 * 4);
  nodes = 0;
  aborted = false;
  canAbort = false;
  deadline = until;
  nodeLimit = limit;
}

export function setRoot(quietPlies: i32, pieces: i32): void {
  base = quietPlies;
  rootPieces = pieces;
}
export function allowAbort(): void {
  canAbort = true;
}
export function wasAborted(): i32 {
  return aborted ? 1 : 0;
}
export function nodeCount(): f64 {
  return <f64>nodes;
}
export function bestIndex(): i32 {
  return rootBest;
}
export function bestScore(): i32 {
  return rootBestScore;
}

// ---- The board (bitboard.ts) ----

@inline
function stepSE(x: u32): u32 {
  return ((x & ODD_ROWS_EAST) << 5) | ((x & EVEN_ROWS) << 4);
}
@inline
function stepSW(x: u32): u32 {
  return ((x & ODD_ROWS) << 4) | ((x & EVEN_ROWS_WEST) << 3);
}
@inline
function stepNE(x: u32): u32 {
  return ((x & ODD_ROWS_EAST) >>> 3) | ((x & EVEN_ROWS) >>> 4);
}
@inline
function stepNW(x: u32): u32 {
  return ((x & ODD_ROWS) >>> 4) | ((x & EVEN_ROWS_WEST) >>> 5);
}
@inline
function count(x: u32): i32 {
  return <i32>popcnt<u32>(x);
}
@inline
function lowest(x: u32): u32 {
  return x & (0 - x);
}
@inline
function i32At(region: usize, i: i32): i32 {
  return load<i32>(region + ((<usize>i) << 2));
}
@inline
function setI32(region: usize, i: i32, v: i32): void {
  store<i32>(region + ((<usize>i) << 2), v);
}
@inline
function u32At(region: usize, i: i32): u32 {
  return load<u32>(region + ((<usize>i) << 2));
}
@inline
function setU32(region: usize, i: i32, v: u32): void {
  store<u32>(region + ((<usize>i) << 2), v);
}

@inline
function jumpers(own: u32, opp: u32, kings: u32, south: bool): u32 {
  const empty = ~(own | opp);
  const ownKings = own & kings;
  const downers = south ? own : ownKings;
  const uppers = south ? ownKings : own;
  let result: u32 = 0;
  if (downers !== 0)
    result |= (stepNW(stepNW(empty) & opp) & downers) | (stepNE(stepNE(empty) & opp) & downers);
  if (uppers !== 0)
    result |= (stepSW(stepSW(empty) & opp) & uppers) | (stepSE(stepSE(empty) & opp) & uppers);
  return result;
}

@inline
function push(i: i32, from: u32, to: u32, captured: u32, kingsXor: u32): i32 {
  setU32(FROM, i, from);
  setU32(TO, i, to);
  setU32(CAPTURED, i, captured);
  setU32(KINGS_XOR, i, kingsXor);
  return i + 1;
}

function manJumps(
  from: u32,
  at: u32,
  south: bool,
  opp: u32,
  empty: u32,
  captured: u32,
  kings: u32,
  end: i32,
): i32 {
  let next = end;
  for (let dir = 0; dir < 2; dir++) {
    let over: u32;
    let land: u32;
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
        ? push(next, from, land, taken, land ^ (taken & kings))
        : manJumps(from, land, south, opp ^ over, empty, taken, kings, next);
  }
  if (next === end && captured !== 0) return push(next, from, at, captured, captured & kings);
  return next;
}

function kingJumps(
  from: u32,
  at: u32,
  opp: u32,
  empty: u32,
  captured: u32,
  kings: u32,
  end: i32,
): i32 {
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
    if (land !== 0) next = kingJumps(from, land, opp ^ over, empty, captured | over, kings, next);
  }
  if (next === end && captured !== 0)
    return push(next, from, at, captured, from ^ at ^ (captured & kings));
  return next;
}

@inline
function writeSteps(targets: u32, dir: i32, kings: u32, crown: u32, start: i32): i32 {
  let end = start;
  let rest = targets;
  while (rest !== 0) {
    const to = lowest(rest);
    rest ^= to;
    const from =
      dir === 0 ? stepNW(to) : dir === 1 ? stepNE(to) : dir === 2 ? stepSW(to) : stepSE(to);
    end = push(end, from, to, 0, (kings & from) !== 0 ? from ^ to : to & crown);
  }
  return end;
}

/** bitboard.ts' `generateMoves`, into the move stack from `start`; returns the end. */
function generateMoves(own: u32, opp: u32, kings: u32, south: bool, start: i32): i32 {
  let jumping = jumpers(own, opp, kings, south);
  if (jumping !== 0) {
    let end = start;
    while (jumping !== 0) {
      const from = lowest(jumping);
      jumping ^= from;
      const empty = ~(own | opp) | from;
      end =
        (kings & from) !== 0
          ? kingJumps(from, from, opp, empty, 0, kings, end)
          : manJumps(from, from, south, opp, empty, 0, kings, end);
    }
    return end;
  }
  const empty = ~(own | opp);
  const ownKings = own & kings;
  let end = start;
  if (south) {
    end = writeSteps(stepSE(own) & empty, 0, kings, BLACK_KING_ROW, end);
    end = writeSteps(stepSW(own) & empty, 1, kings, BLACK_KING_ROW, end);
    if (ownKings !== 0) {
      end = writeSteps(stepNE(ownKings) & empty, 2, kings, 0, end);
      end = writeSteps(stepNW(ownKings) & empty, 3, kings, 0, end);
    }
  } else {
    end = writeSteps(stepNE(own) & empty, 2, kings, RED_KING_ROW, end);
    end = writeSteps(stepNW(own) & empty, 3, kings, RED_KING_ROW, end);
    if (ownKings !== 0) {
      end = writeSteps(stepSE(ownKings) & empty, 0, kings, 0, end);
      end = writeSteps(stepSW(ownKings) & empty, 1, kings, 0, end);
    }
  }
  return end;
}

function countManJumps(at: u32, south: bool, opp: u32, empty: u32): i32 {
  let total = 0;
  if (south) {
    let over = stepSE(at) & opp;
    let land = stepSE(over) & empty;
    if (land !== 0)
      total += (land & BLACK_KING_ROW) !== 0 ? 1 : countManJumps(land, true, opp ^ over, empty);
    over = stepSW(at) & opp;
    land = stepSW(over) & empty;
    if (land !== 0)
      total += (land & BLACK_KING_ROW) !== 0 ? 1 : countManJumps(land, true, opp ^ over, empty);
  } else {
    let over = stepNE(at) & opp;
    let land = stepNE(over) & empty;
    if (land !== 0)
      total += (land & RED_KING_ROW) !== 0 ? 1 : countManJumps(land, false, opp ^ over, empty);
    over = stepNW(at) & opp;
    land = stepNW(over) & empty;
    if (land !== 0)
      total += (land & RED_KING_ROW) !== 0 ? 1 : countManJumps(land, false, opp ^ over, empty);
  }
  return total === 0 ? 1 : total;
}

function countKingJumps(at: u32, opp: u32, empty: u32): i32 {
  let total = 0;
  let over = stepSE(at) & opp;
  let land = stepSE(over) & empty;
  if (land !== 0) total += countKingJumps(land, opp ^ over, empty);
  over = stepSW(at) & opp;
  land = stepSW(over) & empty;
  if (land !== 0) total += countKingJumps(land, opp ^ over, empty);
  over = stepNE(at) & opp;
  land = stepNE(over) & empty;
  if (land !== 0) total += countKingJumps(land, opp ^ over, empty);
  over = stepNW(at) & opp;
  land = stepNW(over) & empty;
  if (land !== 0) total += countKingJumps(land, opp ^ over, empty);
  return total === 0 ? 1 : total;
}

/** bitboard.ts' `countMoves`. */
export function countMoves(own: u32, opp: u32, kings: u32, south: bool): i32 {
  let jumping = jumpers(own, opp, kings, south);
  if (jumping !== 0) {
    let total = 0;
    while (jumping !== 0) {
      const from = lowest(jumping);
      jumping ^= from;
      const empty = ~(own | opp) | from;
      total +=
        (kings & from) !== 0
          ? countKingJumps(from, opp, empty)
          : countManJumps(from, south, opp, empty);
    }
    return total;
  }
  const empty = ~(own | opp);
  const ownKings = own & kings;
  let total = south
    ? count(stepSE(own) & empty) + count(stepSW(own) & empty)
    : count(stepNE(own) & empty) + count(stepNW(own) & empty);
  if (ownKings !== 0)
    total += south
      ? count(stepNE(ownKings) & empty) + count(stepNW(ownKings) & empty)
      : count(stepSE(ownKings) & empty) + count(stepSW(ownKings) & empty);
  return total;
}

@inline
function canStep(own: u32, opp: u32, kings: u32, south: bool): bool {
  const empty = ~(own | opp);
  const ownKings = own & kings;
  const downers = south ? own : ownKings;
  const uppers = south ? ownKings : own;
  return (
    ((stepSE(downers) | stepSW(downers)) & empty) !== 0 ||
    ((stepNE(uppers) | stepNW(uppers)) & empty) !== 0
  );
}

// ---- Hashing (zobrist.ts) ----

@inline
function fold(table: usize, kind: i32, mask: u32): u32 {
  const at = table + ((<usize>kind) << 12);
  return (
    load<u32>(at + (((<usize>mask) & 255) << 2)) ^
    load<u32>(at + 1024 + ((<usize>((mask >>> 8) & 255)) << 2)) ^
    load<u32>(at + 2048 + ((<usize>((mask >>> 16) & 255)) << 2)) ^
    load<u32>(at + 3072 + ((<usize>(mask >>> 24)) << 2))
  );
}

@inline
function hashOf(table: usize, side: u32, black: u32, red: u32, kings: u32, blackToMove: bool): u32 {
  const h =
    fold(table, 0, black & ~kings) ^
    fold(table, 1, black & kings) ^
    fold(table, 2, red & ~kings) ^
    fold(table, 3, red & kings);
  return blackToMove ? h ^ side : h;
}

// ---- The evaluation (evaluate.ts) ----

@inline
function squareSum(mask: u32, at: i32): i32 {
  const table = SQUARE_VALUES + ((<usize>at) << 2);
  return (
    load<i32>(table + (((<usize>mask) & 255) << 2)) +
    load<i32>(table + 1024 + ((<usize>((mask >>> 8) & 255)) << 2)) +
    load<i32>(table + 2048 + ((<usize>((mask >>> 16) & 255)) << 2)) +
    load<i32>(table + 3072 + ((<usize>(mask >>> 24)) << 2))
  );
}

@inline
function gather(p: i32, mask: u32): i32 {
  const at = p * 4;
  return <i32>(
    (((mask >>> u32At(PATTERN_SQUARES, at)) & 1) |
      (((mask >>> u32At(PATTERN_SQUARES, at + 1)) & 1) << 1) |
      (((mask >>> u32At(PATTERN_SQUARES, at + 2)) & 1) << 2) |
      (((mask >>> u32At(PATTERN_SQUARES, at + 3)) & 1) << 3))
  );
}

@inline
function patternState(p: i32, mine: u32, theirs: u32): i32 {
  return i32At(MINE_DIGITS, gather(p, mine)) + i32At(THEIRS_DIGITS, gather(p, theirs));
}

function chase(ownKings: u32, targets: u32): i32 {
  let total = 0;
  let rest = ownKings;
  while (rest !== 0) {
    const bit = lowest(rest);
    rest ^= bit;
    const from = <usize>ctz<u32>(bit);
    let nearest: i32 = 8;
    let t = targets;
    while (t !== 0) {
      const tb = lowest(t);
      t ^= tb;
      const d = <i32>load<u8>(DISTANCE + from * 32 + <usize>ctz<u32>(tb));
      if (d < nearest) nearest = d;
    }
    total += nearest;
  }
  return total;
}

function evaluateUncached(own: u32, opp: u32, kings: u32, south: bool): i32 {
  const black = south ? own : opp;
  const red = south ? opp : own;
  const all = own | opp;
  const pieceCount = count(all);
  const pieces = pieceCount < 24 ? pieceCount : 24;
  const endgame = pieceCount <= 10;
  const empty = ~all;
  const blackMen = black & ~kings;
  const redMen = red & ~kings;
  const blackKings = black & kings;
  const redKings = red & kings;
  const at = pieces * 4096;
  let score =
    squareSum(blackMen, at) +
    squareSum(blackKings, at + 1024) -
    squareSum(redMen, at + 2048) -
    squareSum(redKings, at + 3072);
  if (redMen !== 0) {
    const guard = count(blackMen & BACK_ROW) * 4 + ((blackMen & BRIDGE) === BRIDGE ? 10 : 0);
    score += endgame ? guard >> 1 : guard;
  }
  if (blackMen !== 0) {
    const guard =
      count(redMen & RED_BACK_ROW) * 4 + ((redMen & RED_BRIDGE) === RED_BRIDGE ? 10 : 0);
    score -= endgame ? guard >> 1 : guard;
  }
  let blackSteps = count(stepSE(black) & empty) + count(stepSW(black) & empty);
  if (blackKings !== 0)
    blackSteps += count(stepNE(blackKings) & empty) + count(stepNW(blackKings) & empty);
  let redSteps = count(stepNE(red) & empty) + count(stepNW(red) & empty);
  if (redKings !== 0) redSteps += count(stepSE(redKings) & empty) + count(stepSW(redKings) & empty);
  score += (blackSteps - redSteps) * 2;
  const blackTurned = reversed(black);
  const redTurned = reversed(red);
  const patterns = pieces * 3 * 81;
  for (let p = 0; p < 3; p++)
    score +=
      i32At(BLENDED_PATTERNS, patterns + p * 81 + patternState(p, black, red)) -
      i32At(BLENDED_PATTERNS, patterns + p * 81 + patternState(p, redTurned, blackTurned));
  if (!south) score = -score;

  const ownMen = count(own & ~kings);
  const ownKings = count(own & kings);
  const oppMen = count(opp & ~kings);
  const oppKings = count(opp & kings);
  const ownMaterial = ownMen * MAN_VALUE + ownKings * KING_VALUE;
  const oppMaterial = oppMen * MAN_VALUE + oppKings * KING_VALUE;
  const lead = ownMaterial - oppMaterial;
  score += lead + (lead * 250) / (ownMaterial + oppMaterial + 1);
  if (endgame && (ownKings > 0 || oppKings > 0)) {
    if (lead > 0) {
      score -= chase(own & kings, opp) * 3;
      score -= count(opp & kings & DOUBLE_CORNERS) * 8;
    } else if (lead < 0) {
      score += chase(opp & kings, own) * 3;
      score += count(own & kings & DOUBLE_CORNERS) * 8;
    }
  }
  if (dynamic) {
    const blackJumpers = jumpers(black, red, kings, true);
    const redJumpers = jumpers(red, black, kings, false);
    const blackMoves = blackJumpers === 0 ? blackSteps : countMoves(black, red, kings, true);
    const redMoves = redJumpers === 0 ? redSteps : countMoves(red, black, kings, false);
    const mobility = south ? blackMoves - redMoves : redMoves - blackMoves;
    const threats = count(south ? redJumpers : blackJumpers);
    score += <i32>(
      Math.round(
        <f64>mobility * load<f64>(MOBILITY_WEIGHT + ((<usize>pieces) << 3)) +
          <f64>threats * load<f64>(THREAT_WEIGHT + ((<usize>pieces) << 3)),
      )
    );
  }
  if (network) score += <i32>Math.round(<f64>value(own, opp, kings, south ? 1 : 0) * 100);
  return score;
}

/** evaluate.ts' `evaluate`, with a cache of the same layout. */
export function evaluate(own: u32, opp: u32, kings: u32, south: bool): i32 {
  const slot =
    (((own ^ (opp * 0x9e3779b1) ^ (kings * 0x85ebca6b)) * 0xc2b2ae35) >>> (32 - CACHE_BITS)) << 2;
  const at = CACHE + ((<usize>slot) << 2);
  const stored = load<i32>(at, 12);
  if (
    load<u32>(at) === own &&
    load<u32>(at, 4) === opp &&
    load<u32>(at, 8) === kings &&
    (stored & 1) === (south ? 1 : 0)
  )
    return stored >> 1;
  const score = evaluateUncached(own, opp, kings, south);
  store<u32>(at, own);
  store<u32>(at, opp, 4);
  store<u32>(at, kings, 8);
  store<i32>(at, (score << 1) | (south ? 1 : 0), 12);
  return score;
}

// ---- The search (search.ts' Searcher) ----

@inline
function moveKey(from: u32, to: u32): i32 {
  return (<i32>ctz<u32>(from)) | ((<i32>ctz<u32>(to)) << 5) | 1024;
}

/** search.ts' `winProgress`. */
export function winProgress(win: u32, lose: u32, kings: u32, south: bool): i32 {
  let score =
    -300 * count(lose) -
    15 * count(lose & kings & DOUBLE_CORNERS) -
    10 * countMoves(lose, win, kings, !south);
  for (let rest = win; rest !== 0; rest &= rest - 1) {
    const at = <i32>ctz<u32>(rest);
    const row = at >> 2;
    if (((kings >>> at) & 1) !== 0) {
      score += 50;
      const column = 2 * (at & 3) + (((at >> 2) & 1) !== 0 ? 0 : 1);
      let nearest = 7;
      for (let other = lose; other !== 0; other &= other - 1) {
        const there = <i32>ctz<u32>(other);
        const rows = abs<i32>(row - (there >> 2));
        const columns = abs<i32>(column - (2 * (there & 3) + (((there >> 2) & 1) !== 0 ? 0 : 1)));
        const steps = rows > columns ? rows : columns;
        if (steps < nearest) nearest = steps;
      }
      score -= 4 * nearest;
    } else score += 6 * (south ? row : 7 - row);
  }
  return score;
}

@inline
function tick(): void {
  if ((++nodes & CLOCK_EVERY) === 0 && canAbort && (<f64>nodes >= nodeLimit || now() >= deadline))
    aborted = true;
}

/** Scores the moves [start, end) for ordering (search.ts' `scoreMoves`). */
function scoreMoves(
  start: i32,
  end: i32,
  kings: u32,
  south: bool,
  ply: i32,
  tt: i32,
  ttCaptured: u32,
): void {
  const killer1 = i32At(KILLERS, ply * 2);
  const killer2 = i32At(KILLERS, ply * 2 + 1);
  const side = south ? 1024 : 0;
  for (let i = start; i < end; i++) {
    const f = u32At(FROM, i);
    const t = u32At(TO, i);
    const cap = u32At(CAPTURED, i);
    const key = moveKey(f, t);
    const crowns = (f & kings) === 0 && (u32At(KINGS_XOR, i) & t) !== 0;
    let score: i32;
    if (key === tt && cap === ttCaptured) score = 1 << 30;
    else if (cap !== 0)
      score = (1 << 24) + count(cap) * 64 + count(cap & kings) * 16 + (crowns ? 8 : 0);
    else if (key === killer1) score = 1 << 23;
    else if (key === killer2) score = 1 << 22;
    else score = i32At(HISTORY, side + (key & 1023)) + (crowns ? 1 << 21 : 0);
    setI32(ORDER, i, score);
  }
}

/** Brings the best-scored move of [i, end) to i (search.ts' `pick`). */
function pick(i: i32, end: i32): void {
  let best = i;
  let bestScore = i32At(ORDER, i);
  for (let j = i + 1; j < end; j++) {
    const s = i32At(ORDER, j);
    if (s > bestScore) {
      best = j;
      bestScore = s;
    }
  }
  if (best === i) return;
  setI32(ORDER, best, i32At(ORDER, i));
  setI32(ORDER, i, bestScore);
  let tmp = u32At(FROM, i);
  setU32(FROM, i, u32At(FROM, best));
  setU32(FROM, best, tmp);
  tmp = u32At(TO, i);
  setU32(TO, i, u32At(TO, best));
  setU32(TO, best, tmp);
  tmp = u32At(CAPTURED, i);
  setU32(CAPTURED, i, u32At(CAPTURED, best));
  setU32(CAPTURED, best, tmp);
  tmp = u32At(KINGS_XOR, i);
  setU32(KINGS_XOR, i, u32At(KINGS_XOR, best));
  setU32(KINGS_XOR, best, tmp);
}

function updatePv(ply: i32, key: i32, captured: u32): void {
  const row = ply * MAX_PLY;
  setI32(PV_MOVE, row + ply, key);
  setU32(PV_CAPTURED, row + ply, captured);
  const next = (ply + 1) * MAX_PLY;
  const length = i32At(PV_LENGTH, ply + 1);
  for (let j = ply + 1; j < length; j++) {
    setI32(PV_MOVE, row + j, i32At(PV_MOVE, next + j));
    setI32(PV_CAPTURED, row + j, i32At(PV_CAPTURED, next + j));
  }
  setI32(PV_LENGTH, ply, length > ply + 1 ? length : ply + 1);
}

function rememberCutoff(key: i32, south: bool, ply: i32, depth: i32): void {
  const k = ply * 2;
  if (i32At(KILLERS, k) !== key) {
    setI32(KILLERS, k + 1, i32At(KILLERS, k));
    setI32(KILLERS, k, key);
  }
  const index = (south ? 1024 : 0) + (key & 1023);
  const score = i32At(HISTORY, index) + depth * depth;
  setI32(HISTORY, index, score);
  if (score > 1 << 20) for (let j = 0; j < 2048; j++) setI32(HISTORY, j, i32At(HISTORY, j) >> 1);
}

function quiesce(
  own: u32,
  opp: u32,
  kings: u32,
  south: bool,
  alpha: i32,
  beta: i32,
  ply: i32,
  start: i32,
): i32 {
  tick();
  setI32(PV_LENGTH, ply, ply);
  if (jumpers(own, opp, kings, south) === 0) {
    if (own === 0 || !canStep(own, opp, kings, south)) return -WIN_SCORE + ply;
    if (sampling) leaf(own, opp, kings, south ? 1 : 0);
    return evaluate(own, opp, kings, south);
  }
  if (ply >= MAX_PLY - 1) return evaluate(own, opp, kings, south);
  const end = generateMoves(own, opp, kings, south, start);
  scoreMoves(start, end, kings, south, ply, 0, 0);
  let best = -INFINITE;
  for (let i = start; i < end; i++) {
    pick(i, end);
    const f = u32At(FROM, i);
    const t = u32At(TO, i);
    const cap = u32At(CAPTURED, i);
    const score = -quiesce(
      opp ^ cap,
      own ^ f ^ t,
      kings ^ u32At(KINGS_XOR, i),
      !south,
      -beta,
      -alpha,
      ply + 1,
      end,
    );
    if (aborted) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        updatePv(ply, moveKey(f, t), cap);
        if (score >= beta) break;
      }
    }
  }
  return best;
}

function negamax(
  own: u32,
  opp: u32,
  kings: u32,
  south: bool,
  depth: i32,
  alpha: i32,
  beta: i32,
  ply: i32,
  quiet: i32,
  start: i32,
): i32 {
  setI32(PV_LENGTH, ply, ply);
  const black = south ? own : opp;
  const red = south ? opp : own;
  const lo = hashOf(ZOBRIST_LO, zobristSideLo, black, red, kings, south);
  const hi = hashOf(ZOBRIST_HI, zobristSideHi, black, red, kings, south);
  const at = base + ply;
  setU32(PATH_LO, at, lo);
  setU32(PATH_HI, at, hi);
  const stop = at - quiet > 0 ? at - quiet : 0;
  for (let j = at - 2; j >= stop; j -= 2)
    if (u32At(PATH_LO, j) === lo && u32At(PATH_HI, j) === hi) return 0;
  if (
    quiet >= QUIET_PLY_LIMIT &&
    (jumpers(own, opp, kings, south) !== 0 || canStep(own, opp, kings, south))
  )
    return 0;
  if (alpha < -WIN_SCORE + ply) alpha = -WIN_SCORE + ply;
  if (beta > WIN_SCORE - ply - 1) beta = WIN_SCORE - ply - 1;
  if (alpha >= beta) return alpha;
  if (egdbPieces > 0 && ply > 0) {
    const pieces = count(own | opp);
    if (pieces <= egdbPieces) {
      const result = probe(black, red, kings, south ? 1 : 0);
      if (result === EGDB_DRAW) return 0;
      if ((result === EGDB_WIN || result === EGDB_LOSS) && (pieces < rootPieces || depth <= 0)) {
        tick();
        return result === EGDB_WIN
          ? EGDB_WIN_SCORE + winProgress(own, opp, kings, south) - ply
          : -EGDB_WIN_SCORE - winProgress(opp, own, kings, !south) + ply;
      }
    }
  }
  if (depth <= 0 || ply >= MAX_PLY - 1)
    return quiesce(own, opp, kings, south, alpha, beta, ply, start);
  tick();

  const entry = TABLE + ((<usize>(lo & TT_MASK)) << 4);
  const info = load<i32>(entry, 8);
  const current =
    info !== 0 && load<u32>(entry) === hi && (keep || <i32>((<u32>info) >>> 20) === generation);
  let tt = 0;
  let ttCaptured: u32 = 0;
  if (current) {
    tt = info & 2047;
    ttCaptured = load<u32>(entry, 4);
    if (((info >>> 11) & 127) >= depth && beta - alpha === 1) {
      let score = load<i32>(entry, 12);
      if (score > MATE_BOUND) score -= ply;
      else if (score < -MATE_BOUND) score += ply;
      const flag = (info >>> 18) & 3;
      if (flag === EXACT || (flag === LOWER && score >= beta) || (flag === UPPER && score <= alpha))
        return score;
    }
  }

  if (
    prune &&
    beta - alpha === 1 &&
    depth >= 3 &&
    ply >= 2 &&
    beta > -1500 &&
    beta < MATE_BOUND &&
    (egdbPieces === 0 || count(own | opp) > egdbPieces) &&
    evaluate(own, opp, kings, south) >= beta + PRUNE_MARGIN
  ) {
    const bar = beta + PRUNE_MARGIN;
    const reduced = depth - PRUNE_REDUCTION;
    const verified = negamax(
      own,
      opp,
      kings,
      south,
      reduced > 1 ? reduced : 1,
      bar,
      bar + 1,
      ply,
      quiet,
      start,
    );
    if (aborted) return 0;
    if (verified > bar) return verified;
  }

  const end = generateMoves(own, opp, kings, south, start);
  if (end === start) return -WIN_SCORE + ply;
  scoreMoves(start, end, kings, south, ply, tt, ttCaptured);
  const extend =
    end - start === 1 ||
    (captureExtension &&
      u32At(CAPTURED, start) !== 0 &&
      (beta - alpha > 1 || i32At(CAPTURED_INTO, ply) !== 0));
  const childDepth = extend ? depth : depth - 1;
  const alphaBefore = alpha;
  let best = -INFINITE;
  let bestKey = 0;
  let bestCaptured: u32 = 0;
  for (let i = start; i < end; i++) {
    pick(i, end);
    const f = u32At(FROM, i);
    const t = u32At(TO, i);
    const cap = u32At(CAPTURED, i);
    const reduce =
      lmr && childDepth >= 3 && i - start >= 3 && cap === 0 && i32At(ORDER, i) < 1 << 21
        ? lmrDeep && childDepth >= 5 && i - start >= 5
          ? 2
          : 1
        : 0;
    const score = searchMove(
      i,
      i === start,
      own,
      opp,
      kings,
      south,
      childDepth,
      alpha,
      beta,
      ply + 1,
      quiet,
      end,
      reduce,
    );
    if (aborted) return 0;
    if (score > best) {
      best = score;
      bestKey = moveKey(f, t);
      bestCaptured = cap;
      if (score > alpha) {
        alpha = score;
        updatePv(ply, bestKey, cap);
        if (score >= beta) {
          if (cap === 0) rememberCutoff(bestKey, south, ply, depth);
          break;
        }
      }
    }
  }

  const flag = best >= beta ? LOWER : best > alphaBefore ? EXACT : UPPER;
  const stored = load<i32>(entry, 8);
  const fresh = <i32>((<u32>stored) >>> 20) === generation;
  if (!fresh || ((stored >>> 11) & 127) <= depth + 2) {
    const sameKey = fresh && load<u32>(entry) === hi;
    const keepMove = flag === UPPER && sameKey;
    store<u32>(entry, hi);
    if (!keepMove) store<u32>(entry, bestCaptured, 4);
    store<i32>(
      entry,
      (keepMove ? stored & 2047 : bestKey) |
        ((depth < 127 ? depth : 127) << 11) |
        (flag << 18) |
        (generation << 20),
      8,
    );
    store<i32>(entry, best > MATE_BOUND ? best + ply : best < -MATE_BOUND ? best - ply : best, 12);
  }
  return best;
}

function searchMove(
  i: i32,
  first: bool,
  own: u32,
  opp: u32,
  kings: u32,
  south: bool,
  depth: i32,
  alpha: i32,
  beta: i32,
  ply: i32,
  quiet: i32,
  end: i32,
  reduce: i32,
): i32 {
  const f = u32At(FROM, i);
  const cap = u32At(CAPTURED, i);
  const nOwn = opp ^ cap;
  const nOpp = own ^ f ^ u32At(TO, i);
  const nKings = kings ^ u32At(KINGS_XOR, i);
  const nQuiet = cap === 0 && (f & kings) !== 0 ? quiet + 1 : 0;
  setU32(CAPTURED_INTO, ply, cap);
  if (first) return -negamax(nOwn, nOpp, nKings, !south, depth, -beta, -alpha, ply, nQuiet, end);
  if (reduce > 0) {
    const reduced = -negamax(
      nOwn,
      nOpp,
      nKings,
      !south,
      depth - reduce,
      -alpha - 1,
      -alpha,
      ply,
      nQuiet,
      end,
    );
    if (reduced <= alpha || aborted) return reduced;
  }
  const score = -negamax(nOwn, nOpp, nKings, !south, depth, -alpha - 1, -alpha, ply, nQuiet, end);
  if (score > alpha && score < beta && !aborted)
    return -negamax(nOwn, nOpp, nKings, !south, depth, -beta, -alpha, ply, nQuiet, end);
  return score;
}

/** The root's moves, generated into the stack from 0 and sorted by `scoreMoves` (search.ts'
 * `rootMoves`); returns their number. */
export function rootMoves(own: u32, opp: u32, kings: u32, south: bool): i32 {
  const end = generateMoves(own, opp, kings, south, 0);
  scoreMoves(0, end, kings, south, 0, 0, 0);
  for (let i = 0; i < end; i++) pick(i, end);
  return end;
}

/** The root: moves [0, end) in the order of the last iteration, every one searched (search.ts'
 * `searchRoot`); the best move's index and score by `bestIndex` and `bestScore`. */
export function searchRoot(
  own: u32,
  opp: u32,
  kings: u32,
  south: bool,
  depth: i32,
  end: i32,
  quiet: i32,
): i32 {
  setI32(PV_LENGTH, 0, 0);
  rootBest = -1;
  let alpha = -INFINITE;
  const beta = INFINITE;
  const childDepth = end === 1 ? depth : depth - 1;
  for (let i = 0; i < end; i++) {
    const f = u32At(FROM, i);
    const t = u32At(TO, i);
    const cap = u32At(CAPTURED, i);
    const score = searchMove(
      i,
      i === 0,
      own,
      opp,
      kings,
      south,
      childDepth,
      alpha,
      beta,
      1,
      quiet,
      end,
      0,
    );
    if (aborted) break;
    if (score > alpha) {
      alpha = score;
      rootBest = i;
      rootBestScore = score;
      updatePv(0, moveKey(f, t), cap);
    }
  }
  return alpha;
}

/** Moves root move i to the front, the others keeping their order (search.ts' `toFront`). */
export function toFront(i: i32): void {
  const f = u32At(FROM, i);
  const t = u32At(TO, i);
  const c = u32At(CAPTURED, i);
  const k = u32At(KINGS_XOR, i);
  for (let j = i; j > 0; j--) {
    setU32(FROM, j, u32At(FROM, j - 1));
    setU32(TO, j, u32At(TO, j - 1));
    setU32(CAPTURED, j, u32At(CAPTURED, j - 1));
    setU32(KINGS_XOR, j, u32At(KINGS_XOR, j - 1));
  }
  setU32(FROM, 0, f);
  setU32(TO, 0, t);
  setU32(CAPTURED, 0, c);
  setU32(KINGS_XOR, 0, k);
}
