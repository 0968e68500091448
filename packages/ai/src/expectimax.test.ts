import {
  type Board,
  type Game,
  makeRules,
  newGame,
  PRESET_NAMES,
  type PresetName,
  resolveRules,
  step,
} from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { toBitboard } from './bitboard.js';
import { searchEngineBoard } from './engine-search.js';
import { adaptiveDepth, expectimaxPlayer, searchLimits } from './expectimax.js';
import { greedyPlayer, legalMoves } from './player.js';
import { createBitboardSearch } from './search.js';

/** A mid-game position: a seeded game played `moves` moves by the greedy player. */
function midGame(rules: PresetName, seed: string, moves: number): Game {
  let game = newGame(rules, seed);
  for (let i = 0; i < moves && game.status !== 'lost'; i++) {
    const direction = greedyPlayer(game);
    if (!direction) break;
    game = step(game, direction).game;
  }
  return game;
}

describe('bitboard expectimax', () => {
  for (const rules of PRESET_NAMES) {
    it(`values the moves as a plain search on the engine's boards does (${rules})`, () => {
      // Same heuristic, spawn weights and cut; one on packed rows, the other on slide().
      const search = createBitboardSearch(resolveRules(rules));
      for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
        const game = midGame(rules, seed, 40);
        if (game.status === 'lost') continue;
        const packed = search.search(toBitboard(game.board), { depth: 1, ms: null });
        const plain = searchEngineBoard(game.board, game.rules, 1);
        expect(packed.value / plain.value).toBeCloseTo(1, 9);
        expect(packed.direction).toBe(plain.direction);
      }
    });
  }

  it('scores a lost board 0 and answers null when no move counts', () => {
    const stuck: Board = [
      [2, 4, 2, 4],
      [4, 2, 4, 2],
      [2, 4, 2, 4],
      [4, 2, 4, 2],
    ];
    const search = createBitboardSearch(resolveRules('classic'));
    expect(search.search(toBitboard(stuck), { depth: 2, ms: null }).direction).toBeNull();
    expect(expectimaxPlayer({ depth: 2 })({ ...newGame('classic', 1), board: stuck })).toBeNull();
  });

  it('searches deeper with a time budget, one finished level at a time', () => {
    // A game still in play (the greedy player loses some seeds before move 200).
    const game = midGame('classic', 'budget', 100);
    expect(game.status).not.toBe('lost');
    const search = createBitboardSearch(resolveRules('classic'));
    const result = search.search(toBitboard(game.board), { depth: 3, ms: 10_000 });
    expect(result.depth).toBe(3);
    expect(result.nodes).toBeGreaterThan(0);
    expect(legalMoves(game)).toContain(result.direction);
  });
});

describe('expectimaxPlayer', () => {
  it('plays a seeded classic game to 2048 at depth 2, only legal moves', () => {
    const player = expectimaxPlayer({ depth: 2 });
    let game = newGame('classic', 'expectimax-2048');
    while (game.status !== 'lost' && Math.max(...game.board.flat()) < 2048) {
      const direction = player(game);
      expect(legalMoves(game)).toContain(direction);
      if (!direction) break;
      game = step(game, direction).game;
    }
    expect(Math.max(...game.board.flat())).toBe(2048);
  });

  it('falls back to the engine for boards the bitboard cannot hold', () => {
    const five = makeRules('classic', { size: 5 });
    if (!five.ok) throw new Error(five.error.message);
    const player = expectimaxPlayer();
    let game = newGame(five.value, 'five');
    for (let i = 0; i < 30; i++) {
      const direction = player(game);
      expect(legalMoves(game)).toContain(direction);
      if (!direction) break;
      game = step(game, direction).game;
    }
    expect(game.moves.length).toBe(30);
    // Two 32768s side by side: a merge to 65536 must be seen, so the engine search runs.
    const big = {
      ...newGame('classic', 1),
      board: [
        [32768, 32768, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 2],
      ],
    };
    expect(['left', 'right']).toContain(player(big));
  });

  it('picks its limits: a fixed depth, a budget, or the adaptive default', () => {
    const opening = newGame('classic', 1).board;
    expect(searchLimits(opening, { depth: 3 })).toEqual({ depth: 3, ms: null });
    expect(searchLimits(opening, { ms: 50 })).toEqual({ depth: 20, ms: 50 });
    expect(searchLimits(opening, {})).toEqual({ depth: 2, ms: 60 });
    const crowded: Board = [
      [2, 4, 8, 16],
      [32, 64, 128, 256],
      [512, 1024, 0, 0],
      [0, 0, 0, 0],
    ];
    expect(adaptiveDepth(crowded)).toBe(8);
  });
});
