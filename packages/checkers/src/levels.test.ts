import { describe, expect, it } from 'vitest';
import { parseFen } from './fen.js';
import { newGame } from './game.js';
import { LEVEL_LIMITS, rootScores, searchVaried, seededRandom } from './levels.js';
import { handleSearchRequest, searchRequest } from './protocol.js';
import type { Position } from './types.js';

// Positions from ACF-ballot games where some moves give a man away and others do not; the old
// level 1 (a plain 2-ply search) gave a man away in each, a man its 4-ply search sees. Each is
// checked by an 8-ply search. (A man lost to a deeper combination is still possible at level 1:
// the level benchmark counts those.)
const HANGING = [
  'B:W10,20,21,24,29,30,31,32:B1,2,3,4,12,13,14,22',
  'W:W15,20,21,25,26,27,28,31,32:B1,2,4,5,8,12,13,18,19',
  'W:WK4,14,22,26,27,30,31,32:B1,2,3,7,13,17,20,24',
  'B:W13,20,21,23,25,28,29,31:B2,4,5,9,10,12,14,15',
  'B:W14,20,22,25,26,27,28,29,30,31,32:B1,2,3,4,5,7,8,11,12,13,15',
];
const MAN = 100;
const JUDGE_DEPTH = 8;

function positionOf(fen: string): Position {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

describe('level 1', () => {
  it.each(HANGING)('never gives a man away when a move keeps it: %s', (fen) => {
    const position = positionOf(fen);
    const deep = rootScores(position, JUDGE_DEPTH);
    const best = deep[0]?.score ?? 0;
    const losing = deep.filter((entry) => entry.score <= best - MAN).map((e) => e.move.path.join());
    // The position is a fair test: a deep search sees moves that lose a man, and others.
    expect(losing.length).toBeGreaterThan(0);
    expect(losing.length).toBeLessThan(deep.length);
    const game = newGame(position);
    const level = LEVEL_LIMITS[1];
    for (let seed = 0; seed < 12; seed++) {
      const reply = handleSearchRequest(searchRequest(seed, game, { ...level, seed }));
      if (!reply.ok) throw new Error(reply.error.message);
      expect(losing).not.toContain(reply.path.join());
    }
  });

  it('is the same move for the same seed, and varies with the seed', () => {
    const position = positionOf(HANGING[1] as string);
    const { depth = 4, margin = 0 } = LEVEL_LIMITS[1];
    const chosen = new Set<string>();
    for (let seed = 0; seed < 12; seed++) {
      const a = searchVaried(position, { depth, margin, seed });
      const b = searchVaried(position, { depth, margin, seed });
      expect(a?.move.path).toEqual(b?.move.path);
      chosen.add(a?.move.path.join() ?? '');
    }
    expect(chosen.size).toBeGreaterThan(1);
  });

  it('asks the protocol with a seed taken from the game when none is given', () => {
    const request = searchRequest(1, newGame(), LEVEL_LIMITS[1]);
    expect(request.margin).toBe(LEVEL_LIMITS[1].margin);
    expect(typeof request.seed).toBe('number');
    expect(searchRequest(2, newGame(), LEVEL_LIMITS[1]).seed).toBe(request.seed);
  });
});

describe('seededRandom', () => {
  it('repeats for a seed and differs between seeds, within [0, 1)', () => {
    const take = (seed: number) => Array.from({ length: 5 }, seededRandom(seed));
    expect(take(7)).toEqual(take(7));
    expect(take(7)).not.toEqual(take(8));
    for (const x of take(3)) expect(x >= 0 && x < 1).toBe(true);
  });
});

describe('the varied request', () => {
  it.each([
    [{ margin: 60 }, 'ERR_MARGIN'],
    [{ depth: 4, margin: -1 }, 'ERR_MARGIN'],
    [{ depth: 4, margin: 1.5 }, 'ERR_MARGIN'],
    [{ depth: 30, margin: 60 }, 'ERR_MARGIN'],
    [{ depth: 4, margin: 60, seed: -1 }, 'ERR_SEED'],
    [{ depth: 4, margin: 60, seed: 'x' }, 'ERR_SEED'],
  ])('names a bad field: %o', (fields, code) => {
    const reply = handleSearchRequest({ id: 1, fen: HANGING[0], ...fields });
    expect(reply.ok ? null : reply.error.code).toBe(code);
  });
});
