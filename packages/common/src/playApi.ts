/**
 * Playing together on the wire: the daily challenge (everyone deals the same game today) and
 * live races (a few friends on the same tiles, against the clock). Both are ranked games: their
 * moves go to `POST /api/games/:gameId/moves` and their streams to `GET /api/games/:id/events`
 * as in `rankedApi.ts`; this file adds their own requests, answers, stream events, error codes
 * and limits, for the server, the browser and the terminal alike. Plain types, constants and
 * checks only.
 *
 * Daily: `GET /api/daily` (today, or `?date=` an earlier day, which also tells that day's
 * seed), `POST /api/daily/games`, `POST /api/scores { gameId, name }` (ranked on the day's
 * table: a name once a day, its first finished game), `GET /api/daily/scores?date=`.
 *
 * Races: `POST /api/races`, `POST /api/races/:raceId/players`, `POST /api/races/:raceId/start`,
 * `GET /api/races/:raceId`, `GET /api/races/:raceId/events`.
 */
import {
  type CreateGameAnswer,
  type MoveEvent,
  RANKED_ERROR_STATUS,
  type RankedRules,
  type RankedStatus,
} from './rankedApi.js';
import { isOneOf } from './records.js';

// --- Daily ------------------------------------------------------------------------------------

/** The daily game's rules and size: everyone plays classic 4x4. */
export const DAILY_RULES = 'classic' satisfies RankedRules;
export const DAILY_SIZE = 4;

/** How many names `GET /api/daily` lists in `best`. */
export const DAILY_BEST_LENGTH = 10;

/** The most rows `GET /api/daily/scores` answers (best first). */
export const DAILY_SCORES_LENGTH = 100;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether `x` is a day as the API writes it: `YYYY-MM-DD`, a real calendar day (UTC).
 *
 * @example
 * isDailyDate('2026-11-26') // true
 * isDailyDate('2026-02-30') // false
 */
export function isDailyDate(x: unknown): x is string {
  if (typeof x !== 'string') return false;
  const match = DATE_PATTERN.exec(x);
  if (!match) return false;
  const at = new Date(`${x}T00:00:00.000Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === x;
}

/**
 * The day (UTC, `YYYY-MM-DD`) of an instant: the daily game's date at that moment.
 *
 * @example
 * dailyDateOf(new Date('2026-11-26T23:59:59Z')) // '2026-11-26'
 */
export const dailyDateOf = (at: Date): string => at.toISOString().slice(0, 10);

/** One of the day's best, as `GET /api/daily` lists them. */
export interface DailyBest {
  readonly name: string;
  readonly score: number;
  readonly maxTile: number;
}

/**
 * 200 to `GET /api/daily[?date=YYYY-MM-DD]`. `players` counts the names ranked that day.
 * `seed` is there only for a day that is over (an earlier date): today's seed is in no answer.
 */
export interface DailyAnswer {
  readonly date: string;
  readonly rules: typeof DAILY_RULES;
  readonly size: typeof DAILY_SIZE;
  readonly players: number;
  readonly best: readonly DailyBest[];
  /** The day's seed (record version 2), once the day is over: replay any of its games. */
  readonly seed?: string;
}

/** 201 to `POST /api/daily/games` (no body, or `{}`): a ranked game dealt from today's seed. */
export interface DailyGameAnswer extends CreateGameAnswer {
  /** The day whose seed dealt it; its moves are refused once that day is over. */
  readonly date: string;
}

/** One row of a day's table. */
export interface DailyScore {
  /** 1 is the best; equal scores rank by who finished first. */
  readonly rank: number;
  readonly name: string;
  readonly score: number;
  readonly maxTile: number;
  readonly moves: number;
}

/** 200 to `GET /api/daily/scores?date=YYYY-MM-DD` (default today): the day's table, best first. */
export interface DailyScoresAnswer {
  readonly date: string;
  readonly scores: readonly DailyScore[];
}

/**
 * 201 to `POST /api/scores { gameId, name }` for a daily game: ranked on its day's table. Only
 * the first game of the day a player (token, else address) played to its end ranks, and a name
 * ranks once a day: any other is refused with 409 `ERR_DAILY_RANKED` (the game was played, it is
 * not ranked). There is no score id: a day's records are not published one by one; once the
 * day is over its seed (`GET /api/daily?date=`) replays any of them.
 */
export interface DailyRankAnswer {
  readonly date: string;
  readonly rank: number;
  readonly name: string;
  readonly score: number;
  readonly maxTile: number;
  readonly moves: number;
}

// --- Races ------------------------------------------------------------------------------------

/** A race's length in minutes: 1 to 30, 5 when the request names none. */
export const RACE_MIN_MINUTES = 1;
export const RACE_MAX_MINUTES = 30;
export const RACE_DEFAULT_MINUTES = 5;

/** Players one race may have (the host plays too, if they join). */
export const RACE_MAX_PLAYERS = 8;

/**
 * Between `POST /start` and the first move allowed: the 3-2-1 every page counts down
 * together. `startedAt` is the end of it; a move before is 409 `ERR_RACE_NOT_STARTED`.
 */
export const RACE_COUNTDOWN_MS = 3_000;

/** A race nobody started within this long after it was created is over (finished, empty). */
export const RACE_WAITING_EXPIRY_MS = 60 * 60 * 1000;

/** The race statuses: joining, being played (countdown included), over. */
export const RACE_STATUSES = ['waiting', 'running', 'finished'] as const;
export type RaceStatus = (typeof RACE_STATUSES)[number];

/** `POST /api/races`: each field may be left out (classic, 4, 5 minutes). */
export interface CreateRaceRequest {
  readonly rules?: RankedRules;
  readonly size?: number;
  readonly minutes?: number;
}

/** 201 to `POST /api/races`. */
export interface CreateRaceAnswer {
  /** Public: 128 random bits, base64url; whoever has it may join and watch. */
  readonly raceId: string;
  /** Private: 128 random bits, base64url; whoever has it may start the race. */
  readonly hostToken: string;
}

/** `POST /api/races/:raceId/players`: the name shown in the race (common's `parseName`). */
export interface JoinRaceRequest {
  readonly name: string;
}

/** 201 to a join: the player's own ranked game, dealt from the race's seed. */
export type JoinRaceAnswer = CreateGameAnswer;

/** `POST /api/races/:raceId/start`. */
export interface StartRaceRequest {
  readonly hostToken: string;
}

/** One player as a race shows them: no gameId (that is the player's own secret). */
export interface RacePlayer {
  readonly name: string;
  readonly watchId: string;
  readonly score: number;
  readonly maxTile: number;
  readonly moves: number;
  readonly status: RankedStatus;
  /** When they reached the rules' goal (2048 in classic), ISO 8601, else null. */
  readonly reachedAt: string | null;
}

/**
 * 200 to `GET /api/races/:raceId` and to `POST /api/races/:raceId/start`. `players` best
 * first: whoever reached the goal first, then by score (then the bigger tile, fewer moves,
 * who joined first). The race is finished when someone reaches the goal, when time is up, or
 * when every game is over. `startedAt` is the end of the countdown; `now` is the server's clock,
 * so a page can count down without trusting its own.
 */
export interface RaceAnswer {
  readonly raceId: string;
  readonly rules: RankedRules;
  readonly size: number;
  readonly minutes: number;
  readonly status: RaceStatus;
  readonly startedAt: string | null;
  readonly endsAt: string | null;
  readonly players: readonly RacePlayer[];
  readonly now: string;
}

/** 200 to `POST /api/races/:raceId/start`: the race as it is now (status `running`). */
export type StartRaceAnswer = RaceAnswer;

/**
 * `GET /api/races/:raceId/events`, Server-Sent Events: `race` first (the race as it is), then
 * `join` per new player, `start` once, `move` per move of any player, and `finish` with the
 * final standings (the stream closes after it); `: keep-alive` comments between, and `dropped`
 * for a watcher too slow to read (as a game's stream).
 */
export const RACE_EVENT_NAMES = ['race', 'join', 'start', 'move', 'finish', 'dropped'] as const;
export type RaceEventName = (typeof RACE_EVENT_NAMES)[number];

/** `event: start`. */
export interface RaceStartEvent {
  readonly startedAt: string;
  readonly endsAt: string;
}

/** `event: move`: a game's move event and whose game it is. */
export interface RaceMoveEvent extends MoveEvent {
  readonly watchId: string;
}

/** Each race event name with the shape of its `data:` line (JSON). */
export interface RaceEvents {
  readonly race: RaceAnswer;
  readonly join: RacePlayer;
  readonly start: RaceStartEvent;
  readonly move: RaceMoveEvent;
  readonly finish: RaceAnswer;
  readonly dropped: { readonly error: 'ERR_WATCHER_TOO_SLOW'; readonly message: string };
}

// --- Limits -----------------------------------------------------------------------------------

/**
 * Daily games one player (token, else address) may start in one day (UTC); an address may
 * start `RANKED_ADDRESS_SHARE` times as many. One more: 429 `ERR_TOO_MANY_DAILY_GAMES`.
 */
export const DAILY_GAMES_PER_PLAYER = 10;

/**
 * Races one player may create in an hour; an address `RANKED_ADDRESS_SHARE` times as many. One
 * more: 429 `ERR_TOO_MANY_RACES`.
 */
export const RACES_PER_PLAYER_PER_HOUR = 10;

// --- Errors -----------------------------------------------------------------------------------

/**
 * The errors of these routes, beside `RANKED_ERROR_STATUS`'s (ERR_BODY, ERR_JSON, ERR_NAME,
 * ERR_RATE_LIMIT…, which they answer too). 429 answers carry `Retry-After`.
 */
export const PLAY_ERROR_STATUS = {
  /** `date` is not a `YYYY-MM-DD` calendar day. */
  ERR_DATE: 400,
  /** `GET /api/daily?date=` or `/api/daily/scores?date=` of a day after today. */
  ERR_DAILY_FUTURE: 404,
  /** A move on a daily game whose day is over (its seed is public now). */
  ERR_DAILY_OVER: 409,
  /**
   * `POST /api/scores` under a name already ranked that day, or for a game that is not the
   * player's first of the day played to its end: played, not ranked.
   */
  ERR_DAILY_RANKED: 409,
  /** This player started `DAILY_GAMES_PER_PLAYER` daily games today. */
  ERR_TOO_MANY_DAILY_GAMES: 429,
  /** No race with this id (or forgotten long after it finished). */
  ERR_UNKNOWN_RACE: 404,
  /** `minutes` is not a whole number from 1 to 30. */
  ERR_RACE_MINUTES: 422,
  /** The host token is not this race's. */
  ERR_HOST_TOKEN: 403,
  /** A join or a start once the race has started. */
  ERR_RACE_STARTED: 409,
  /** A join when the race has `RACE_MAX_PLAYERS`. */
  ERR_RACE_FULL: 409,
  /** A join under a name another player of the race has. */
  ERR_NAME_TAKEN: 409,
  /** A move on a race game before the race's `startedAt`. */
  ERR_RACE_NOT_STARTED: 409,
  /** A move (or a join, or a start) once the race is finished. */
  ERR_RACE_OVER: 409,
  /** `POST /api/scores` for a race's game: its ranking is the race's standings. */
  ERR_RACE_GAME: 409,
  /** This player created `RACES_PER_PLAYER_PER_HOUR` races in the last hour. */
  ERR_TOO_MANY_RACES: 429,
} as const;

export type PlayErrorCode = keyof typeof PLAY_ERROR_STATUS;

/** Every error code of the server's API (ranked games, the daily challenge, races) and its status. */
export const API_ERROR_STATUS = { ...RANKED_ERROR_STATUS, ...PLAY_ERROR_STATUS } as const;
export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

// --- Checks of a request ----------------------------------------------------------------------

/**
 * Whether `minutes` is a race's length the server takes (a whole number, 1 to 30).
 *
 * @example
 * isRaceMinutes(5)   // true
 * isRaceMinutes(0.5) // false
 */
export const isRaceMinutes = (minutes: unknown): minutes is number =>
  typeof minutes === 'number' &&
  Number.isInteger(minutes) &&
  minutes >= RACE_MIN_MINUTES &&
  minutes <= RACE_MAX_MINUTES;

/** Whether `x` is a race status. */
export const isRaceStatus = (x: unknown): x is RaceStatus => isOneOf(RACE_STATUSES, x);
