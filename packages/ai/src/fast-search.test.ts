import {
  type Game,
  MERGE_POLICIES,
  newGame,
  PRESET_NAMES,
  parseRules,
  type Rules,
  resolveRules,
  step,
} from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { type Bitboard, toBitboard } from './bitboard.js';
import { createFastSearch, createSearch, searchKernel } from './fast-search.js';
import { type BitboardSearch, createBitboardSearch, type SearchResult } from './search.js';

// A small table keeps the tests light; both searches get the same size, so the same slots.
const TABLE_BITS = 16;

/** The spawn models of the presets: 90 % 2s and 10 % 4s (classic), only 2s (the other two). */
const SPAWN_MODELS = [
  ...new Set(PRESET_NAMES.map((name) => JSON.stringify(resolveRules(name).spawn))),
];

/** Rules with a merge policy and a spawn model, whichever preset they come from. */
function rulesWith(merge: Rules['merge'], spawn: string): Rules {
  const parsed = parseRules({
    ...resolveRules('classic'),
    name: 'kernel-test',
    merge,
    spawn: JSON.parse(spawn),
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

const fast = (rules: Rules): BitboardSearch => {
  const search = createFastSearch(rules, TABLE_BITS);
  if (!search) throw new Error('WebAssembly is unavailable');
  return search;
};

/** Positions of a seeded game played by a depth-1 search, one every `every` moves. */
function positions(rules: Rules, seed: string, count: number, every: number): Bitboard[] {
  const player = createFastSearch(rules, TABLE_BITS);
  const found: Bitboard[] = [];
  let game: Game = newGame(rules, seed);
  for (let move = 1; found.length < count && game.status !== 'lost'; move++) {
    const board = toBitboard(game.board);
    const direction = player?.search(board, { depth: 1, ms: null }).direction;
    if (!direction) break;
    game = step(game, direction).game;
    if (move % every === 0) found.push(toBitboard(game.board));
  }
  return found;
}

/** The same answer: move, value (to the last bit), depth and chance nodes expanded. */
function expectSame(actual: SearchResult, reference: SearchResult, where: string): void {
  expect({ where, ...actual }).toEqual({ where, ...reference });
  expect(Object.is(actual.value, reference.value), where).toBe(true);
}

/** Boards from rows of exponents, row 0 first. */
const board = (rows: number[][]): Bitboard =>
  toBitboard(rows.map((row) => row.map((e) => (e === 0 ? 0 : 2 ** e))));

describe('the WebAssembly kernel against the TypeScript search (the reference)', () => {
  it('is what the players use here (Node has WebAssembly)', () => {
    expect(searchKernel()).toBe('webassembly');
    expect(createSearch(resolveRules('classic'), TABLE_BITS).kernel).toBe('webassembly');
    expect(createBitboardSearch(resolveRules('classic'), TABLE_BITS).kernel).toBe('typescript');
  });

  for (const merge of MERGE_POLICIES) {
    for (const spawn of SPAWN_MODELS) {
      it(`returns the same move, value and node count at depths 1-4 (${merge}, spawn ${spawn})`, () => {
        const rules = rulesWith(merge, spawn);
        // One instance each for the whole run: their tables fill and age the same way.
        const reference = createBitboardSearch(rules, TABLE_BITS);
        const kernel = fast(rules);
        const boards = ['1', '2', '3'].flatMap((seed) =>
          positions(rules, `${merge}-${seed}`, 150, 3),
        );
        expect(boards.length).toBeGreaterThan(300);
        let compared = 0;
        boards.forEach((position, i) => {
          const depths = i % 40 === 0 ? [1, 2, 3, 4] : i % 8 === 0 ? [1, 2, 3] : [1, 2];
          for (const depth of depths) {
            const limits = { depth, ms: null };
            expectSame(
              kernel.search(position, limits),
              reference.search(position, limits),
              `${i} d${depth}`,
            );
            compared++;
          }
        });
        expect(compared).toBeGreaterThan(900);
      }, 120_000);
    }
  }

  const edges: [string, Bitboard][] = [
    ['the empty board', { lo: 0, hi: 0 }],
    [
      'a full board with merges',
      board([
        [1, 2, 3, 4],
        [5, 6, 7, 8],
        [9, 10, 11, 12],
        [12, 13, 14, 15],
      ]),
    ],
    [
      'a full board with no move',
      board([
        [1, 2, 1, 2],
        [2, 1, 2, 1],
        [1, 2, 1, 2],
        [2, 1, 2, 1],
      ]),
    ],
    [
      'one empty cell',
      board([
        [0, 2, 1, 2],
        [2, 1, 2, 1],
        [1, 2, 1, 2],
        [2, 1, 2, 1],
      ]),
    ],
    [
      'a 32768 in a corner',
      board([
        [15, 14, 13, 12],
        [8, 9, 10, 11],
        [7, 6, 0, 0],
        [1, 0, 0, 0],
      ]),
    ],
    [
      'two 32768s side by side (the clamped merge)',
      board([
        [15, 15, 0, 0],
        [1, 2, 3, 4],
        [0, 0, 0, 0],
        [0, 0, 0, 1],
      ]),
    ],
    [
      'high bits in both halves',
      board([
        [15, 15, 15, 15],
        [15, 15, 15, 15],
        [15, 15, 15, 15],
        [15, 15, 15, 0],
      ]),
    ],
  ];
  for (const [name, position] of edges) {
    it(`agrees on ${name} under every merge policy and spawn model`, () => {
      for (const merge of MERGE_POLICIES) {
        for (const spawn of SPAWN_MODELS) {
          const rules = rulesWith(merge, spawn);
          const reference = createBitboardSearch(rules, TABLE_BITS);
          const kernel = fast(rules);
          for (const depth of [1, 2, 3]) {
            const limits = { depth, ms: null };
            expectSame(
              kernel.search(position, limits),
              reference.search(position, limits),
              `${merge} ${spawn} d${depth}`,
            );
          }
        }
      }
    });
  }

  it('finds no move on a lost board, as the reference', () => {
    const lost = board([
      [1, 2, 1, 2],
      [2, 1, 2, 1],
      [1, 2, 1, 2],
      [2, 1, 2, 1],
    ]);
    const result = fast(resolveRules('classic')).search(lost, { depth: 3, ms: null });
    expect(result.direction).toBeNull();
  });

  it('stops deepening when its time budget runs out, with a move from a finished depth', () => {
    const rules = resolveRules('classic');
    const position = positions(rules, 'budget', 1, 200)[0] as Bitboard;
    const result = fast(rules).search(position, { depth: 20, ms: 5 });
    expect(result.direction).not.toBeNull();
    expect(result.depth).toBeGreaterThanOrEqual(1);
    expect(result.depth).toBeLessThan(20);
  });
});
