import { newGame } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { toBitboard } from './bitboard.js';
import { type NetworkShape, newNetwork } from './ntuple-network.js';
import { createNtupleSearch, provideNetwork } from './ntuple-player.js';
import { legalMoves } from './player.js';
import { createAiHandler } from './protocol.js';

const SHAPE: NetworkShape = {
  tuples: [
    [0, 1, 2, 3],
    [4, 5, 6, 7],
  ],
  stages: [0],
};

/** A network that likes empty cells: every weight is 100 minus 10 per tile in the tuple. */
function emptyLover() {
  const network = newNetwork(SHAPE);
  network.weights.forEach((_, i) => {
    let tiles = 0;
    for (let x = i % 65536; x > 0; x >>= 4) if ((x & 15) !== 0) tiles++;
    network.weights[i] = 100 - 10 * tiles;
  });
  return network;
}

describe('the n-tuple player', () => {
  it('at depth 0 plays the move whose gain plus afterstate value is largest', () => {
    const network = emptyLover();
    const search = createNtupleSearch(network);
    if (!search) throw new Error('no kernel');
    // Two 2s side by side in the top row: left or right merges them (gain 4, one tile fewer);
    // left comes first among the equals (up, down, left, right).
    const board = [
      [2, 2, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ];
    const result = search.search(toBitboard(board), { depth: 0, ms: null });
    expect(result.direction).toBe('left');
    expect(result.depth).toBe(0);
  });

  it('searches deeper with expectimax and answers a legal move within a time budget', () => {
    const search = createNtupleSearch(emptyLover());
    if (!search) throw new Error('no kernel');
    const game = newGame('classic', 'deep');
    const fixed = search.search(toBitboard(game.board), { depth: 2, ms: null });
    expect(fixed.depth).toBe(2);
    expect(fixed.nodes).toBeGreaterThan(0);
    expect(legalMoves(game)).toContain(fixed.direction);
    const timed = search.search(toBitboard(game.board), { depth: 12, ms: 30 });
    expect(legalMoves(game)).toContain(timed.direction);
  });

  it('goes on with the heuristic, saying so, when there is no network; plays it when there is', () => {
    const game = newGame('classic', 'notice');
    provideNetwork(() => ({
      ok: false,
      error: { code: 'ERR_NETWORK_DAMAGED', message: "the network file's checksum does not match" },
    }));
    const without = createAiHandler()({ id: 1, game, ai: 'ntuple', options: { depth: 0 } });
    expect(without).toMatchObject({
      id: 1,
      notice: expect.stringMatching(/^ERR_NETWORK_DAMAGED: .*; playing with the heuristic$/),
    });
    expect(legalMoves(game)).toContain('direction' in without ? without.direction : null);
    provideNetwork(() => ({ ok: true, value: emptyLover() }));
    const withNet = createAiHandler()({ id: 2, game, ai: 'ntuple', options: { depth: 0 } });
    expect(withNet).not.toHaveProperty('notice');
    expect(legalMoves(game)).toContain('direction' in withNet ? withNet.direction : null);
    // Depth 0 is the network's alone: refused for the heuristic.
    const refused = createAiHandler()({ id: 3, game, ai: 'expectimax', options: { depth: 0 } });
    expect('error' in refused && refused.error.code).toBe('ERR_OPTIONS');
    // Rules the network was not trained for get the heuristic, without a notice.
    const tiers = newGame('tiers', 'x');
    const other = createAiHandler()({ id: 4, game: tiers, ai: 'ntuple' });
    expect(other).not.toHaveProperty('notice');
  });
});
