import { fail, ok, type Result } from '@twenty48/engine';
import { PLAY_SCHEMA } from '../playSql.js';
import type { StoreError } from '../types.js';
import type { PgClient } from './client.js';

/**
 * The PostgreSQL schema, one step per version, as SQLite's `MIGRATIONS`: step `i` takes the
 * database from version `i` to `i + 1`; steps are only appended. The same tables and columns
 * as SQLite's (the statements in `leaderboardSql.ts` run on both), for the server's part only:
 * the terminal's saves and settings stay in its own SQLite file.
 */
export const PG_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE scores (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL,
    rules text NOT NULL,
    size integer NOT NULL,
    score bigint NOT NULL,
    max_tile bigint NOT NULL,
    moves integer NOT NULL,
    seed text NOT NULL,
    record text NOT NULL,
    finished integer NOT NULL CHECK (finished IN (0, 1)),
    created_at text NOT NULL
  );
  CREATE INDEX scores_ranking ON scores (rules, size, score DESC, id);
  CREATE TABLE ranked_games (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game_id text NOT NULL UNIQUE,
    watch_id text NOT NULL UNIQUE,
    seed text NOT NULL,
    rules text NOT NULL,
    size integer NOT NULL,
    sent integer NOT NULL DEFAULT 0,
    moves integer NOT NULL DEFAULT 0,
    score bigint NOT NULL,
    max_tile bigint NOT NULL,
    status text NOT NULL CHECK (status IN ('playing', 'won', 'lost')),
    closed text CHECK (closed IN ('abandoned', 'expired')),
    client text NOT NULL,
    created_at text NOT NULL,
    updated_at text NOT NULL,
    finished_at text,
    score_id bigint REFERENCES scores (id)
  );
  CREATE INDEX ranked_games_in_progress ON ranked_games (id)
    WHERE status <> 'lost' AND closed IS NULL;
  CREATE INDEX ranked_games_client ON ranked_games (client)
    WHERE status <> 'lost' AND closed IS NULL;
  CREATE INDEX ranked_games_ended ON ranked_games (finished_at)
    WHERE status = 'lost' OR closed IS NOT NULL;
  CREATE TABLE ranked_moves (
    game bigint NOT NULL REFERENCES ranked_games (id) ON DELETE CASCADE,
    sent integer NOT NULL,
    letter text NOT NULL CHECK (letter IN ('U', 'D', 'L', 'R')),
    PRIMARY KEY (game, sent)
  );
  `,
  // The player behind a ranked game (their token, or their address), for the per-player
  // limit beside the per-address one; games from before it count for no player.
  `
  ALTER TABLE ranked_games ADD COLUMN player text NOT NULL DEFAULT '';
  CREATE INDEX ranked_games_player ON ranked_games (player)
    WHERE status <> 'lost' AND closed IS NULL
  `,
  // As SQLite's fourth step: the generator version and the digest of the kept moves.
  `
  ALTER TABLE ranked_games ADD COLUMN version integer NOT NULL DEFAULT 1
    CHECK (version IN (1, 2));
  ALTER TABLE ranked_games ADD COLUMN digest text;
  `,
  // As SQLite's sixth step: the daily challenge and the races (playSql.ts).
  PLAY_SCHEMA,
];

/** The advisory lock every server takes to migrate, so that two starting at once take turns. */
const MIGRATION_LOCK = 0x32303438;

/**
 * Bring the database to the newest schema in one transaction with the version it records,
 * under an advisory lock: servers starting together migrate once. ERR_DB_NEWER when the
 * database was migrated by a newer twenty48. A URL's `?search_path=name` keeps twenty48 in a
 * schema of its own, created here when missing.
 */
export async function migratePostgres(
  client: PgClient,
  location: string,
  schema: string | null = null,
  steps: readonly string[] = PG_MIGRATIONS,
): Promise<Result<number, StoreError>> {
  return client.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    if (schema !== null) await tx.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`, []);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS twenty48_schema (
         only_row integer PRIMARY KEY DEFAULT 1 CHECK (only_row = 1),
         version integer NOT NULL)`,
      [],
    );
    await tx.query('INSERT INTO twenty48_schema (version) VALUES (0) ON CONFLICT DO NOTHING', []);
    const [row] = await tx.query<{ version: number }>('SELECT version FROM twenty48_schema', []);
    const from = row?.version ?? 0;
    if (from > steps.length) {
      return fail(
        'ERR_DB_NEWER',
        `${location} has schema version ${from}; this twenty48 knows up to ${steps.length}: upgrade twenty48`,
      );
    }
    for (let version = from; version < steps.length; version++) {
      for (const statement of (steps[version] as string).split(';')) {
        if (statement.trim()) await tx.query(statement, []);
      }
    }
    await tx.query('UPDATE twenty48_schema SET version = $1', [steps.length]);
    return ok(steps.length);
  });
}
