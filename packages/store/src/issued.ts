import { randomBytes } from 'node:crypto';
import { fail, ok, type Result } from '@twenty48/engine';
import type Database from 'better-sqlite3';
import type { IssuedGame, StoreError } from './types.js';

interface IssuedColumns {
  game_id: string;
  seed: string;
  rules: string;
  size: number;
  expires_at: string;
  used_at: string | null;
}

/** How long an expired or used issued game is kept before it is swept away. */
const KEEP_AFTER_EXPIRY_MS = 24 * 60 * 60 * 1000;

const issuedOf = (columns: IssuedColumns): IssuedGame => ({
  gameId: columns.game_id,
  seed: columns.seed,
  rules: columns.rules,
  size: columns.size,
  expiresAt: columns.expires_at,
});

/** Seeds issued by the server for one game each: random, single use, expiring. */
export function createIssuedGames(db: Database.Database) {
  const insert = db.prepare(
    `INSERT INTO issued_games (game_id, seed, rules, size, expires_at, used_at)
     VALUES (@gameId, @seed, @rules, @size, @expiresAt, NULL)`,
  );
  const sweep = db.prepare('DELETE FROM issued_games WHERE expires_at < ?');
  const byId = db.prepare(
    'SELECT game_id, seed, rules, size, expires_at, used_at FROM issued_games WHERE game_id = ?',
  );
  const markUsed = db.prepare(
    'UPDATE issued_games SET used_at = ? WHERE game_id = ? AND used_at IS NULL',
  );

  const check = (gameId: string, now: Date): Result<IssuedGame, StoreError> => {
    const columns =
      typeof gameId === 'string' ? (byId.get(gameId) as IssuedColumns | undefined) : undefined;
    if (!columns) return fail('ERR_UNKNOWN_GAME', 'this game id was never issued here');
    if (columns.used_at !== null) {
      return fail('ERR_GAME_USED', 'this game was already submitted; each seed counts once');
    }
    if (Date.parse(columns.expires_at) <= now.getTime()) {
      return fail('ERR_GAME_EXPIRED', `this game expired at ${columns.expires_at}`);
    }
    return ok(issuedOf(columns));
  };

  return {
    issueGame(rules: string, size: number, ttlMs: number, now = new Date()): IssuedGame {
      sweep.run(new Date(now.getTime() - KEEP_AFTER_EXPIRY_MS).toISOString());
      const game: IssuedGame = {
        gameId: randomBytes(16).toString('base64url'),
        // 96 random bits spelled with the seed alphabet (letters, digits, - and _).
        seed: randomBytes(12).toString('base64url'),
        rules,
        size,
        expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
      };
      insert.run(game);
      return game;
    },

    addIssuedGames(games: readonly IssuedGame[]): void {
      db.transaction(() => {
        for (const game of games) insert.run(game);
      })();
    },

    peekGame(gameId: string, now = new Date()): Result<IssuedGame, StoreError> {
      return check(gameId, now);
    },

    claimGame(gameId: string, now = new Date()): Result<IssuedGame, StoreError> {
      return db.transaction(() => {
        const checked = check(gameId, now);
        if (!checked.ok) return checked;
        markUsed.run(now.toISOString(), gameId);
        return checked;
      })();
    },
  };
}
