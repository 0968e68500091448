// Every error code the package names, each produced by a call from outside.
import { describe, expect, it } from 'vitest';
import { parseFen } from './fen.js';
import { newGame, playMove, playStep, resolveDirection, stepInDirection } from './game.js';
import { parsePdnMove } from './pdn.js';
import { type Cell, initialPosition, positionFromGrid } from './position.js';
import { parseSquare, squareFromCoords } from './squares.js';
import { type CheckersError, ERROR_CODES, type Position, type Result } from './types.js';

const fen = (text: string): Position => {
  const parsed = parseFen(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const grid = (place: (g: Cell[][]) => void): Cell[][] => {
  const g = Array.from({ length: 8 }, () => Array<Cell>(8).fill(null));
  place(g);
  return g;
};
const man = (side: 'black' | 'red'): Cell => ({ side, king: false });
const start = newGame();
const jumping = (() => {
  const half = playStep(newGame(fen('B:W17,18,27,30:B14')), 14, 23);
  if (!half.ok) throw new Error(half.error.message);
  return half.value;
})();

const cases: Record<CheckersError, () => Result<unknown>> = {
  ERR_FEN: () => parseFen('B:W21'),
  ERR_SQUARE: () => parseSquare('33'),
  ERR_LIGHT_SQUARE: () => squareFromCoords(1, 1),
  ERR_GRID: () => positionFromGrid([], 'black'),
  ERR_TOO_MANY_PIECES: () => parseFen('B:W1-13:BK30'),
  ERR_UNCROWNED_MAN: () =>
    positionFromGrid(
      grid((g) => ((g[7] as Cell[])[0] = man('black'))),
      'red',
    ),
  ERR_PDN_MOVE: () => parsePdnMove(initialPosition(), '11 to 15'),
  ERR_ILLEGAL_MOVE: () => parsePdnMove(initialPosition(), '11-18'),
  ERR_AMBIGUOUS_MOVE: () => parsePdnMove(fen('B:W10,11,18,19:BK14'), '14x14'),
  ERR_GAME_OVER: () =>
    playMove(newGame(fen('W:W5:B1')), {
      from: 5,
      to: 1,
      path: [5, 1],
      captured: [],
      crowned: true,
    }),
  ERR_NO_PIECE: () => playStep(start, 16, 20),
  ERR_NOT_YOUR_PIECE: () => playStep(start, 22, 18),
  ERR_NOT_DIAGONAL: () => playStep(start, 11, 19),
  ERR_BACKWARD: () => stepInDirection(newGame(fen('B:W32:B14')), 14, 'northwest'),
  ERR_BLOCKED: () => resolveDirection(start, 7, 'southwest'),
  ERR_NOTHING_TO_JUMP: () => playStep(start, 11, 18),
  ERR_OFF_BOARD: () => resolveDirection(start, 5, 'northwest'),
  ERR_CAPTURE_REQUIRED: () => playStep(newGame(fen('B:W18:B14,9')), 9, 13),
  ERR_MUST_CONTINUE: () => stepInDirection(jumping, 17, 'southwest'),
};

describe('named errors', () => {
  it('lists every code once', () => {
    expect(Object.keys(cases).sort()).toEqual([...ERROR_CODES].sort());
  });

  it.each(Object.entries(cases))('%s comes back as a Result with a message', (code, run) => {
    const result = run();
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe(code);
      expect(result.error.message.length).toBeGreaterThan(5);
    }
  });
});
