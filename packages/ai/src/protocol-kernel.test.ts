import { newGame, resolveRules, step } from '@twenty48/engine';
import { describe, expect, it, vi } from 'vitest';
import { toBitboard } from './bitboard.js';
import * as fastSearch from './fast-search.js';
import { createAiHandler } from './protocol.js';
import { type BitboardSearch, createBitboardSearch } from './search.js';

// Watch which searches the players build, without changing them.
vi.mock('./fast-search.js', async (original) => {
  const actual = await original<typeof import('./fast-search.js')>();
  return { ...actual, createSearch: vi.fn(actual.createSearch) };
});

describe('the AI worker protocol (the browser Web Worker and the terminal worker thread)', () => {
  it("answers expectimax requests with the WebAssembly kernel, with the reference's moves", () => {
    const handle = createAiHandler();
    const reference = createBitboardSearch(resolveRules('classic'));
    const created = vi.mocked(fastSearch.createSearch);
    created.mockClear();
    let game = newGame('classic', 'worker-kernel');
    for (let i = 0; i < 60 && game.status !== 'lost'; i++) {
      const answer = handle({
        id: i,
        game: JSON.parse(JSON.stringify(game)),
        ai: 'expectimax',
        options: { depth: 2 },
      });
      if (!('direction' in answer)) throw new Error(answer.error.message);
      const expected = reference.search(toBitboard(game.board), { depth: 2, ms: null });
      expect(answer.direction).toBe(expected.direction);
      if (!answer.direction) break;
      game = step(game, answer.direction).game;
    }
    // One search for the handler's player, reused for every request, and it is the kernel.
    expect(created).toHaveBeenCalledTimes(1);
    const search = created.mock.results[0]?.value as BitboardSearch;
    expect(search.kernel).toBe('webassembly');
  });
});
