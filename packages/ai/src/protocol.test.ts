import { makeRules, newGame } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { createPlayer, legalMoves } from './player.js';
import { createAiHandler, handleAiRequest } from './protocol.js';

describe('the AI worker protocol', () => {
  it('answers with the move the named player makes', () => {
    const game = newGame('classic', 'protocol');
    // Structured clone (postMessage) keeps plain data; JSON is a stricter stand-in for it.
    const sent = JSON.parse(JSON.stringify(game));
    const greedy = handleAiRequest({ id: 7, game: sent, ai: 'greedy' });
    expect(greedy).toEqual({ id: 7, direction: createPlayer('greedy')(game) });
    const deep = handleAiRequest({ id: 8, game: sent, ai: 'expectimax', options: { depth: 2 } });
    expect(deep).toEqual({ id: 8, direction: createPlayer('expectimax', { depth: 2 })(game) });
    const five = makeRules('tiers', { size: 5 });
    if (!five.ok) throw new Error(five.error.message);
    const big = newGame(five.value, 'big');
    const answer = handleAiRequest({ id: 9, game: big, ai: 'expectimax' });
    if (!('direction' in answer)) throw new Error(answer.error.message);
    expect(legalMoves(big)).toContain(answer.direction);
  });

  it('reads only what players look at: the rules, a checked board and the status', () => {
    const game = newGame('classic', 'view');
    const view = { rules: 'classic', board: game.board, status: game.status };
    expect(handleAiRequest({ id: 4, game: view, ai: 'greedy' })).toEqual({
      id: 4,
      direction: createPlayer('greedy')(game),
    });
    const handle = createAiHandler();
    const odd = handle({
      id: 5,
      game: { ...view, board: [[3, 0, 0, 0], ...game.board.slice(1)] },
      ai: 'greedy',
    });
    expect('error' in odd ? odd.error.code : 'none').toBe('ERR_GAME');
  });

  it('names what is wrong with a bad request instead of throwing', () => {
    const handle = createAiHandler();
    const game = newGame('classic', 1);
    const code = (request: unknown) => {
      const response = handle(request);
      return 'error' in response ? response.error.code : 'none';
    };
    expect(code(null)).toBe('ERR_REQUEST');
    expect(code({ game, ai: 'greedy' })).toBe('ERR_REQUEST');
    expect(code({ id: 1, game, ai: 'oracle' })).toBe('ERR_AI');
    expect(code({ id: 1, game, ai: 'expectimax', options: { depth: 0 } })).toBe('ERR_OPTIONS');
    expect(code({ id: 1, game, ai: 'expectimax', options: { ms: 'fast' } })).toBe('ERR_OPTIONS');
    expect(code({ id: 1, game: { ...game, board: [[2]] }, ai: 'greedy' })).toBe('ERR_GAME');
    expect(code({ id: 1, game: { ...game, rules: 'chess' }, ai: 'greedy' })).toBe('ERR_GAME');
    // Past the engine's MAX_TILE (2^30): 2^31 and 2^32 pass a bitwise power-of-two test.
    for (const tile of [2 ** 31, 2 ** 32, 1, 3]) {
      const board = game.board.map((row, r) => row.map((cell, c) => (r + c === 0 ? tile : cell)));
      expect(code({ id: 1, game: { ...game, board }, ai: 'greedy' })).toBe('ERR_GAME');
    }
    expect(code({ id: 1, game: { ...game, status: 'paused' }, ai: 'greedy' })).toBe('ERR_GAME');
    expect(handle({ id: 3, game, ai: 'random', options: { seed: 'r' } })).toHaveProperty(
      'direction',
    );
  });
});
