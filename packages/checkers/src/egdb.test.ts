import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { reverseBits } from './bitboard.js';
import {
  buildEgdb,
  buildEgdbDistances,
  EGDB_DRAW,
  EGDB_LOSS,
  EGDB_WIN,
  type Egdb,
  type EgdbDistances,
  type EgdbMaterial,
  probeEgdb,
  probeEgdbDistance,
} from './egdb.js';
import {
  egdbDistancesBytes,
  egdbDistancesFromBytes,
  egdbFromBytes,
  egdbHeader,
} from './egdbFormat.js';
import { useNetwork } from './evaluate.js';
import { makeFen, parseFen } from './fen.js';
import { newGame, playMove } from './game.js';
import { applyMove, legalMoves } from './moves.js';
import { networkTables } from './network.js';
import { parseNetworkFile } from './networkFormat.js';
import { searchBest, useEgdb, useEgdbDistances } from './search.js';
import type { Position } from './types.js';
import { splitMix32 } from './zobrist.js';

const fen = (text: string): Position => {
  const parsed = parseFen(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

const WIN = 1;
const LOSS = 2;
const UNKNOWN = 0;

// A plain minimax over the Move-level API: a win or a loss it can prove within `depth` plies.
function minimax(position: Position, depth: number): number {
  const moves = legalMoves(position);
  if (moves.length === 0) return LOSS;
  if (depth === 0) return UNKNOWN;
  let allWon = true;
  for (const move of moves) {
    const value = minimax(applyMove(position, move), depth - 1);
    if (value === LOSS) return WIN;
    if (value !== WIN) allWon = false;
  }
  return allWon ? LOSS : UNKNOWN;
}

// A random position of `pieces` pieces, both sides with at least one, men never on the row
// where they would have been crowned.
function randomPosition(next: () => number, pieces: number): Position {
  const used = new Set<number>();
  let black = 0;
  let red = 0;
  let kings = 0;
  for (let i = 0; i < pieces; i++) {
    let square: number;
    do square = (next() >>> 0) % 32;
    while (used.has(square));
    used.add(square);
    const isBlack = i === 0 ? true : i === 1 ? false : (next() & 1) === 0;
    const king = (next() & 1) === 0 || (isBlack && square >= 28) || (!isBlack && square < 4);
    if (isBlack) black |= 1 << square;
    else red |= 1 << square;
    if (king) kings |= 1 << square;
  }
  return {
    black: black >>> 0,
    red: red >>> 0,
    kings: kings >>> 0,
    turn: (next() & 1) === 0 ? 'black' : 'red',
  };
}

const dbValue = (db: Egdb, position: Position): number => {
  const toMove = position.turn === 'black' ? position.black : position.red;
  if (toMove === 0) return EGDB_LOSS;
  return probeEgdb(db, position.black, position.red, position.kings, position.turn === 'black');
};

describe('the endgame database', () => {
  let db: Egdb;
  beforeAll(() => {
    db = buildEgdb(4);
  }, 120_000);

  it('knows the simplest endings', () => {
    // King against king: a draw. Two kings against one: won for the side with two.
    expect(dbValue(db, fen('B:WK32:BK1'))).toBe(EGDB_DRAW);
    expect(dbValue(db, fen('W:WK32,K28:BK1'))).toBe(EGDB_WIN);
    expect(dbValue(db, fen('B:WK32,K28:BK1'))).toBe(EGDB_LOSS);
    // A side with no legal move has lost: black's man on 28 is blocked by red kings on 31, 32.
    expect(dbValue(db, fen('B:WK31,K32:B28'))).toBe(EGDB_LOSS);
  });

  it('agrees with a plain minimax on 1000 random positions of up to 4 pieces', () => {
    const next = splitMix32(2026);
    const seen = { proved: 0, draws: 0 };
    for (let i = 0; i < 1000; i++) {
      const position = randomPosition(next, 2 + (i % 3));
      const value = dbValue(db, position);
      const proved = minimax(position, 5);
      if (proved === WIN) expect(value).toBe(EGDB_WIN);
      if (proved === LOSS) expect(value).toBe(EGDB_LOSS);
      if (proved !== UNKNOWN) seen.proved++;
      if (value === EGDB_DRAW) seen.draws++;
      // And each value follows from the values one move later.
      const children = legalMoves(position).map((m) => dbValue(db, applyMove(position, m)));
      const expected =
        children.length === 0 || children.every((v) => v === EGDB_WIN)
          ? EGDB_LOSS
          : children.includes(EGDB_LOSS)
            ? EGDB_WIN
            : EGDB_DRAW;
      expect(value).toBe(expected);
    }
    // The sample reaches all three kinds of result.
    expect(seen.proved).toBeGreaterThan(150);
    expect(seen.draws).toBeGreaterThan(50);
  }, 120_000);

  it('holds no more than its pieces', () => {
    expect(probeEgdb(db, fen('B:W20,21,22:B1,2').black, fen('B:W20,21,22:B1,2').red, 0, true)).toBe(
      0,
    );
  });

  it('goes through its header and checksum, and refuses bytes that are not one', () => {
    const small = buildEgdb(3);
    const header = egdbHeader(small);
    const read = egdbFromBytes(header, small.values);
    expect(read.ok && read.value.pieces).toBe(3);
    const damaged = small.values.slice();
    damaged[100] = (damaged[100] as number) ^ 1;
    expect(egdbFromBytes(header, damaged)).toMatchObject({ ok: false, code: 'ERR_EGDB_DAMAGED' });
    expect(egdbFromBytes(header, small.values.subarray(0, 10))).toMatchObject({
      ok: false,
      code: 'ERR_EGDB_TRUNCATED',
    });
    const foreign = header.slice();
    foreign[0] = 0x50;
    expect(egdbFromBytes(foreign, small.values)).toMatchObject({
      ok: false,
      code: 'ERR_EGDB_FOREIGN',
    });
    expect(egdbFromBytes(header.subarray(0, 12), small.values)).toMatchObject({
      ok: false,
      code: 'ERR_EGDB_TRUNCATED',
    });
  });

  it('wins the endings it scores as won, against its own best defence, within the 40 moves', () => {
    // The database says won, lost or drawn, not how far: the search has to find the way. Both
    // sides are played by a 12-ply search that sees the game's positions and judges with the
    // shipped network, as the engine does; the winner's sees the database, the loser's does not
    // (it would find every move lost and pick among them by its static value: no defence).
    const shipped = parseNetworkFile(
      gunzipSync(readFileSync(new URL('../networks/eval.t48c.gz', import.meta.url))),
    );
    if (!shipped.ok) throw new Error(shipped.message);
    useNetwork(networkTables(shipped.value.network));
    try {
      const next = splitMix32(48);
      const won: Position[] = [fen('W:WK32,K28:BK1'), fen('B:WK1:BK31,K32,27')];
      while (won.length < 12) {
        const position = randomPosition(next, 4);
        // Won for the side to move, with nothing to capture at once.
        if (dbValue(db, position) !== EGDB_WIN || legalMoves(position)[0]?.captured.length)
          continue;
        won.push(position);
      }
      for (const start of won) {
        let game = newGame(start);
        const positions: Position[] = [];
        while (game.status.kind === 'playing' && game.moves.length < 200) {
          useEgdb(game.position.turn === start.turn ? db : null);
          const { move } = searchBest(game.position, { depth: 12, history: positions });
          if (move === null) break;
          positions.push(game.position);
          const played = playMove(game, move);
          if (!played.ok) throw new Error(played.error.message);
          game = played.value;
        }
        expect({ fen: makeFen(start), status: game.status }).toEqual({
          fen: makeFen(start),
          status: { kind: 'won', winner: start.turn, reason: expect.any(String) },
        });
      }
    } finally {
      useEgdb(null);
      useNetwork(null);
    }
  }, 60_000);

  it('lets the search find the won line in an ending it scores as won', () => {
    useEgdb(db);
    try {
      // Red to move with two kings against one: won; the search sees it at once.
      const result = searchBest(fen('W:WK32,K28:BK1'), { depth: 3 });
      expect(result.score).toBeGreaterThan(10_000);
      const drawn = searchBest(fen('W:WK32:BK1'), { depth: 3 });
      expect(drawn.score).toBe(0);
    } finally {
      useEgdb(null);
    }
  });

  describe('its distances to a conversion', () => {
    // Two kings against one, three against one, two kings and a man against one king: every
    // balance of up to 4 pieces with a side ahead and no man of the side behind.
    const MATERIALS: EgdbMaterial[] = [
      [0, 2, 0, 1],
      [0, 3, 0, 1],
      [1, 2, 0, 1],
    ];
    let table: EgdbDistances;
    beforeAll(() => {
      table = buildEgdbDistances(db, MATERIALS);
    });

    // Every position of a balance, black ahead and red to move: its pieces placed one by one,
    // each kind's squares in increasing order so that each set comes once.
    function* positionsOf([bm, bk, rm, rk]: EgdbMaterial): Generator<Position> {
      const kinds = [
        ...Array<number>(bm).fill(0),
        ...Array<number>(bk).fill(1),
        ...Array<number>(rm).fill(2),
        ...Array<number>(rk).fill(3),
      ];
      function* place(i: number, from: number, p: Position): Generator<Position> {
        const kind = kinds[i];
        if (kind === undefined) {
          yield p;
          return;
        }
        const black = kind < 2;
        const man = kind === 0 || kind === 2;
        for (let square = from; square < 32; square++) {
          const bit = 1 << square;
          if (((p.black | p.red) & bit) !== 0) continue;
          if (man && (black ? square >= 28 : square < 4)) continue;
          const start = kinds[i + 1] === kind ? square + 1 : 0;
          yield* place(i + 1, start, {
            black: (black ? p.black | bit : p.black) >>> 0,
            red: (black ? p.red : p.red | bit) >>> 0,
            kings: (man ? p.kings : p.kings | bit) >>> 0,
            turn: 'red',
          });
        }
      }
      yield* place(0, 0, { black: 0, red: 0, kings: 0, turn: 'red' });
    }

    const materialOf = (p: Position): string =>
      [p.black & ~p.kings, p.black & p.kings, p.red & ~p.kings, p.red & p.kings]
        .map((mask) => bitCount(mask))
        .join('');
    const bitCount = (mask: number): number => {
      let n = 0;
      for (let m = mask >>> 0; m !== 0; m &= m - 1) n++;
      return n;
    };
    const distance = (p: Position): number =>
      probeEgdbDistance(table, p.black, p.red, p.kings, p.turn === 'black');

    // Black's fewest plies to a conversion that keeps its win, black to move in a won position.
    function winning(p: Position): number {
      let best = Number.POSITIVE_INFINITY;
      for (const move of legalMoves(p)) {
        const after = applyMove(p, move);
        if (dbValue(db, after) !== EGDB_LOSS) continue;
        best = Math.min(best, materialOf(after) === materialOf(p) ? 1 + distance(after) : 1);
      }
      return best;
    }

    // Black's most plies before a conversion, black to move in a lost position.
    function holding(p: Position): number {
      const moves = legalMoves(p);
      let most = moves.length === 0 ? 0 : 1;
      for (const move of moves) {
        const after = applyMove(p, move);
        if (materialOf(after) === materialOf(p)) most = Math.max(most, 1 + distance(after));
      }
      return most;
    }

    it('is, position by position, what its definition makes it', () => {
      // Red to move and lost: 0 with no move, else 1 more than the farthest of its moves that
      // stay in the balance (a move out of it, a capture or a crowning, ends the count at 1).
      // Won for red (rare: a capture in sight): 1 more than its nearest way. Drawn: 0.
      const counted = { lost: 0, won: 0, drawn: 0, longest: 0 };
      for (const material of MATERIALS)
        for (const p of positionsOf(material)) {
          const value = dbValue(db, p);
          const d = distance(p);
          const moves = legalMoves(p);
          if (value === EGDB_DRAW) {
            expect(d).toBe(0);
            counted.drawn++;
            continue;
          }
          let expected: number;
          if (value === EGDB_LOSS) {
            expected = moves.length === 0 ? 0 : 1;
            for (const move of moves) {
              const after = applyMove(p, move);
              if (materialOf(after) === materialOf(p))
                expected = Math.max(expected, 1 + winning(after));
            }
            counted.lost++;
          } else {
            // Won for red (a capture in sight): 1 more than its nearest way.
            expected = Number.POSITIVE_INFINITY;
            for (const move of moves) {
              const after = applyMove(p, move);
              if (dbValue(db, after) !== EGDB_LOSS) continue;
              expected = Math.min(
                expected,
                materialOf(after) === materialOf(p) ? 1 + holding(after) : 1,
              );
            }
            counted.won++;
          }
          if (d !== expected)
            expect({ fen: makeFen(p), d }).toEqual({ fen: makeFen(p), d: expected });
          counted.longest = Math.max(counted.longest, d);
        }
      expect(counted.lost).toBeGreaterThan(100_000);
      expect(counted.drawn).toBeGreaterThan(1000);
      expect(counted.longest).toBeGreaterThan(10);
    }, 120_000);

    it('reads the other colour as the board turned half round', () => {
      const next = splitMix32(7);
      let held = 0;
      for (let i = 0; i < 2000; i++) {
        const p = randomPosition(next, 3 + (i % 2));
        const turned: Position = {
          black: reverseBits(p.red) >>> 0,
          red: reverseBits(p.black) >>> 0,
          kings: reverseBits(p.kings) >>> 0,
          turn: p.turn === 'black' ? 'red' : 'black',
        };
        expect(distance(turned)).toBe(distance(p));
        if (distance(p) > 0) held++;
      }
      expect(held).toBeGreaterThan(50);
      // Not held: the side ahead to move, or a balance of no table.
      expect(distance(fen('W:WK32,K28:BK1'))).toBe(-1);
      expect(distance(fen('B:WK32:BK1'))).toBe(-1);
    });

    it('plays the won endings out by the table: a conversion within the distance, whatever the defence', () => {
      useEgdb(db);
      useEgdbDistances(table);
      try {
        const next = splitMix32(11);
        let played = 0;
        for (const material of MATERIALS)
          for (const start of positionsOf(material)) {
            if (next() % 50 !== 0 || dbValue(db, start) !== EGDB_LOSS) continue;
            // Red (lost) plays at random; black plays the table's move at depth 1.
            let p = start;
            let plies = 0;
            while (materialOf(p) === materialOf(start) && legalMoves(p).length > 0) {
              const moves = legalMoves(p);
              const move =
                p.turn === 'red'
                  ? (moves[(next() >>> 0) % moves.length] as (typeof moves)[number])
                  : searchBest(p, { depth: 1 }).move;
              if (move === null) break;
              p = applyMove(p, move);
              plies++;
              expect(plies).toBeLessThanOrEqual(distance(start));
            }
            // Out of the balance (or red without a move), still won for black.
            if (legalMoves(p).length > 0)
              expect(dbValue(db, p)).toBe(p.turn === 'black' ? EGDB_WIN : EGDB_LOSS);
            played++;
          }
        expect(played).toBeGreaterThan(1000);
      } finally {
        useEgdb(null);
        useEgdbDistances(null);
      }
    }, 120_000);

    it('goes through its header and checksum, and refuses bytes that are not one', () => {
      const { header, distances } = egdbDistancesBytes(table);
      const read = egdbDistancesFromBytes(header, distances);
      expect(read.ok && read.value.materials).toEqual(MATERIALS);
      if (read.ok)
        expect(probeEgdbDistance(read.value, 1 << 0, 1 << 31, (1 << 0) | (1 << 31), true)).toBe(-1);
      const damaged = distances.slice();
      damaged[5000] = (damaged[5000] as number) ^ 1;
      expect(egdbDistancesFromBytes(header, damaged)).toMatchObject({ code: 'ERR_EGDB_DAMAGED' });
      expect(egdbDistancesFromBytes(header, distances.subarray(1))).toMatchObject({
        code: 'ERR_EGDB_TRUNCATED',
      });
      expect(egdbDistancesFromBytes(header.subarray(0, 26), distances)).toMatchObject({
        code: 'ERR_EGDB_TRUNCATED',
      });
      for (const [at, byte] of [
        [0, 0x50], // the magic
        [8, 9], // pieces
        [24, 1], // a balance 1201: not one of the table's
        [26, 2], // 0221: the side ahead is not ahead
        [17, 0], // the distances' length
      ] as const) {
        const foreign = header.slice();
        foreign[at] = byte;
        expect(egdbDistancesFromBytes(foreign, distances)).toMatchObject({
          code: 'ERR_EGDB_FOREIGN',
        });
      }
    });

    it('is built only from a database that solves to itself, for balances with a side ahead', () => {
      expect(() => buildEgdbDistances(db, [[1, 1, 0, 2]])).toThrow(/side ahead first/);
      const tampered = { pieces: db.pieces, values: db.values.slice() };
      // Every value of the 3-piece slices turned: the database no longer solves to itself.
      for (let i = 0; i < tampered.values.length; i++)
        tampered.values[i] = (tampered.values[i] as number) ^ 0xff;
      expect(() => buildEgdbDistances(tampered, [[0, 2, 0, 1]])).toThrow(/not what it solves to/);
    });
  });
});
