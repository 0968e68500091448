import { legalMoves } from '@twenty48/ai';
import { newGame, step } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { answerRequest } from './ai-protocol.js';

describe('the AI worker protocol', () => {
  it.each(['expectimax', 'greedy'] as const)(
    '%s answers a legal move with the request id',
    (ai) => {
      let game = newGame('classic', 5);
      for (let i = 0; i < 5; i++) {
        const answer = answerRequest({ id: i, game, ai });
        expect(answer.id).toBe(i);
        expect(answer.error).toBeUndefined();
        expect(legalMoves(game)).toContain(answer.direction);
        game = step(game, answer.direction ?? 'up').game;
      }
    },
  );

  it('answers null when no move changes the board', () => {
    const game = {
      ...newGame('classic', 5),
      board: [
        [2, 4, 2, 4],
        [4, 2, 4, 2],
        [2, 4, 2, 4],
        [4, 2, 4, 2],
      ],
    };
    expect(answerRequest({ id: 3, game, ai: 'greedy' })).toMatchObject({ id: 3, direction: null });
  });

  it('names a malformed request instead of throwing', () => {
    for (const bad of [
      null,
      7,
      {},
      { id: 1, game: {}, ai: 'greedy' },
      { id: 2, game: newGame('classic', 1), ai: 'oracle' },
    ]) {
      expect(answerRequest(bad).error).toMatch(/^ERR_REQUEST/);
    }
  });
});
