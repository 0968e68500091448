import { fail, type GameRecord, ok, type Result } from '@twenty48/engine';
import type Database from 'better-sqlite3';
import type {
  AdmissionRefusal,
  EndedRankedGame,
  LiveRankedGame,
  NewRankedGame,
  RankedAdmission,
  RankedGameRow,
  RankedMove,
  StoreError,
} from './types.js';

interface RankedColumns {
  id: number;
  game_id: string;
  watch_id: string;
  seed: string;
  rules: string;
  size: number;
  sent: number;
  moves: number;
  score: number;
  max_tile: number;
  status: 'playing' | 'won' | 'lost';
  closed: 'abandoned' | 'expired' | null;
  client: string;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  score_id: number | null;
  letters: string | null;
}

// A game in progress: not lost and not closed by the server. The partial indexes say the same.
const IN_PROGRESS = "status <> 'lost' AND closed IS NULL";
const LETTERS =
  "(SELECT group_concat(letter, '' ORDER BY sent) FROM ranked_moves WHERE game = ranked_games.id) AS letters";

const rowOf = (columns: RankedColumns): RankedGameRow => ({
  gameId: columns.game_id,
  watchId: columns.watch_id,
  seed: columns.seed,
  rules: columns.rules,
  size: columns.size,
  sent: columns.letters ?? '',
  moves: columns.moves,
  score: columns.score,
  maxTile: columns.max_tile,
  status: columns.status,
  closed: columns.closed,
  client: columns.client,
  createdAt: columns.created_at,
  updatedAt: columns.updated_at,
  finishedAt: columns.finished_at,
  scoreId: columns.score_id,
});

/** What a ranked game's score row needs: the server's own record of it and its figures. */
export interface RankedScore {
  readonly name: string;
  readonly record: GameRecord;
  readonly score: number;
  readonly maxTile: number;
}

type AddScore = (entry: {
  name: string;
  record: GameRecord;
  score: number;
  maxTile: number;
  finished: boolean;
}) => Result<{ id: number; rank: number }, StoreError>;

/**
 * Ranked games the server deals, kept as they go: one row per game (ids, seed, rules, the
 * figures after the last move) and one row per move sent, so a restart loses nothing.
 */
export function createRankedGames(db: Database.Database, addScore: AddScore) {
  const insert = db.prepare(
    `INSERT INTO ranked_games (game_id, watch_id, seed, rules, size, score, max_tile, status,
       client, created_at, updated_at, finished_at)
     VALUES (@gameId, @watchId, @seed, @rules, @size, @score, @maxTile, @status,
       @client, @now, @now, CASE WHEN @status = 'lost' THEN @now END)`,
  );
  const byGameId = db.prepare(`SELECT *, ${LETTERS} FROM ranked_games WHERE game_id = ?`);
  const byEitherId = db.prepare(
    `SELECT *, ${LETTERS} FROM ranked_games WHERE game_id = @id OR watch_id = @id`,
  );
  // The optimistic check: the move lands only on the sent count it was computed from.
  const advance = db.prepare(
    `UPDATE ranked_games SET sent = sent + 1, moves = @moves, score = @score,
       max_tile = @maxTile, status = @status, updated_at = @now,
       finished_at = CASE WHEN @status = 'lost' THEN @now END
     WHERE game_id = @gameId AND sent = @index AND ${IN_PROGRESS}
     RETURNING id`,
  );
  const insertMove = db.prepare('INSERT INTO ranked_moves (game, sent, letter) VALUES (?, ?, ?)');
  const live = db.prepare(
    `SELECT watch_id, rules, size, score, max_tile, moves, status, updated_at FROM ranked_games
     WHERE ${IN_PROGRESS} ORDER BY score DESC, updated_at DESC LIMIT ?`,
  );
  const countAll = db.prepare(`SELECT count(*) AS n FROM ranked_games WHERE ${IN_PROGRESS}`);
  const countClient = db.prepare(
    `SELECT count(*) AS n, min(updated_at) AS oldest FROM ranked_games
     WHERE client = ? AND ${IN_PROGRESS}`,
  );
  const closing = (of: string) =>
    db.prepare(
      `UPDATE ranked_games SET closed = @closed, finished_at = @now
       WHERE id IN (SELECT id FROM ranked_games WHERE ${of} AND ${IN_PROGRESS}
         AND updated_at < @before ORDER BY updated_at LIMIT @limit)
       RETURNING game_id AS gameId, watch_id AS watchId, score, closed AS status`,
    );
  // Two statements, so that one client's games are found through its index.
  const closeOfClient = closing('client = @client');
  const closeOfAll = closing('1');
  const forget = db.prepare(
    `DELETE FROM ranked_games WHERE (status = 'lost' OR closed IS NOT NULL) AND finished_at < ?`,
  );
  const markRanked = db.prepare(
    'UPDATE ranked_games SET score_id = ? WHERE game_id = ? AND score_id IS NULL',
  );

  const load = (gameId: string): RankedGameRow | null => {
    const columns = byGameId.get(gameId) as RankedColumns | undefined;
    return columns ? rowOf(columns) : null;
  };
  /** Keep one move, if the game is in progress and has exactly `move.index` moves sent. */
  const append = (move: RankedMove, now: string): Result<void, StoreError> => {
    const updated = advance.get({ ...move, now }) as { id: number } | undefined;
    if (updated) {
      insertMove.run(updated.id, move.index, move.letter);
      return ok(undefined);
    }
    const row = load(move.gameId);
    if (!row) return fail('ERR_UNKNOWN_GAME', 'no ranked game with this id');
    if (row.closed) return fail('ERR_GAME_EXPIRED', `this game was ${row.closed}`);
    if (row.status === 'lost') return fail('ERR_GAME_OVER', 'this game is over');
    return fail(
      'ERR_MOVE_ORDER',
      `move ${move.index} was computed on another state: ${row.sent.length} moves are kept`,
    );
  };
  const closeIdle = (
    closed: 'abandoned' | 'expired',
    before: string,
    now: string,
    client: string | null,
    limit: number,
  ): EndedRankedGame[] =>
    (client === null
      ? closeOfAll.all({ closed, before, now, limit })
      : closeOfClient.all({ closed, before, now, client, limit })) as EndedRankedGame[];

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
        let abandoned: EndedRankedGame[] = [];
        const mine = countClient.get(game.client) as { n: number; oldest: string | null };
        if (mine.n >= admission.perClient) {
          const before = new Date(now.getTime() - admission.replaceIdleMs).toISOString();
          abandoned = closeIdle(
            'abandoned',
            before,
            at,
            game.client,
            mine.n - admission.perClient + 1,
          );
          if (mine.n - abandoned.length >= admission.perClient) {
            const oldest = Date.parse(mine.oldest ?? at);
            return {
              ok: false as const,
              error: {
                code: 'ERR_TOO_MANY_GAMES' as const,
                message: `this address has ${mine.n} games in progress, none idle long enough to close`,
                retryAfterMs: Math.max(0, oldest + admission.replaceIdleMs - now.getTime()),
              },
            };
          }
        }
        const { n } = countAll.get() as { n: number };
        if (n >= admission.maxInProgress) {
          return {
            ok: false as const,
            error: {
              code: 'ERR_SERVER_FULL' as const,
              message: `the server holds ${n} games in progress, its most`,
              retryAfterMs: admission.fullRetryMs,
            },
          };
        }
        insert.run({ ...game, now: at });
        return { ok: true as const, value: { abandoned } };
      })();
    },

    loadRankedGame(gameId: string): RankedGameRow | null {
      return typeof gameId === 'string' ? load(gameId) : null;
    },

    findWatchedGame(id: string): RankedGameRow | null {
      const columns = byEitherId.get({ id }) as RankedColumns | undefined;
      return columns ? rowOf(columns) : null;
    },

    appendRankedMoves(moves: readonly RankedMove[], now = new Date()): Result<void, StoreError>[] {
      const at = now.toISOString();
      return db.transaction(() => moves.map((move) => append(move, at)))();
    },

    appendRankedMove(move: RankedMove, now = new Date()): Result<void, StoreError> {
      return db.transaction(() => append(move, now.toISOString()))();
    },

    listLiveRankedGames(limit: number): LiveRankedGame[] {
      const rows = live.all(Math.max(1, Math.floor(limit))) as {
        watch_id: string;
        rules: string;
        size: number;
        score: number;
        max_tile: number;
        moves: number;
        status: 'playing' | 'won';
        updated_at: string;
      }[];
      return rows.map((row) => ({
        watchId: row.watch_id,
        rules: row.rules,
        size: row.size,
        score: row.score,
        maxTile: row.max_tile,
        moves: row.moves,
        status: row.status,
        updatedAt: row.updated_at,
      }));
    },

    countRankedGamesInProgress(client?: string): number {
      const row = (client === undefined ? countAll.get() : countClient.get(client)) as {
        n: number;
      };
      return row.n;
    },

    expireIdleRankedGames(idleMs: number, now = new Date()): EndedRankedGame[] {
      const before = new Date(now.getTime() - idleMs).toISOString();
      return closeIdle('expired', before, now.toISOString(), null, -1);
    },

    forgetEndedRankedGames(before: Date): number {
      return forget.run(before.toISOString()).changes;
    },

    rankRankedGame(
      gameId: string,
      entry: RankedScore,
    ): Result<{ id: number; rank: number }, StoreError> {
      return db.transaction((): Result<{ id: number; rank: number }, StoreError> => {
        const row = load(gameId);
        if (!row) return fail('ERR_UNKNOWN_GAME', 'no ranked game with this id');
        if (row.scoreId !== null) {
          return fail('ERR_GAME_USED', `this game is ranked already (score ${row.scoreId})`);
        }
        if (row.status !== 'lost') {
          return fail('ERR_NOT_FINISHED', 'only a game played to its end is ranked');
        }
        if (entry.record.moves.length !== row.moves || entry.score !== row.score) {
          throw new Error(`rankRankedGame: the record of ${gameId} is not the game kept`);
        }
        const added = addScore({ ...entry, finished: true });
        if (!added.ok) return added;
        markRanked.run(added.value.id, gameId);
        return added;
      })();
    },
  };
}
