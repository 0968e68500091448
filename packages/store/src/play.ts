import { randomBytes } from 'node:crypto';
import { fail, ok } from '@twenty48/engine';
import { PLAY_SQL as SQL } from './playSql.js';
import type {
  DailyScoreRow,
  Named,
  PlayRunner,
  PlayStore,
  RacePlayerRow,
  RaceRow,
} from './playTypes.js';
import type { EndedRankedGame } from './rankedStatus.js';

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
