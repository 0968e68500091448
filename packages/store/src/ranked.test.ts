import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { classic, maxTile, movesDigest, newGame, replay, step } from '@twenty48/engine';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from './database.js';
import { openStore } from './store.js';
import { ROOMY, sentMoves, started, T0 } from './testing/leaderboardContract.js';
import type { Store } from './types.js';

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

function create(id: string, client = 'alice', now = T0, admission = ROOMY) {
  const { game, ...row } = started(id, client);
  const created = store.createRankedGame(row, admission, now);
  if (!created.ok) throw new Error(created.error.message);
  return { row, game, abandoned: created.value.abandoned };
}

const server = sentMoves();
const { moveOf } = server;

// What the contract suite (testing/leaderboardContract.ts, run on SQLite by
// leaderboard.sqlite.test.ts) does not cover: the SQLite store's own one-move append, and
// opening files kept by earlier versions.
describe("the SQLite store's own one-move append", () => {
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
});

describe('ranked games across a restart', () => {
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
