import { escapeAndCut } from '@twenty48/common';
import { makePosition, type PositionError } from './position.js';
import { bitOf, SQUARE_COUNT } from './squares.js';
import { fail, type Position, type Result } from './types.js';

/** The starting position in PDN FEN. */
export const INITIAL_FEN = 'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';

const listOf = (mask: number, kings: number): string => {
  const items: string[] = [];
  for (let square = 1; square <= SQUARE_COUNT; square++) {
    const bit = bitOf(square);
    if ((mask & bit) !== 0) items.push((kings & bit) !== 0 ? `K${square}` : String(square));
  }
  return items.join(',');
};

/**
 * A position in PDN FEN: the side to move (`B` black, `W` red), then red's pieces and black's,
 * each square ascending with `K` before a king.
 *
 * @example
 * makeFen({ black: 0b1, red: 0b100, kings: 0b100, turn: 'red' }) // 'W:WK3:B1'
 */
export function makeFen(position: Position): string {
  const turn = position.turn === 'black' ? 'B' : 'W';
  return `${turn}:W${listOf(position.red, position.kings)}:B${listOf(position.black, position.kings)}`;
}

const ITEM = /^(K?)(\d{1,2})(?:-(\d{1,2}))?$/;

/**
 * A position from PDN FEN, e.g. `W:WK3,21:B1,K30` or the start `B:W21-32:B1-12`: the side to
 * move, then the two piece lists in either order, each a comma list of squares, `K` before a
 * king, ranges `a-b` allowed. Spaces and a final `.` are ignored. Fails with `ERR_FEN` (syntax,
 * a square listed twice, a square outside 1-32), `ERR_TOO_MANY_PIECES` or `ERR_UNCROWNED_MAN`.
 *
 * @example
 * parseFen('W:WK3,21:B1,K30') // ok: red to move, a red king on 3, ...
 */
export function parseFen(text: string): Result<Position, PositionError> {
  const fen = text.replace(/\s+/g, '').replace(/\.$/, '');
  const parts = fen.split(':');
  // The FEN came from outside: shown escaped, and cut (an 80 KB one is not echoed whole).
  const bad = (why: string) =>
    fail('ERR_FEN' as const, `bad FEN "${escapeAndCut(text, 80)}": ${escapeAndCut(why, 200)}`);
  if (parts.length !== 3) return bad('expected "B:W…:B…" (the side to move and two piece lists)');
  const [turnText, ...lists] = parts;
  if (turnText !== 'B' && turnText !== 'W') return bad('the side to move is B or W');
  const masks = { B: 0, W: 0 };
  let kings = 0;
  let seen = 0;
  const sides = new Set<string>();
  for (const list of lists) {
    const side = list[0];
    if (side !== 'B' && side !== 'W') return bad('each piece list starts with B or W');
    if (sides.has(side)) return bad(`two ${side} lists`);
    sides.add(side);
    const body = list.slice(1);
    if (body === '') continue;
    for (const item of body.split(',')) {
      const match = ITEM.exec(item);
      if (match === null) return bad(`"${item}" is not a square, a king (K5) or a range (1-12)`);
      const first = Number(match[2]);
      const last = match[3] === undefined ? first : Number(match[3]);
      if (first < 1 || last > SQUARE_COUNT || last < first)
        return bad(`"${item}" is not within squares 1-32`);
      for (let square = first; square <= last; square++) {
        const bit = bitOf(square);
        if ((seen & bit) !== 0) return bad(`square ${square} is listed twice`);
        seen = (seen | bit) >>> 0;
        masks[side] = (masks[side] | bit) >>> 0;
        if (match[1] === 'K') kings = (kings | bit) >>> 0;
      }
    }
  }
  return makePosition(masks.B, masks.W, kings, turnText === 'B' ? 'black' : 'red');
}
