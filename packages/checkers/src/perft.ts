import {
  BLACK_KING_ROW,
  countMoves,
  generateMoves,
  jumpers,
  MAX_MOVES,
  MoveStack,
  RED_KING_ROW,
  sideMasks,
  stepNE,
  stepNW,
  stepSE,
  stepSW,
} from './bitboard.js';
import { applyMove, legalMoves } from './moves.js';
import { moveToPdn } from './pdn.js';
import type { Position } from './types.js';

/**
 * The published perft counts from the starting position, depths 1-12 (index 0 is depth 1).
 * Each distinct jump sequence is one move.
 */
export const INITIAL_PERFT = [
  7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128, 388623673,
] as const;

// Copy-make: each child gets its own masks by value, so there is nothing to unmake; the
// children's moves are written after their parent's in the one stack.
function perftFrom(
  own: number,
  opp: number,
  kings: number,
  south: boolean,
  depth: number,
  stack: MoveStack,
  start: number,
): number {
  if (depth === 1) return countMoves(own, opp, kings, south);
  if (depth === 2 && jumpers(own, opp, kings, south) === 0)
    return countQuietChildren(own, opp, kings, south);
  const end = generateMoves(own, opp, kings, south, stack, start);
  const { from, to, captured, kingsXor } = stack;
  let nodes = 0;
  for (let i = start; i < end; i++) {
    nodes += perftFrom(
      opp ^ (captured[i] as number),
      own ^ (from[i] as number) ^ (to[i] as number),
      kings ^ (kingsXor[i] as number),
      !south,
      depth - 1,
      stack,
      end,
    );
  }
  return nodes;
}

// Two plies from a position without captures: each simple move's replies counted straight
// from the masks, without writing the moves to the stack.
function countQuietChildren(own: number, opp: number, kings: number, south: boolean): number {
  const empty = ~(own | opp);
  const ownKings = own & kings;
  const crown = south ? BLACK_KING_ROW : RED_KING_ROW;
  let nodes = 0;
  for (let dir = 0; dir < 4; dir++) {
    const movers = dir < 2 === south ? own : ownKings;
    if (movers === 0) continue;
    let targets =
      (dir === 0
        ? stepSE(movers)
        : dir === 1
          ? stepSW(movers)
          : dir === 2
            ? stepNE(movers)
            : stepNW(movers)) & empty;
    while (targets !== 0) {
      const to = targets & -targets;
      targets ^= to;
      const from =
        dir === 0 ? stepNW(to) : dir === 1 ? stepNE(to) : dir === 2 ? stepSW(to) : stepSE(to);
      const kingsAfter = (kings & from) !== 0 ? kings ^ from ^ to : kings | (to & crown);
      nodes += countMoves(opp, own ^ from ^ to, kingsAfter, !south);
    }
  }
  return nodes;
}

/**
 * The number of move sequences `depth` plies deep from `position` (the leaves of the game tree;
 * draws by repetition or the 40-move rule are not applied). Bitboard move generation, the last
 * ply counted without being played.
 *
 * @example
 * perft(initialPosition(), 3) // 302
 */
export function perft(position: Position, depth: number): number {
  if (!Number.isInteger(depth) || depth < 0) throw new RangeError(`bad perft depth: ${depth}`);
  if (depth === 0) return 1;
  const { own, opp, kings, south } = sideMasks(position);
  return perftFrom(own, opp, kings, south, depth, new MoveStack(depth * MAX_MOVES), 0);
}

/** One root move and the perft count below it. */
export interface PerftDivision {
  /** The move in PDN. */
  readonly move: string;
  readonly nodes: number;
}

/**
 * Perft split by root move, for finding where two move generators disagree.
 *
 * @example
 * perftDivide(initialPosition(), 2) // [{ move: '9-13', nodes: 7 }, ...]
 */
export function perftDivide(position: Position, depth: number): PerftDivision[] {
  if (!Number.isInteger(depth) || depth < 1) throw new RangeError(`bad perft depth: ${depth}`);
  return legalMoves(position).map((move) => ({
    move: moveToPdn(move),
    nodes: perft(applyMove(position, move), depth - 1),
  }));
}
