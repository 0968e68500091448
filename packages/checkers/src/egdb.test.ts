import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildEgdb, EGDB_DRAW, EGDB_LOSS, EGDB_WIN, type Egdb, probeEgdb } from './egdb.js';
import { egdbFromBytes, egdbHeader } from './egdbFormat.js';
import { useNetwork } from './evaluate.js';
import { makeFen, parseFen } from './fen.js';
import { newGame, playMove } from './game.js';
import { applyMove, legalMoves } from './moves.js';
import { networkTables } from './network.js';
import { parseNetworkFile } from './networkFormat.js';
import { searchBest, useEgdb } from './search.js';
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
});
