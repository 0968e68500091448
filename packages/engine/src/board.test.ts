import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canSlide,
  emptyBoard,
  isStuck,
  movableDirections,
  setCell,
  slide,
  tileSum,
  traceSlide,
} from './board.js';
import { parseRules } from './rules.js';
import {
  type Board,
  DIRECTIONS,
  type Direction,
  MERGE_POLICIES,
  type MergePolicy,
  type Rules,
} from './types.js';

/** Boards of size 2..6 with tiles 2..2^11, about half empty. */
const boardArb = fc.integer({ min: 2, max: 6 }).chain((size) =>
  fc.array(
    fc.array(
      fc.oneof(
        fc.constant(0),
        fc.integer({ min: 1, max: 11 }).map((e) => 2 ** e),
      ),
      {
        minLength: size,
        maxLength: size,
      },
    ),
    { minLength: size, maxLength: size },
  ),
);
/** Full boards with small tiles, where stuck boards are common. */
const fullBoardArb = fc.integer({ min: 2, max: 4 }).chain((size) =>
  fc.array(
    fc.array(
      fc.integer({ min: 1, max: 3 }).map((e) => 2 ** e),
      { minLength: size, maxLength: size },
    ),
    { minLength: size, maxLength: size },
  ),
);
const directionArb = fc.constantFrom(...DIRECTIONS);
const policyArb = fc.constantFrom(...MERGE_POLICIES);

const rulesFor = (merge: MergePolicy): Rules => {
  const rules = parseRules({
    name: 'test',
    size: 4,
    goal: null,
    merge,
    ineffectiveMoves: 'ignore',
    spawn: [{ value: 2, weight: 1 }],
    startTiles: 2,
    scoring: 'merges',
  });
  if (!rules.ok) throw new Error(rules.error.message);
  return rules.value;
};

const mirror = (board: Board): number[][] => board.map((row) => [...row].reverse());
const transpose = (board: Board): number[][] =>
  board.map((row, r) => row.map((_, c) => board[c]?.[r] ?? 0));
const OPPOSITE: Record<Direction, Direction> = {
  up: 'down',
  down: 'up',
  left: 'right',
  right: 'left',
};

describe('slide', () => {
  it("moves every direction on the labwork's snapshot", () => {
    const board = [
      [0, 0, 0, 4],
      [0, 4, 0, 0],
      [4, 8, 0, 16],
      [2, 32, 4, 4],
    ];
    expect(slide(board, 'right', 'classic')).toEqual({
      board: [
        [0, 0, 0, 4],
        [0, 0, 0, 4],
        [0, 4, 8, 16],
        [0, 2, 32, 8],
      ],
      gained: 8,
      moved: true,
    });
    expect(slide(board, 'up', 'classic')).toEqual({
      board: [
        [4, 4, 4, 4],
        [2, 8, 0, 16],
        [0, 32, 0, 4],
        [0, 0, 0, 0],
      ],
      gained: 0,
      moved: true,
    });
  });

  it('applies FiveTwelve to whole boards: right on 2 4 4 4 and on 2 2 4 8', () => {
    const board = [
      [2, 4, 4, 4],
      [2, 2, 4, 8],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ];
    expect(slide(board, 'right', 'fiveTwelve').board.slice(0, 2)).toEqual([
      [0, 2, 4, 8],
      [0, 0, 0, 16],
    ]);
  });

  it('FiveTwelve: an ineffective move changes nothing', () => {
    const board = [
      [2, 4, 8, 16],
      [2, 4, 8, 16],
      [0, 0, 8, 16],
      [0, 0, 8, 16],
    ];
    expect(slide(board, 'right', 'fiveTwelve')).toEqual({ board, gained: 0, moved: false });
  });

  it('tiers: merges chain down a column', () => {
    const board = [
      [2, 0],
      [2, 0],
    ];
    expect(slide(board, 'down', 'tiers').board).toEqual([
      [0, 0],
      [4, 0],
    ]);
  });

  it('does not mutate its input', () => {
    const board = [
      [2, 2],
      [0, 4],
    ];
    slide(board, 'left', 'classic');
    expect(board).toEqual([
      [2, 2],
      [0, 4],
    ]);
  });
});

describe('slide properties, for every merge policy', () => {
  it('conserves the sum of the tiles', () => {
    fc.assert(
      fc.property(boardArb, directionArb, policyArb, (board, direction, policy) => {
        expect(tileSum(slide(board, direction, rulesFor(policy)).board)).toBe(tileSum(board));
      }),
    );
  });

  // Literally "the second slide never changes anything" is false for `once`: right on
  // `256 256 512 _` makes `_ _ 512 512`, and a second right merges those. What holds: the first
  // slide packs the line, so a second one can only merge, and it changes nothing at all when
  // the first made no merge.
  it('sliding twice the same way: the second slide only merges (once)', () => {
    fc.assert(
      fc.property(boardArb, directionArb, (board, direction) => {
        const first = traceSlide(board, direction, 'once');
        const second = traceSlide(first.board, direction, 'once');
        if (first.merges.length === 0) expect(second.moved).toBe(false);
        expect(second.moved).toBe(second.merges.length > 0);
      }),
    );
  });

  // Every merge joins two equal tiles a + a. With the potential P(v) = v log2 v, such a merge
  // raises the board's total potential by P(2a) - 2 P(a) = 2a: the value of the tile it made.
  // So whatever the order and shape of the merges (a cascade can merge two merged tiles),
  // gained must equal the change in total potential.
  it('gained is the sum of the tiles the merges made', () => {
    const potential = (board: Board): number =>
      board.flat().reduce((sum, v) => (v > 0 ? sum + v * Math.log2(v) : sum), 0);
    fc.assert(
      fc.property(boardArb, directionArb, policyArb, (board, direction, policy) => {
        const trace = traceSlide(board, direction, policy);
        expect(trace.gained).toBe(potential(trace.board) - potential(board));
        if (policy === 'once') {
          expect(trace.gained).toBe(trace.merges.reduce((sum, merge) => sum + merge.value, 0));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('left and right, up and down are mirror images; up is left transposed', () => {
    fc.assert(
      fc.property(boardArb, policyArb, (board, policy) => {
        const rules = rulesFor(policy);
        expect(slide(mirror(board), 'right', rules).board).toEqual(
          mirror(slide(board, 'left', rules).board),
        );
        const flipped = [...board].reverse();
        expect(slide(flipped, 'down', rules).board).toEqual(
          [...slide(board, 'up', rules).board].reverse(),
        );
        expect(slide(transpose(board), 'up', rules).board).toEqual(
          transpose(slide(board, 'left', rules).board),
        );
      }),
    );
  });

  it('a board is stuck exactly when no direction moves it', () => {
    fc.assert(
      fc.property(fc.oneof(boardArb, fullBoardArb), policyArb, (board, policy) => {
        const moving = DIRECTIONS.filter((d) => slide(board, d, rulesFor(policy)).moved);
        expect(movableDirections(board)).toEqual(moving);
        expect(isStuck(board)).toBe(moving.length === 0);
        for (const d of DIRECTIONS) expect(canSlide(board, d)).toBe(moving.includes(d));
      }),
    );
  });

  it('moved is true exactly when the board changed', () => {
    fc.assert(
      fc.property(boardArb, directionArb, policyArb, (board, direction, policy) => {
        const result = slide(board, direction, rulesFor(policy));
        expect(result.moved).toBe(JSON.stringify(result.board) !== JSON.stringify(board));
      }),
    );
  });

  it('every tile lands in its line, no farther from the edge than it started', () => {
    fc.assert(
      fc.property(boardArb, directionArb, policyArb, (board, direction, policy) => {
        const trace = traceSlide(board, direction, policy);
        expect(trace.moves).toHaveLength(board.flat().filter(Boolean).length);
        for (const { from, to } of trace.moves) {
          if (direction === 'left' || direction === 'right') expect(to[0]).toBe(from[0]);
          else expect(to[1]).toBe(from[1]);
          const sign = direction === 'left' || direction === 'up' ? -1 : 1;
          const axis = direction === 'left' || direction === 'right' ? 1 : 0;
          expect(sign * (to[axis] - from[axis])).toBeGreaterThanOrEqual(0);
        }
        expect(OPPOSITE[OPPOSITE[direction]]).toBe(direction);
      }),
    );
  });
});

describe('setCell', () => {
  it('writes one cell of a board being built, and refuses a cell off the board', () => {
    const board = emptyBoard(2);
    setCell(board, [1, 0], 2);
    expect(board).toEqual([
      [0, 0],
      [2, 0],
    ]);
    expect(() => setCell(board, [2, 0], 2)).toThrow(RangeError);
    expect(() => setCell(board, [0, 2], 2)).toThrow(RangeError);
    expect(() => setCell(board, [0, -1], 2)).toThrow(RangeError);
  });
});
