import { initialPosition, makeFen, parseFen } from '@twenty48/checkers';
import { describe, expect, it } from 'vitest';
import type { CellText } from './codec.js';
import { positionOfSheet, sheetOf } from './sheet.js';

const EMPTY: CellText[][] = Array.from({ length: 8 }, () => Array<CellText>(8).fill('E'));
const withCell = (row: number, col: number, text: CellText): CellText[][] =>
  EMPTY.map((cells, r) => cells.map((cell, c) => (r === row - 1 && c === col - 1 ? text : cell)));

describe('the save sheet and the position', () => {
  it('writes the start as the original did: black men on top, p1 to move', () => {
    const sheet = sheetOf(initialPosition());
    expect(sheet.turn).toBe('p1');
    expect(sheet.cells[0]).toEqual(['E', 'B n', 'E', 'B n', 'E', 'B n', 'E', 'B n']);
    expect(sheet.cells[3]).toEqual(Array(8).fill('E'));
    expect(sheet.cells[7]).toEqual(['R n', 'E', 'R n', 'E', 'R n', 'E', 'R n', 'E']);
  });

  it.each(['B:W21-32:B1-12', 'W:WK3,21:B1,K30', 'W:W:BK32', 'B:WK1,K2,K3,K4:B25,K31'])(
    'reads back what it writes: %s',
    (fen) => {
      const position = parseFen(fen);
      if (!position.ok) throw new Error(position.error.message);
      const read = positionOfSheet(sheetOf(position.value));
      expect(read.ok && makeFen(read.value)).toBe(makeFen(position.value));
    },
  );

  it('refuses an empty board: no game to load, not a game already won', () => {
    for (const turn of ['p1', 'p2'] as const) {
      const empty = positionOfSheet({ cells: EMPTY, turn });
      expect(empty.ok || empty.error.code).toBe('ERR_EMPTY_BOARD');
    }
    // One piece is a position (the side without pieces has lost): it loads.
    expect(positionOfSheet({ cells: withCell(1, 2, 'B k'), turn: 'p2' }).ok).toBe(true);
  });

  it("refuses what the rules refuse, with the rules' codes", () => {
    const light = positionOfSheet({ cells: withCell(1, 1, 'R k'), turn: 'p2' });
    expect(light.ok || light.error.code).toBe('ERR_LIGHT_SQUARE');
    const stuck = positionOfSheet({ cells: withCell(8, 1, 'B n'), turn: 'p1' });
    expect(stuck.ok || stuck.error.code).toBe('ERR_UNCROWNED_MAN');
  });
});
