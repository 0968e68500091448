import {
  RACE_WAITING_EXPIRY_MS,
  type RaceAnswer,
  type RacePlayer,
  type RaceStatus,
  type RankedRules,
} from '@twenty48/common';

/** A race as its rules read it: its clock (ISO 8601 instants) and its players now. */
export interface RaceFacts {
  readonly raceId: string;
  readonly rules: RankedRules;
  readonly size: number;
  readonly minutes: number;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly endsAt: string | null;
  /** When a player reached the goal, which ends the race. */
  readonly finishedAt: string | null;
  readonly players: readonly (RacePlayer & { readonly joinedAt: string })[];
}

/**
 * The race's status at `now` (ms): waiting until started (finished, empty, once nobody started
 * it for `RACE_WAITING_EXPIRY_MS`); running from the start (the countdown included); finished
 * when a player reached the goal, when time is up, or when every game is lost.
 *
 * @example
 * raceStatus({ …, startedAt: null, createdAt: '2026-11-26T10:00:00Z' }, Date.parse('2026-11-26T10:05:00Z')) // 'waiting'
 */
export function raceStatus(race: RaceFacts, now: number): RaceStatus {
  if (race.startedAt === null) {
    return Date.parse(race.createdAt) + RACE_WAITING_EXPIRY_MS <= now ? 'finished' : 'waiting';
  }
  if (race.finishedAt !== null) return 'finished';
  if (race.endsAt !== null && Date.parse(race.endsAt) <= now) return 'finished';
  if (race.players.length > 0 && race.players.every((player) => player.status === 'lost')) {
    return 'finished';
  }
  return 'running';
}

/** Whether a move may be played at `now`: null, or why not (the countdown, the end). */
export function raceMoveRefusal(
  race: RaceFacts,
  now: number,
): 'ERR_RACE_NOT_STARTED' | 'ERR_RACE_OVER' | null {
  const status = raceStatus(race, now);
  if (status === 'finished') return 'ERR_RACE_OVER';
  if (status === 'waiting' || race.startedAt === null || Date.parse(race.startedAt) > now) {
    return 'ERR_RACE_NOT_STARTED';
  }
  return null;
}

/**
 * The standings, best first: who reached the goal first, then the best score, the bigger tile,
 * fewer moves, who joined first.
 */
export function standings<P extends RacePlayer & { readonly joinedAt: string }>(
  players: readonly P[],
): P[] {
  const reached = (player: P): number =>
    player.reachedAt === null ? Number.POSITIVE_INFINITY : Date.parse(player.reachedAt);
  return [...players].sort(
    (a, b) =>
      reached(a) - reached(b) ||
      b.score - a.score ||
      b.maxTile - a.maxTile ||
      a.moves - b.moves ||
      a.joinedAt.localeCompare(b.joinedAt),
  );
}

/** The race as `GET /api/races/:raceId` answers it at `now` (ms). */
export function raceAnswerOf(race: RaceFacts, now: number): RaceAnswer {
  return {
    raceId: race.raceId,
    rules: race.rules,
    size: race.size,
    minutes: race.minutes,
    status: raceStatus(race, now),
    startedAt: race.startedAt,
    endsAt: race.endsAt,
    players: standings(race.players).map(({ joinedAt: _, ...player }) => player),
    now: new Date(now).toISOString(),
  };
}
