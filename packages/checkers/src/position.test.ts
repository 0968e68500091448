import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate.js';
import { makeFen, parseFen } from './fen.js';
import { pliesArb } from './games.testkit.js';
import { legalMoves } from './moves.js';
import {
  type Cell,
  colourFlip,
  gridOf,
  initialPosition,
  makePosition,
  pieceAt,
  positionFromGrid,
  positionKey,
  samePosition,
} from './position.js';

const empty = (): Cell[][] => Array.from({ length: 8 }, () => Array<Cell>(8).fill(null));
const code = (result: { ok: boolean; error?: { code: string } }) =>
  result.ok ? 'ok' : result.error?.code;

describe('positions', () => {
  it('start with black men on 1-12 and red men on 21-32, black to move', () => {
    const start = initialPosition();
    expect(pieceAt(start, 1)).toEqual({ side: 'black', king: false });
    expect(pieceAt(start, 12)).toEqual({ side: 'black', king: false });
    expect(pieceAt(start, 13)).toBeNull();
    expect(pieceAt(start, 21)).toEqual({ side: 'red', king: false });
    expect(start.turn).toBe('black');
  });

  it('show as a grid, row 1 first, and read back from one', () => {
    const grid = gridOf(initialPosition());
    expect(grid[0]).toEqual([
      null,
      { side: 'black', king: false },
      null,
      { side: 'black', king: false },
      null,
      { side: 'black', king: false },
      null,
      { side: 'black', king: false },
    ]);
    expect(grid[3]?.every((c) => c === null)).toBe(true);
    expect(positionFromGrid(grid, 'black')).toEqual({ ok: true, value: initialPosition() });
    fc.assert(
      fc.property(pliesArb(), (plies) => {
        for (const { position } of plies)
          expect(positionFromGrid(gridOf(position), position.turn)).toEqual({
            ok: true,
            value: position,
          });
      }),
      { numRuns: 30 },
    );
  });

  it('refuses impossible grids with named errors', () => {
    const light = empty();
    (light[2] as Cell[])[2] = { side: 'red', king: false };
    const refused = positionFromGrid(light, 'black');
    expect(code(refused)).toBe('ERR_LIGHT_SQUARE');
    if (!refused.ok) expect(refused.error.message).toContain('(3 3)');
    const many = gridOf(initialPosition()).map((row) => [...row]);
    (many[3] as Cell[])[0] = { side: 'black', king: false };
    expect(code(positionFromGrid(many, 'black'))).toBe('ERR_TOO_MANY_PIECES');
    const stuck = empty();
    (stuck[7] as Cell[])[0] = { side: 'black', king: false };
    const uncrowned = positionFromGrid(stuck, 'black');
    expect(code(uncrowned)).toBe('ERR_UNCROWNED_MAN');
    if (!uncrowned.ok) expect(uncrowned.error.message).toContain('(8 1)');
    (stuck[7] as Cell[])[0] = { side: 'black', king: true };
    expect(code(positionFromGrid(stuck, 'black'))).toBe('ok');
    const redStuck = empty();
    (redStuck[0] as Cell[])[1] = { side: 'red', king: false };
    expect(code(positionFromGrid(redStuck, 'red'))).toBe('ERR_UNCROWNED_MAN');
    expect(code(positionFromGrid(empty().slice(1), 'black'))).toBe('ERR_GRID');
    const short = empty();
    short[4] = [null];
    expect(code(positionFromGrid(short, 'black'))).toBe('ERR_GRID');
    const junk = empty() as unknown as unknown[][];
    (junk[4] as unknown[])[1] = { side: 'green', king: false };
    expect(code(positionFromGrid(junk as Cell[][], 'black'))).toBe('ERR_GRID');
  });

  it('checks masks', () => {
    expect(code(makePosition(1, 1, 0, 'black'))).toBe('ERR_FEN');
    expect(code(makePosition(1, 2, 4, 'black'))).toBe('ERR_FEN');
    expect(makePosition(-1 << 31, 1 << 5, -1 << 31, 'red')).toEqual({
      ok: true,
      value: { black: 2 ** 31, red: 32, kings: 2 ** 31, turn: 'red' },
    });
  });

  it('key positions by pieces and side to move', () => {
    const a = initialPosition();
    const b = { ...a, turn: 'red' as const };
    expect(positionKey(a)).not.toBe(positionKey(b));
    expect(samePosition(a, { ...a })).toBe(true);
    expect(samePosition(a, b)).toBe(false);
  });

  it('turn round with the colours exchanged: square s to 33 - s, the other side to move', () => {
    const parsed = parseFen('B:W18,K22:B5');
    if (!parsed.ok) throw new Error('bad FEN');
    expect(makeFen(colourFlip(parsed.value))).toBe('W:W28:BK11,15');
    expect(colourFlip(initialPosition())).toEqual({ ...initialPosition(), turn: 'red' });
  });

  it('keep every rule and the evaluation when the colours are exchanged', () => {
    // The flipped position has as many legal moves, and the evaluation gives the side to
    // move the same value: the rules do not tell the colours apart.
    fc.assert(
      fc.property(pliesArb(), (plies) => {
        for (const { position } of plies) {
          const flipped = colourFlip(position);
          expect(colourFlip(flipped)).toEqual(position);
          expect(legalMoves(flipped)).toHaveLength(legalMoves(position).length);
          const value = (p: typeof position) => {
            const south = p.turn === 'black';
            return evaluate(south ? p.black : p.red, south ? p.red : p.black, p.kings, south);
          };
          expect(value(flipped)).toBe(value(position));
        }
      }),
      { numRuns: 30 },
    );
  });
});
