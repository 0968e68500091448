import { randomBytes } from 'node:crypto';
import { errorMessage } from '@twenty48/common';
import { type GameRecord, ok, parseRecord, type Result } from '@twenty48/engine';
import {
  clampLimit,
  clientRefusal,
  digestToFill,
  fullRefusal,
  type LiveColumns,
  liveLimit,
  liveRowOf,
  NO_LIMIT,
  OPEN_GAMES_NAMED,
  type OpenColumns,
  openGameOf,
  positional,
  type RankedColumns,
  rankedRowOf,
  rankRefusal,
  type ScoreColumns,
  SQL,
  scoreParameters,
  scoreRowOf,
} from '../leaderboardSql.js';
import { createPlayStore } from '../play.js';
import { postgresPlayRunner } from '../playRunners.js';
import type {
  EndedRankedGame,
  LeaderboardStore,
  LiveRankedGame,
  RankedGameRow,
  RankedMoveRefusal,
  RankedScore,
  RankingRefusal,
  ScoreRow,
  StoreError,
} from '../types.js';
import type { PgClient, PgSession } from './client.js';
import { migratePostgres } from './migrations.js';
import { appendRound, LOCK_GAMES, NOTIFY, noticesOf, roundsOf } from './moves.js';

/** The channel on which servers tell each other of the games they changed. */
export const CHANGES_CHANNEL = 'twenty48_games';
/** The advisory lock of game creation: the limits on games in progress hold across servers. */
const ADMISSION_LOCK = 0x32303439;

type Named = Record<string, unknown>;

/** Run a `@name` statement of `leaderboardSql.ts` on a PostgreSQL session. */
const compiled = new Map<string, { text: string; names: string[] }>();
function run<T>(on: PgSession, sql: string, values: Named = {}): Promise<T[]> {
  let statement = compiled.get(sql);
  if (!statement) {
    statement = positional(sql);
    compiled.set(sql, statement);
  }
  return on.query<T>(
    statement.text,
    statement.names.map((name) => values[name] ?? null),
  );
}

/**
 * The leaderboard on PostgreSQL, for any number of servers on one database: moves land through
 * the same optimistic update as on SQLite (checked against the sent count, row-locked by the
 * UPDATE itself), so a move lands once and in order whichever server sends it; a game is
 * ranked under a row lock (SELECT … FOR UPDATE), games are created under an advisory lock (the
 * limits count every server's games), and every change is told to the other servers by NOTIFY.
 * Migrates the database first; ERR_DB_OPEN when it cannot be reached.
 */
export async function openPostgresLeaderboard(
  client: PgClient,
  location: string,
  schema: string | null = null,
): Promise<Result<LeaderboardStore, StoreError>> {
  // Each store's notifications carry its own mark, so that it ignores its own.
  const origin = randomBytes(6).toString('base64url');
  const listeners = new Set<(gameIds: readonly string[]) => void>();
  let unlisten: () => Promise<void>;
  try {
    const migrated = await migratePostgres(client, location, schema);
    if (!migrated.ok) {
      await client.close();
      return migrated;
    }
    unlisten = await client.listen(CHANGES_CHANNEL, (payload) => {
      const [from, ids] = payload.split(' ');
      if (from === origin || !ids) return;
      const gameIds = ids.split(',');
      for (const listener of listeners) listener(gameIds);
    });
  } catch (error) {
    await client.close().catch(() => {});
    const reason = errorMessage(error);
    return {
      ok: false,
      error: { code: 'ERR_DB_OPEN', message: `cannot open ${location}: ${reason}` },
    };
  }
  const notify = async (tx: PgSession, gameIds: readonly string[]): Promise<void> => {
    if (gameIds.length > 0) await tx.query(NOTIFY, [CHANGES_CHANNEL, noticesOf(origin, gameIds)]);
  };

  /** A row read: a game kept before moves had digests gets its digest now. */
  const rowOf = async (on: PgSession, columns: RankedColumns): Promise<RankedGameRow> => {
    const fill = digestToFill(columns);
    if (fill) await run(on, SQL.fillDigest, fill);
    return rankedRowOf(columns);
  };
  const load = async (on: PgSession, gameId: string): Promise<RankedGameRow | null> => {
    const [columns] = await run<RankedColumns>(on, SQL.rankedByGameId, { gameId });
    return columns ? rowOf(on, columns) : null;
  };
  const rankOf = async (on: PgSession, row: Named): Promise<number> =>
    (await run<{ rank: number }>(on, SQL.rankOfScore, row))[0]?.rank ?? 0;
  const closeIdle = (
    on: PgSession,
    values: { closed: string; before: string; now: string; limit: number; client?: string },
  ) =>
    run<EndedRankedGame>(
      on,
      values.client === undefined ? SQL.closeOfAll : SQL.closeOfClient,
      values,
    );

  let closed = false;
  return ok({
    kind: 'postgres',
    location,
    play: createPlayStore(postgresPlayRunner(client)),

    async topScores(query): Promise<ScoreRow[]> {
      const rows = await run<ScoreColumns>(client, SQL.topScores, {
        ...query,
        limit: clampLimit(query.limit),
      });
      return rows.map((columns, index) => scoreRowOf(columns, index + 1));
    },

    async getScore(id): Promise<(ScoreRow & { readonly record: GameRecord }) | null> {
      const [columns] = await run<ScoreColumns & { record: string }>(client, SQL.scoreById, {
        id,
      });
      if (!columns) return null;
      const record = parseRecord(columns.record);
      if (!record.ok) return null;
      return { ...scoreRowOf(columns, await rankOf(client, { ...columns })), record: record.value };
    },

    createRankedGame(game, admission, now = new Date()) {
      return client.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [ADMISSION_LOCK]);
        const at = now.toISOString();
        const [player] = await run<{ n: number }>(tx, SQL.countPlayer, { player: game.player });
        const [address] = await run<{ n: number }>(tx, SQL.countClient, { client: game.client });
        const counts = { player: player?.n ?? 0, address: address?.n ?? 0 };
        const atLimit =
          counts.player >= admission.perPlayer || counts.address >= admission.perAddress;
        const open = atLimit
          ? (
              await run<OpenColumns>(tx, SQL.openOfPlayer, {
                player: game.player,
                limit: OPEN_GAMES_NAMED,
              })
            ).map(openGameOf)
          : [];
        const refused =
          clientRefusal(counts, open, admission) ??
          fullRefusal((await run<{ n: number }>(tx, SQL.countAll))[0]?.n ?? 0, admission);
        if (refused) return { ok: false as const, error: refused };
        await run(tx, SQL.insertRanked, { ...game, now: at });
        // No game is closed to make room any more; the answer keeps its shape.
        const abandoned: EndedRankedGame[] = [];
        return { ok: true as const, value: { abandoned } };
      });
    },

    loadRankedGame: (gameId) => load(client, gameId),

    async findWatchedGame(id) {
      const [columns] = await run<RankedColumns>(client, SQL.rankedByEitherId, { id });
      return columns ? rowOf(client, columns) : null;
    },

    async appendRankedMoves(moves, now = new Date()) {
      if (moves.length === 0) return [];
      const at = now.toISOString();
      const results = new Array<Result<void, RankedMoveRefusal>>(moves.length);
      const rounds = roundsOf(moves);
      const [only] = rounds;
      if (rounds.length === 1 && only) {
        // The usual batch (each game's indexes one after another): one statement, its own
        // transaction, one round trip.
        await appendRound(client, only, at, results);
      } else {
        await client.transaction(async (tx) => {
          // Every game of the batch locked first, in the one order: rounds lock no more.
          await tx.query(LOCK_GAMES, [[...new Set(moves.map((move) => move.gameId))]]);
          for (const round of rounds) await appendRound(tx, round, at, results);
        });
      }
      // Committed: told to the other servers before any move is answered.
      const kept = moves.filter((_, i) => results[i]?.ok).map((move) => move.gameId);
      if (kept.length > 0) {
        await client.query(NOTIFY, [CHANGES_CHANNEL, noticesOf(origin, kept)]);
      }
      return results;
    },

    async listLiveRankedGames(limit): Promise<LiveRankedGame[]> {
      return (await run<LiveColumns>(client, SQL.live, liveLimit(limit))).map(liveRowOf);
    },

    async countRankedGamesInProgress(of?: string) {
      const [row] = await run<{ n: number }>(
        client,
        of === undefined ? SQL.countAll : SQL.countClient,
        { client: of },
      );
      return row?.n ?? 0;
    },

    expireIdleRankedGames(idleMs, now = new Date()) {
      return client.transaction(async (tx) => {
        const before = new Date(now.getTime() - idleMs).toISOString();
        const ended = await closeIdle(tx, {
          closed: 'expired',
          before,
          now: now.toISOString(),
          limit: NO_LIMIT,
        });
        await notify(
          tx,
          ended.map((game) => game.gameId),
        );
        return ended;
      });
    },

    async forgetEndedRankedGames(before) {
      const gone = await run<{ id: number }>(client, `${SQL.forgetEnded} RETURNING id`, {
        before: before.toISOString(),
      });
      return gone.length;
    },

    rankRankedGame(gameId: string, entry: RankedScore) {
      return client.transaction(
        async (tx): Promise<Result<{ id: number; rank: number }, RankingRefusal>> => {
          // Two servers ranking the same game: the second waits here, then finds it ranked.
          await tx.query('SELECT id FROM ranked_games WHERE game_id = $1 FOR UPDATE', [gameId]);
          const refused = rankRefusal(await load(tx, gameId), gameId, entry);
          if (!refused.ok) return refused;
          const row = scoreParameters({ ...entry, finished: true });
          if (!row.ok) return row;
          const [inserted] = await run<{ id: number }>(tx, SQL.insertScore, row.value);
          const id = Number(inserted?.id);
          const rank = await rankOf(tx, { ...row.value, id });
          await run(tx, SQL.markRanked, { scoreId: id, gameId });
          await notify(tx, [gameId]);
          return ok({ id, rank });
        },
      );
    },

    onOtherServers(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async health() {
      if (closed)
        return { ok: false, error: { code: 'ERR_DB_OPEN', message: `${location} is closed` } };
      try {
        await client.query('SELECT 1', []);
        return ok(undefined);
      } catch (error) {
        const message = errorMessage(error);
        return { ok: false, error: { code: 'ERR_DB_FAILED', message } };
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      await unlisten().catch(() => {});
      await client.close();
    },
  });
}
