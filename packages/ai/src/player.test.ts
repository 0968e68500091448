import { chooseNextGame, newGame, slide, step } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { greedyPlayer, legalMoves, randomPlayer } from './player.js';

describe('players', () => {
  it('greedy plays what the labwork chooseNextGame plays', () => {
    let game = newGame('classic', 'greedy-vs-labwork');
    for (let i = 0; i < 200 && game.status !== 'lost'; i++) {
      const direction = greedyPlayer(game);
      if (!direction) break;
      const lab = chooseNextGame({ board: game.board, score: game.score });
      expect(slide(game.board, direction, 'classic').board).toEqual(lab.board);
      game = step(game, direction).game;
    }
    expect(game.moves.length).toBeGreaterThan(50);
  });

  it('random only plays moves that count, and replays for the same seed', () => {
    const play = (seed: string) => {
      const player = randomPlayer(seed);
      let game = newGame('classic', 1);
      while (game.status === 'playing') {
        const direction = player(game);
        if (!direction) break;
        expect(legalMoves(game)).toContain(direction);
        game = step(game, direction).game;
      }
      return game.moves;
    };
    expect(play('a')).toBe(play('a'));
    expect(play('a')).not.toBe(play('b'));
  });
});
