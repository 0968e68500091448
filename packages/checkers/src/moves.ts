import {
  BLACK_KING_ROW,
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
import { pieceAt } from './position.js';
import { bitOf, opponent } from './squares.js';
import type { Move, Position, Square } from './types.js';

// The Move-level API (Game, PDN, the protocols, the search's root) on the one production move
// generator, the bitboard one (bitboard.ts): simple moves come from `generateMoves` as they are;
// captures are walked with the same shifts and masks, keeping each sequence's landing squares
// and captured pieces in order, which the generator's masks do not. The square-by-square
// generator that reads like the rules lives on only as the tests' reference
// (reference.testkit.ts), and the differential tests check the two agree.

const squareOf = (bit: number): Square => 32 - Math.clz32(bit);

// One step in direction d (0 southeast, 1 southwest, 2 northeast, 3 northwest) of the bit.
const step = (d: number, bit: number): number =>
  d === 0 ? stepSE(bit) : d === 1 ? stepSW(bit) : d === 2 ? stepNE(bit) : stepNW(bit);

const stack = new MoveStack(MAX_MOVES);

function byPath(a: Move, b: Move): number {
  for (let i = 0; i < Math.min(a.path.length, b.path.length); i++) {
    const d = (a.path[i] as Square) - (b.path[i] as Square);
    if (d !== 0) return d;
  }
  return a.path.length - b.path.length;
}

const makeMove = (
  path: readonly Square[],
  captured: readonly Square[],
  crowned: boolean,
): Move => ({
  from: path[0] as Square,
  to: path[path.length - 1] as Square,
  path,
  captured,
  crowned,
});

// Every jump sequence of the piece on `at` (a man moving south or north, or a king), the jumped
// pieces already taken out of `opp`; finished sequences go to `out`.
function walkJumps(
  at: number,
  king: boolean,
  south: boolean,
  opp: number,
  empty: number,
  path: Square[],
  captured: Square[],
  out: Move[],
): void {
  let jumped = false;
  const first = king || south ? 0 : 2;
  const last = king || !south ? 3 : 1;
  for (let d = first; d <= last; d++) {
    const over = step(d, at) & opp;
    const land = step(d, over) & empty;
    if (land === 0) continue;
    jumped = true;
    const nextPath = [...path, squareOf(land)];
    const nextCaptured = [...captured, squareOf(over)];
    // A man that reaches the far row is crowned and its move ends there.
    if (!king && (land & (south ? BLACK_KING_ROW : RED_KING_ROW)) !== 0)
      out.push(makeMove(nextPath, nextCaptured, true));
    else walkJumps(land, king, south, opp ^ over, empty, nextPath, nextCaptured, out);
  }
  if (!jumped && captured.length > 0) out.push(makeMove(path, captured, false));
}

/**
 * Every capture the side to move can make (each distinct jump sequence once), ordered by the
 * square it starts from, then by path.
 *
 * @example
 * legalCaptures(parseFen('B:W14,23,29:B1,9').value).map(moveToPdn) // ['9x18x27']
 */
export function legalCaptures(position: Position): Move[] {
  const { own, opp, kings, south } = sideMasks(position);
  let jumping = jumpers(own, opp, kings, south);
  const out: Move[] = [];
  while (jumping !== 0) {
    const from = jumping & -jumping;
    jumping ^= from;
    // The jumping piece leaves its square, so a king may come back to it.
    const empty = ~(own | opp) | from;
    const moves: Move[] = [];
    walkJumps(from, (kings & from) !== 0, south, opp, empty, [squareOf(from)], [], moves);
    out.push(...moves.sort(byPath));
  }
  return out;
}

/**
 * The legal moves of the side to move. A capture is compulsory whenever one exists (any
 * capture, not the longest), so the list holds either only captures or only simple moves. Each
 * distinct jump sequence is one move. Ordered by starting square, then by path. Empty when the
 * side to move has lost (no pieces, or no legal move).
 *
 * @example
 * legalMoves(initialPosition()).map(moveToPdn)
 * // ['9-13', '9-14', '10-14', '10-15', '11-15', '11-16', '12-16']
 */
export function legalMoves(position: Position): Move[] {
  const { own, opp, kings, south } = sideMasks(position);
  if (jumpers(own, opp, kings, south) !== 0) return legalCaptures(position);
  const end = generateMoves(own, opp, kings, south, stack, 0);
  const out: Move[] = [];
  for (let i = 0; i < end; i++) {
    const from = stack.from[i] as number;
    const to = stack.to[i] as number;
    const crowned = (kings & from) === 0 && ((stack.kingsXor[i] as number) & to) !== 0;
    out.push(makeMove([squareOf(from), squareOf(to)], [], crowned));
  }
  return out.sort(byPath);
}

const crowningMask = (position: Position): number =>
  position.turn === 'black' ? BLACK_KING_ROW : RED_KING_ROW;

/**
 * The position after a legal move: the piece goes from `from` to `to`, the captured pieces
 * leave the board, a man reaching the far row is crowned, and the other side is to move.
 * The move is trusted (take it from `legalMoves` or `parsePdnMove`).
 *
 * @example
 * const [move] = legalMoves(initialPosition()); // 9-13
 * applyMove(initialPosition(), move).turn // 'red'
 */
export function applyMove(position: Position, move: Move): Position {
  const fromBit = bitOf(move.from);
  const toBit = bitOf(move.to);
  let capturedMask = 0;
  for (const square of move.captured) capturedMask |= bitOf(square);
  const side = position.turn;
  const wasKing = (position.kings & fromBit) !== 0;
  const crowned = !wasKing && (crowningMask(position) & toBit) !== 0;
  let own = side === 'black' ? position.black : position.red;
  let opp = side === 'black' ? position.red : position.black;
  own = (own & ~fromBit) | toBit;
  opp &= ~capturedMask;
  let kings = position.kings & ~capturedMask & ~fromBit;
  if (wasKing || crowned) kings |= toBit;
  return {
    black: (side === 'black' ? own : opp) >>> 0,
    red: (side === 'black' ? opp : own) >>> 0,
    kings: kings >>> 0,
    turn: opponent(side),
  };
}

/** True when `a` and `b` are the same move (the same path). */
export const sameMove = (a: Move, b: Move): boolean =>
  a.path.length === b.path.length && a.path.every((square, i) => square === b.path[i]);

/** True when the move moves a man (not a king) in `position`, before it is applied. */
export const movesMan = (position: Position, move: Move): boolean =>
  pieceAt(position, move.from)?.king === false;
