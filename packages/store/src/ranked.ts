import { type GameRecord, ok, type Result } from '@twenty48/engine';
import type Database from 'better-sqlite3';
import {
  clientRefusal,
  digestAfter,
  digestToFill,
  fullRefusal,
  type LiveColumns,
  liveLimit,
  liveRowOf,
  moveRefusal,
  NO_LIMIT,
  OPEN_GAMES_NAMED,
  type OpenColumns,
  openGameOf,
  type RankedColumns,
  rankedRowOf,
  rankRefusal,
  SQL,
} from './leaderboardSql.js';
import type {
  AdmissionRefusal,
  EndedRankedGame,
  LiveRankedGame,
  NewRankedGame,
  RankedAdmission,
  RankedGameRow,
  RankedMove,
  RankedMoveRefusal,
  RankedScore,
  RankingRefusal,
} from './types.js';

type AddScore = (entry: {
  name: string;
  record: GameRecord;
  score: number;
  maxTile: number;
  finished: boolean;
}) => Result<{ id: number; rank: number }, 'ERR_NAME'>;

/** What a `count(*) AS n` statement reads. */
interface Count {
  readonly n: number;
}
/** A count's row (a count always has one; none reads as 0). */
const countOf = (row: Count | undefined): number => row?.n ?? 0;

/**
 * Ranked games the server deals, kept as they go: one row per game (ids, seed, rules, the
 * figures after the last move) and one row per move sent, so a restart loses nothing.
 */
export function createRankedGames(db: Database.Database, addScore: AddScore) {
  // Each statement names the row it reads (its columns are those of leaderboardSql.ts).
  const insert = db.prepare(SQL.insertRanked);
  const byGameId = db.prepare<unknown[], RankedColumns>(SQL.rankedByGameId);
  const byEitherId = db.prepare<unknown[], RankedColumns>(SQL.rankedByEitherId);
  const advance = db.prepare<unknown[], { id: number }>(SQL.advance);
  const insertMove = db.prepare(SQL.insertMove);
  const live = db.prepare<unknown[], LiveColumns>(SQL.live);
  const countAll = db.prepare<unknown[], Count>(SQL.countAll);
  const countClient = db.prepare<unknown[], Count>(SQL.countClient);
  const countPlayer = db.prepare<unknown[], Count>(SQL.countPlayer);
  const openOfPlayer = db.prepare<unknown[], OpenColumns>(SQL.openOfPlayer);
  const closeOfClient = db.prepare<unknown[], EndedRankedGame>(SQL.closeOfClient);
  const closeOfAll = db.prepare<unknown[], EndedRankedGame>(SQL.closeOfAll);
  const forget = db.prepare(SQL.forgetEnded);
  const markRanked = db.prepare(SQL.markRanked);
  const fillDigest = db.prepare(SQL.fillDigest);

  /** A row read: a game kept before moves had digests gets its digest now. */
  const rowOf = (columns: RankedColumns): RankedGameRow => {
    const fill = digestToFill(columns);
    if (fill) fillDigest.run(fill);
    return rankedRowOf(columns);
  };
  const load = (gameId: string): RankedGameRow | null => {
    const columns = byGameId.get({ gameId });
    return columns ? rowOf(columns) : null;
  };
  /** Keep one move, if the game is in progress and its kept moves are those it was computed on. */
  const append = (move: RankedMove, now: string): Result<void, RankedMoveRefusal> => {
    const updated = advance.get({ ...move, after: digestAfter(move), now });
    if (!updated) return moveRefusal(load(move.gameId), move);
    insertMove.run({ game: updated.id, index: move.index, letter: move.letter });
    return ok(undefined);
  };
  const closeIdle = (
    closed: 'abandoned' | 'expired',
    before: string,
    now: string,
    client: string | null,
    limit: number,
  ): EndedRankedGame[] =>
    client === null
      ? closeOfAll.all({ closed, before, now, limit })
      : closeOfClient.all({ closed, before, now, client, limit });

  return {
    createRankedGame(
      game: NewRankedGame,
      admission: RankedAdmission,
      now = new Date(),
    ):
      | { ok: true; value: { abandoned: EndedRankedGame[] } }
      | { ok: false; error: AdmissionRefusal } {
      return db.transaction(() => {
        const at = now.toISOString();
        const counts = {
          player: countOf(countPlayer.get({ player: game.player })),
          address: countOf(countClient.get({ client: game.client })),
        };
        const atLimit =
          counts.player >= admission.perPlayer || counts.address >= admission.perAddress;
        const open = atLimit
          ? openOfPlayer.all({ player: game.player, limit: OPEN_GAMES_NAMED }).map(openGameOf)
          : [];
        const refused =
          clientRefusal(counts, open, admission) ?? fullRefusal(countOf(countAll.get()), admission);
        if (refused) return { ok: false as const, error: refused };
        insert.run({ ...game, now: at });
        // No game is closed to make room any more; the answer keeps its shape.
        const abandoned: EndedRankedGame[] = [];
        return { ok: true as const, value: { abandoned } };
      })();
    },

    loadRankedGame(gameId: string): RankedGameRow | null {
      return typeof gameId === 'string' ? load(gameId) : null;
    },

    findWatchedGame(id: string): RankedGameRow | null {
      const columns = byEitherId.get({ id });
      return columns ? rowOf(columns) : null;
    },

    appendRankedMoves(
      moves: readonly RankedMove[],
      now = new Date(),
    ): Result<void, RankedMoveRefusal>[] {
      const at = now.toISOString();
      return db.transaction(() => moves.map((move) => append(move, at)))();
    },

    appendRankedMove(move: RankedMove, now = new Date()): Result<void, RankedMoveRefusal> {
      return db.transaction(() => append(move, now.toISOString()))();
    },

    listLiveRankedGames(limit: number): LiveRankedGame[] {
      return live.all(liveLimit(limit)).map(liveRowOf);
    },

    countRankedGamesInProgress(client?: string): number {
      return countOf(client === undefined ? countAll.get() : countClient.get({ client }));
    },

    expireIdleRankedGames(idleMs: number, now = new Date()): EndedRankedGame[] {
      const before = new Date(now.getTime() - idleMs).toISOString();
      return closeIdle('expired', before, now.toISOString(), null, NO_LIMIT);
    },

    forgetEndedRankedGames(before: Date): number {
      return forget.run({ before: before.toISOString() }).changes;
    },

    rankRankedGame(
      gameId: string,
      entry: RankedScore,
    ): Result<{ id: number; rank: number }, RankingRefusal> {
      return db.transaction((): Result<{ id: number; rank: number }, RankingRefusal> => {
        const refused = rankRefusal(load(gameId), gameId, entry);
        if (!refused.ok) return refused;
        const added = addScore({ ...entry, finished: true });
        if (!added.ok) return added;
        markRanked.run({ scoreId: added.value.id, gameId });
        return added;
      })();
    },
  };
}
