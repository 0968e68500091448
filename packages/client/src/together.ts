// Playing together: the daily challenge (one game for everyone, dealt from the day's seed) and
// races (the same tiles for every player, live). One function per route, each answer checked
// (together-answers.ts); a day's or a race's game is a ranked game like any other, so it is
// played with the same pipeline (`playCreatedGame`) and ranked with `POST /api/scores`.

import type { RankedRules } from '@twenty48/common';
import { parseCreateAnswer } from './answers.js';
import { DEFAULT_TIMEOUT_MS, type ServerLink } from './api.js';
import {
  apiUrl,
  type ClientResult,
  callApi,
  clientError,
  failWith,
  playerHeaders,
  postJson,
} from './http.js';
import { playCreatedGame } from './ranked-game.js';
import type { RankedGame, RankedOptions } from './ranked-types.js';
import {
  type CreatedRace,
  type DailyInfo,
  type DailyRankAnswer,
  type DailyScores,
  isDayDate,
  parseCreatedRace,
  parseDailyGame,
  parseDailyInfo,
  parseDailyRank,
  parseDailyScores,
  parseRaceInfo,
  type RaceInfo,
} from './together-answers.js';

const timeoutOf = (link: ServerLink): number => link.timeoutMs ?? DEFAULT_TIMEOUT_MS;
const racePath = (raceId: string): string => `/api/races/${encodeURIComponent(raceId)}`;
const get = <T>(link: ServerLink, path: string, read: (body: unknown) => T | null) =>
  callApi(link.fetch, {
    url: apiUrl(link.baseUrl, path),
    init: { headers: playerHeaders(link.player) },
    read,
    timeoutMs: timeoutOf(link),
  });
const post = <T>(link: ServerLink, path: string, body: unknown, read: (b: unknown) => T | null) =>
  callApi(link.fetch, {
    url: apiUrl(link.baseUrl, path),
    init: postJson(body, link.player),
    read,
    timeoutMs: timeoutOf(link),
  });
const badDate = (date: string) =>
  failWith(clientError('ERR_QUERY', `a date is written YYYY-MM-DD, not "${date.slice(0, 40)}"`));

/**
 * `GET /api/daily`: today's challenge (its date, rules, size, how many played, the top ten),
 * or an earlier day's with its `seed`.
 *
 * @example
 * const today = await readDaily(link); // today.value.date: '2026-11-26'
 */
export function readDaily(link: ServerLink, date?: string): Promise<ClientResult<DailyInfo>> {
  if (date !== undefined && !isDayDate(date)) return Promise.resolve(badDate(date));
  const query = date === undefined ? '' : `?date=${date}`;
  return get(link, `/api/daily${query}`, parseDailyInfo);
}

/**
 * `GET /api/daily/scores?date=`: the day's table, best first.
 *
 * @example
 * const table = await readDailyScores(link, '2026-11-26'); // table.value.scores[0].rank === 1
 */
export function readDailyScores(
  link: ServerLink,
  date: string,
): Promise<ClientResult<DailyScores>> {
  if (!isDayDate(date)) return Promise.resolve(badDate(date));
  return get(link, `/api/daily/scores?date=${date}`, parseDailyScores);
}

/** A day's game being played, and its day. */
export interface DailyGame {
  readonly game: RankedGame;
  readonly date: string;
}

/**
 * `POST /api/daily/games`: today's game, dealt from the day's seed (the same moves give
 * everyone the same boards), played with the ranked pipeline. `rankDailyGame` puts a finished
 * game on the day's table (a name once a day).
 *
 * @example
 * const daily = await createDailyGame(options); // daily.value.game.move('left')
 */
export async function createDailyGame(
  options: RankedOptions,
  variant: { readonly rules: RankedRules; readonly size: number } = { rules: 'classic', size: 4 },
): Promise<ClientResult<DailyGame>> {
  const created = await post(options, '/api/daily/games', {}, (body) =>
    parseDailyGame(body, variant.size),
  );
  if (!created.ok) return created;
  const game = playCreatedGame(options, variant, created.value);
  return game.ok ? { ok: true, value: { game: game.value, date: created.value.date } } : game;
}

/**
 * `POST /api/scores` for a finished day's game: its rank on the day's table. A name is ranked
 * once a day (its first finished game); another game under it is refused, 409
 * `ERR_DAILY_RANKED`.
 *
 * @example
 * const ranked = await rankDailyGame(link, gameId, 'Ada'); // ranked.value.rank
 */
export function rankDailyGame(
  link: ServerLink,
  gameId: string,
  name: string,
): Promise<ClientResult<DailyRankAnswer>> {
  return post(link, '/api/scores', { gameId, name }, parseDailyRank);
}

/** What a new race is: its rules, board size and length in minutes (1 to 30). */
export interface RaceSettings {
  readonly rules: RankedRules;
  readonly size: number;
  readonly minutes: number;
}

/**
 * `POST /api/races`: a new race; its `raceId` is its link (whoever has it may join) and the
 * `hostToken` starts it.
 *
 * @example
 * const race = await createRace(link, { rules: 'classic', size: 4, minutes: 5 });
 */
export function createRace(
  link: ServerLink,
  settings: RaceSettings,
): Promise<ClientResult<CreatedRace>> {
  const { rules, size, minutes } = settings;
  return post(link, '/api/races', { rules, size, minutes }, parseCreatedRace);
}

/**
 * `POST /api/races/:raceId/players`: join under `name`; the game is dealt from the race's
 * seed. Moves before the start are refused (`ERR_RACE_NOT_STARTED`), after the end too
 * (`ERR_RACE_OVER`).
 *
 * @example
 * const joined = await joinRace(options, raceId, 'Ada', { rules: 'classic', size: 4 });
 */
export async function joinRace(
  options: RankedOptions,
  raceId: string,
  name: string,
  variant: { readonly rules: RankedRules; readonly size: number },
): Promise<ClientResult<RankedGame>> {
  const joined = await post(options, `${racePath(raceId)}/players`, { name }, (body) =>
    parseCreateAnswer(body, variant.size),
  );
  if (!joined.ok) return joined;
  return playCreatedGame(options, variant, joined.value);
}

/**
 * `POST /api/races/:raceId/start` with the host's token.
 *
 * @example
 * await startRace(link, raceId, hostToken); // the race, running, with its countdown's end
 */
export function startRace(
  link: ServerLink,
  raceId: string,
  hostToken: string,
): Promise<ClientResult<RaceInfo>> {
  return post(link, `${racePath(raceId)}/start`, { hostToken }, parseRaceInfo);
}

/**
 * `GET /api/races/:raceId`: the race and its players, best first.
 *
 * @example
 * const race = await readRace(link, raceId); // race.value.status: 'waiting'
 */
export function readRace(link: ServerLink, raceId: string): Promise<ClientResult<RaceInfo>> {
  return get(link, racePath(raceId), parseRaceInfo);
}
