import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  classic,
  type Direction,
  type Game,
  MOVE_LETTERS,
  maxTile,
  movesDigest,
  newGame,
  recordOf,
  replay,
  step,
} from '@twenty48/engine';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from './database.js';
import { openStore } from './store.js';
import { sentMoves } from './testing/leaderboardContract.js';
import type { NewRankedGame, RankedAdmission, Store } from './types.js';

let dir: string;
let store: Store;

function open(): Store {
  const opened = openStore({ dataDir: dir });
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.value;
}

beforeEach(() => {
  server.clear();
  dir = mkdtempSync(join(tmpdir(), 'twenty48-ranked-'));
  store = open();
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const T0 = new Date('2030-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const ROOMY: RankedAdmission = {
  perPlayer: 100,
  perAddress: 100,
  maxInProgress: 1000,
  fullRetryMs: 30_000,
};

/** A ranked game as the server would start it, with the engine's first board. */
function started(
  id: string,
  client = 'alice',
  seed = `seed-${id}`,
): NewRankedGame & { game: Game } {
  const game = newGame('classic', seed);
  return {
    gameId: `game-${id}`,
    watchId: `watch-${id}`,
    seed,
    version: 2,
    rules: 'classic',
    size: 4,
    score: game.score,
    maxTile: maxTile(game.board),
    status: game.status,
    client,
    player: `player-of-${client}`,
    game,
  };
}

function create(id: string, client = 'alice', now = T0, admission = ROOMY) {
  const { game, ...row } = started(id, client);
  const created = store.createRankedGame(row, admission, now);
  if (!created.ok) throw new Error(created.error.message);
  return { row, game, abandoned: created.value.abandoned };
}

const server = sentMoves();
const { moveOf } = server;

/** Apply `directions` to the kept game one by one, as the server does; the game after them. */
function playKept(gameId: string, game: Game, directions: readonly Direction[], from = 0): Game {
  let current = game;
  directions.forEach((direction, i) => {
    current = step(current, direction).game;
    const kept = store.appendRankedMove(moveOf(gameId, from + i, current, direction), at(i));
    if (!kept.ok) throw new Error(kept.error.message);
  });
  return current;
}

const CYCLE: readonly Direction[] = ['down', 'left', 'right', 'up'];
const directions = (count: number): Direction[] =>
  Array.from({ length: count }, (_, i) => CYCLE[i % 4] ?? 'up');

describe('ranked games kept as they go', () => {
  it('keeps every move sent, also those that change nothing, and the figures after the last', () => {
    const { row, game } = create('a');
    // Every fifth move one that changes nothing, when there is one.
    const sent: Direction[] = [];
    let after = game;
    for (let i = 0; i < 40; i++) {
      const idle = i % 5 === 4 ? CYCLE.find((d) => !step(after, d).moved) : undefined;
      const direction = idle ?? CYCLE[i % 4] ?? 'up';
      after = playKept(row.gameId, after, [direction], i);
      sent.push(direction);
    }
    const kept = store.loadRankedGame(row.gameId);
    expect(kept).toMatchObject({
      ...row,
      sent: sent.map((d) => MOVE_LETTERS[d]).join(''),
      moves: after.moves.length,
      score: after.score,
      maxTile: maxTile(after.board),
      status: 'playing',
      closed: null,
      scoreId: null,
      createdAt: T0.toISOString(),
      updatedAt: at(0).toISOString(),
      finishedAt: null,
    });
    expect(after.moves.length).toBeLessThan(40);
    expect(store.findWatchedGame(row.watchId)?.gameId).toBe(row.gameId);
    expect(store.findWatchedGame(row.gameId)?.watchId).toBe(row.watchId);
    expect(store.loadRankedGame('game-none')).toBeNull();
    expect(store.findWatchedGame('watch-none')).toBeNull();
  });

  it('lands a move only on the sent count it was computed from, so never twice', () => {
    const { row, game } = create('b');
    const once = step(game, 'down').game;
    expect(store.appendRankedMove(moveOf(row.gameId, 0, once, 'down')).ok).toBe(true);
    const twice = store.appendRankedMove(moveOf(row.gameId, 0, once, 'down'));
    expect(twice.ok ? 'kept' : twice.error.code).toBe('ERR_MOVE_ORDER');
    const ahead = store.appendRankedMove(moveOf(row.gameId, 5, once, 'down'));
    expect(ahead.ok ? 'kept' : ahead.error.code).toBe('ERR_MOVE_ORDER');
    expect(store.loadRankedGame(row.gameId)?.sent).toBe('D');
    const unknown = store.appendRankedMove(moveOf('game-none', 0, once, 'down'));
    expect(unknown.ok ? 'kept' : unknown.error.code).toBe('ERR_UNKNOWN_GAME');
  });

  it('keeps several moves in one transaction, each checked as if alone', () => {
    const a = create('a');
    const b = create('b');
    const a1 = step(a.game, 'down').game;
    const a2 = step(a1, 'left').game;
    const b1 = step(b.game, 'up').game;
    const kept = store.appendRankedMoves([
      moveOf('game-a', 0, a1, 'down'),
      moveOf('game-b', 0, b1, 'up'),
      moveOf('game-a', 1, a2, 'left'),
      moveOf('game-a', 1, a2, 'left'), // the same index again: refused, the others kept
      moveOf('game-none', 0, a1, 'down'),
    ]);
    expect(kept.map((result) => (result.ok ? 'kept' : result.error.code))).toEqual([
      'kept',
      'kept',
      'kept',
      'ERR_MOVE_ORDER',
      'ERR_UNKNOWN_GAME',
    ]);
    expect(store.loadRankedGame('game-a')).toMatchObject({ sent: 'DL', score: a2.score });
    expect(store.loadRankedGame('game-b')?.sent).toBe('U');
  });

  it('ends with the game: no move after a loss, ranked once with the record given', () => {
    const { row, game } = create('c');
    let current = game;
    let index = 0;
    while (current.status !== 'lost') {
      const direction = CYCLE.find((d) => step(current, d).moved) ?? 'down';
      current = playKept(row.gameId, current, [direction], index++);
    }
    const kept = store.loadRankedGame(row.gameId);
    expect(kept).toMatchObject({ status: 'lost', finishedAt: expect.any(String) });
    const after = store.appendRankedMove(moveOf(row.gameId, index, current, 'up'));
    expect(after.ok ? 'kept' : after.error.code).toBe('ERR_GAME_OVER');

    const entry = {
      name: ' Ada ',
      record: recordOf(current),
      score: current.score,
      maxTile: maxTile(current.board),
    };
    expect(store.rankRankedGame(row.gameId, { ...entry, name: 'a\u0000' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_NAME' },
    });
    const ranked = store.rankRankedGame(row.gameId, entry);
    expect(ranked).toEqual({ ok: true, value: { id: expect.any(Number), rank: 1 } });
    const id = ranked.ok ? ranked.value.id : -1;
    expect(store.loadRankedGame(row.gameId)?.scoreId).toBe(id);
    expect(store.getScore(id)).toMatchObject({ name: 'Ada', score: current.score, finished: true });
    expect(store.getScore(id)?.record.moves).toBe(current.moves);
    expect(store.rankRankedGame(row.gameId, entry)).toMatchObject({
      ok: false,
      error: { code: 'ERR_GAME_USED' },
    });
  });

  it('ranks no game in play, and none unknown', () => {
    const { row, game } = create('d');
    const entry = { name: 'Bo', record: recordOf(game), score: game.score, maxTile: 2 };
    expect(store.rankRankedGame(row.gameId, entry)).toMatchObject({
      ok: false,
      error: { code: 'ERR_NOT_FINISHED' },
    });
    expect(store.rankRankedGame('game-none', entry)).toMatchObject({
      ok: false,
      error: { code: 'ERR_UNKNOWN_GAME' },
    });
  });

  it('lists games in progress best score first, without lost or closed ones', () => {
    const a = create('a');
    const b = create('b');
    create('c');
    playKept(b.row.gameId, b.game, directions(30));
    playKept(a.row.gameId, a.game, directions(10));
    const live = store.listLiveRankedGames(10);
    expect(live.map((game) => game.watchId)).toEqual(['watch-b', 'watch-a', 'watch-c']);
    expect(live[0]).toEqual({
      watchId: 'watch-b',
      rules: 'classic',
      size: 4,
      score: store.loadRankedGame('game-b')?.score,
      maxTile: store.loadRankedGame('game-b')?.maxTile,
      moves: store.loadRankedGame('game-b')?.moves,
      status: 'playing',
      updatedAt: expect.any(String),
    });
    expect(Object.keys(live[0] ?? {})).not.toContain('gameId');
    expect(store.listLiveRankedGames(2)).toHaveLength(2);
    store.expireIdleRankedGames(1, at(60_000));
    expect(store.listLiveRankedGames(10)).toEqual([]);
  });
});

describe('the limits on ranked games', () => {
  it('counts games in progress per client and in total', () => {
    create('a', 'alice');
    create('b', 'alice');
    create('c', 'bob');
    expect(store.countRankedGamesInProgress('alice')).toBe(2);
    expect(store.countRankedGamesInProgress('bob')).toBe(1);
    expect(store.countRankedGamesInProgress('carol')).toBe(0);
    expect(store.countRankedGamesInProgress()).toBe(3);
  });

  it("at a player's or an address's limit, refuses the new game, names the player's open ones and closes none", () => {
    const limit = { ...ROOMY, perPlayer: 2, perAddress: 3 };
    const as = (id: string, client: string, player: string) => {
      const { game, ...row } = started(id, client);
      return { ...row, player };
    };
    expect(store.createRankedGame(as('a', 'home', 'ada'), limit, at(0))).toMatchObject({
      ok: true,
    });
    expect(store.createRankedGame(as('b', 'home', 'ada'), limit, at(10_000))).toMatchObject({
      ok: true,
    });
    // An hour later, both paused: the third is refused, and neither is closed to make room.
    const open = [
      { gameId: 'game-b', watchId: 'watch-b', rules: 'classic', size: 4, moves: 0, score: 0 },
      { gameId: 'game-a', watchId: 'watch-a', rules: 'classic', size: 4, moves: 0, score: 0 },
    ];
    expect(store.createRankedGame(as('c', 'home', 'ada'), limit, at(3_600_000))).toEqual({
      ok: false,
      error: {
        code: 'ERR_TOO_MANY_GAMES',
        message: expect.stringContaining('2 games in progress'),
        retryAfterMs: expect.any(Number),
        open,
      },
    });
    // The same player from another address is the same player.
    expect(store.createRankedGame(as('d', 'school', 'ada'), limit, at(3_600_000))).toMatchObject({
      ok: false,
      error: { code: 'ERR_TOO_MANY_GAMES', open },
    });
    expect(store.loadRankedGame('game-a')).toMatchObject({ closed: null });
    // Another player at the same address has games of their own, up to the address's limit.
    expect(store.createRankedGame(as('e', 'home', 'bob'), limit, at(3_600_000))).toMatchObject({
      ok: true,
    });
    expect(store.createRankedGame(as('f', 'home', 'cy'), limit, at(3_600_000))).toEqual({
      ok: false,
      error: {
        code: 'ERR_TOO_MANY_GAMES',
        message: expect.stringContaining('this address has 3 games in progress'),
        retryAfterMs: expect.any(Number),
        open: [],
      },
    });
    expect(store.countRankedGamesInProgress('home')).toBe(3);
  });

  it("refuses a game past the server's limit, and says when to retry", () => {
    const full = { ...ROOMY, maxInProgress: 2 };
    create('a', 'alice', T0, full);
    create('b', 'bob', T0, full);
    const { game, ...third } = started('c', 'carol');
    expect(store.createRankedGame(third, full, T0)).toEqual({
      ok: false,
      error: { code: 'ERR_SERVER_FULL', message: expect.any(String), retryAfterMs: 30_000 },
    });
    expect(store.countRankedGamesInProgress()).toBe(2);
  });

  it('expires games idle too long, once, and forgets ended games later', () => {
    create('a', 'alice', at(0));
    create('b', 'bob', at(50_000));
    expect(store.expireIdleRankedGames(60_000, at(90_000))).toEqual([
      { gameId: 'game-a', watchId: 'watch-a', score: 0, status: 'expired' },
    ]);
    expect(store.expireIdleRankedGames(60_000, at(90_000))).toEqual([]);
    expect(store.countRankedGamesInProgress()).toBe(1);
    expect(store.forgetEndedRankedGames(at(89_999))).toBe(0);
    expect(store.forgetEndedRankedGames(at(90_001))).toBe(1);
    expect(store.loadRankedGame('game-a')).toBeNull();
    expect(store.loadRankedGame('game-b')).not.toBeNull();
  });
});

describe('ranked games across a restart', () => {
  it('reopen mid-game: every move kept, and the game goes on from where it was', () => {
    const { row, game } = create('r');
    const first = playKept(row.gameId, game, directions(25));
    store.close();

    store = open();
    const kept = store.loadRankedGame(row.gameId);
    expect(kept?.sent).toHaveLength(25);
    // Replaying the letters kept gives the game the server had.
    let replayed = newGame('classic', kept?.seed ?? '');
    for (const letter of kept?.sent ?? '') {
      const direction = CYCLE.find((d) => MOVE_LETTERS[d] === letter) ?? 'up';
      replayed = step(replayed, direction).game;
    }
    expect(replayed).toEqual(first);
    const second = playKept(row.gameId, replayed, directions(10), 25);
    expect(store.loadRankedGame(row.gameId)).toMatchObject({
      score: second.score,
      moves: second.moves.length,
    });
    expect(store.loadRankedGame(row.gameId)?.sent).toHaveLength(35);
  });

  it('migrates a game in progress kept before version 2: it replays as version 1 and goes on', () => {
    store.close();
    const file = join(dir, 'v1.db');
    const db = new Database(file);
    db.exec(MIGRATIONS[0] as string);
    db.exec(MIGRATIONS[1] as string);
    db.pragma('application_id = 842019896');
    db.pragma('user_version = 2');
    const old = step(step(newGame('classic', 'old', 1), 'down').game, 'left').game;
    db.prepare(
      `INSERT INTO ranked_games (id, game_id, watch_id, seed, rules, size, sent, moves, score,
         max_tile, status, client, created_at, updated_at)
       VALUES (1, 'game-old', 'watch-old', 'old', 'classic', 4, 2, ?, ?, ?, 'playing', 'alice',
         '2030-01-01T00:00:00Z', '2030-01-01T00:00:00Z')`,
    ).run(old.moves.length, old.score, maxTile(old.board));
    db.prepare("INSERT INTO ranked_moves VALUES (1, 0, 'D'), (1, 1, 'L')").run();
    db.close();
    const opened = openStore({ file });
    if (!opened.ok) throw new Error(opened.error.message);
    store = opened.value;
    const row = store.loadRankedGame('game-old');
    expect(row).toMatchObject({ version: 1, sent: 'DL', digest: movesDigest('DL') });
    const replayed = replay({ version: 1, rules: classic, seed: 'old', moves: old.moves });
    expect(replayed.ok && replayed.value).toEqual(old);
    const next = step(old, 'right').game;
    const move = { ...moveOf('game-old', 2, next, 'right'), digest: movesDigest('DL') };
    expect(store.appendRankedMove(move).ok).toBe(true);
    expect(store.loadRankedGame('game-old')).toMatchObject({ sent: 'DLR', score: next.score });
  });

  it('opens a file of the previous schema (with issued seeds) and migrates it', () => {
    store.close();
    const file = join(dir, 'old.db');
    const db = new Database(file);
    db.exec(MIGRATIONS[0] as string);
    db.pragma('application_id = 842019896'); // "2048"
    db.pragma('user_version = 1');
    db.prepare(
      "INSERT INTO issued_games VALUES ('g', 's', 'classic', 4, '2030-01-01T00:00:00Z', NULL)",
    ).run();
    db.close();
    const opened = openStore({ file });
    if (!opened.ok) throw new Error(opened.error.message);
    store = opened.value;
    expect(store.countRankedGamesInProgress()).toBe(0);
    create('m');
    expect(store.countRankedGamesInProgress()).toBe(1);
  });
});
