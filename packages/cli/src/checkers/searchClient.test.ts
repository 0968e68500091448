import { legalMoves, newGame, sameMove } from '@twenty48/checkers';
import { describe, expect, it } from 'vitest';
import { openSearcher } from './searchClient.js';

describe('the search client', () => {
  it('thinks on a worker thread, and refuses questions once closed', async () => {
    const searcher = openSearcher();
    try {
      const game = newGame();
      const answer = await searcher.best(game, { depth: 3 });
      expect(legalMoves(game.position).some((move) => answer && sameMove(move, answer.move))).toBe(
        true,
      );
      expect(answer?.depth).toBe(3);
    } finally {
      await searcher.close();
    }
    await expect(searcher.best(newGame(), { depth: 1 })).rejects.toThrow('closed');
  });
});
