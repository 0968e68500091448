import { describe, expect, it } from 'vitest';
import {
  chooseNextGame,
  collapseRow,
  compose,
  isLost,
  isWon,
  moveDown,
  moveLeft,
  moveRight,
  moveUp,
  zeroReplace,
} from './labwork.js';

describe('zeroReplace (the labwork)', () => {
  it.each([
    [1, 4, [4, 0, 8, 0, 0, 0, 5, 8], [4, 4, 8, 0, 0, 0, 5, 8]],
    [3, 2, [4, 0, 8, 0, 0, 0, 5, 8], [4, 0, 8, 0, 2, 0, 5, 8]],
    [5, 2, [4, 0, 8, 0, 0, 0, 5, 8], [4, 0, 8, 0, 0, 0, 5, 8]],
  ])('zeroReplace(%i, %i, %j) = %j', (n, v, list, expected) => {
    expect(zeroReplace(n, v, list)).toEqual(expected);
  });
});

describe('collapseRow (the labwork)', () => {
  it.each([
    [
      [2, 2, 16],
      [4, 4, 16, 0, 0],
    ],
    [[1024], [0, 1024, 0, 0, 0]],
    [
      [2, 2, 2, 2],
      [8, 4, 4, 0, 0],
    ],
    [
      [2, 8, 8, 2],
      [16, 2, 16, 2, 0],
    ],
    [
      [2, 4, 256, 2],
      [0, 2, 4, 256, 2],
    ],
    [[], [0, 0, 0, 0, 0]],
  ])('collapseRow(%j) = %j', (row, expected) => {
    expect(collapseRow(row)).toEqual(expected);
  });
});

describe('moves (the labwork)', () => {
  const snapshot = {
    board: [
      [0, 0, 0, 4],
      [0, 4, 0, 0],
      [4, 8, 0, 16],
      [2, 32, 4, 4],
    ],
    score: 152,
  };

  it('reproduces the snapshot: score 152, move right, score 160', () => {
    expect(moveRight(snapshot)).toEqual({
      board: [
        [0, 0, 0, 4],
        [0, 0, 0, 4],
        [0, 4, 8, 16],
        [0, 2, 32, 8],
      ],
      score: 160,
    });
  });

  it('the structure with score 88 moves down, up and left', () => {
    const game = {
      board: [
        [4, 8, 16, 2],
        [0, 0, 4, 4],
        [0, 0, 2, 8],
        [0, 0, 0, 2],
      ],
      score: 88,
    };
    // no column has an equal pair once packed downward: tiles only fall, the score stays
    expect(moveDown(game)).toEqual({
      board: [
        [0, 0, 0, 2],
        [0, 0, 16, 4],
        [0, 0, 4, 8],
        [4, 8, 2, 2],
      ],
      score: 88,
    });
    expect(moveUp(game).board[0]).toEqual([4, 8, 16, 2]);
    expect(moveLeft(game)).toEqual({
      board: [
        [4, 8, 16, 2],
        [8, 0, 0, 0],
        [2, 8, 0, 0],
        [2, 0, 0, 0],
      ],
      score: 96,
    });
  });

  it('moves on other sizes too', () => {
    expect(
      moveLeft({
        board: [
          [2, 2, 0],
          [0, 0, 0],
          [4, 0, 4],
        ],
        score: 0,
      }),
    ).toEqual({
      board: [
        [4, 0, 0],
        [0, 0, 0],
        [8, 0, 0],
      ],
      score: 12,
    });
  });
});

describe('isWon and isLost (the labwork)', () => {
  const full = [
    [2, 4, 2, 4],
    [4, 2, 4, 2],
    [2, 4, 2, 4],
    [4, 2, 4, 2],
  ];
  it('a board with no empty cell and no equal neighbours is lost', () => {
    expect(isLost({ board: full, score: 0 })).toBe(true);
  });
  it('an equal pair, across or down, keeps the game going', () => {
    expect(isLost({ board: [[2, 2, 2, 4], ...full.slice(1)], score: 0 })).toBe(false);
    expect(isLost({ board: [[4, 4, 2, 4], ...full.slice(1)], score: 0 })).toBe(false);
    expect(isLost({ board: [[2, 2, 2, 4], ...full.slice(1)].map((r) => [...r]), score: 0 })).toBe(
      false,
    );
  });
  it('a won game is not lost', () => {
    const board = [[2048, 4, 2, 4], ...full.slice(1)];
    expect(isWon({ board, score: 0 })).toBe(true);
    expect(isLost({ board, score: 0 })).toBe(false);
  });
  it('no 2048 tile, not won', () => {
    expect(isWon({ board: full, score: 0 })).toBe(false);
  });
});

describe("chooseNextGame (the labwork's solitary heuristic)", () => {
  it('plays the move that leaves the most empty cells', () => {
    const game = {
      board: [
        [2, 0, 0, 0],
        [2, 0, 0, 0],
        [4, 4, 0, 0],
        [8, 0, 0, 0],
      ],
      score: 0,
    };
    // up or down merges the 2s (one more empty cell); left merges the 4s, also one more;
    // up comes first in the tie order up, down, left, right.
    expect(chooseNextGame(game)).toEqual(moveUp(game));
  });

  it('prefers more empty cells over the tie order', () => {
    const game = {
      board: [
        [2, 2, 0, 0],
        [4, 4, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ],
      score: 0,
    };
    expect(chooseNextGame(game)).toEqual(moveLeft(game));
  });

  it('ignores moves that change nothing', () => {
    const game = {
      board: [
        [2, 4, 8, 16],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ],
      score: 4,
    };
    // up changes nothing, so down is the first move that counts
    expect(chooseNextGame(game)).toEqual(moveDown(game));
  });

  it('returns the game unchanged when no move changes it', () => {
    const game = {
      board: [
        [2, 4],
        [4, 2],
      ],
      score: 12,
    };
    expect(chooseNextGame(game)).toBe(game);
  });
});

describe('compose', () => {
  it('applies right to left, as Racket does', () => {
    expect(
      compose<number>(
        (x) => x + 1,
        (x) => x * 2,
      )(5),
    ).toBe(11);
  });
});
