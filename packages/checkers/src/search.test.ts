import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INITIAL_FEN, makeFen, parseFen } from './fen.js';
import { pliesArb } from './games.testkit.js';
import { applyMove, legalMoves, sameMove } from './moves.js';
import { moveToPdn, parsePdnMove } from './pdn.js';
import { initialPosition } from './position.js';
import {
  forcedLine,
  sampleLeaves,
  searchBest,
  searchValue,
  WIN_SCORE,
  winProgress,
} from './search.js';
import type { Position } from './types.js';

const position = (fen: string): Position => {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

const pdn = (moves: readonly { path: readonly number[]; captured: readonly number[] }[]) =>
  moves.map((m) => moveToPdn({ ...m, from: 0, to: 0, crowned: false })).join(' ');

// A clock that advances `step` ms each time it is read, and counts the reads.
function fakeClock(step: number) {
  const clock = { time: 0, reads: 0, now: () => 0 };
  clock.now = () => {
    clock.reads++;
    const t = clock.time;
    clock.time += step;
    return t;
  };
  return clock;
}

describe('searchBest finds forced wins', () => {
  it.each([
    {
      name: 'a 2-for-1 shot: 6-10 gives a man, 15x6 is forced, 8x15x24 takes two',
      fen: 'B:W11,13,15,19:B4,6,8,20',
      move: '6-10',
      line: '6-10 15x6 8x15x24',
    },
    {
      name: 'a king trap: 13-17 gives a king, 14x21 is forced, 26-22 leaves the red king no safe square',
      fen: 'B:WK14:BK13,K26',
      move: '13-17',
      line: '13-17 14x21 26-22',
    },
  ])('$name', ({ fen, move, line }) => {
    for (const depth of [6, 10]) {
      const result = searchBest(position(fen), { depth });
      expect(result.move && moveToPdn(result.move)).toBe(move);
      expect(pdn(result.pv).startsWith(line)).toBe(true);
    }
  });

  it('scores the king trap as a win in five plies, and the loser sees the loss', () => {
    expect(searchBest(position('B:WK14:BK13,K26'), { depth: 8 }).score).toBe(WIN_SCORE - 5);
    // After 13-17 14x21 26-22 red is lost in two plies whatever it does.
    const lost = searchBest(position('W:WK21:BK22'), { depth: 8 });
    expect(lost.score).toBe(-(WIN_SCORE - 2));
  });

  it('wins material in the shot at every depth from 4', () => {
    for (let depth = 4; depth <= 8; depth++) {
      const result = searchBest(position('B:W11,13,15,19:B4,6,8,20'), { depth });
      expect(result.score).toBeGreaterThan(50);
    }
  });
});

describe('searchBest answers', () => {
  it('with null when the side to move has no legal move', () => {
    const blocked = position('W:W32:BK23,K27,K28'); // the red man on 32 can neither step nor jump
    expect(legalMoves(blocked)).toEqual([]);
    expect(searchBest(blocked, { depth: 4 })).toMatchObject({ move: null, depth: 0, pv: [] });
    expect(searchBest(position('W:W:B1'), { ms: 10 }).move).toBeNull();
  });

  it('at once, without reading the clock, when there is one legal move', () => {
    const forced = position('W:W22:B18'); // red must take 22x15
    expect(legalMoves(forced)).toHaveLength(1);
    const result = searchBest(forced, {
      ms: 1000,
      now: () => {
        throw new Error('the clock was read');
      },
    });
    expect(result).toMatchObject({ depth: 0, nodes: 0 });
    expect(result.move && moveToPdn(result.move)).toBe('22x15');
  });

  it('with the same result for the same fixed depth, whatever was searched before', () => {
    const start = initialPosition();
    const first = searchBest(start, { depth: 7 });
    searchBest(position('B:W11,13,15,19:B4,6,8,20'), { depth: 9 });
    const again = searchBest(start, { depth: 7 });
    expect(again).toEqual(first);
    expect(first.depth).toBe(7);
  });

  it('never with an illegal move, on positions from random games', () => {
    fc.assert(
      fc.property(pliesArb(120), fc.nat(), (plies, pick) => {
        if (plies.length === 0) return;
        const { position: at } = plies[pick % plies.length] as (typeof plies)[number];
        const result = searchBest(at, { depth: 3 });
        const legal = legalMoves(at);
        if (result.move === null) {
          expect(legal).toEqual([]);
          return;
        }
        const move = result.move;
        expect(legal.some((m) => sameMove(m, move))).toBe(true);
        // The line is legal move after move.
        let p = at;
        for (const m of result.pv) {
          expect(legalMoves(p).some((l) => sameMove(l, m))).toBe(true);
          p = applyMove(p, m);
        }
        expect(parsePdnMove(at, moveToPdn(move)).ok).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});

describe('the time budget', () => {
  it('stops deepening when the clock passes the budget, after depth 1 at least', () => {
    // The clock jumps past the budget right after it is first read: depth 1 still completes.
    let reads = 0;
    const result = searchBest(initialPosition(), {
      ms: 100,
      now: () => (reads++ === 0 ? 0 : 1000),
    });
    expect(result.depth).toBe(1);
    expect(result.move).not.toBeNull();
  });

  it('reads the clock every 256 nodes and stops within a few reads of the budget', () => {
    const clock = fakeClock(1);
    const result = searchBest(initialPosition(), { ms: 50, now: clock.now });
    // Each read is one ms: the budget runs out at the 51st read, so the search visits about
    // 50 * 256 nodes, plus the first iteration (which always completes).
    expect(clock.reads).toBeGreaterThanOrEqual(50);
    expect(clock.reads).toBeLessThanOrEqual(70);
    expect(result.nodes).toBeLessThan(70 * 1024);
    expect(result.depth).toBeGreaterThanOrEqual(2);
    // The same clock gives the same search.
    const again = fakeClock(1);
    expect(searchBest(initialPosition(), { ms: 50, now: again.now })).toEqual(result);
  });

  it('keeps a real budget loosely', () => {
    const started = performance.now();
    const result = searchBest(initialPosition(), { ms: 100 });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result.depth).toBeGreaterThanOrEqual(2);
  });

  it('with a node budget, stops near it whatever the clock says, the same search every time', () => {
    // A clock that never moves: only the node budget can stop the search.
    const still = () => 0;
    const result = searchBest(initialPosition(), { nodes: 20_000, now: still });
    // Read every 256 nodes, after the first iteration (which always completes).
    expect(result.nodes).toBeGreaterThanOrEqual(20_000);
    expect(result.nodes).toBeLessThan(20_000 + 256);
    expect(result.depth).toBeGreaterThanOrEqual(4);
    expect(searchBest(initialPosition(), { nodes: 20_000 })).toEqual(result);
    // A larger budget goes deeper; with ms too, whichever runs out first.
    expect(searchBest(initialPosition(), { nodes: 200_000 }).depth).toBeGreaterThan(result.depth);
    expect(searchBest(initialPosition(), { depth: 3, nodes: 10_000_000 }).depth).toBe(3);
  });

  it('with depth and ms, stops at whichever comes first', () => {
    expect(searchBest(initialPosition(), { depth: 3, ms: 60_000 }).depth).toBe(3);
  });

  it('refuses a depth or budget that makes no sense (a programmer error)', () => {
    expect(() => searchBest(initialPosition(), { depth: 0 })).toThrow(RangeError);
    expect(() => searchBest(initialPosition(), { depth: 2.5 })).toThrow(RangeError);
    expect(() => searchBest(initialPosition(), { ms: -1 })).toThrow(RangeError);
    expect(() => searchBest(initialPosition(), { ms: Number.NaN })).toThrow(RangeError);
    expect(() => searchBest(initialPosition(), { nodes: 0 })).toThrow(RangeError);
    expect(() => searchBest(initialPosition(), { nodes: 1.5 })).toThrow(RangeError);
  });
});

describe('repetitions', () => {
  // Black's two kings against red's one: red is lost, unless it can repeat a position.
  // Black 19-23, red 9-5, black 23-19 were played; red's 5-9 now brings back the first one.
  const first = position('B:WK9:BK19,K28');
  const line = ['19-23', '9-5', '23-19'];
  const history: Position[] = [first];
  for (const text of line) {
    const last = history[history.length - 1] as Position;
    const move = parsePdnMove(last, text);
    if (!move.ok) throw new Error(move.error.message);
    history.push(applyMove(last, move.value));
  }
  const now = history.pop() as Position;

  it('takes a draw by repeating a position of the game when it is losing', () => {
    expect(makeFen(now)).toBe('W:WK5:BK19,K28');
    const without = searchBest(now, { depth: 10 });
    expect(without.score).toBeLessThan(-50);
    const withHistory = searchBest(now, { depth: 10, history });
    expect(withHistory.score).toBe(0);
    expect(withHistory.move && moveToPdn(withHistory.move)).toBe('5-9');
  });
});

describe('the middle game (issue 23)', () => {
  it('does not play 2-7 in the position GuiNN punished with 16-11; it plays 19-23 as GuiNN does', () => {
    // With the hand-written evaluation alone the search played 2-7 at every depth up to 12.
    const result = searchBest(
      position('B:W10,13,16,21,25,26,27,28,30,31,32:B1,2,3,4,5,6,12,15,18,19'),
      { depth: 10 },
    );
    expect(result.move && moveToPdn(result.move)).toBe('19-23');
  });
});

describe('sampleLeaves', () => {
  it('tells of exactly the quiet positions the search scores at its leaves, until told to stop', () => {
    const seen: string[] = [];
    sampleLeaves((own, opp, kings, south) => {
      const black = south ? own : opp;
      const red = south ? opp : own;
      seen.push(makeFen({ black, red, kings, turn: south ? 'black' : 'red' }));
    });
    // One ply from the start: the leaves are the positions after each of the 7 first moves
    // (none gives red a capture, so the quiescence search scores each at once).
    const start = initialPosition();
    searchBest(start, { depth: 1 });
    const after = legalMoves(start).map((m) => makeFen(applyMove(start, m)));
    expect(after).toHaveLength(7);
    // (a leaf searched again, in a wider window, is told again)
    expect([...new Set(seen)].sort()).toEqual([...after].sort());
    // Deeper, more leaves, every one with no capture for the side to move.
    seen.length = 0;
    searchBest(start, { depth: 5 });
    expect(seen.length).toBeGreaterThan(50);
    for (const fen of seen)
      expect(legalMoves(position(fen)).every((m) => m.captured.length === 0)).toBe(true);
    sampleLeaves(null);
    const told = seen.length;
    searchBest(start, { depth: 5 });
    expect(seen).toHaveLength(told);
  });
});

describe('winProgress', () => {
  // Red (not south) wins; its masks first.
  const progress = (fen: string): number => {
    const { black, red, kings } = position(fen);
    return winProgress(red, black, kings, false);
  };

  it('is the documented sum of its terms', () => {
    // Black's king on 1 (a double corner, 2 moves); red's king on 32, 7 steps away.
    expect(progress('W:WK32:BK1')).toBe(-300 - 15 - 2 * 10 + 50 - 4 * 7);
  });

  it('ranks a piece taken, or traded, above the placing of the pieces', () => {
    expect(progress('W:WK10,K14,K15:BK1')).toBeGreaterThan(progress('W:WK10,K14,K15:BK1,K2'));
    expect(progress('W:WK10,K14:BK1')).toBeGreaterThan(progress('W:WK10,K14,K15:BK1,K2'));
    expect(progress('W:WK27,K31,K32:BK1')).toBeGreaterThan(progress('W:WK5,K10,K14:BK6,K9'));
    // Kings nearer the loser, and the loser's king out of its double corner, are further on.
    expect(progress('W:WK10,K15:BK1')).toBeGreaterThan(progress('W:WK27,K31:BK1'));
    expect(progress('W:WK23,K24:BK19')).toBeGreaterThan(progress('W:WK23,K24:BK28'));
  });
});

describe('searchValue plays forced moves out', () => {
  const at = (fen: string): Position => {
    const parsed = parseFen(fen);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value;
  };

  it('scores a one-move position by what follows, where searchBest gives the static value', () => {
    // Red's only move, 9x2, crowns and wins the last man: red is a man down before it.
    const red = at('W:W9:B1,6');
    expect(searchBest(red, { depth: 4 }).depth).toBe(0);
    expect(searchBest(red, { depth: 4 }).score).toBeLessThan(0);
    expect(searchValue(red, 4, [])).toBeGreaterThan(WIN_SCORE - 20);
    // The same from the other side: black to move after 9x2 is lost.
    expect(searchValue(at('B:WK2:B1'), 4, [])).toBeLessThan(-(WIN_SCORE - 20));
  });

  it('equals searchBest where there is a choice, and scores no move as a loss', () => {
    const start = initialPosition();
    expect(searchValue(start, 5, [])).toBe(searchBest(start, { depth: 5 }).score);
    expect(searchValue(at('W:W:B1,2'), 5, [])).toBe(-WIN_SCORE);
  });

  it('forcedLine gives the forced line: to a choice, to the end, or nothing', () => {
    // 9x2 is forced; then black's man on 1 may go to 5 or 6.
    const capture = forcedLine(at('W:W9:B1,6'));
    expect(capture.moves.map(moveToPdn)).toEqual(['9x2']);
    expect(capture.passed.map(makeFen)).toEqual(['W:W9:B1,6']);
    expect(makeFen(capture.reached)).toBe('B:WK2:B1');
    expect(capture.sign).toBe(-1);
    // Black's man on 5 can only go to 9, and the king on 6 must take it: the game is over.
    const end = forcedLine(at('B:WK6:B5'));
    expect(end.moves.map(moveToPdn)).toEqual(['5-9', '6x13']);
    expect(end.passed.map(makeFen)).toEqual(['B:WK6:B5', 'W:WK6:B9']);
    expect(makeFen(end.reached)).toBe('B:WK13:B');
    expect(end.sign).toBe(1);
    for (const fen of [INITIAL_FEN, 'W:W:B1,2']) {
      const none = forcedLine(at(fen));
      expect(none.moves).toEqual([]);
      expect(none.passed).toEqual([]);
      expect(makeFen(none.reached)).toBe(fen);
      expect(none.sign).toBe(1);
    }
  });
});
