import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type CreateGameAnswer,
  type CreateRaceAnswer,
  dailyDateOf,
  isRankedRules,
  RACE_COUNTDOWN_MS,
  RACE_WAITING_EXPIRY_MS,
  type RaceAnswer,
  type RankedRules,
} from '@twenty48/common';
import { type RaceFacts, raceAnswerOf, raceMoveRefusal, raceStatus } from '@twenty48/ranked';
import type { LeaderboardStore, PlayOf, RaceRow } from '@twenty48/store';
import { createDaily } from './daily.js';
import { dailySeed } from './dailySeed.js';
import type { Client, Limits } from './limits.js';
import { errorFields, type Logger, silentLogger } from './logging.js';
import { done, type Outcome, refuse } from './outcome.js';
import type { Deal, PlayHooks } from './playHooks.js';
import { type RankedTable, randomId } from './rankedTable.js';

/** A race as this server holds it: its facts and what only the server sees. */
export interface KnownRace extends RaceFacts {
  readonly hostHash: string;
  readonly seed: string;
}

export interface PlayTableOptions {
  readonly store: LeaderboardStore;
  readonly table: RankedTable;
  readonly limits: Limits;
  readonly now: () => Date;
  /** The daily seeds' secret; none: one made once and kept in the database. */
  readonly dailySecret?: string;
  /** Where the timer's failures go; default nowhere. */
  readonly logger?: Logger;
}

/** How long a running race read from a shared database is trusted before it is read again. */
const SHARED_RACE_FRESH_MS = 1_000;
/** How many games' links (day, race or none) are remembered. */
const KINDS_KEPT = 50_000;

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The race as kept, read as the rules read it. */
function knownRace(race: RaceRow, players: readonly KnownPlayer[]): KnownRace {
  return {
    raceId: race.raceId,
    rules: isRankedRules(race.rules) ? race.rules : 'classic',
    size: race.size,
    minutes: race.minutes,
    createdAt: race.createdAt,
    startedAt: race.startedAt,
    endsAt: race.endsAt,
    finishedAt: race.finishedAt,
    players,
    hostHash: race.hostHash,
    seed: race.seed,
  };
}
type KnownPlayer = RaceFacts['players'][number];

/**
 * The daily challenge and the races over the ranked games' edge: their games are ranked games
 * (`table.create` with their seed, moves through `table.move`), and this adds the days' seeds,
 * the races' clocks and hosts, their tables and the hooks that refuse a move out of time. The
 * clock is injected (`now`); nothing here sleeps.
 */
export function createPlayTable({
  store,
  table,
  limits,
  now,
  dailySecret,
  logger = silentLogger(),
}: PlayTableOptions) {
  const { play } = store;
  const shared = store.kind === 'postgres';
  const ms = (): number => now().getTime();
  let secret: Promise<string> | null = null;
  const secretOf = (): Promise<string> => {
    secret ??=
      dailySecret !== undefined ? Promise.resolve(dailySecret) : play.secret('daily', now());
    return secret;
  };
  const seedOf = async (day: string): Promise<string> => dailySeed(await secretOf(), day);

  const kinds = new Map<string, PlayOf | null>();
  const asking = new Map<string, Promise<PlayOf | null>>();
  /**
   * What the game is part of: remembered, else read once for every move asking at once (so
   * that moves sent together reach the game in the order they came, as they would without it).
   */
  const kindOf = (gameId: string): Promise<PlayOf | null> => {
    if (kinds.has(gameId)) return Promise.resolve(kinds.get(gameId) ?? null);
    let pending = asking.get(gameId);
    if (!pending) {
      pending = play
        .playOf(gameId)
        .then((kind) => {
          if (kinds.size >= KINDS_KEPT) kinds.clear();
          kinds.set(gameId, kind);
          return kind;
        })
        .finally(() => asking.delete(gameId));
      asking.set(gameId, pending);
    }
    return pending;
  };

  const races = new Map<string, { race: KnownRace; readAt: number }>();
  /** The race as kept now. */
  const readRace = async (raceId: string): Promise<KnownRace | null> => {
    const loaded = await play.loadRace(raceId);
    if (!loaded) {
      races.delete(raceId);
      return null;
    }
    const players = loaded.players.map(
      (row): KnownPlayer => ({
        name: row.name,
        watchId: row.watchId,
        score: row.score,
        maxTile: row.maxTile,
        moves: row.moves,
        status: row.status,
        reachedAt: row.reachedAt,
        joinedAt: row.joinedAt,
      }),
    );
    const race = knownRace(loaded.race, players);
    races.set(raceId, { race, readAt: ms() });
    return race;
  };
  /** The race for a move's check: read again unless it is running and read lately. */
  const reading = new Map<string, Promise<KnownRace | null>>();
  const raceForMove = (raceId: string): Promise<KnownRace | null> => {
    const known = races.get(raceId);
    if (known && raceStatus(known.race, ms()) === 'running' && known.race.startedAt !== null) {
      if (!shared || ms() - known.readAt < SHARED_RACE_FRESH_MS) return Promise.resolve(known.race);
    }
    // One read for the moves asking at once, which then go on in the order they came.
    let pending = reading.get(raceId);
    if (!pending) {
      pending = readRace(raceId).finally(() => reading.delete(raceId));
      reading.set(raceId, pending);
    }
    return pending;
  };
  /** Told when a race changed on this server (a join, the start, the goal). */
  const changed = new Set<(raceId: string) => void>();
  const tellChanged = (raceId: string): void => {
    for (const listener of changed) listener(raceId);
  };

  const closing = new Set<() => void>();
  const hooks: PlayHooks = {
    close() {
      clearInterval(sweeper);
      changed.clear();
      for (const listener of closing) listener();
      closing.clear();
    },
    async beforeMove(gameId) {
      const kind = await kindOf(gameId);
      if (!kind) return null;
      if (kind.kind === 'daily') {
        return kind.day < dailyDateOf(now())
          ? { code: 'ERR_DAILY_OVER', message: `the daily game of ${kind.day} is over` }
          : null;
      }
      const race = await raceForMove(kind.raceId);
      if (!race) return { code: 'ERR_UNKNOWN_RACE', message: 'no race with this id' };
      const refusal = raceMoveRefusal(race, ms());
      if (refusal === 'ERR_RACE_NOT_STARTED') {
        return { code: refusal, message: 'the race has not started; wait for the countdown' };
      }
      if (refusal === 'ERR_RACE_OVER') return { code: refusal, message: 'the race is over' };
      return null;
    },
    async afterMove(gameId, answer) {
      if (answer.status !== 'won') return;
      const kind = await kindOf(gameId);
      if (kind?.kind !== 'race') return;
      const known = races.get(kind.raceId)?.race;
      if (known?.finishedAt) return;
      await play.reachGoal(gameId, now());
      races.delete(kind.raceId);
      tellChanged(kind.raceId);
    },
    async rank(gameId, entry) {
      const kind = await kindOf(gameId);
      if (!kind) return null;
      if (kind.kind === 'race') {
        return refuse('ERR_RACE_GAME', "a race's games rank in its standings, not on a table");
      }
      const over = kind.day < dailyDateOf(now());
      if (entry.status !== 'lost' && !over) {
        return refuse(
          'ERR_NOT_FINISHED',
          `play the daily game to its end (or until ${kind.day} is over)`,
        );
      }
      const { name, score, maxTile, moves } = entry;
      const ranked = await play.rankDaily(
        { day: kind.day, gameId, name, score, maxTile, moves },
        now(),
      );
      if (!ranked.ok) return refuse(ranked.error.code, ranked.error.message);
      return done({ date: kind.day, rank: ranked.value.rank, name, score, maxTile, moves });
    },
  };
  table.usePlay(hooks);
  const closeOver = async (): Promise<void> => {
    table.ended(await play.closeOver(dailyDateOf(now()), RACE_WAITING_EXPIRY_MS, now()));
  };
  const sweeper = setInterval(() => {
    closeOver().catch((error: unknown) => {
      logger.error({ err: errorFields(error) }, 'closing the games of days and races over failed');
    });
  }, limits.sweepEveryMs);
  sweeper.unref();

  /** A game dealt from `seed`, its link written first. */
  const deal = (
    seed: string,
    link: Deal['link'],
    unlink: (gameId: string) => Promise<void>,
  ): Deal => ({
    seed,
    link,
    unlink: (ids) => unlink(ids.gameId),
  });

  return {
    hooks,
    /** Be told of the races this server changed; returns the way to stop. */
    onChange(listener: (raceId: string) => void): () => void {
      changed.add(listener);
      return () => changed.delete(listener);
    },

    ...createDaily({ play, table, limits, now, seedOf, kinds }),

    /** `POST /api/races`. */
    async createRace(
      rules: RankedRules,
      size: number,
      minutes: number,
      client: Client,
    ): Promise<Outcome<CreateRaceAnswer>> {
      const raceId = randomId();
      const hostToken = randomId();
      const created = await play.createRace(
        {
          raceId,
          hostHash: hashOf(hostToken),
          rules,
          size,
          minutes,
          seed: randomBytes(16).toString('base64url'),
          player: client.player,
          client: client.address,
        },
        {
          perPlayer: limits.racesPerHour,
          perAddress: limits.racesPerHour * limits.addressShare,
          windowMs: 60 * 60 * 1000,
        },
        now(),
      );
      if (!created.ok) return refuse(created.error.code, created.error.message, 60_000);
      return done({ raceId, hostToken });
    },

    /** `POST /api/races/:raceId/players`: a game dealt from the race's seed. */
    async join(raceId: string, name: string, client: Client): Promise<Outcome<CreateGameAnswer>> {
      const race = await readRace(raceId);
      if (!race) return refuse('ERR_UNKNOWN_RACE', 'no race with this id');
      const status = raceStatus(race, ms());
      if (status === 'finished') return refuse('ERR_RACE_OVER', 'the race is over');
      if (status === 'running')
        return refuse('ERR_RACE_STARTED', 'this race has started; join the next one');
      const joined = await table.create(
        race.rules,
        race.size,
        client,
        deal(
          race.seed,
          async ({ gameId, watchId }) => {
            const linked = await play.joinRace(
              raceId,
              { gameId, watchId, name },
              limits.racePlayers,
              now(),
            );
            if (!linked.ok) return refuse(linked.error.code, linked.error.message);
            kinds.set(gameId, { kind: 'race', raceId });
            return done(undefined);
          },
          (gameId) => play.unlinkRacePlayer(gameId),
        ),
      );
      if (joined.ok) tellChanged(raceId);
      return joined;
    },

    /** `POST /api/races/:raceId/start`: by its host; the countdown, then `minutes`. */
    async start(raceId: string, hostToken: string): Promise<Outcome<RaceAnswer>> {
      const race = await readRace(raceId);
      if (!race) return refuse('ERR_UNKNOWN_RACE', 'no race with this id');
      const given = Buffer.from(hashOf(hostToken));
      const kept = Buffer.from(race.hostHash);
      if (given.length !== kept.length || !timingSafeEqual(given, kept)) {
        return refuse('ERR_HOST_TOKEN', "this is not the race's host token");
      }
      const status = raceStatus(race, ms());
      if (status === 'finished') return refuse('ERR_RACE_OVER', 'the race is over');
      if (status === 'running') return refuse('ERR_RACE_STARTED', 'the race has started already');
      const startedAt = new Date(ms() + RACE_COUNTDOWN_MS);
      const endsAt = new Date(startedAt.getTime() + race.minutes * 60_000);
      if (!(await play.startRace(raceId, startedAt, endsAt))) {
        return refuse('ERR_RACE_STARTED', 'the race has started already');
      }
      const started = await readRace(raceId);
      tellChanged(raceId);
      return started
        ? done(raceAnswerOf(started, ms()))
        : refuse('ERR_UNKNOWN_RACE', 'no race with this id');
    },

    /** The race as kept now (a restart loses nothing: it is all in the store). */
    readRace,

    /** `GET /api/races/:raceId`. */
    async race(raceId: string): Promise<Outcome<RaceAnswer>> {
      const race = await readRace(raceId);
      return race
        ? done(raceAnswerOf(race, ms()))
        : refuse('ERR_UNKNOWN_RACE', 'no race with this id');
    },

    /** Close the games of days and races that are over (the sweep's timer calls it too). */
    closeOver,

    /** Be told when the server closes. */
    onClose(listener: () => void): void {
      closing.add(listener);
    },

    now: ms,
  };
}

export type PlayTable = ReturnType<typeof createPlayTable>;
