/**
 * The daily challenge's and races' tables and statements, written once for SQLite and
 * PostgreSQL (`@name` parameters, as `leaderboardSql.ts`). Their games are ranked games
 * (`ranked_games`, moves and all); these tables only link a game to its day or its race, rank a
 * day's names, and keep a race's host, clock and players.
 */

/**
 * The schema step both databases append (SQLite's `MIGRATIONS`, PostgreSQL's `PG_MIGRATIONS`):
 * types both read alike (`bigint` is SQLite's INTEGER).
 */
export const PLAY_SCHEMA = `
  CREATE TABLE play_secrets (
    name text PRIMARY KEY,
    value text NOT NULL,
    created_at text NOT NULL
  );
  CREATE TABLE daily_games (
    game_id text PRIMARY KEY,
    day text NOT NULL,
    player text NOT NULL,
    client text NOT NULL,
    created_at text NOT NULL
  );
  CREATE INDEX daily_games_player ON daily_games (day, player);
  CREATE INDEX daily_games_client ON daily_games (day, client);
  CREATE TABLE daily_scores (
    day text NOT NULL,
    name text NOT NULL,
    game_id text NOT NULL UNIQUE,
    score bigint NOT NULL,
    max_tile bigint NOT NULL,
    moves integer NOT NULL,
    created_at text NOT NULL,
    PRIMARY KEY (day, name)
  );
  CREATE INDEX daily_scores_table ON daily_scores (day, score DESC, created_at);
  CREATE TABLE races (
    race_id text PRIMARY KEY,
    host_hash text NOT NULL,
    rules text NOT NULL,
    size integer NOT NULL,
    minutes integer NOT NULL,
    seed text NOT NULL,
    player text NOT NULL,
    client text NOT NULL,
    created_at text NOT NULL,
    started_at text,
    ends_at text,
    finished_at text
  );
  CREATE INDEX races_player ON races (player, created_at);
  CREATE INDEX races_client ON races (client, created_at);
  CREATE TABLE race_players (
    race_id text NOT NULL REFERENCES races (race_id),
    game_id text NOT NULL UNIQUE,
    watch_id text NOT NULL,
    name text NOT NULL,
    joined_at text NOT NULL,
    reached_at text,
    PRIMARY KEY (race_id, name)
  );
`;

/** Every statement of the daily challenge and the races. */
export const PLAY_SQL = {
  insertSecret: `INSERT INTO play_secrets (name, value, created_at) VALUES (@name, @value, @now)
     ON CONFLICT (name) DO NOTHING`,
  secret: 'SELECT value FROM play_secrets WHERE name = @name',

  dailyOfPlayer:
    'SELECT CAST(count(*) AS INTEGER) AS n FROM daily_games WHERE day = @day AND player = @player',
  dailyOfClient:
    'SELECT CAST(count(*) AS INTEGER) AS n FROM daily_games WHERE day = @day AND client = @client',
  insertDaily: `INSERT INTO daily_games (game_id, day, player, client, created_at)
     VALUES (@gameId, @day, @player, @client, @now)`,
  deleteDaily: 'DELETE FROM daily_games WHERE game_id = @gameId',
  dailyPlayers:
    'SELECT CAST(count(DISTINCT player) AS INTEGER) AS n FROM daily_games WHERE day = @day',
  dailyTable: `SELECT name, score, max_tile AS "maxTile", moves FROM daily_scores WHERE day = @day
     ORDER BY score DESC, created_at ASC, name ASC LIMIT @limit`,
  // The first of the player's games of the day to be played to its end: the one that may rank.
  firstFinished: `SELECT g.game_id AS "gameId" FROM daily_games d
     JOIN ranked_games g ON g.game_id = d.game_id
     WHERE d.day = @day AND g.status = 'lost'
       AND d.player = (SELECT player FROM daily_games WHERE game_id = @gameId)
     ORDER BY g.finished_at, g.id LIMIT 1`,
  dailyByName: 'SELECT game_id AS "gameId" FROM daily_scores WHERE day = @day AND name = @name',
  dailyByGame: 'SELECT name FROM daily_scores WHERE game_id = @gameId',
  insertDailyScore: `INSERT INTO daily_scores (day, name, game_id, score, max_tile, moves, created_at)
     VALUES (@day, @name, @gameId, @score, @maxTile, @moves, @now)
     ON CONFLICT DO NOTHING RETURNING name`,
  dailyRank: `SELECT CAST(count(*) + 1 AS INTEGER) AS rank FROM daily_scores WHERE day = @day
     AND (score > @score OR (score = @score AND (created_at < @createdAt
       OR (created_at = @createdAt AND name < @name))))`,
  dailyScoreOf: `SELECT score, max_tile AS "maxTile", moves, created_at AS "createdAt"
     FROM daily_scores WHERE day = @day AND name = @name`,

  playOfGame: `SELECT 'daily' AS kind, day AS ref FROM daily_games WHERE game_id = @gameId
     UNION ALL SELECT 'race' AS kind, race_id AS ref FROM race_players WHERE game_id = @gameId`,

  racesOfPlayer: `SELECT CAST(count(*) AS INTEGER) AS n FROM races
     WHERE player = @player AND created_at > @since`,
  racesOfClient: `SELECT CAST(count(*) AS INTEGER) AS n FROM races
     WHERE client = @client AND created_at > @since`,
  insertRace: `INSERT INTO races (race_id, host_hash, rules, size, minutes, seed, player, client, created_at)
     VALUES (@raceId, @hostHash, @rules, @size, @minutes, @seed, @player, @client, @now)`,
  race: `SELECT race_id AS "raceId", host_hash AS "hostHash", rules, size, minutes, seed,
       created_at AS "createdAt", started_at AS "startedAt", ends_at AS "endsAt",
       finished_at AS "finishedAt"
     FROM races WHERE race_id = @raceId`,
  racePlayers: `SELECT p.name, p.game_id AS "gameId", p.watch_id AS "watchId",
       p.joined_at AS "joinedAt", p.reached_at AS "reachedAt",
       g.score, g.max_tile AS "maxTile", g.moves, g.status
     FROM race_players p JOIN ranked_games g ON g.game_id = p.game_id
     WHERE p.race_id = @raceId ORDER BY p.joined_at, p.name`,
  racePlayerCount:
    'SELECT CAST(count(*) AS INTEGER) AS n FROM race_players WHERE race_id = @raceId',
  racePlayerNamed: 'SELECT name FROM race_players WHERE race_id = @raceId AND name = @name',
  insertRacePlayer: `INSERT INTO race_players (race_id, game_id, watch_id, name, joined_at)
     VALUES (@raceId, @gameId, @watchId, @name, @now)`,
  deleteRacePlayer: 'DELETE FROM race_players WHERE game_id = @gameId',
  startRace: `UPDATE races SET started_at = @startedAt, ends_at = @endsAt
     WHERE race_id = @raceId AND started_at IS NULL RETURNING race_id`,
  reachGoal: `UPDATE race_players SET reached_at = @at
     WHERE game_id = @gameId AND reached_at IS NULL RETURNING race_id`,
  finishRace: `UPDATE races SET finished_at = @at
     WHERE race_id = @raceId AND finished_at IS NULL`,
  // Games whose day or race is over are closed (as an idle game is), so that they no longer
  // count as games in progress; a day's still ranks as it stands.
  closeOver: `UPDATE ranked_games SET closed = 'expired', finished_at = @now
     WHERE status <> 'lost' AND closed IS NULL AND (
       game_id IN (SELECT game_id FROM daily_games WHERE day < @today)
       OR game_id IN (SELECT p.game_id FROM race_players p JOIN races r ON r.race_id = p.race_id
         WHERE r.finished_at IS NOT NULL OR r.ends_at <= @now
           OR (r.started_at IS NULL AND r.created_at <= @waitingBefore)))
     RETURNING game_id AS "gameId", watch_id AS "watchId", score, closed AS status`,
} as const;
