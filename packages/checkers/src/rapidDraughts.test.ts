import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFen } from './fen.js';
import { pliesArb } from './games.testkit.js';
import { legalMoves } from './moves.js';
import { initialPosition } from './position.js';
import {
  compareMoves,
  ourMoveKeys,
  ourMoveOf,
  rapidGameOf,
  rapidMoveKeys,
  rapidPlayer,
} from './rapidDraughts.js';
import type { Position } from './types.js';

const position = (fen: string): Position => {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

describe('rapid-draughts set up from our positions', () => {
  it('sees the start as we do: its dark side is our black, on squares 1-12, to move', () => {
    expect(rapidGameOf(initialPosition()).player).toBe('dark');
    expect(rapidMoveKeys(initialPosition())).toEqual(ourMoveKeys(initialPosition()));
    expect(rapidMoveKeys(initialPosition())).toContain('11-15x');
  });

  it('has the same legal moves on positions from random games (kings, multi-jumps, crowning)', () => {
    fc.assert(
      fc.property(pliesArb(200), (plies) => {
        for (const { position: at } of plies) {
          const { onlyOurs, onlyTheirs } = compareMoves(at);
          expect(onlyTheirs).toEqual([]);
          expect(onlyOurs).toEqual([]);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('stops a king capture short of its own square, where ours comes round to it', () => {
    // The king on 10 jumps 15, 23, 22 and 14 and lands on 10 again (either way round).
    const loop = position('B:W14,15,22,23:BK10');
    expect(ourMoveKeys(loop)).toEqual(['10-10x14,15,22,23']);
    expect(rapidMoveKeys(loop)).toEqual(['10-17x15,22,23', '10-19x14,22,23']);
    expect(compareMoves(loop)).toEqual({ onlyOurs: [], onlyTheirs: [] });
    const short = { origin: 9, destination: 16, captures: [14, 21, 22] }; // 10-17x15,22,23
    const completed = ourMoveOf(loop, short);
    expect([completed.from, completed.to]).toEqual([10, 10]);
    expect([...completed.captured].sort((a, b) => a - b)).toEqual([14, 15, 22, 23]);
  });

  it('plays a legal move of ours for red and for black', async () => {
    const play = rapidPlayer(2);
    const red = position('W:W21-32:B1-8,10-12,15');
    const move = await play(red);
    expect(legalMoves(red)).toContainEqual(move);
    const move2 = await play(initialPosition());
    expect(legalMoves(initialPosition())).toContainEqual(move2);
  });
});
