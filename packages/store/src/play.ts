import { randomBytes } from 'node:crypto';
import { fail, ok, type Result } from '@twenty48/engine';
import { PLAY_SQL as SQL } from './playSql.js';
import type { EndedRankedGame, RankedStatus } from './types.js';

type Named = Record<string, unknown>;

/**
 * How the play store reaches its database: one `@name` statement at a time, and work done
 * alone (PostgreSQL: one transaction under an advisory lock, so that counts and inserts hold
 * across servers; SQLite: one at a time in the one process that holds the file).
 */
export interface PlayRunner {
  all<T>(sql: string, values?: Named): Promise<T[]>;
  alone<R>(work: (run: PlayRunner) => Promise<R>): Promise<R>;
}

/** What a game is part of: a day's challenge or a race; null for a plain ranked game. */
export type PlayOf =
  | { readonly kind: 'daily'; readonly day: string }
  | { readonly kind: 'race'; readonly raceId: string };

/** A race as kept: its host (the token's SHA-256), rules, clock and seed (secret). */
export interface RaceRow {
  readonly raceId: string;
  readonly hostHash: string;
  readonly rules: string;
  readonly size: number;
  readonly minutes: number;
  readonly seed: string;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly endsAt: string | null;
  /** Set when a player reached the goal (the race is then over). */
  readonly finishedAt: string | null;
}

/** A race's player as kept, with their game's figures now. */
export interface RacePlayerRow {
  readonly name: string;
  readonly gameId: string;
  readonly watchId: string;
  readonly joinedAt: string;
  readonly reachedAt: string | null;
  readonly score: number;
  readonly maxTile: number;
  readonly moves: number;
  readonly status: RankedStatus;
}

/** A row of a day's table, best first. */
export interface DailyScoreRow {
  readonly name: string;
  readonly score: number;
  readonly maxTile: number;
  readonly moves: number;
}

/** The refusals of the play store, each with a sentence. */
export type PlayRefusal =
  | 'ERR_TOO_MANY_DAILY_GAMES'
  | 'ERR_TOO_MANY_RACES'
  | 'ERR_DAILY_RANKED'
  | 'ERR_GAME_USED'
  | 'ERR_UNKNOWN_RACE'
  | 'ERR_RACE_STARTED'
  | 'ERR_RACE_FULL'
  | 'ERR_NAME_TAKEN';

/** A per-player count and its address share, as the limits give them. */
export interface PlayAdmission {
  readonly perPlayer: number;
  readonly perAddress: number;
}

/**
 * The daily challenge's and races' part of the server's database, on SQLite and PostgreSQL
 * alike (`playSql.ts`). Their games are ranked games, kept by `LeaderboardStore`; this keeps
 * what links them to a day or a race. A link is written before its game, so a game dealt from a
 * day's or a race's seed is never a plain ranked game (whose record is published once ranked).
 */
export interface PlayStore {
  /**
   * The secret named `name`, made of 32 random bytes the first time any server asks: servers
   * sharing the database read the same one.
   */
  secret(name: string, now?: Date): Promise<string>;
  /** Link a new game to `day` for `player`, within the day's limits; remove it with `unlinkDaily`. */
  linkDaily(
    link: { gameId: string; day: string; player: string; client: string },
    admission: PlayAdmission,
    now?: Date,
  ): Promise<Result<void, PlayRefusal>>;
  unlinkDaily(gameId: string): Promise<void>;
  /** What the game is part of. */
  playOf(gameId: string): Promise<PlayOf | null>;
  /** How many players started a game of `day`. */
  dailyPlayers(day: string): Promise<number>;
  /** The day's table, best first (equal scores: who was ranked first). */
  dailyTable(day: string, limit: number): Promise<DailyScoreRow[]>;
  /**
   * Rank a finished game of `day` under `name`: ERR_DAILY_RANKED when the name is ranked that
   * day already, or when the player who started it finished another game of the day before it
   * (only their first finished game ranks: no best of several); ERR_GAME_USED when this game is
   * ranked already.
   */
  rankDaily(
    entry: {
      day: string;
      gameId: string;
      name: string;
      score: number;
      maxTile: number;
      moves: number;
    },
    now?: Date,
  ): Promise<Result<{ rank: number }, PlayRefusal>>;

  /** Create a race, within the player's and address's races of the last `windowMs`. */
  createRace(
    race: Omit<RaceRow, 'createdAt' | 'startedAt' | 'endsAt' | 'finishedAt'> & {
      player: string;
      client: string;
    },
    admission: PlayAdmission & { windowMs: number },
    now?: Date,
  ): Promise<Result<void, PlayRefusal>>;
  loadRace(raceId: string): Promise<{ race: RaceRow; players: RacePlayerRow[] } | null>;
  /** Link a new game to a race that has not started, has room, and no player of that name. */
  joinRace(
    raceId: string,
    player: { gameId: string; watchId: string; name: string },
    maxPlayers: number,
    now?: Date,
  ): Promise<Result<void, PlayRefusal>>;
  unlinkRacePlayer(gameId: string): Promise<void>;
  /** Start a race once: false when it had started already. */
  startRace(raceId: string, startedAt: Date, endsAt: Date): Promise<boolean>;
  /**
   * Close the games in progress of the days before `today` and of the races over at `now` (a
   * race never started is over `waitingMs` after it was created); returns them.
   */
  closeOver(today: string, waitingMs: number, now?: Date): Promise<EndedRankedGame[]>;
  /** The game reached the goal at `at`: kept once, and its race finished then, if not before. */
  reachGoal(gameId: string, at: Date): Promise<void>;
}

const count = async (run: PlayRunner, sql: string, values: Named): Promise<number> =>
  Number((await run.all<{ n: number }>(sql, values))[0]?.n ?? 0);

/**
 * The play store over a runner (`sqlitePlayRunner`, `postgresPlayRunner`).
 *
 * @example
 * const play = createPlayStore(sqlitePlayRunner(db));
 * await play.dailyPlayers('2026-11-26') // 0
 */
export function createPlayStore(runner: PlayRunner): PlayStore {
  return {
    async secret(name, now = new Date()) {
      const value = randomBytes(32).toString('base64url');
      await runner.all(SQL.insertSecret, { name, value, now: now.toISOString() });
      const [row] = await runner.all<{ value: string }>(SQL.secret, { name });
      if (!row) throw new Error(`the play secret ${name} was not kept`);
      return row.value;
    },

    linkDaily(link, admission, now = new Date()) {
      return runner.alone(async (run) => {
        const player = await count(run, SQL.dailyOfPlayer, link);
        if (player >= admission.perPlayer) {
          return fail(
            'ERR_TOO_MANY_DAILY_GAMES',
            `you started ${player} daily games today, the most one player may; come back tomorrow (UTC)`,
          );
        }
        const address = await count(run, SQL.dailyOfClient, link);
        if (address >= admission.perAddress) {
          return fail(
            'ERR_TOO_MANY_DAILY_GAMES',
            `this address started ${address} daily games today, the most one address may`,
          );
        }
        await run.all(SQL.insertDaily, { ...link, now: now.toISOString() });
        return ok(undefined);
      });
    },
    async unlinkDaily(gameId) {
      await runner.all(SQL.deleteDaily, { gameId });
    },

    async playOf(gameId) {
      const [row] = await runner.all<{ kind: string; ref: string }>(SQL.playOfGame, { gameId });
      if (!row) return null;
      return row.kind === 'daily'
        ? { kind: 'daily', day: row.ref }
        : { kind: 'race', raceId: row.ref };
    },

    dailyPlayers: (day) => count(runner, SQL.dailyPlayers, { day }),

    async dailyTable(day, limit) {
      const rows = await runner.all<DailyScoreRow>(SQL.dailyTable, { day, limit });
      return rows.map((row) => ({
        name: row.name,
        score: Number(row.score),
        maxTile: Number(row.maxTile),
        moves: Number(row.moves),
      }));
    },

    rankDaily(entry, now = new Date()) {
      return runner.alone(async (run) => {
        if ((await run.all(SQL.dailyByGame, entry)).length > 0) {
          return fail('ERR_GAME_USED', 'this game is ranked already');
        }
        const [first] = await run.all<{ gameId: string }>(SQL.firstFinished, entry);
        if (first && first.gameId !== entry.gameId) {
          return fail(
            'ERR_DAILY_RANKED',
            "only a player's first game of the day played to its end is ranked; this one was played, not ranked",
          );
        }
        if ((await run.all(SQL.dailyByName, entry)).length > 0) {
          return fail(
            'ERR_DAILY_RANKED',
            `${entry.name} is ranked on ${entry.day}'s table already, with its first finished game; this one was played, not ranked`,
          );
        }
        const createdAt = now.toISOString();
        await run.all(SQL.insertDailyScore, { ...entry, now: createdAt });
        const [rank] = await run.all<{ rank: number }>(SQL.dailyRank, { ...entry, createdAt });
        return ok({ rank: Number(rank?.rank ?? 1) });
      });
    },

    createRace(race, admission, now = new Date()) {
      return runner.alone(async (run) => {
        const since = new Date(now.getTime() - admission.windowMs).toISOString();
        const player = await count(run, SQL.racesOfPlayer, { player: race.player, since });
        const address = await count(run, SQL.racesOfClient, { client: race.client, since });
        if (player >= admission.perPlayer || address >= admission.perAddress) {
          const who = player >= admission.perPlayer ? 'you' : 'this address';
          return fail(
            'ERR_TOO_MANY_RACES',
            `${who} created ${Math.max(player, address)} races in the last ${Math.round(admission.windowMs / 60_000)} minutes, the most allowed`,
          );
        }
        await run.all(SQL.insertRace, { ...race, now: now.toISOString() });
        return ok(undefined);
      });
    },

    async loadRace(raceId) {
      const [race] = await runner.all<RaceRow>(SQL.race, { raceId });
      if (!race) return null;
      const players = await runner.all<RacePlayerRow>(SQL.racePlayers, { raceId });
      return {
        race: { ...race, size: Number(race.size), minutes: Number(race.minutes) },
        players: players.map((row) => ({
          ...row,
          score: Number(row.score),
          maxTile: Number(row.maxTile),
          moves: Number(row.moves),
        })),
      };
    },

    joinRace(raceId, player, maxPlayers, now = new Date()) {
      return runner.alone(async (run) => {
        const [race] = await run.all<RaceRow>(SQL.race, { raceId });
        if (!race) return fail('ERR_UNKNOWN_RACE', 'no race with this id');
        if (race.startedAt !== null) {
          return fail('ERR_RACE_STARTED', 'this race has started; join the next one');
        }
        if ((await count(run, SQL.racePlayerCount, { raceId })) >= maxPlayers) {
          return fail('ERR_RACE_FULL', `this race has ${maxPlayers} players, the most it may`);
        }
        if ((await run.all(SQL.racePlayerNamed, { raceId, name: player.name })).length > 0) {
          return fail('ERR_NAME_TAKEN', `a player of this race is named ${player.name}`);
        }
        await run.all(SQL.insertRacePlayer, { raceId, ...player, now: now.toISOString() });
        return ok(undefined);
      });
    },
    async unlinkRacePlayer(gameId) {
      await runner.all(SQL.deleteRacePlayer, { gameId });
    },

    async startRace(raceId, startedAt, endsAt) {
      const started = await runner.all(SQL.startRace, {
        raceId,
        startedAt: startedAt.toISOString(),
        endsAt: endsAt.toISOString(),
      });
      return started.length > 0;
    },

    async closeOver(today, waitingMs, now = new Date()) {
      const rows = await runner.all<EndedRankedGame>(SQL.closeOver, {
        today,
        now: now.toISOString(),
        waitingBefore: new Date(now.getTime() - waitingMs).toISOString(),
      });
      return rows.map((row) => ({ ...row, score: Number(row.score) }));
    },

    reachGoal(gameId, at) {
      return runner.alone(async (run) => {
        const iso = at.toISOString();
        const [reached] = await run.all<{ race_id: string }>(SQL.reachGoal, { gameId, at: iso });
        if (reached) await run.all(SQL.finishRace, { raceId: reached.race_id, at: iso });
      });
    },
  };
}
