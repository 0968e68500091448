// The search's WebAssembly kernel is a port of the TypeScript searcher: the specification is that
// the two visit the same nodes and give the same answers, with and without a network and an
// endgame database, at a depth, a node budget, with a game's history and a kept table.
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countMoves } from './bitboard.js';
import { buildEgdb, type Egdb } from './egdb.js';
import { evaluate, useNetwork } from './evaluate.js';
import { parseFen } from './fen.js';
import { playChoices } from './games.testkit.js';
import { type EvalNetwork, networkTables } from './network.js';
import { randomNetwork as randomNetworkOf } from './network.testkit.js';
import { initialPosition } from './position.js';
import {
  clearSearchTable,
  type SearchOptions,
  type SearchResult,
  sampleLeaves,
  searchBest,
  searchCore,
  useEgdb,
  winProgress,
} from './search.js';
import { loadedSearchKernel, searchKernel } from './searchKernel.js';
import type { Position } from './types.js';

let seed = 5;
const uniform = (): number => {
  seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
  return (seed & 0xffff) / 0x10000 - 0.5;
};

const randomNetwork = (hidden: number, hidden2: number): EvalNetwork =>
  randomNetworkOf(hidden, hidden2, uniform);

const fen = (text: string): Position => {
  const parsed = parseFen(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

// The kernel's answer and the TypeScript searcher's for the same search; the kernel's checked to
// be the kernel's (its own node count is the answer's), so that a kernel that failed to load
// cannot pass as the reference compared with itself.
function both(position: Position, options: SearchOptions): [SearchResult, SearchResult] {
  const reference = searchBest(position, { ...options, kernel: false });
  const kernel = searchBest(position, options);
  if (kernel.depth > 0) expect(loadedSearchKernel()?.exports.nodeCount()).toBe(kernel.nodes);
  return [kernel, reference];
}

// Positions of random games, every fifth ply, with the game's history up to them.
const gamePositions = (choices: readonly number[]) =>
  playChoices(choices)
    .map((ply, i, plies) => ({
      position: ply.position,
      history: plies.slice(0, i).map((p) => p.position),
    }))
    .filter((_, i) => i % 5 === 2);

describe('the search kernel', () => {
  afterEach(() => {
    useNetwork(null);
    useEgdb(null);
    sampleLeaves(null);
  });

  it('loads here (Node has WebAssembly with SIMD), and searches by default', () => {
    expect(searchKernel(0)).not.toBeNull();
    expect(searchCore()).toBe('kernel');
    useNetwork(networkTables(randomNetwork(16, 8)));
    expect(searchCore()).toBe('kernel');
  });

  it('evaluates, counts moves and scores a won ending as the TypeScript functions do', () => {
    const random = (): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed ^ (seed << 9);
    };
    for (const network of [null, networkTables(randomNetwork(32, 8))]) {
      useNetwork(network);
      const kernel = searchKernel(0);
      if (kernel === null) throw new Error('no search kernel');
      for (let trial = 0; trial < 2000; trial++) {
        const own = random() & random() & random();
        const opp = random() & random() & random() & ~own;
        const kings = random() & (own | opp) & random();
        const south = trial % 2 === 0;
        const s = south ? 1 : 0;
        expect(kernel.exports.evaluate(own, opp, kings, s)).toBe(evaluate(own, opp, kings, south));
        expect(kernel.exports.countMoves(own, opp, kings, s)).toBe(
          countMoves(own, opp, kings, south),
        );
        expect(kernel.exports.winProgress(own, opp, kings, s)).toBe(
          winProgress(own, opp, kings, south),
        );
      }
    }
  });

  it('searches as the TypeScript searcher does: the same move, score, line and nodes', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000), { minLength: 20, maxLength: 120 }), (choices) => {
        for (const { position, history } of gamePositions(choices))
          for (const depth of [1, 4, 7]) {
            const [kernel, reference] = both(position, { depth, history });
            expect(kernel).toEqual(reference);
          }
      }),
      { numRuns: 12, seed: 23 },
    );
  });

  it('searches alike with a smaller network installed over a larger one (its padding cleared)', () => {
    useNetwork(networkTables(randomNetwork(64, 32)));
    searchBest(initialPosition(), { depth: 4 });
    // 12 then 6 units, padded in the kernel to 16 then 8 over the larger network's values.
    useNetwork(networkTables(randomNetwork(12, 6)));
    for (const { position, history } of gamePositions(
      Array.from({ length: 60 }, (_, i) => (i * 29) % 13),
    )) {
      const [kernel, reference] = both(position, { depth: 5, history });
      expect(kernel).toEqual(reference);
    }
  });

  it.each([
    ['two hidden layers (the shipped shape)', 64, 32],
    ['one hidden layer', 16, 0],
  ])('searches alike with a network of %s', (_, hidden, hidden2) => {
    useNetwork(networkTables(randomNetwork(hidden, hidden2)));
    for (const { position, history } of gamePositions(
      Array.from({ length: 90 }, (_, i) => (i * 37) % 11),
    )) {
      const [kernel, reference] = both(position, { depth: 6, history });
      expect(kernel).toEqual(reference);
    }
  });

  it('evaluates with the TypeScript network only: a network without a kernel is searched in TypeScript', () => {
    useNetwork(networkTables(randomNetwork(16, 8), false));
    expect(searchKernel(0)).toBeNull();
    expect(searchCore()).toBe('script');
    const start = fen('B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12');
    expect(searchBest(start, { depth: 5 })).toEqual(searchBest(start, { depth: 5, kernel: false }));
  });

  describe('with an endgame database', () => {
    let db: Egdb;
    beforeAll(() => {
      db = buildEgdb(3);
    });

    it.each([
      ['two kings against one', 'W:WK14,K18:BK1', 12],
      ['a man short, with men to crown', 'B:W14,K27,30:B2,K11', 10],
      ['four pieces: the database answers below the root', 'W:W18,23,K32:B5,K10', 10],
    ])('%s: the same answers, database wins ordered by progress alike', (_, text, depth) => {
      useEgdb(db);
      const [kernel, reference] = both(fen(text), { depth });
      expect(kernel).toEqual(reference);
    });
  });

  it('stops at the same node under a node budget, and keeps its table alike', () => {
    const position = fen('B:W18,19,21,23,24,26,29,30,31,32:B1,2,3,5,6,7,9,10,11,12');
    clearSearchTable();
    for (const nodes of [2000, 9000, 30000]) {
      const [kernel, reference] = both(position, { nodes, keepTable: true });
      expect(kernel).toEqual(reference);
    }
  });

  it('tells the leaf sampler the same leaves in the same order', () => {
    const position = fen('W:W18,22,24,27,28,31:B1,5,6,9,10,16');
    const leaves = (kernel: boolean): string[] => {
      const told: string[] = [];
      sampleLeaves((own, opp, kings, south) => told.push(`${own},${opp},${kings},${south}`));
      searchBest(position, { depth: 5, kernel });
      sampleLeaves(null);
      return told;
    };
    const reference = leaves(false);
    expect(reference.length).toBeGreaterThan(100);
    expect(leaves(true)).toEqual(reference);
  });
});
