import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DIRECTIONS,
  type Game,
  type GameRecord,
  makeRecord,
  makeRules,
  newGame,
  recordOf,
  replay,
  step,
} from '@twenty48/engine';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from './store.js';
import { damageLeafPage, sideFiles } from './testing/damage.js';
import type { Store } from './types.js';

let dir: string;
let store: Store;

function open(): Store {
  const opened = openStore({ dataDir: dir });
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.value;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'twenty48-store-'));
  store = open();
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Play up to `count` moves, trying the directions in turn and skipping moves that do nothing. */
function play(seed: string, count: number, game: Game = newGame('classic', seed)): Game {
  let current = game;
  for (let i = 0; current.moves.length < count && current.status !== 'lost'; i++) {
    current = step(current, DIRECTIONS[i % 4] ?? 'up').game;
  }
  return current;
}

describe('saved games', () => {
  it('round-trips: the loaded record replays to the same game', () => {
    const game = play('save-1', 60);
    const saved = store.saveGame('  morning ', recordOf(game));
    expect(saved.ok && saved.value.name).toBe('morning');
    const loaded = store.loadGame('morning');
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.value.score).toBe(game.score);
    expect(loaded.value.moves).toBe(60);
    expect(loaded.value.maxTile).toBe(Math.max(...game.board.flat()));
    const again = replay(loaded.value.record);
    expect(again.ok && again.value).toEqual(game);
  });

  it('keeps custom rules whole', () => {
    const rules = makeRules('fiveTwelve', { size: 5, scoring: 'merges' });
    if (!rules.ok) throw new Error(rules.error.message);
    const game = play('custom', 30, newGame(rules.value, 'custom'));
    store.saveGame('custom', recordOf(game));
    const loaded = store.loadGame('custom');
    expect(loaded.ok && loaded.value.record.rules).toEqual(rules.value);
  });

  it('overwrites a save of the same name and lists the most recent first', () => {
    store.saveGame('a', recordOf(play('a', 5)));
    store.saveGame('b', recordOf(play('b', 5)));
    store.saveGame('a', recordOf(play('a', 20)));
    const saves = store.listSaves();
    expect(saves.map((s) => s.name)).toEqual(['a', 'b']);
    expect(saves[0]?.moves).toBe(20);
  });

  it('refuses bad names and reports missing saves', () => {
    const record = recordOf(play('n', 3));
    for (const name of ['', '   ', 'x'.repeat(25), 'tab\there', 'bell\u0007', '<b>bold</b>']) {
      const saved = store.saveGame(name, record);
      expect(saved.ok ? 'saved' : saved.error.code).toBe('ERR_NAME');
    }
    expect(store.saveGame('é'.repeat(24), record).ok).toBe(true);
    const missing = store.loadGame('nobody');
    expect(missing.ok ? 'found' : missing.error.code).toBe('ERR_NOT_FOUND');
    const deleted = store.deleteSave('nobody');
    expect(deleted.ok ? 'deleted' : deleted.error.code).toBe('ERR_NOT_FOUND');
  });

  it('deletes a save', () => {
    store.saveGame('gone', recordOf(play('g', 3)));
    expect(store.deleteSave('gone').ok).toBe(true);
    expect(store.listSaves()).toEqual([]);
  });

  it('reports a save whose record no longer parses and still lists the others', () => {
    store.saveGame('good', recordOf(play('good', 10)));
    store.saveGame('bad', recordOf(play('bad', 10)));
    store.close();
    const db = new Database(join(dir, 'twenty48.db'));
    db.prepare(
      'UPDATE saves SET record = \'{"version":1,"rules":"chess"}\' WHERE name = \'bad\'',
    ).run();
    db.close();
    store = open();
    const bad = store.loadGame('bad');
    expect(bad.ok ? 'loaded' : bad.error.code).toBe('ERR_SAVE_CORRUPT');
    expect(store.listSaves().map((s) => s.name)).toEqual(['good']);
  });

  it('keeps one autosave slot until it is cleared, and never resumes a finished game', () => {
    expect(store.lastUnfinished()).toBeNull();
    store.autosave(recordOf(play('auto', 10)));
    const later = play('auto', 25);
    store.autosave(recordOf(later));
    expect(store.lastUnfinished()?.record).toEqual(recordOf(later));
    store.clearAutosave();
    expect(store.lastUnfinished()).toBeNull();
    const finished = play('auto', 100_000);
    expect(finished.status).toBe('lost');
    store.autosave(recordOf(finished));
    expect(store.lastUnfinished()).toBeNull();
  });
});

describe('high scores', () => {
  const record = (seed: string, rules: 'classic' | 'tiers' = 'classic'): GameRecord =>
    recordOf(step(newGame(rules, seed), 'left').game);
  const add = (name: string, score: number, rec: GameRecord = record(name)) =>
    store.addScore({ name, record: rec, score, maxTile: 8, finished: true });

  it('ranks best first, ties to the earlier entry', () => {
    add('low', 100);
    add('high', 300);
    add('tie-first', 200);
    const tieSecond = add('tie-second', 200);
    expect(tieSecond.ok && tieSecond.value.rank).toBe(3);
    const table = store.topScores({ rules: 'classic', size: 4 });
    expect(table.map((row) => [row.rank, row.name, row.score])).toEqual([
      [1, 'high', 300],
      [2, 'tie-first', 200],
      [3, 'tie-second', 200],
      [4, 'low', 100],
    ]);
    expect(table[0]).toMatchObject({ rules: 'classic', size: 4, finished: true, moves: 1 });
  });

  it('keeps tables apart by rules and size, and honours the limit', () => {
    for (let i = 0; i < 15; i++) add(`p${i}`, i * 10);
    add('tiers player', 5000, record('t', 'tiers'));
    expect(store.topScores({ rules: 'classic', size: 4, limit: 3 }).map((r) => r.score)).toEqual([
      140, 130, 120,
    ]);
    expect(store.topScores({ rules: 'classic', size: 4 })).toHaveLength(10);
    expect(store.topScores({ rules: 'tiers', size: 4 }).map((r) => r.name)).toEqual([
      'tiers player',
    ]);
    expect(store.topScores({ rules: 'classic', size: 5 })).toEqual([]);
  });

  it('knows a high score at the top-10 boundary, per rules and size', () => {
    for (let i = 1; i <= 9; i++) add(`p${i}`, i * 100);
    expect(store.isHighScore('classic', 4, 1)).toBe(true); // nine entries: room for one more
    add('p10', 50);
    expect(store.isHighScore('classic', 4, 50)).toBe(false); // a tie with the tenth stays out
    expect(store.isHighScore('classic', 4, 51)).toBe(true);
    expect(store.isHighScore('classic', 4, 10, 11)).toBe(true);
    expect(store.isHighScore('tiers', 4, 1)).toBe(true);
    expect(store.isHighScore('classic', 5, 1)).toBe(true);
  });

  it('refuses bad names and returns one score with its record', () => {
    const refused = add('<\u0000>', 1, record('x'));
    expect(refused.ok ? 'added' : refused.error.code).toBe('ERR_NAME');
    const rec = record('one');
    const markup = add('<b>Ada</b>', 42, rec);
    expect(markup.ok ? 'added' : markup.error.code).toBe('ERR_NAME');
    const added = add('Ada & "Bo"', 42, rec);
    if (!added.ok) throw new Error(added.error.message);
    const row = store.getScore(added.value.id);
    expect(row?.name).toBe('Ada & "Bo"');
    expect(row?.record).toEqual(rec);
    expect(row?.seed).toBe('one');
    expect(store.getScore(added.value.id + 1)).toBeNull();
  });

  it('keeps names by the shared player-name rule: NFC, nothing invisible', () => {
    const hidden = add('A\u200Bda', 1, record('hidden'));
    expect(hidden.ok ? 'added' : hidden.error.code).toBe('ERR_NAME');
    const blank = add('\u3164', 1, record('blank'));
    expect(blank.ok ? 'added' : blank.error.code).toBe('ERR_NAME');
    const composed = add(' Zoe\u0308 ', 7, record('zoe'));
    if (!composed.ok) throw new Error(composed.error.message);
    expect(store.getScore(composed.value.id)?.name).toBe('Zo\u00EB');
  });
});

describe('settings', () => {
  it('stores settings', () => {
    expect(store.getSetting('lastName')).toBeNull();
    store.setSetting('lastName', 'Ada');
    store.setSetting('lastName', 'Grace');
    expect(store.getSetting('lastName')).toBe('Grace');
  });
});

describe('reopening', () => {
  it('keeps saves, the autosave, scores and settings', () => {
    const game = play('keep', 40);
    store.saveGame('kept', recordOf(game));
    store.autosave(recordOf(game));
    const added = store.addScore({
      name: 'Ada',
      record: recordOf(game),
      score: game.score,
      maxTile: 16,
      finished: false,
    });
    store.setSetting('lastName', 'Ada');
    store.close();

    store = open();
    expect(store.loadGame('kept').ok).toBe(true);
    expect(store.lastUnfinished()?.moves).toBe(40);
    expect(store.topScores({ rules: 'classic', size: 4 })).toMatchObject([
      { id: added.ok ? added.value.id : -1, name: 'Ada', score: game.score, finished: false },
    ]);
    expect(store.getSetting('lastName')).toBe('Ada');
    const score = store.getScore(added.ok ? added.value.id : -1);
    expect(score && makeRecord(score.record)).toBe(makeRecord(recordOf(game)));
  });
});

describe('a file damaged while it is open', () => {
  it('names the damage, then stops using the file, and health() reports it', () => {
    const record = recordOf(step(newGame('classic', 'damage'), 'left').game);
    for (let i = 0; i < 200; i++) {
      store.addScore({ name: `p${i}`, record, score: i, maxTile: 4, finished: true });
    }
    store.close();
    store = open(); // a fresh connection, which has read nothing but the schema
    expect(store.health()).toEqual({ ok: true, value: undefined });
    const file = join(dir, 'twenty48.db');
    damageLeafPage(file, 'scores_ranking');
    const damaged = readFileSync(file);

    const counting = () => store.isHighScore('classic', 4, 0, 1000); // reads every index page
    expect(counting).toThrow(expect.objectContaining({ code: 'ERR_DB_CORRUPT' }));
    expect(counting).toThrow(/twenty48\.db is damaged .*stopped using it/);
    expect(store.health()).toMatchObject({
      ok: false,
      error: { code: 'ERR_DB_CORRUPT', message: expect.stringContaining(file) },
    });
    // The settings table is intact, yet nothing more is written to a damaged file.
    expect(() => store.setSetting('lastName', 'Ada')).toThrow(
      expect.objectContaining({ code: 'ERR_DB_CORRUPT' }),
    );
    expect(() => store.countRankedGamesInProgress()).toThrow(/damaged/);
    store.close();
    expect(readFileSync(file).equals(damaged)).toBe(true);
    expect(sideFiles(file)).toEqual([]);
  });
});
