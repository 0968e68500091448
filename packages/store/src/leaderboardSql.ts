/**
 * The leaderboard's SQL and its decisions, written once for both databases: SQLite (through
 * better-sqlite3, which binds `@name` parameters) and PostgreSQL (`positional` turns them into
 * `$1`, `$2`…). Only what each dialect cannot share lives beside its implementation: the schema
 * (`database.ts`, `postgres/migrations.ts`) and the locks PostgreSQL takes between servers.
 */
import { parseName } from '@twenty48/common';
import {
  fail,
  type GameRecord,
  makeRecord,
  movesDigest,
  nextMovesDigest,
  ok,
  type Result,
} from '@twenty48/engine';
import type {
  AdmissionRefusal,
  LiveRankedGame,
  NewScore,
  OpenRankedGame,
  RankedAdmission,
  RankedGameRow,
  RankedMove,
  RankedMoveRefusal,
  RankingRefusal,
  ScoreRow,
} from './types.js';

/** The table length when none is asked for, and the most one query returns. */
export const DEFAULT_TABLE_LENGTH = 10;
export const MAX_TABLE_LENGTH = 100;

// A game in progress: not lost and not closed by the server. The partial indexes say the same.
const IN_PROGRESS = "status <> 'lost' AND closed IS NULL";
// string_agg with ORDER BY: PostgreSQL's, and SQLite's since 3.44.
const LETTERS =
  "(SELECT string_agg(letter, '' ORDER BY sent) FROM ranked_moves WHERE game = ranked_games.id) AS letters";
/** "No limit" for the statements that take one (SQLite reads -1 so, PostgreSQL refuses it). */
export const NO_LIMIT = 1_000_000_000;

const closing = (of: string) =>
  `UPDATE ranked_games SET closed = @closed, finished_at = @now
   WHERE id IN (SELECT id FROM ranked_games WHERE ${of} AND ${IN_PROGRESS}
     AND updated_at < @before ORDER BY updated_at LIMIT @limit)
   RETURNING game_id AS "gameId", watch_id AS "watchId", score, closed AS status`;

const SCORE_COLUMNS = 'id, name, rules, size, score, max_tile, moves, seed, finished, created_at';

/** Every statement of the leaderboard (scores and ranked games), with `@name` parameters. */
export const SQL = {
  insertScore: `INSERT INTO scores (name, rules, size, score, max_tile, moves, seed, record, finished, created_at)
     VALUES (@name, @rules, @size, @score, @maxTile, @moves, @seed, @record, @finished, @createdAt)
     RETURNING id`,
  // Best first; on equal scores the earlier entry (smaller id) ranks higher.
  rankOfScore: `SELECT CAST(count(*) + 1 AS INTEGER) AS rank FROM scores
     WHERE rules = @rules AND size = @size AND (score > @score OR (score = @score AND id < @id))`,
  scoresAtLeast:
    'SELECT CAST(count(*) AS INTEGER) AS n FROM scores WHERE rules = @rules AND size = @size AND score >= @score',
  topScores: `SELECT ${SCORE_COLUMNS} FROM scores WHERE rules = @rules AND size = @size
     ORDER BY score DESC, id ASC LIMIT @limit`,
  scoreById: `SELECT ${SCORE_COLUMNS}, record FROM scores WHERE id = @id`,

  insertRanked: `INSERT INTO ranked_games (game_id, watch_id, seed, rules, size, score, max_tile, status,
       client, player, created_at, updated_at, finished_at, version, digest)
     VALUES (@gameId, @watchId, @seed, @rules, @size, @score, @maxTile, @status,
       @client, @player, @now, @now, CASE WHEN @status = 'lost' THEN @now END, @version, '')`,
  rankedByGameId: `SELECT *, ${LETTERS} FROM ranked_games WHERE game_id = @gameId`,
  rankedByEitherId: `SELECT *, ${LETTERS} FROM ranked_games WHERE game_id = @id OR watch_id = @id`,
  // The optimistic check: the move lands only on the very moves it was computed on (their
  // digest), and so on the sent count it was computed from.
  advance: `UPDATE ranked_games SET sent = sent + 1, moves = @moves, score = @score,
       max_tile = @maxTile, status = @status, updated_at = @now, digest = @after,
       finished_at = CASE WHEN @status = 'lost' THEN @now END
     WHERE game_id = @gameId AND sent = @index AND digest = @digest AND ${IN_PROGRESS}
     RETURNING id`,
  // A game kept before moves had digests gets its digest when first read (as its moves are).
  fillDigest: `UPDATE ranked_games SET digest = @digest
     WHERE game_id = @gameId AND digest IS NULL AND sent = @sent`,
  insertMove: 'INSERT INTO ranked_moves (game, sent, letter) VALUES (@game, @index, @letter)',
  // A day's games are not listed: a watcher could copy a good player's moves on the same tiles.
  live: `SELECT watch_id, rules, size, score, max_tile, moves, status, updated_at FROM ranked_games
     WHERE ${IN_PROGRESS} AND game_id NOT IN (SELECT game_id FROM daily_games)
     ORDER BY score DESC, updated_at DESC LIMIT @limit`,
  countAll: `SELECT CAST(count(*) AS INTEGER) AS n FROM ranked_games WHERE ${IN_PROGRESS}`,
  countClient: `SELECT CAST(count(*) AS INTEGER) AS n, min(updated_at) AS oldest FROM ranked_games
     WHERE client = @client AND ${IN_PROGRESS}`,
  countPlayer: `SELECT CAST(count(*) AS INTEGER) AS n FROM ranked_games
     WHERE player = @player AND ${IN_PROGRESS}`,
  openOfPlayer: `SELECT game_id, watch_id, rules, size, moves, score FROM ranked_games
     WHERE player = @player AND ${IN_PROGRESS} ORDER BY updated_at DESC, id DESC LIMIT @limit`,
  // Two statements, so that one client's games are found through its index.
  closeOfClient: closing('client = @client'),
  closeOfAll: closing('true'),
  forgetEnded: `DELETE FROM ranked_games WHERE (status = 'lost' OR closed IS NOT NULL) AND finished_at < @before`,
  markRanked:
    'UPDATE ranked_games SET score_id = @scoreId WHERE game_id = @gameId AND score_id IS NULL',
} as const;

/** The columns of `ranked_games` as read, with the letters of its moves. */
export interface RankedColumns {
  id: number | string;
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
  player: string;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  score_id: number | string | null;
  letters: string | null;
  version: number;
  digest: string | null;
}

/**
 * The parameters that give a game kept before moves had digests its digest (`SQL.fillDigest`),
 * or null when it has one.
 */
export const digestToFill = (columns: RankedColumns) =>
  columns.digest === null
    ? {
        gameId: columns.game_id,
        digest: movesDigest(columns.letters ?? ''),
        sent: (columns.letters ?? '').length,
      }
    : null;

/** The digest of the moves after `move`: what a move that lands leaves in its game's row. */
export const digestAfter = (move: RankedMove): string => nextMovesDigest(move.digest, move.letter);

/** A ranked game's row as the store answers it (PostgreSQL's bigint ids read as numbers). */
export const rankedRowOf = (columns: RankedColumns): RankedGameRow => ({
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
  player: columns.player,
  createdAt: columns.created_at,
  updatedAt: columns.updated_at,
  finishedAt: columns.finished_at,
  scoreId: columns.score_id === null ? null : Number(columns.score_id),
  version: columns.version === 1 ? 1 : 2,
  digest: columns.digest ?? movesDigest(columns.letters ?? ''),
});

/** The live list's columns (`SQL.live`), as either database returns them. */
export interface LiveColumns {
  watch_id: string;
  rules: string;
  size: number;
  score: number;
  max_tile: number;
  moves: number;
  status: 'playing' | 'won';
  updated_at: string;
}

/** A game in progress as the live list shows it. */
export const liveRowOf = (columns: LiveColumns): LiveRankedGame => ({
  watchId: columns.watch_id,
  rules: columns.rules,
  size: columns.size,
  score: columns.score,
  maxTile: columns.max_tile,
  moves: columns.moves,
  status: columns.status,
  updatedAt: columns.updated_at,
});

/** The live list's length: at least one game, whole numbers. */
export const liveLimit = (limit: number): { limit: number } => ({
  limit: Math.max(1, Math.floor(limit)),
});

export interface ScoreColumns {
  id: number | string;
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

export const scoreRowOf = (columns: ScoreColumns, rank: number): ScoreRow => ({
  id: Number(columns.id),
  rank,
  name: columns.name,
  rules: columns.rules,
  size: columns.size,
  score: columns.score,
  maxTile: columns.max_tile,
  moves: columns.moves,
  seed: columns.seed,
  finished: Number(columns.finished) === 1,
  createdAt: columns.created_at,
});

export const clampLimit = (limit: number | undefined): number =>
  Math.min(MAX_TABLE_LENGTH, Math.max(1, Math.floor(limit ?? DEFAULT_TABLE_LENGTH)));

/** The parameters of `SQL.insertScore` for an entry, or the name rule's refusal. */
export function scoreParameters(entry: NewScore, now = new Date()) {
  const name = parseName(entry.name);
  if (!name.ok) return name;
  const { record } = entry;
  return ok({
    name: name.value,
    rules: record.rules.name,
    size: record.rules.size,
    score: entry.score,
    maxTile: entry.maxTile,
    moves: record.moves.length,
    seed: record.seed,
    record: makeRecord(record),
    finished: entry.finished ? 1 : 0,
    createdAt: now.toISOString(),
  });
}

/** What decides a move's refusal: whether the game is closed or lost, and its sent count. */
export interface MoveState {
  readonly closed: string | null;
  readonly status: string;
  readonly sent: number;
}

/** Why a move did not land, from the game as it is when the move is decided (null: unknown). */
export function refusalOf(
  game: MoveState | null,
  move: RankedMove,
): Result<never, RankedMoveRefusal> {
  if (!game) return fail('ERR_UNKNOWN_GAME', 'no ranked game with this id');
  if (game.closed) return fail('ERR_GAME_EXPIRED', `this game was ${game.closed}`);
  if (game.status === 'lost') return fail('ERR_GAME_OVER', 'this game is over');
  return fail(
    'ERR_MOVE_ORDER',
    `move ${move.index} was computed on another state: ${game.sent} moves are kept`,
  );
}

/** Why a move did not land (the optimistic update changed no row), from the row as it is. */
export function moveRefusal(
  row: RankedGameRow | null,
  move: RankedMove,
): Result<never, RankedMoveRefusal> {
  return refusalOf(row && { ...row, sent: row.sent.length }, move);
}

/** The columns of `SQL.openOfPlayer`. */
export interface OpenColumns {
  game_id: string;
  watch_id: string;
  rules: string;
  size: number;
  moves: number;
  score: number | string;
}

/** An open game as a refusal names it. */
export const openGameOf = (columns: OpenColumns): OpenRankedGame => ({
  gameId: columns.game_id,
  watchId: columns.watch_id,
  rules: columns.rules,
  size: columns.size,
  moves: columns.moves,
  score: Number(columns.score),
});

/** How many of the player's open games a refusal names (the per-player limit's default). */
export const OPEN_GAMES_NAMED = 5;

/** When a player at a games limit may ask again: a game ends only when it is played. */
const TOO_MANY_RETRY_MS = 60_000;

/**
 * The player's and the address's own limits: a refusal naming the player's open games (to
 * resume one instead), or null. No game is closed to make room.
 */
export function clientRefusal(
  counts: { readonly player: number; readonly address: number },
  open: readonly OpenRankedGame[],
  admission: RankedAdmission,
): AdmissionRefusal | null {
  const refusal = (message: string): AdmissionRefusal => ({
    code: 'ERR_TOO_MANY_GAMES',
    message,
    retryAfterMs: TOO_MANY_RETRY_MS,
    open,
  });
  if (counts.player >= admission.perPlayer) {
    return refusal(
      `you have ${counts.player} games in progress, the most one player may: resume one (open lists them) or play one to its end`,
    );
  }
  if (counts.address >= admission.perAddress) {
    return refusal(
      `this address has ${counts.address} games in progress, the most one address may; play one to its end first`,
    );
  }
  return null;
}

/** The whole service's limit on games in progress. */
export function fullRefusal(n: number, admission: RankedAdmission): AdmissionRefusal | null {
  if (n < admission.maxInProgress) return null;
  return {
    code: 'ERR_SERVER_FULL',
    message: `the server holds ${n} games in progress, its most`,
    retryAfterMs: admission.fullRetryMs,
  };
}

/** What ranking a game checks first; throws when the record given is not the game kept. */
export function rankRefusal(
  row: RankedGameRow | null,
  gameId: string,
  entry: { readonly record: GameRecord; readonly score: number },
): Result<void, RankingRefusal> {
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
  return ok(undefined);
}

/**
 * A statement with `@name` parameters as PostgreSQL takes it: `$1`, `$2`… in order of first
 * use, and the names to read the values from.
 *
 * @example
 * positional('SELECT @a, @b, @a') // { text: 'SELECT $1, $2, $1', names: ['a', 'b'] }
 */
export function positional(sql: string): { text: string; names: string[] } {
  const names: string[] = [];
  const text = sql.replace(/@([A-Za-z]\w*)/g, (_, name: string) => {
    let at = names.indexOf(name);
    if (at < 0) at = names.push(name) - 1;
    return `$${at + 1}`;
  });
  return { text, names };
}
