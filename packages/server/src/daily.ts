import {
  DAILY_BEST_LENGTH,
  DAILY_RULES,
  DAILY_SIZE,
  type DailyAnswer,
  type DailyGameAnswer,
  type DailyScoresAnswer,
  dailyDateOf,
} from '@twenty48/common';
import type { PlayOf, PlayStore } from '@twenty48/store';
import type { Client, Limits } from './limits.js';
import { done, type Outcome, refuse } from './outcome.js';
import type { RankedTable } from './rankedTable.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DailyOptions {
  readonly play: PlayStore;
  readonly table: RankedTable;
  readonly limits: Limits;
  readonly now: () => Date;
  /** The day's seed (from the server's secret). */
  readonly seedOf: (day: string) => Promise<string>;
  /** What each game is part of, as the hooks read it: a new day's game is told there. */
  readonly kinds: Map<string, PlayOf | null>;
}

/**
 * The daily challenge's routes over the ranked games: the day's figures (its seed once it is
 * over), its table, and a game dealt from today's seed, linked to its day before it is made.
 *
 * @example
 * const daily = createDaily({ play: store.play, table, limits, now, seedOf, kinds });
 * await daily.daily() // { ok: true, value: { date: '2026-11-26', rules: 'classic', … } }
 */
export function createDaily({ play, table, limits, now, seedOf, kinds }: DailyOptions) {
  /** The day asked for (default today), or 404 for one still to come. */
  const dayOf = (date: string | undefined): Outcome<{ day: string; today: string }> => {
    const today = dailyDateOf(now());
    const day = date ?? today;
    if (day > today)
      return refuse('ERR_DAILY_FUTURE', `${day} has not come yet (today is ${today})`);
    return done({ day, today });
  };
  return {
    /** `GET /api/daily[?date=]`: today, or an earlier day with its seed; 404 for a later one. */
    async daily(date?: string): Promise<Outcome<DailyAnswer>> {
      const asked = dayOf(date);
      if (!asked.ok) return asked;
      const { day, today } = asked.value;
      const [players, best] = await Promise.all([
        play.dailyPlayers(day),
        play.dailyTable(day, DAILY_BEST_LENGTH),
      ]);
      const answer: DailyAnswer = {
        date: day,
        rules: DAILY_RULES,
        size: DAILY_SIZE,
        players,
        best: best.map(({ name, score, maxTile }) => ({ name, score, maxTile })),
      };
      return done(day < today ? { ...answer, seed: await seedOf(day) } : answer);
    },

    /** `GET /api/daily/scores?date=`: the day's table. */
    async dailyScores(
      date: string | undefined,
      limit: number,
    ): Promise<Outcome<DailyScoresAnswer>> {
      const asked = dayOf(date);
      if (!asked.ok) return asked;
      const { day } = asked.value;
      const rows = await play.dailyTable(day, limit);
      return done({ date: day, scores: rows.map((row, i) => ({ rank: i + 1, ...row })) });
    },

    /** `POST /api/daily/games`: a ranked game dealt from today's seed. */
    async dailyGame(client: Client): Promise<Outcome<DailyGameAnswer>> {
      const day = dailyDateOf(now());
      const admission = {
        perPlayer: limits.dailyGamesPerPlayer,
        perAddress: limits.dailyGamesPerPlayer * limits.addressShare,
      };
      const created = await table.create(DAILY_RULES, DAILY_SIZE, client, {
        seed: await seedOf(day),
        async link({ gameId }) {
          const linked = await play.linkDaily(
            { gameId, day, player: client.player, client: client.address },
            admission,
            now(),
          );
          if (!linked.ok) {
            // The day's count starts again at midnight UTC.
            const tomorrow = Date.parse(`${day}T00:00:00.000Z`) + DAY_MS;
            return refuse(linked.error.code, linked.error.message, tomorrow - now().getTime());
          }
          kinds.set(gameId, { kind: 'daily', day });
          return done(undefined);
        },
        unlink: ({ gameId }) => play.unlinkDaily(gameId),
      });
      return created.ok ? done({ ...created.value, date: day }) : created;
    },
  };
}
