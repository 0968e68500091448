import {
  bitCount,
  countMoves,
  jumpers,
  reverseBits,
  stepNE,
  stepNW,
  stepSE,
  stepSW,
} from './bitboard.js';
import { EVAL_WEIGHTS } from './evalWeights.js';
import { type NetworkTables, networkValue } from './network.js';

// The evaluation network `evaluate` adds (network.ts), or null: none installed.
let networkInstalled: NetworkTables | null = null;

/**
 * Installs an evaluation network (its `networkTables`) for `evaluate` to add, or takes it away
 * (null). Every search on this thread evaluates with it from then on.
 *
 * @example
 * useNetwork(networkTables(parseNetworkFile(bytes).value.network))
 */
export function useNetwork(tables: NetworkTables | null): void {
  networkInstalled = tables;
  CACHE.fill(-1);
}

// The last values `evaluate` computed, by a hash of the position: own, other, kings, then the
// value doubled plus 1 when black is to move (an own mask of -1 is never a position).
const CACHE_BITS = 16;
const CACHE = new Int32Array(4 << CACHE_BITS).fill(-1);

/**
 * The static evaluation the search calls at its leaves: a score in hundredths of a man for the
 * side to move, on the generator's masks (bit n-1 = PDN square n).
 *
 * Both sides are scored by one function written for the side at the top of the board (black's
 * squares 1-12, moving toward row 8): red is scored on the board turned half round, which is the
 * 32-bit mask read backwards (square n becomes square 33 - n).
 *
 * What it counts, and why:
 * - material, a king worth 1.35 men, plus a trade bonus that grows as the board empties, so
 *   the side ahead exchanges down (two men against one is won, five against four often not);
 * - men's advancement toward the crowning row, worth more as the board empties;
 * - the back-row guard (the "bridge" on squares 1 and 3 for black, 30 and 32 for red) while
 *   the other side still has men to crown;
 * - men in the centre (14, 15, 18, 19) and kings off the edges;
 * - mobility: the free squares one step away;
 * - in the endgame, the kings of the side ahead closing in on the other side's pieces, and the
 *   kings of the side behind sitting in a double corner (1 and 5, 28 and 32), where they last.
 */

/** A man's value. */
export const MAN_VALUE = 100;
/** A king's value. */
export const KING_VALUE = 135;

const ROW = (row: number): number => (0xf << (4 * (row - 1))) | 0;
const BACK_ROW = ROW(1);
const BRIDGE = 0b101; // squares 1 and 3
const CENTRE_MEN = (1 << 13) | (1 << 14) | (1 << 17) | (1 << 18);
// Rows 3-6 without the edge squares 12, 13, 20, 21.
const CENTRE_KINGS = (0x00ffff00 & ~((1 << 11) | (1 << 12) | (1 << 19) | (1 << 20))) | 0;
const DOUBLE_CORNERS = (1 << 0) | (1 << 4) | (1 << 27) | (1 << 31);
// Advancement of a top-side man by row (rows 1-7; a man on row 8 is a king).
const ADVANCE = [0, 0, 1, 2, 4, 7, 11, 0] as const;

// King distance (diagonal moves needed, ignoring blockers) between two squares' bit indices.
const DISTANCE = new Uint8Array(32 * 32);
for (let a = 0; a < 32; a++) {
  for (let b = 0; b < 32; b++) {
    const ra = a >> 2;
    const rb = b >> 2;
    const ca = 2 * (a & 3) + (ra % 2 === 0 ? 1 : 0);
    const cb = 2 * (b & 3) + (rb % 2 === 0 ? 1 : 0);
    DISTANCE[a * 32 + b] = Math.max(Math.abs(ra - rb), Math.abs(ca - cb));
  }
}

function advancement(men: number): number {
  let score = 0;
  for (let row = 3; row <= 7; row++)
    score += bitCount(men & ROW(row)) * (ADVANCE[row - 1] as number);
  return score;
}

// Everything but material and the endgame king terms, for the side at the top (moving south)
// with `own` pieces, against `opp`.
function positional(own: number, opp: number, kings: number, endgame: boolean): number {
  const men = own & ~kings;
  const ownKings = own & kings;
  const empty = ~(own | opp);
  let score = advancement(men) * (endgame ? 2 : 1);
  if ((opp & ~kings) !== 0) {
    // The guard matters while the other side has men that could crown, the more the more men.
    const guard = bitCount(men & BACK_ROW) * 4 + ((men & BRIDGE) === BRIDGE ? 10 : 0);
    score += endgame ? guard >> 1 : guard;
  }
  score += bitCount(men & CENTRE_MEN) * 4;
  score += bitCount(ownKings & CENTRE_KINGS) * 6;
  const forward = bitCount(stepSE(own) & empty) + bitCount(stepSW(own) & empty);
  const backward =
    ownKings === 0 ? 0 : bitCount(stepNE(ownKings) & empty) + bitCount(stepNW(ownKings) & empty);
  score += (forward + backward) * 2;
  return score;
}

// Distance from each king of `ownKings` to the nearest piece of `targets`, summed.
function chase(ownKings: number, targets: number): number {
  let total = 0;
  let rest = ownKings;
  while (rest !== 0) {
    const bit = rest & -rest;
    rest ^= bit;
    const from = 31 - Math.clz32(bit);
    let nearest = 8;
    let t = targets;
    while (t !== 0) {
      const tb = t & -t;
      t ^= tb;
      const d = DISTANCE[from * 32 + (31 - Math.clz32(tb))] as number;
      if (d < nearest) nearest = d;
    }
    total += nearest;
  }
  return total;
}

/**
 * The hand-written part of the evaluation (everything above), for the side to move: `own` its
 * pieces, `opp` the other side's, `kings` the kings of both, `south` true when black (the top
 * side) is to move. Positive is good for the side to move; a man is 100.
 *
 * @example
 * handEvaluate(0xfff, 0xfff00000 | 0, 0, true) // 0: the start is symmetric
 */
export function handEvaluate(own: number, opp: number, kings: number, south: boolean): number {
  const ownMen = bitCount(own & ~kings);
  const ownKings = bitCount(own & kings);
  const oppMen = bitCount(opp & ~kings);
  const oppKings = bitCount(opp & kings);
  const ownMaterial = ownMen * MAN_VALUE + ownKings * KING_VALUE;
  const oppMaterial = oppMen * MAN_VALUE + oppKings * KING_VALUE;
  const lead = ownMaterial - oppMaterial;
  let score = lead;
  // Exchanging when ahead: the same lead is worth more on an emptier board.
  score += ((lead * 250) / (ownMaterial + oppMaterial + 1)) | 0;
  const pieces = ownMen + ownKings + oppMen + oppKings;
  const endgame = pieces <= 10;
  // Score the top side as it stands and the other side on the board turned half round.
  const top = south ? own : reverseBits(own);
  const bottom = south ? opp : reverseBits(opp);
  const k = south ? kings : reverseBits(kings);
  score += positional(top, bottom, k, endgame);
  score -= positional(reverseBits(bottom), reverseBits(top), reverseBits(k), endgame);
  if (endgame && (ownKings > 0 || oppKings > 0)) {
    if (lead > 0) {
      score -= chase(own & kings, opp) * 3;
      score -= bitCount(opp & kings & DOUBLE_CORNERS) * 8;
    } else if (lead < 0) {
      score += chase(opp & kings, own) * 3;
      score += bitCount(own & kings & DOUBLE_CORNERS) * 8;
    }
  }
  return score;
}

/** The squares (bit indices, seen from the side whose men move south) of the learned patterns:
 * the back row, the row in front of it, and the centre. (Six more 2x2 blocks covering the
 * flanks and the far side fitted the labels a little better, 114 against 118 rms, but scored
 * even, 10.5/21, against these three at 100 ms: not kept.) */
const PATTERNS = [
  [0, 1, 2, 3],
  [4, 5, 6, 7],
  [13, 14, 17, 18],
] as const;
// Each pattern square is empty (0), the viewer's piece (1) or the other side's (2): 81 states.
const STATES = 81;
const PATTERN_BASE = 128;

const DYNAMIC_BASE = PATTERN_BASE + PATTERNS.length * STATES * 2;

/** How many learned features there are: men and kings by square (middle game and ending, 32
 * squares each), each pattern's 81 states (middle game and ending), then mobility (the side to
 * move's moves less the other side's) and threats (the other side's pieces that could capture
 * were it to move), middle game and ending. */
export const EVAL_FEATURES = DYNAMIC_BASE + 4;

// For a 4-bit set of pattern squares, its base-3 digits as 1s (the viewer's) and as 2s (the
// other side's), so a state is one lookup of each.
const MINE_DIGITS = new Int32Array(16);
const THEIRS_DIGITS = new Int32Array(16);
for (let m = 0; m < 16; m++)
  for (let i = 0; i < 4; i++)
    if ((m >> i) & 1) {
      MINE_DIGITS[m] = (MINE_DIGITS[m] as number) + 3 ** i;
      THEIRS_DIGITS[m] = (THEIRS_DIGITS[m] as number) + 2 * 3 ** i;
    }
const PATTERN_SQUARES = Int32Array.from(PATTERNS.flat());

// The 4 bits of `mask` on pattern `p`'s squares, in the pattern's order.
function gather(p: number, mask: number): number {
  const at = p * 4;
  return (
    ((mask >>> (PATTERN_SQUARES[at] as number)) & 1) |
    (((mask >>> (PATTERN_SQUARES[at + 1] as number)) & 1) << 1) |
    (((mask >>> (PATTERN_SQUARES[at + 2] as number)) & 1) << 2) |
    (((mask >>> (PATTERN_SQUARES[at + 3] as number)) & 1) << 3)
  );
}

// The state number of pattern `p` for a viewer with pieces `mine` against `theirs` (both seen
// from the viewer's side): each square empty (0), the viewer's piece (1) or the other's (2).
function patternState(p: number, mine: number, theirs: number): number {
  return (MINE_DIGITS[gather(p, mine)] as number) + (THEIRS_DIGITS[gather(p, theirs)] as number);
}

// The weight of the middle game (1) against the ending (0) with `pieces` on the board.
const middleness = (pieces: number): number => Math.min(1, Math.max(0, (pieces - 4) / 20));

/**
 * The learned features of a position for the side to move, added into `row` from `offset`: for
 * each square (seen from the side to move, its men moving south), +1 for its man (king) there,
 * -1 for the other side's man (king) on the square turned half round, the men's and the kings'
 * each split between a middle-game and an ending feature by the number of pieces.
 *
 * @example
 * const row = new Float64Array(EVAL_FEATURES);
 * evalFeatures(0xfff, 0xfff00000 | 0, 0, true, row, 0); // the start: every feature 0
 */
export function evalFeatures(
  own: number,
  opp: number,
  kings: number,
  south: boolean,
  row: Float64Array,
  offset: number,
): void {
  const t = middleness(bitCount(own | opp));
  const top = south ? own : reverseBits(own);
  const k = south ? kings : reverseBits(kings);
  const other = south ? reverseBits(opp) : opp;
  const otherKings = south ? reverseBits(kings) : kings;
  const add = (mask: number, base: number, sign: number): void => {
    let rest = mask;
    while (rest !== 0) {
      const bit = rest & -rest;
      rest ^= bit;
      const s = 31 - Math.clz32(bit);
      row[offset + base + s] = (row[offset + base + s] as number) + sign * t;
      row[offset + base + 32 + s] = (row[offset + base + 32 + s] as number) + sign * (1 - t);
    }
  };
  add(top & ~k, 0, 1);
  add(top & k, 64, 1);
  add(other & ~otherKings, 0, -1);
  add(other & otherKings, 64, -1);
  // The other side's view: its pieces as `other` (already turned), ours turned too.
  const topTurned = south ? reverseBits(own) : own;
  for (let p = 0; p < PATTERNS.length; p++) {
    const base = offset + PATTERN_BASE + p * STATES * 2;
    const mine = patternState(p, top, south ? opp : reverseBits(opp));
    const theirs = patternState(p, other, topTurned);
    row[base + mine] = (row[base + mine] as number) + t;
    row[base + STATES + mine] = (row[base + STATES + mine] as number) + (1 - t);
    row[base + theirs] = (row[base + theirs] as number) - t;
    row[base + STATES + theirs] = (row[base + STATES + theirs] as number) - (1 - t);
  }
  const mobility = countMoves(own, opp, kings, south) - countMoves(opp, own, kings, !south);
  const threats = bitCount(jumpers(opp, own, kings, !south));
  row[offset + DYNAMIC_BASE] = (row[offset + DYNAMIC_BASE] as number) + mobility * t;
  row[offset + DYNAMIC_BASE + 1] = (row[offset + DYNAMIC_BASE + 1] as number) + mobility * (1 - t);
  row[offset + DYNAMIC_BASE + 2] = (row[offset + DYNAMIC_BASE + 2] as number) + threats * t;
  row[offset + DYNAMIC_BASE + 3] = (row[offset + DYNAMIC_BASE + 3] as number) + threats * (1 - t);
}

// The learned weights blended for each number of pieces: [pieces][men 0-31, kings 32-63], and
// [pieces][pattern][state].
const BLENDED = new Int32Array(25 * 64);
const BLENDED_PATTERNS = new Int32Array(25 * PATTERNS.length * STATES);
{
  const w = (i: number): number => EVAL_WEIGHTS[i] ?? 0;
  for (let pieces = 0; pieces <= 24; pieces++) {
    const t = middleness(pieces);
    for (let s = 0; s < 32; s++) {
      BLENDED[pieces * 64 + s] = Math.round(w(s) * t + w(32 + s) * (1 - t));
      BLENDED[pieces * 64 + 32 + s] = Math.round(w(64 + s) * t + w(96 + s) * (1 - t));
    }
    for (let p = 0; p < PATTERNS.length; p++)
      for (let state = 0; state < STATES; state++) {
        const at = PATTERN_BASE + p * STATES * 2 + state;
        BLENDED_PATTERNS[(pieces * PATTERNS.length + p) * STATES + state] = Math.round(
          w(at) * t + w(at + STATES) * (1 - t),
        );
      }
  }
}

// Mobility and threats' weights, or null when the weights have none (an older fit).
const DYNAMIC: readonly [number, number, number, number] | null =
  EVAL_WEIGHTS.length >= EVAL_FEATURES
    ? [
        EVAL_WEIGHTS[DYNAMIC_BASE] ?? 0,
        EVAL_WEIGHTS[DYNAMIC_BASE + 1] ?? 0,
        EVAL_WEIGHTS[DYNAMIC_BASE + 2] ?? 0,
        EVAL_WEIGHTS[DYNAMIC_BASE + 3] ?? 0,
      ]
    : null;

/** What `evaluate` must equal, written plainly (the learned piece-square weights summed square by
 * square, both sides seen through `reverseBits`): the specification the fast one is tested
 * against.
 *
 * @example
 * plainEvaluate(0xfff, 0xfff00000 | 0, 0, true) // 0: the start is symmetric
 */
export function plainEvaluate(own: number, opp: number, kings: number, south: boolean): number {
  const pieces = Math.min(24, bitCount(own | opp));
  const top = south ? own : reverseBits(own);
  const k = south ? kings : reverseBits(kings);
  const other = south ? reverseBits(opp) : opp;
  const otherKings = south ? reverseBits(kings) : kings;
  const base = pieces * 64;
  const learnedSum = (mask: number, at: number): number => {
    let sum = 0;
    let rest = mask;
    while (rest !== 0) {
      const bit = rest & -rest;
      rest ^= bit;
      sum += BLENDED[at + 31 - Math.clz32(bit)] as number;
    }
    return sum;
  };
  let learned =
    learnedSum(top & ~k, base) +
    learnedSum(top & k, base + 32) -
    learnedSum(other & ~otherKings, base) -
    learnedSum(other & otherKings, base + 32);
  const bottom = south ? opp : reverseBits(opp);
  const topTurned = south ? reverseBits(own) : own;
  const patterns = pieces * PATTERNS.length * STATES;
  for (let p = 0; p < PATTERNS.length; p++)
    learned +=
      (BLENDED_PATTERNS[patterns + p * STATES + patternState(p, top, bottom)] as number) -
      (BLENDED_PATTERNS[patterns + p * STATES + patternState(p, other, topTurned)] as number);
  if (DYNAMIC !== null) {
    const t = middleness(pieces);
    const mobility = countMoves(own, opp, kings, south) - countMoves(opp, own, kings, !south);
    const threats = bitCount(jumpers(opp, own, kings, !south));
    learned += Math.round(
      mobility * (DYNAMIC[0] * t + DYNAMIC[1] * (1 - t)) +
        threats * (DYNAMIC[2] * t + DYNAMIC[3] * (1 - t)),
    );
  }
  return handEvaluate(own, opp, kings, south) + learned;
}

// The fast evaluation's tables. Every term of `plainEvaluate` but material, the guard, the
// steps, mobility, threats and the endgame chase is a value per square: the learned weights,
// advancement (doubled in the ending) and the centre, for each number of pieces (0-24), each
// kind (black men, black kings, red men, red kings: red's squares turned half round) and each
// byte of the mask, so a side's sum is 4 lookups a kind instead of one a piece.
const SQUARE_VALUES = new Int32Array(25 * 4 * 1024);
{
  const squareValue = (pieces: number, kind: number, bit: number): number => {
    const s = kind >= 2 ? 31 - bit : bit;
    const endgame = pieces <= 10;
    if ((kind & 1) === 0)
      return (
        (BLENDED[pieces * 64 + s] as number) +
        (ADVANCE[s >> 2] as number) * (endgame ? 2 : 1) +
        ((CENTRE_MEN >>> s) & 1 ? 4 : 0)
      );
    return (BLENDED[pieces * 64 + 32 + s] as number) + ((CENTRE_KINGS >>> s) & 1 ? 6 : 0);
  };
  for (let pieces = 0; pieces <= 24; pieces++)
    for (let kind = 0; kind < 4; kind++)
      for (let byte = 0; byte < 4; byte++)
        for (let value = 0; value < 256; value++) {
          let sum = 0;
          for (let b = 0; b < 8; b++)
            if ((value >> b) & 1) sum += squareValue(pieces, kind, byte * 8 + b);
          SQUARE_VALUES[((pieces * 4 + kind) * 4 + byte) * 256 + value] = sum;
        }
}
// The blend of mobility's and threats' weights for each number of pieces.
const MOBILITY_WEIGHT = new Float64Array(25);
const THREAT_WEIGHT = new Float64Array(25);
for (let pieces = 0; pieces <= 24; pieces++) {
  const t = middleness(pieces);
  if (DYNAMIC !== null) {
    MOBILITY_WEIGHT[pieces] = DYNAMIC[0] * t + DYNAMIC[1] * (1 - t);
    THREAT_WEIGHT[pieces] = DYNAMIC[2] * t + DYNAMIC[3] * (1 - t);
  }
}
const RED_BACK_ROW = 0xf0000000 | 0;
const RED_BRIDGE = (1 << 31) | (1 << 29);

function squareSum(mask: number, at: number): number {
  return (
    (SQUARE_VALUES[at + (mask & 255)] as number) +
    (SQUARE_VALUES[at + 256 + ((mask >>> 8) & 255)] as number) +
    (SQUARE_VALUES[at + 512 + ((mask >>> 16) & 255)] as number) +
    (SQUARE_VALUES[at + 768 + (mask >>> 24)] as number)
  );
}

/**
 * The position's value for the side to move: the hand-written evaluation plus the learned
 * piece-square weights (`evalWeights.ts`, made by the tune script). Positive is good for the side
 * to move; a man is 100. Exactly `plainEvaluate`, computed on black's and red's masks as they
 * stand with tables per square (the board is turned round only for the three patterns), plus
 * the evaluation network's value while one is installed (`useNetwork`).
 *
 * @example
 * evaluate(0xfff, 0xfff00000 | 0, 0, true) // 0: the start is symmetric
 */
export function evaluate(own: number, opp: number, kings: number, south: boolean): number {
  const slot =
    (Math.imul(own ^ Math.imul(opp, 0x9e3779b1) ^ Math.imul(kings, 0x85ebca6b), 0xc2b2ae35) >>>
      (32 - CACHE_BITS)) <<
    2;
  const stored = CACHE[slot + 3] as number;
  if (
    CACHE[slot] === own &&
    CACHE[slot + 1] === opp &&
    CACHE[slot + 2] === kings &&
    (stored & 1) === (south ? 1 : 0)
  )
    return stored >> 1;
  const value = evaluateUncached(own, opp, kings, south);
  CACHE[slot] = own;
  CACHE[slot + 1] = opp;
  CACHE[slot + 2] = kings;
  CACHE[slot + 3] = (value << 1) | (south ? 1 : 0);
  return value;
}

function evaluateUncached(own: number, opp: number, kings: number, south: boolean): number {
  const black = south ? own : opp;
  const red = south ? opp : own;
  const all = own | opp;
  const count = bitCount(all);
  const pieces = Math.min(count, 24);
  const endgame = count <= 10;
  const empty = ~all;
  const blackMen = black & ~kings;
  const redMen = red & ~kings;
  const blackKings = black & kings;
  const redKings = red & kings;
  const at = pieces * 4096;
  // Black's view minus red's of everything that does not depend on who moves.
  let score =
    squareSum(blackMen, at) +
    squareSum(blackKings, at + 1024) -
    squareSum(redMen, at + 2048) -
    squareSum(redKings, at + 3072);
  if (redMen !== 0) {
    const guard = bitCount(blackMen & BACK_ROW) * 4 + ((blackMen & BRIDGE) === BRIDGE ? 10 : 0);
    score += endgame ? guard >> 1 : guard;
  }
  if (blackMen !== 0) {
    const guard =
      bitCount(redMen & RED_BACK_ROW) * 4 + ((redMen & RED_BRIDGE) === RED_BRIDGE ? 10 : 0);
    score -= endgame ? guard >> 1 : guard;
  }
  let blackSteps = bitCount(stepSE(black) & empty) + bitCount(stepSW(black) & empty);
  if (blackKings !== 0)
    blackSteps += bitCount(stepNE(blackKings) & empty) + bitCount(stepNW(blackKings) & empty);
  let redSteps = bitCount(stepNE(red) & empty) + bitCount(stepNW(red) & empty);
  if (redKings !== 0)
    redSteps += bitCount(stepSE(redKings) & empty) + bitCount(stepSW(redKings) & empty);
  score += (blackSteps - redSteps) * 2;
  // The patterns, each side seen from its own end of the board.
  const blackTurned = reverseBits(black);
  const redTurned = reverseBits(red);
  const patterns = pieces * PATTERNS.length * STATES;
  for (let p = 0; p < PATTERNS.length; p++)
    score +=
      (BLENDED_PATTERNS[patterns + p * STATES + patternState(p, black, red)] as number) -
      (BLENDED_PATTERNS[patterns + p * STATES + patternState(p, redTurned, blackTurned)] as number);
  if (!south) score = -score;

  // Material and the trade bonus, for the side to move.
  const ownMen = bitCount(own & ~kings);
  const ownKings = bitCount(own & kings);
  const oppMen = bitCount(opp & ~kings);
  const oppKings = bitCount(opp & kings);
  const ownMaterial = ownMen * MAN_VALUE + ownKings * KING_VALUE;
  const oppMaterial = oppMen * MAN_VALUE + oppKings * KING_VALUE;
  const lead = ownMaterial - oppMaterial;
  score += lead + (((lead * 250) / (ownMaterial + oppMaterial + 1)) | 0);
  if (endgame && (ownKings > 0 || oppKings > 0)) {
    if (lead > 0) {
      score -= chase(own & kings, opp) * 3;
      score -= bitCount(opp & kings & DOUBLE_CORNERS) * 8;
    } else if (lead < 0) {
      score += chase(opp & kings, own) * 3;
      score += bitCount(own & kings & DOUBLE_CORNERS) * 8;
    }
  }
  if (DYNAMIC !== null) {
    // Mobility is the steps counted above unless a side must capture (then its captures).
    const blackJumpers = jumpers(black, red, kings, true);
    const redJumpers = jumpers(red, black, kings, false);
    const blackMoves = blackJumpers === 0 ? blackSteps : countMoves(black, red, kings, true);
    const redMoves = redJumpers === 0 ? redSteps : countMoves(red, black, kings, false);
    const mobility = south ? blackMoves - redMoves : redMoves - blackMoves;
    const threats = bitCount(south ? redJumpers : blackJumpers);
    score += Math.round(
      mobility * (MOBILITY_WEIGHT[pieces] as number) + threats * (THREAT_WEIGHT[pieces] as number),
    );
  }
  if (networkInstalled !== null) score += networkValue(networkInstalled, own, opp, kings, south);
  return score;
}

/** The network `evaluate` adds now (`useNetwork`), or null. */
export function installedNetwork(): NetworkTables | null {
  return networkInstalled;
}

/**
 * The tables `evaluate` reads, for the search's WebAssembly kernel (assembly/search.ts) to
 * evaluate with the same values: the per-square sums (`[pieces][kind][byte][value]`), the
 * patterns' blended weights (`[pieces][pattern][state]`) with the pattern squares and the
 * digit tables of their states, mobility's and threats' weights by pieces (null: none), and
 * the king distances (`[from * 32 + to]`).
 */
export const EVALUATION_TABLES = {
  squareValues: SQUARE_VALUES,
  blendedPatterns: BLENDED_PATTERNS,
  patternSquares: PATTERN_SQUARES,
  mineDigits: MINE_DIGITS,
  theirsDigits: THEIRS_DIGITS,
  mobilityWeight: DYNAMIC === null ? null : MOBILITY_WEIGHT,
  threatWeight: DYNAMIC === null ? null : THREAT_WEIGHT,
  distance: DISTANCE,
} as const;
