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
  const insert = db.prepare(SQL.insertScore);
  const rankOf = db.prepare(SQL.rankOfScore);
  const atLeast = db.prepare(SQL.scoresAtLeast);
  const top = db.prepare(SQL.topScores);
  const byId = db.prepare(SQL.scoreById);

  const rankOfRow = (row: { rules: string; size: number; score: number; id: number | string }) =>
    (rankOf.get(row) as { rank: number }).rank;

  return {
    isHighScore(rules: string, size: number, score: number, limit = DEFAULT_TABLE_LENGTH): boolean {
      // A tie does not displace an earlier entry, so only strictly fewer equal-or-better
      // scores than the table holds leave room.
      const { n } = atLeast.get({ rules, size, score }) as { n: number };
      return n < limit;
    },

    addScore(entry: NewScore): Result<{ id: number; rank: number }, 'ERR_NAME'> {
      const row = scoreParameters(entry);
      if (!row.ok) return row;
      const { id } = insert.get(row.value) as { id: number };
      return ok({ id, rank: rankOfRow({ ...row.value, id }) });
    },

    topScores(query: ScoreQuery): ScoreRow[] {
      const rows = top.all({ ...query, limit: clampLimit(query.limit) }) as ScoreColumns[];
      return rows.map((columns, index) => scoreRowOf(columns, index + 1));
    },

    getScore(id: number): (ScoreRow & { readonly record: GameRecord }) | null {
      const columns = byId.get({ id }) as (ScoreColumns & { record: string }) | undefined;
      if (!columns) return null;
      const record = parseRecord(columns.record);
      if (!record.ok) return null;
      return { ...scoreRowOf(columns, rankOfRow(columns)), record: record.value };
    },
  };
}
