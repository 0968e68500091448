import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitCount } from './bitboard.js';
import { parseFen } from './fen.js';
import { playChoices, pliesArb } from './games.testkit.js';
import { applyMove, legalMoves } from './moves.js';
import { moveToPdn } from './pdn.js';
import { initialPosition, pieceAt } from './position.js';
import { referenceMoves } from './reference.testkit.js';
import type { Position } from './types.js';

const fen = (text: string): Position => {
  const parsed = parseFen(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const pdn = (position: Position) => legalMoves(position).map(moveToPdn);

describe('legal moves', () => {
  it('black opens with seven moves', () => {
    expect(pdn(initialPosition())).toEqual([
      '9-13',
      '9-14',
      '10-14',
      '10-15',
      '11-15',
      '11-16',
      '12-16',
    ]);
  });

  it('red men move north, black men south; kings both ways', () => {
    expect(pdn(fen('W:W22:B1'))).toEqual(['22-17', '22-18']);
    expect(pdn(fen('B:W32:B14'))).toEqual(['14-17', '14-18']);
    expect(pdn(fen('B:W32:BK14'))).toEqual(['14-9', '14-10', '14-17', '14-18']);
  });

  it('a capture is compulsory, and any capture will do (not the longest)', () => {
    // Black 14 can jump 18 (and on over 27); black 9 could move quietly but may not.
    const position = fen('B:W18,27,10:B14,9');
    expect(pdn(position)).toEqual(['14x23x32']);
    // Two captures of different lengths: both are legal.
    expect(pdn(fen('B:W18,27,16:B14,12'))).toEqual(['12x19', '14x23x32']);
  });

  it('men do not capture backward; kings do', () => {
    expect(pdn(fen('B:W10:B14'))).toEqual(['14-17', '14-18']);
    expect(pdn(fen('B:W10:BK14'))).toEqual(['14x7']);
  });

  it('a king jumps round a loop and back to its own square, both ways', () => {
    const position = fen('B:W10,11,18,19:BK14');
    const moves = legalMoves(position);
    expect(moves.map(moveToPdn)).toEqual(['14x7x16x23x14', '14x23x16x7x14']);
    expect(moves[0]).toEqual({
      from: 14,
      to: 14,
      path: [14, 7, 16, 23, 14],
      captured: [10, 11, 19, 18],
      crowned: false,
    });
    const after = applyMove(position, moves[0] as (typeof moves)[0]);
    expect(after).toEqual({ black: 1 << 13, red: 0, kings: 1 << 13, turn: 'red' });
  });

  it('crowning ends the move, even when a king could jump on', () => {
    // Black 22 jumps 26 and lands on 31, where a king could jump 27; a new king stops.
    const position = fen('B:W26,27:B22');
    const moves = legalMoves(position);
    expect(moves).toEqual([{ from: 22, to: 31, path: [22, 31], captured: [26], crowned: true }]);
    const after = applyMove(position, moves[0] as (typeof moves)[0]);
    expect(pieceAt(after, 31)).toEqual({ side: 'black', king: true });
    expect(after.turn).toBe('red');
    // A king already crowned does jump on through the far row.
    expect(pdn(fen('B:W26,27:BK22'))).toEqual(['22x31x24']);
    // Red is crowned on row 1 the same way.
    expect(pdn(fen('W:W11:B7,6'))).toEqual(['11x2']);
  });

  it('a simple move onto the far row crowns', () => {
    const [move] = legalMoves(fen('B:W5:B25'));
    expect(move?.crowned).toBe(true);
    expect(legalMoves(fen('B:W5:BK25')).every((m) => !m.crowned)).toBe(true);
  });

  it('no pieces or no moves: no legal moves', () => {
    expect(legalMoves(fen('B:W5:B'))).toEqual([]);
    expect(legalMoves(fen('W:W29:B22,25'))).toEqual([]);
  });

  it('a move keeps every piece but the captured ones, and crowns only on the far row', () => {
    fc.assert(
      fc.property(pliesArb(), (plies) => {
        for (const { position, move } of plies) {
          const after = applyMove(position, move);
          const own = position.turn === 'black' ? 'black' : 'red';
          const opp = position.turn === 'black' ? 'red' : 'black';
          expect(bitCount(after[own])).toBe(bitCount(position[own]));
          expect(bitCount(after[opp])).toBe(bitCount(position[opp]) - move.captured.length);
          expect(pieceAt(after, move.to)?.side).toBe(position.turn);
          const wasKing = pieceAt(position, move.from)?.king === true;
          expect(pieceAt(after, move.to)?.king).toBe(wasKing || move.crowned);
          expect(bitCount(after.kings)).toBe(
            bitCount(position.kings) +
              (move.crowned ? 1 : 0) -
              move.captured.filter((s) => pieceAt(position, s)?.king).length,
          );
          expect(after.turn).not.toBe(position.turn);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('every listed move is distinct, and a capture list holds only captures', () => {
    fc.assert(
      fc.property(pliesArb(), (plies) => {
        for (const { position } of plies) {
          const moves = legalMoves(position);
          expect(new Set(moves.map(moveToPdn)).size).toBe(moves.length);
          const captures = moves.filter((m) => m.captured.length > 0).length;
          expect(captures === 0 || captures === moves.length).toBe(true);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('random games end or go on; the helper stops at the end', () => {
    expect(playChoices([0, 0, 0]).length).toBe(3);
  });
});

describe('the production generator against the reference', () => {
  it('lists the same moves as the square-by-square reference, path for path, in order', () => {
    fc.assert(
      fc.property(pliesArb(200), (plies) => {
        for (const { position } of plies)
          expect(legalMoves(position)).toEqual(referenceMoves(position));
      }),
      { numRuns: 300 },
    );
  });

  it('agrees where kings jump round and back onto their own square', () => {
    for (const text of ['B:W6,7,14,15:BK10', 'W:WK19:B15,16,23,24', 'B:W6,7,14,15,22,23:BK10,1']) {
      const position = fen(text);
      expect(legalMoves(position)).toEqual(referenceMoves(position));
      expect(legalMoves(position).length).toBeGreaterThan(0);
    }
  });
});
