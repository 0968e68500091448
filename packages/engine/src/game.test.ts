import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyCells, levelCubes, tileSum } from './board.js';
import { type Game, keepPlaying, newGame, step } from './game.js';
import { classic, fiveTwelve, makeRules, tiers } from './rules.js';
import { type Board, DIRECTIONS, type Direction, type Rules } from './types.js';

/** A game with a chosen board, as if it had been reached in play. */
const withBoard = (rules: Rules, board: Board, seed = 'fixed'): Game => {
  const game = newGame(rules, seed);
  let id = 1;
  const ids = board.map((row) => row.map((v) => (v ? id++ : 0)));
  return { ...game, board, ids, nextId: id, score: 0, status: 'playing' };
};

/** Play moves until the game ends or `limit` moves, picking directions from a seeded cycle. */
const playOut = (game: Game, directions: readonly Direction[], limit: number): Game => {
  let current = game;
  for (let i = 0; i < limit && current.status !== 'lost'; i++) {
    const tries = DIRECTIONS.length;
    for (let t = 0; t < tries; t++) {
      const next = step(current, directions[(i + t) % directions.length] as Direction).game;
      if (next !== current) {
        current = next;
        break;
      }
    }
  }
  return current;
};

describe('newGame', () => {
  it('places the start tiles: 2s or 4s for classic', () => {
    const game = newGame('classic', 1);
    const tiles = game.board.flat().filter(Boolean);
    expect(tiles).toHaveLength(2);
    for (const t of tiles) expect([2, 4]).toContain(t);
    expect(game).toMatchObject({
      score: 0,
      status: 'playing',
      moves: '',
      seed: '1',
      rules: classic,
    });
  });

  it('is the same game for the same seed, and another for another seed', () => {
    expect(newGame('classic', 'abc')).toEqual(newGame('classic', 'abc'));
    const boards = new Set(
      Array.from({ length: 20 }, (_, i) => JSON.stringify(newGame('classic', i).board)),
    );
    expect(boards.size).toBeGreaterThan(10);
  });

  it('honours the size of the rules', () => {
    const rules = makeRules('classic', { size: 6 });
    if (!rules.ok) throw new Error(rules.error.message);
    const game = newGame(rules.value, 3);
    expect(game.board).toHaveLength(6);
    for (const row of game.board) expect(row).toHaveLength(6);
  });

  it('starts FiveTwelve with only 2s and the tile sum as the score', () => {
    for (let seed = 0; seed < 20; seed++) {
      const game = newGame('fiveTwelve', seed);
      expect(game.board.flat().filter(Boolean)).toEqual([2, 2]);
      expect(game.score).toBe(4);
    }
  });

  it('refuses a bad seed (a programmer error: outside seeds go through parseSeed)', () => {
    expect(() => newGame('classic', 'no spaces')).toThrow(/seed/);
  });
});

describe('step', () => {
  it('slides, merges, scores and spawns exactly one tile', () => {
    const game = withBoard(classic, [
      [2, 2, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 4],
      [0, 0, 0, 0],
    ]);
    const result = step(game, 'left');
    expect(result.moved).toBe(true);
    expect(result.gained).toBe(4);
    expect(result.game.score).toBe(4);
    expect(result.game.moves).toBe('L');
    expect(result.game.board[0]?.[0]).toBe(4);
    expect(result.game.board[2]?.[0]).toBe(4);
    expect(result.game.board.flat().filter(Boolean)).toHaveLength(3);
  });

  it('announces slides, merges and the spawn with stable ids', () => {
    const game = withBoard(classic, [
      [2, 2, 0, 4],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    // ids: 2@(0,0)=1, 2@(0,1)=2, 4@(0,3)=3
    const { game: next, events } = step(game, 'left');
    const slides = events.filter((e) => e.type === 'slide');
    expect(slides).toEqual([
      { type: 'slide', id: 2, value: 2, from: [0, 1], to: [0, 0] },
      { type: 'slide', id: 3, value: 4, from: [0, 3], to: [0, 1] },
    ]);
    const merges = events.filter((e) => e.type === 'merge');
    expect(merges).toEqual([{ type: 'merge', id: 4, value: 4, at: [0, 0], from: [1, 2] }]);
    const spawns = events.filter((e) => e.type === 'spawn');
    expect(spawns).toHaveLength(1);
    const spawn = spawns[0];
    if (spawn?.type !== 'spawn') throw new Error('no spawn');
    expect(spawn.id).toBe(5);
    expect(next.ids[0]).toEqual([4, 3, 0, 0]);
    expect(next.ids[spawn.at[0]]?.[spawn.at[1]]).toBe(5);
  });

  it('ignores a move that changes nothing under classic rules: no spawn, same game', () => {
    const game = withBoard(classic, [
      [2, 4, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    const result = step(game, 'left');
    expect(result).toEqual({ game, events: [], gained: 0, moved: false });
    expect(result.game).toBe(game);
  });

  it('FiveTwelve: an ineffective move still spawns a 2', () => {
    const game = withBoard(fiveTwelve, [
      [2, 4, 8, 16],
      [2, 4, 8, 16],
      [0, 0, 8, 16],
      [0, 0, 8, 16],
    ]);
    const result = step(game, 'right');
    expect(result.moved).toBe(false);
    expect(result.game).not.toBe(game);
    expect(result.events).toEqual([expect.objectContaining({ type: 'spawn', value: 2 })]);
    expect(result.game.score).toBe(tileSum(result.game.board));
    expect(result.game.moves).toBe('R');
  });

  it('FiveTwelve: the game ends when the new tile has no empty cell', () => {
    const board = [
      [2, 4, 2, 4],
      [4, 2, 4, 2],
      [2, 4, 2, 4],
      [4, 2, 4, 8],
    ];
    const game = withBoard(fiveTwelve, board);
    const result = step(game, 'left');
    expect(result.game.status).toBe('lost');
    expect(step(result.game, 'up').game).toBe(result.game);
  });

  it('FiveTwelve switches are rule options: 2048 scoring, no ineffective moves, 10 % fours', () => {
    const rules = makeRules('fiveTwelve', {
      scoring: 'merges',
      ineffectiveMoves: 'ignore',
      spawn: [
        { value: 2, weight: 0.9 },
        { value: 4, weight: 0.1 },
      ],
    });
    if (!rules.ok) throw new Error(rules.error.message);
    expect(rules.value.name).toBe('custom');
    // FiveTwelve with 2048 scoring: four 2s make 4 + 4 + 8 = 16 under 2048 scoring
    const game = withBoard(rules.value, [
      [2, 2, 0, 0],
      [2, 2, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    const once = step(step(game, 'left').game, 'up');
    expect(once.game.board[0]?.[0]).toBe(8);
    expect(once.game.score).toBe(16);
    expect(step(once.game, 'up').game.score).toBe(16);
    const stuck = withBoard(rules.value, [
      [2, 4, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    expect(step(stuck, 'left').game).toBe(stuck);
  });

  it('tiers scores the sum of level cubes', () => {
    const game = withBoard(tiers, [
      [2, 2, 4, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    const { game: next } = step(game, 'left');
    expect(next.board[0]?.[0]).toBe(8);
    expect(next.score).toBe(levelCubes(next.board));
    expect(next.score).toBe(27 + 1);
  });

  it('wins at the goal, win beats loss, keeps playing after', () => {
    const game = withBoard(classic, [
      [1024, 1024, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    const won = step(game, 'left').game;
    expect(won.status).toBe('won');
    const going = keepPlaying(won);
    expect(going).toMatchObject({ status: 'playing', keptPlaying: true });
    // a move on a won game keeps playing, and the goal is not announced again
    const moved = step(won, 'right').game;
    expect(moved.status).toBe('playing');
    expect(moved.keptPlaying).toBe(true);

    const full = withBoard(classic, [
      [1024, 1024, 4, 2],
      [2, 4, 2, 4],
      [4, 2, 4, 2],
      [2, 4, 2, 8],
    ]);
    // after the merge the board is full again with no pair: won, not lost
    const last = step(full, 'left').game;
    expect(last.status).toBe('won');
    expect(emptyCells(last.board)).toEqual([]);
  });

  it('a game is lost exactly when no direction changes it (classic, tiers)', () => {
    for (const rules of [classic, tiers]) {
      for (let seed = 0; seed < 5; seed++) {
        const end = playOut(newGame(rules, seed), ['left', 'down', 'right', 'up'], 5000);
        expect(end.status).toBe('lost');
        for (const d of DIRECTIONS) expect(step(end, d).game).toBe(end);
      }
    }
  });

  it('never mutates the game it was given', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.array(fc.constantFrom(...DIRECTIONS), { maxLength: 30 }),
        (seed, directions) => {
          let game = newGame('classic', Math.abs(seed));
          for (const d of directions) {
            const before = JSON.stringify(game);
            const next = step(game, d).game;
            expect(JSON.stringify(game)).toBe(before);
            game = next;
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it('spawns 4s about one time in ten (classic)', () => {
    let fours = 0;
    let spawns = 0;
    let game = newGame('classic', 'spawn-rate');
    for (let i = 0; i < 4000; i++) {
      if (game.status === 'lost') game = newGame('classic', `spawn-rate-${i}`);
      const result = step(game, DIRECTIONS[i % 4] as Direction);
      for (const e of result.events) {
        if (e.type === 'spawn') {
          spawns++;
          if (e.value === 4) fours++;
        }
      }
      game = result.game;
    }
    expect(spawns).toBeGreaterThan(1000);
    expect(fours / spawns).toBeGreaterThan(0.07);
    expect(fours / spawns).toBeLessThan(0.13);
  });
});
