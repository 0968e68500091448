import { type GameRecord, ok, parseRecord, type Result } from '@twenty48/engine';
import type Database from 'better-sqlite3';
import {
  clampLimit,
  DEFAULT_TABLE_LENGTH,
  type ScoreColumns,
  SQL,
  scoreParameters,
  scoreRowOf,
} from './leaderboardSql.js';
import type { NewScore, ScoreQuery, ScoreRow } from './types.js';

export { DEFAULT_TABLE_LENGTH, MAX_TABLE_LENGTH } from './leaderboardSql.js';

/** High-score tables, one per rules name and board size, on an open database. */
export function createScores(db: Database.Database) {
  // Each statement names the row it reads (its columns are those of leaderboardSql.ts).
  const insert = db.prepare<unknown[], { id: number }>(SQL.insertScore);
  const rankOf = db.prepare<unknown[], { rank: number }>(SQL.rankOfScore);
  const atLeast = db.prepare<unknown[], { n: number }>(SQL.scoresAtLeast);
  const top = db.prepare<unknown[], ScoreColumns>(SQL.topScores);
  const byId = db.prepare<unknown[], ScoreColumns & { record: string }>(SQL.scoreById);

  // A count and a rank always have their row; none would read as 0 and 1.
  const rankOfRow = (row: { rules: string; size: number; score: number; id: number | string }) =>
    rankOf.get(row)?.rank ?? 1;

  return {
    isHighScore(rules: string, size: number, score: number, limit = DEFAULT_TABLE_LENGTH): boolean {
      // A tie does not displace an earlier entry, so only strictly fewer equal-or-better
      // scores than the table holds leave room.
      return (atLeast.get({ rules, size, score })?.n ?? 0) < limit;
    },

    addScore(entry: NewScore): Result<{ id: number; rank: number }, 'ERR_NAME'> {
      const row = scoreParameters(entry);
      if (!row.ok) return row;
      const inserted = insert.get(row.value);
      if (!inserted) throw new Error('INSERT … RETURNING id gave no row');
      const { id } = inserted;
      return ok({ id, rank: rankOfRow({ ...row.value, id }) });
    },

    topScores(query: ScoreQuery): ScoreRow[] {
      const rows = top.all({ ...query, limit: clampLimit(query.limit) });
      return rows.map((columns, index) => scoreRowOf(columns, index + 1));
    },

    getScore(id: number): (ScoreRow & { readonly record: GameRecord }) | null {
      const columns = byId.get({ id });
      if (!columns) return null;
      const record = parseRecord(columns.record);
      if (!record.ok) return null;
      return { ...scoreRowOf(columns, rankOfRow(columns)), record: record.value };
    },
  };
}
