import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collapseLine, lineCanMove } from './line.js';
import { MERGE_POLICIES, type MergePolicy } from './types.js';

// Lines are written as they collapse toward index 0 (a move left); `right` examples from the
// seeds are reversed into this orientation in the table below.
const cases: [MergePolicy, number[], number[], number, string][] = [
  ['once', [2, 2, 2, 2], [4, 4, 0, 0], 8, 'each pair merges once'],
  ['once', [2, 2, 4, 0], [4, 4, 0, 0], 4, 'a merged tile merges no more'],
  ['once', [4, 4, 4, 0], [8, 4, 0, 0], 8, 'the pair nearest the edge merges first'],
  ['once', [2, 8, 8, 2], [2, 16, 2, 0], 16, 'the labwork'],
  ['once', [0, 0, 0, 0], [0, 0, 0, 0], 0, 'empty line'],
  ['once', [2, 4, 8, 16], [2, 4, 8, 16], 0, 'nothing to do'],
  // FiveTwelve: right on `2 4 4 4` gives `_ 2 4 8`
  ['cascade', [4, 4, 4, 2], [8, 4, 2, 0], 8, 'FiveTwelve: nearest the edge moves first'],
  // FiveTwelve: right on `2 2 4 8` gives `_ _ _ 16`, through 4, 8 and 16
  ['cascade', [8, 4, 2, 2], [16, 0, 0, 0], 28, 'FiveTwelve: a moving tile keeps absorbing'],
  ['cascade', [2, 2, 4, 0], [8, 0, 0, 0], 12, 'cascade into a grown tile'],
  ['cascade', [4, 2, 2, 0], [8, 0, 0, 0], 12, 'cascade looks back at tiles already placed'],
  ['cascade', [2, 2, 2, 2], [8, 0, 0, 0], 16, 'four 2s: 4, 8, then the last 2 is a 2'],
  // tiers: left on `2 2 4 _` gives `8 _ _ _`; left on `2 2 2 2` gives `4 4 _ _`
  ['chain', [2, 2, 4, 0], [8, 0, 0, 0], 12, 'tiers: a merged tile merges again'],
  ['chain', [2, 2, 2, 2], [4, 4, 0, 0], 8, 'tiers: only with the next tile in line'],
  ['chain', [4, 2, 2, 0], [4, 4, 0, 0], 4, 'chain never looks back'],
  ['chain', [0, 2, 0, 2], [4, 0, 0, 0], 4, 'packed before merging'],
];

describe('collapseLine', () => {
  it.each(cases)('%s %j -> %j (+%i): %s', (policy, input, line, gained) => {
    const result = collapseLine(input, policy);
    expect(result.line).toEqual(line);
    expect(result.gained).toBe(gained);
  });

  it('reports moved only when the line changed', () => {
    expect(collapseLine([2, 4, 0, 0], 'once').moved).toBe(false);
    expect(collapseLine([0, 2, 0, 0], 'once').moved).toBe(true);
    expect(collapseLine([2, 2, 0, 0], 'chain').moved).toBe(true);
  });

  it('traces which input tiles make each output tile', () => {
    expect(collapseLine([8, 4, 2, 2], 'cascade').sources).toEqual([[0, 1, 2, 3]]);
    expect(collapseLine([2, 0, 2, 4], 'once').sources).toEqual([[0, 2], [3]]);
  });

  it('works on lines of any length', () => {
    expect(collapseLine([2, 2, 2, 2, 2, 2, 2, 2], 'once').line).toEqual([4, 4, 4, 4, 0, 0, 0, 0]);
    expect(collapseLine([2, 2], 'once').line).toEqual([4, 0]);
  });
});

describe('lineCanMove', () => {
  it('agrees with collapseLine(...).moved under every policy', () => {
    const lineArb = fc.array(
      fc.oneof(
        fc.constant(0),
        fc.integer({ min: 1, max: 5 }).map((e) => 2 ** e),
      ),
      {
        minLength: 1,
        maxLength: 8,
      },
    );
    fc.assert(
      fc.property(lineArb, fc.constantFrom(...MERGE_POLICIES), (line, policy) => {
        expect(lineCanMove(line)).toBe(collapseLine(line, policy).moved);
      }),
      { numRuns: 2000 },
    );
  });
});
