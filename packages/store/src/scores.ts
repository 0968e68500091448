import { parseName } from '@twenty48/common';
import { type GameRecord, makeRecord, ok, parseRecord, type Result } from '@twenty48/engine';
import type Database from 'better-sqlite3';
import type { NewScore, ScoreQuery, ScoreRow, StoreError } from './types.js';

/** The table length when none is asked for, and the most one query returns. */
export const DEFAULT_TABLE_LENGTH = 10;
export const MAX_TABLE_LENGTH = 100;

interface ScoreColumns {
  id: number;
  name: string;
  rules: string;
  size: number;
  score: number;
  max_tile: number;
  moves: number;
  seed: string;
  finished: number;
  created_at: string;
}

const COLUMNS = 'id, name, rules, size, score, max_tile, moves, seed, finished, created_at';

const rowOf = (columns: ScoreColumns, rank: number): ScoreRow => ({
  id: columns.id,
  rank,
  name: columns.name,
  rules: columns.rules,
  size: columns.size,
  score: columns.score,
  maxTile: columns.max_tile,
  moves: columns.moves,
  seed: columns.seed,
  finished: columns.finished === 1,
  createdAt: columns.created_at,
});

const clampLimit = (limit: number | undefined): number =>
  Math.min(MAX_TABLE_LENGTH, Math.max(1, Math.floor(limit ?? DEFAULT_TABLE_LENGTH)));

/** High-score tables, one per rules name and board size, on an open database. */
export function createScores(db: Database.Database) {
  const insert = db.prepare(
    `INSERT INTO scores (name, rules, size, score, max_tile, moves, seed, record, finished, created_at)
     VALUES (@name, @rules, @size, @score, @maxTile, @moves, @seed, @record, @finished, @createdAt)`,
  );
  // Best first; on equal scores the earlier entry (smaller id) ranks higher.
  const rankOf = db.prepare(
    `SELECT count(*) + 1 AS rank FROM scores
     WHERE rules = @rules AND size = @size AND (score > @score OR (score = @score AND id < @id))`,
  );
  const atLeast = db.prepare(
    'SELECT count(*) AS n FROM scores WHERE rules = ? AND size = ? AND score >= ?',
  );
  const top = db.prepare(
    `SELECT ${COLUMNS} FROM scores WHERE rules = ? AND size = ?
     ORDER BY score DESC, id ASC LIMIT ?`,
  );
  const byId = db.prepare(`SELECT ${COLUMNS}, record FROM scores WHERE id = ?`);

  const rankOfRow = (row: { rules: string; size: number; score: number; id: number }): number =>
    (rankOf.get(row) as { rank: number }).rank;

  return {
    isHighScore(rules: string, size: number, score: number, limit = DEFAULT_TABLE_LENGTH): boolean {
      // A tie does not displace an earlier entry, so only strictly fewer equal-or-better
      // scores than the table holds leave room.
      const { n } = atLeast.get(rules, size, score) as { n: number };
      return n < limit;
    },

    addScore(entry: NewScore): Result<{ id: number; rank: number }, StoreError> {
      const name = parseName(entry.name);
      if (!name.ok) return name;
      const { record } = entry;
      const row = {
        name: name.value,
        rules: record.rules.name,
        size: record.rules.size,
        score: entry.score,
        maxTile: entry.maxTile,
        moves: record.moves.length,
        seed: record.seed,
        record: makeRecord(record),
        finished: entry.finished ? 1 : 0,
        createdAt: new Date().toISOString(),
      };
      const id = Number(insert.run(row).lastInsertRowid);
      return ok({ id, rank: rankOfRow({ ...row, id }) });
    },

    topScores(query: ScoreQuery): ScoreRow[] {
      const rows = top.all(query.rules, query.size, clampLimit(query.limit)) as ScoreColumns[];
      return rows.map((columns, index) => rowOf(columns, index + 1));
    },

    getScore(id: number): (ScoreRow & { readonly record: GameRecord }) | null {
      const columns = byId.get(id) as (ScoreColumns & { record: string }) | undefined;
      if (!columns) return null;
      const record = parseRecord(columns.record);
      if (!record.ok) return null;
      return { ...rowOf(columns, rankOfRow(columns)), record: record.value };
    },
  };
}
