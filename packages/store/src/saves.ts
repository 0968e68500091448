import { mapResult, parseName } from '@twenty48/common';
import {
  fail,
  type GameRecord,
  makeRecord,
  maxTile,
  ok,
  parseRecord,
  type Result,
  replay,
} from '@twenty48/engine';
import type Database from 'better-sqlite3';
import type { SavedGame, StoreError } from './types.js';

interface SaveRow {
  name: string;
  record: string;
  saved_at: string;
}

/**
 * Read a stored record back: it must still parse and replay, or the save is corrupt.
 * The score, best tile and move count come from the replay, never from the row.
 */
export function savedGameOf(row: SaveRow): Result<SavedGame, StoreError> {
  return mapResult(readSave(row), (read) => read.saved);
}

function readSave(row: SaveRow): Result<{ saved: SavedGame; lost: boolean }, StoreError> {
  const parsed = parseRecord(row.record);
  if (!parsed.ok) {
    return fail('ERR_SAVE_CORRUPT', `save "${row.name}" no longer parses: ${parsed.error.message}`);
  }
  const replayed = replay(parsed.value);
  if (!replayed.ok) {
    return fail(
      'ERR_SAVE_CORRUPT',
      `save "${row.name}" no longer replays: ${replayed.error.message}`,
    );
  }
  const game = replayed.value;
  const saved: SavedGame = {
    name: row.name,
    record: parsed.value,
    score: game.score,
    maxTile: maxTile(game.board),
    moves: game.moves.length,
    savedAt: row.saved_at,
  };
  return ok({ saved, lost: game.status === 'lost' });
}

/** Named saves and the one autosave slot, on an open database. */
export function createSaves(db: Database.Database) {
  return { ...createNamedSaves(db), ...createAutosave(db) };
}

/** Games saved under a name (the player-name rule), overwritten by a save of the same name. */
function createNamedSaves(db: Database.Database) {
  const upsert = db.prepare(
    // REPLACE gives the row a new rowid, which orders saves made within one millisecond.
    `INSERT OR REPLACE INTO saves (name, record, score, max_tile, moves, saved_at)
     VALUES (@name, @record, @score, @maxTile, @moves, @savedAt)`,
  );
  const byName = db.prepare<unknown[], SaveRow>(
    'SELECT name, record, saved_at FROM saves WHERE name = ?',
  );
  // rowid breaks ties between saves written in the same millisecond: later written, first.
  const all = db.prepare<unknown[], SaveRow>(
    'SELECT name, record, saved_at FROM saves ORDER BY saved_at DESC, rowid DESC',
  );
  const remove = db.prepare('DELETE FROM saves WHERE name = ?');

  return {
    saveGame(name: string, record: GameRecord): Result<SavedGame, StoreError> {
      const checkedName = parseName(name);
      if (!checkedName.ok) return checkedName;
      const saved = savedGameOf({
        name: checkedName.value,
        record: makeRecord(record),
        saved_at: new Date().toISOString(),
      });
      if (!saved.ok) return saved;
      const { value } = saved;
      upsert.run({
        name: value.name,
        record: makeRecord(value.record),
        score: value.score,
        maxTile: value.maxTile,
        moves: value.moves,
        savedAt: value.savedAt,
      });
      return saved;
    },

    loadGame(name: string): Result<SavedGame, StoreError> {
      const checkedName = parseName(name);
      if (!checkedName.ok) return checkedName;
      const row = byName.get(checkedName.value);
      if (!row) return fail('ERR_NOT_FOUND', `no saved game named "${checkedName.value}"`);
      return savedGameOf(row);
    },

    listSaves(): SavedGame[] {
      // A save that no longer reads is left out here; loading it by name says why.
      return all.all().flatMap((row) => {
        const saved = savedGameOf(row);
        return saved.ok ? [saved.value] : [];
      });
    },

    deleteSave(name: string): Result<void, StoreError> {
      const checkedName = parseName(name);
      if (!checkedName.ok) return checkedName;
      const { changes } = remove.run(checkedName.value);
      return changes > 0
        ? ok(undefined)
        : fail('ERR_NOT_FOUND', `no saved game named "${checkedName.value}"`);
    },
  };
}

/** The one autosave slot: the game in progress, for `--resume`. */
function createAutosave(db: Database.Database) {
  const writeAutosave = db.prepare(
    `INSERT INTO autosave (slot, record, saved_at) VALUES (1, ?, ?)
     ON CONFLICT (slot) DO UPDATE SET record = excluded.record, saved_at = excluded.saved_at`,
  );
  const readAutosave = db.prepare<unknown[], SaveRow>(
    "SELECT 'autosave' AS name, record, saved_at FROM autosave WHERE slot = 1",
  );
  const removeAutosave = db.prepare('DELETE FROM autosave');

  return {
    autosave(record: GameRecord): void {
      writeAutosave.run(makeRecord(record), new Date().toISOString());
    },

    lastUnfinished(): SavedGame | null {
      const row = readAutosave.get();
      if (!row) return null;
      const read = readSave(row);
      // A finished game is nothing to resume, and an unreadable one cannot be resumed.
      return read.ok && !read.value.lost ? read.value.saved : null;
    },

    clearAutosave(): void {
      removeAutosave.run();
    },
  };
}
