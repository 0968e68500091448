/**
 * Keeping a batch of moves on PostgreSQL in one statement (one round trip, its own transaction),
 * set-based over arrays, for any number of games, as if each move were kept alone in order.
 */
import { ok, type Result } from '@twenty48/engine';
import { digestAfter, type MoveState, refusalOf } from '../leaderboardSql.js';
import type { RankedMove, RankedMoveRefusal } from '../types.js';
import type { PgSession } from './client.js';

/** Game ids per notification: a payload is at most 8000 bytes, an id 22 characters. */
export const IDS_PER_NOTICE = 250;

/**
 * A round of moves: each game's moves a chain of consecutive indexes, in order, each computed on
 * the one before (its digest is the digest after it). `low` is the smallest sent count on which
 * the move still lands in its chain: the chain's first index, or past a move of the chain that
 * loses the game (nothing lands after a loss).
 *
 * The statement, for the whole round:
 * - locks the games' rows in game id order (every server in the same order: two servers'
 *   statements never wait for each other in a circle; one that waited reads the row as the
 *   other left it, READ COMMITTED);
 * - a move lands when its game is in progress, its sent count is between the move's `low` and
 *   its index, and the game's kept moves are those the chain's move at that count was computed
 *   on (the digests are equal): exactly the moves that would land one after the other;
 * - each game advanced once to its last landed move, every landed move inserted;
 * - answers every move: landed or not, and its game as it was before the statement.
 */
const APPEND_ROUND = `WITH batch AS (
    SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::text[], $6::int[],
      $7::bigint[], $8::bigint[], $9::text[], $11::text[], $12::text[])
      AS b (pos, game_id, low, index, letter, moves, score, max_tile, status, digest,
        digest_after)
  ),
  games AS MATERIALIZED (
    SELECT id, game_id, sent, status, closed, digest FROM ranked_games
    WHERE game_id = ANY ($2::text[]) ORDER BY game_id FOR UPDATE
  ),
  landed AS MATERIALIZED (
    SELECT batch.*, games.id FROM batch JOIN games USING (game_id)
    WHERE games.status <> 'lost' AND games.closed IS NULL
      AND batch.low <= games.sent AND games.sent <= batch.index
      AND EXISTS (SELECT 1 FROM batch AS base WHERE base.game_id = batch.game_id
        AND base.index = games.sent AND base.digest = games.digest)
  ),
  last AS (SELECT DISTINCT ON (id) * FROM landed ORDER BY id, index DESC),
  advanced AS (
    UPDATE ranked_games SET sent = last.index + 1, moves = last.moves, score = last.score,
      max_tile = last.max_tile, status = last.status, updated_at = $10,
      digest = last.digest_after,
      finished_at = CASE WHEN last.status = 'lost' THEN $10 END
    FROM last WHERE ranked_games.id = last.id
  ),
  inserted AS (
    INSERT INTO ranked_moves (game, sent, letter) SELECT id, index, letter FROM landed
  )
  SELECT batch.pos, landed.pos IS NOT NULL AS landed, games.sent, games.status, games.closed
  FROM batch LEFT JOIN games USING (game_id) LEFT JOIN landed USING (pos)`;

/** The games' rows locked in the order every statement here locks them (by game id). */
export const LOCK_GAMES =
  'SELECT id FROM ranked_games WHERE game_id = ANY ($1::text[]) ORDER BY game_id FOR UPDATE';

interface Answer {
  pos: number;
  landed: boolean;
  sent: number | null;
  status: string | null;
  closed: string | null;
}

/**
 * Split moves (in the order given) into rounds: a game's moves go to the same round while
 * their indexes follow one another and each was computed on the one before, the next to the
 * next round. The server sends each game's
 * moves so: one round, unless a client or a test sends the same index twice.
 */
export function roundsOf(
  moves: readonly RankedMove[],
): { move: RankedMove; position: number; low: number }[][] {
  const rounds: { move: RankedMove; position: number; low: number }[][] = [];
  const chains = new Map<string, { round: number; next: number; low: number; after: string }>();
  moves.forEach((move, position) => {
    let chain = chains.get(move.gameId);
    if (!chain || move.index !== chain.next || move.digest !== chain.after) {
      const round = chain ? chain.round + 1 : 0;
      chain = { round, next: move.index, low: move.index, after: move.digest };
      chains.set(move.gameId, chain);
    }
    const round = rounds[chain.round] ?? [];
    rounds[chain.round] = round;
    round.push({ move, position, low: chain.low });
    chain.next = move.index + 1;
    chain.after = digestAfter(move);
    if (move.status === 'lost') chain.low = move.index + 1;
  });
  return rounds;
}

/**
 * Keep one round on `on` (a connection: its own transaction; or a transaction's session) and
 * decide each move's answer as if the moves had been kept one by one, in order: a move that
 * did not land is refused from its game as it was just before it.
 */
export async function appendRound(
  on: PgSession,
  round: readonly { move: RankedMove; position: number; low: number }[],
  at: string,
  results: Result<void, RankedMoveRefusal>[],
): Promise<void> {
  const answers = await on.query<Answer>(APPEND_ROUND, [
    round.map((_, i) => i),
    round.map(({ move }) => move.gameId),
    round.map(({ low }) => low),
    round.map(({ move }) => move.index),
    round.map(({ move }) => move.letter),
    round.map(({ move }) => move.moves),
    round.map(({ move }) => move.score),
    round.map(({ move }) => move.maxTile),
    round.map(({ move }) => move.status),
    at,
    round.map(({ move }) => move.digest),
    round.map(({ move }) => digestAfter(move)),
  ]);
  const byPos = new Array<Answer>(round.length);
  for (const answer of answers) byPos[answer.pos] = answer;
  // Each game as the moves before this one left it.
  const games = new Map<string, MoveState | null>();
  round.forEach(({ move, position }, i) => {
    const answer = byPos[i];
    if (!answer) throw new Error(`appendRankedMoves: no answer for move ${i} of the batch`);
    if (!games.has(move.gameId)) {
      games.set(
        move.gameId,
        answer.sent === null
          ? null
          : { sent: answer.sent, status: answer.status ?? 'playing', closed: answer.closed },
      );
    }
    const game = games.get(move.gameId) ?? null;
    if (answer.landed) {
      games.set(move.gameId, { sent: move.index + 1, status: move.status, closed: null });
      results[position] = ok(undefined);
    } else {
      results[position] = refusalOf(game, move);
    }
  });
}

/** The payloads telling of `gameIds`: the sender's mark, then up to 250 ids by commas. */
export function noticesOf(origin: string, gameIds: readonly string[]): string[] {
  const unique = [...new Set(gameIds)];
  const notices: string[] = [];
  for (let at = 0; at < unique.length; at += IDS_PER_NOTICE) {
    notices.push(`${origin} ${unique.slice(at, at + IDS_PER_NOTICE).join(',')}`);
  }
  return notices;
}

/**
 * Every notice on the channel, in one statement, delivered when its transaction commits.
 * NOTIFY takes one lock for the whole database until its transaction has committed, so the
 * moves are told in a transaction of their own, after theirs: one that notified would make
 * every server's writes wait for each other's flush to disk, one at a time. A transaction that
 * only notifies writes nothing to the log, so its commit does not wait for the disk.
 */
export const NOTIFY = 'SELECT pg_notify($1, notice) FROM unnest($2::text[]) AS notice';
