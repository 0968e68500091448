import { BLACK_KING_ROW, RED_KING_ROW } from './bitboard.js';
import { bitOf, DIRECTION_LIST, forwardDirections, neighbor, SQUARE_COUNT } from './squares.js';
import type { Direction, Move, Position, Side, Square } from './types.js';

// The reference generator, for tests only: square by square, with neighbour tables, so that it
// reads like the rules. Production code (Game, PDN, the protocols, the search) runs on the
// bitboard generator (moves.ts over bitboard.ts); the differential tests check that the two
// agree move for move, path for path, on positions from random games.

const directionsOf = (side: Side, king: boolean): readonly Direction[] =>
  king ? DIRECTION_LIST : forwardDirections(side);

const crowningMask = (side: Side): number => (side === 'black' ? BLACK_KING_ROW : RED_KING_ROW);

interface Board {
  readonly own: number;
  readonly opp: number;
  readonly side: Side;
}

const has = (mask: number, square: Square): boolean => (mask & bitOf(square)) !== 0;

/** Every jump sequence of the piece that started on path[0] and now stands on path's end. */
function collectJumps(
  board: Board,
  empty: number,
  king: boolean,
  path: Square[],
  captured: Square[],
  out: Move[],
): void {
  const at = path[path.length - 1] as Square;
  let jumped = false;
  for (const direction of directionsOf(board.side, king)) {
    const over = neighbor(at, direction);
    if (over === null || !has(board.opp, over) || captured.includes(over)) continue;
    const land = neighbor(over, direction);
    if (land === null || !has(empty, land)) continue;
    jumped = true;
    const nextPath = [...path, land];
    const nextCaptured = [...captured, over];
    if (!king && has(crowningMask(board.side), land)) {
      // A man that reaches the far row is crowned and its move ends there.
      out.push(makeMove(nextPath, nextCaptured, true));
    } else {
      collectJumps(board, empty, king, nextPath, nextCaptured, out);
    }
  }
  if (!jumped && captured.length > 0) out.push(makeMove(path, captured, false));
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

function byPath(a: Move, b: Move): number {
  for (let i = 0; i < Math.min(a.path.length, b.path.length); i++) {
    const d = (a.path[i] as Square) - (b.path[i] as Square);
    if (d !== 0) return d;
  }
  return a.path.length - b.path.length;
}

function sidesOf(position: Position): Board {
  const side = position.turn;
  return side === 'black'
    ? { own: position.black, opp: position.red, side }
    : { own: position.red, opp: position.black, side };
}

/**
 * Every capture the side to move can make (each distinct jump sequence once), ordered by the
 * square it starts from, then by path.
 */
export function referenceCaptures(position: Position): Move[] {
  const board = sidesOf(position);
  const out: Move[] = [];
  for (let from = 1; from <= SQUARE_COUNT; from++) {
    if (!has(board.own, from)) continue;
    // The jumping piece leaves its square, so a king may come back to it.
    const empty = ~(position.black | position.red) | bitOf(from);
    const jumps: Move[] = [];
    collectJumps(board, empty, has(position.kings, from), [from], [], jumps);
    out.push(...jumps.sort(byPath));
  }
  return out;
}

/**
 * The legal moves of the side to move, square by square (the tests' reference). A capture is compulsory whenever one exists (any
 * capture, not the longest), so the list holds either only captures or only simple moves. Each
 * distinct jump sequence is one move. Ordered by starting square, then by path. Empty when the
 * side to move has lost (no pieces, or no legal move).
 *
 * @example
 * referenceMoves(initialPosition()).map(moveToPdn)
 * // ['9-13', '9-14', '10-14', '10-15', '11-15', '11-16', '12-16']
 */
export function referenceMoves(position: Position): Move[] {
  const captures = referenceCaptures(position);
  if (captures.length > 0) return captures;
  const board = sidesOf(position);
  const empty = ~(position.black | position.red);
  const out: Move[] = [];
  for (let from = 1; from <= SQUARE_COUNT; from++) {
    if (!has(board.own, from)) continue;
    const king = has(position.kings, from);
    const targets: Square[] = [];
    for (const direction of directionsOf(board.side, king)) {
      const to = neighbor(from, direction);
      if (to !== null && has(empty, to)) targets.push(to);
    }
    targets.sort((a, b) => a - b);
    for (const to of targets)
      out.push(makeMove([from, to], [], !king && has(crowningMask(board.side), to)));
  }
  return out;
}
