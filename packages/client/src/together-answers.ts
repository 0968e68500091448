// The answers of the daily challenge and the races (issue 27's pinned shapes) checked: each
// reader gives the typed value, or null for a body of any other shape, which the caller
// reports as `ERR_RESPONSE`. Names and other text from the server are kept as they came (cut
// to the name rule's length); a view escapes them when it shows them.

import {
  type CreateRaceAnswer as CreatedRace,
  DAILY_RULES,
  DAILY_SIZE,
  type DailyAnswer,
  type DailyBest,
  type DailyGameAnswer,
  type DailyRankAnswer,
  type DailyScore,
  type DailyScoresAnswer,
  isCount,
  isDailyDate,
  isRaceStatus,
  isRankedId,
  isRankedRules,
  isRankedSize,
  MAX_NAME_LENGTH,
  type RaceAnswer,
  type RacePlayer,
  type WireBoard,
} from '@twenty48/common';
import { isTileValue } from '@twenty48/engine';
import { isRankedStatus, parseBoard, parseCreateAnswer } from './answers.js';

type Fields = Record<string, unknown>;
const isObject = (x: unknown): x is Fields =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
/** A day as the API writes it: `YYYY-MM-DD`, a real day (common's check). */
export const isDayDate = isDailyDate;
/** A name as the server sends it: a string no longer than the name rule allows (in units). */
const isName = (x: unknown): x is string =>
  typeof x === 'string' && x.length > 0 && x.length <= MAX_NAME_LENGTH * 4;
/** An ISO 8601 time, or null. */
const isTimeOrNull = (x: unknown): x is string | null =>
  x === null || (typeof x === 'string' && x.length <= 40 && !Number.isNaN(Date.parse(x)));

/** A day's challenge (common's `DailyAnswer`). */
export type DailyInfo = DailyAnswer;
/** A race as it stands (common's `RaceAnswer`). */
export type RaceInfo = RaceAnswer;
/** A day's table (common's `DailyScoresAnswer`). */
export type DailyScores = DailyScoresAnswer;
export type { CreatedRace, DailyBest, DailyGameAnswer, DailyRankAnswer, DailyScore, RacePlayer };

/** A row of a top ten, or null. */
function parseBest(x: unknown): DailyBest | null {
  if (!isObject(x)) return null;
  const { name, score, maxTile } = x;
  return isName(name) && isCount(score) && isTileValue(maxTile) ? { name, score, maxTile } : null;
}

/** Every item read by `read`, or null when one is of the wrong shape (the list is the server's). */
function allOf<T>(x: unknown, read: (item: unknown) => T | null, max = 1000): T[] | null {
  if (!Array.isArray(x) || x.length > max) return null;
  const items = x.map(read);
  return items.every((item): item is T => item !== null) ? items : null;
}

/**
 * `200` to `GET /api/daily`.
 *
 * @example
 * parseDailyInfo({ date: '2026-11-26', rules: 'classic', size: 4, players: 3, best: [] })
 */
export function parseDailyInfo(x: unknown): DailyInfo | null {
  if (!isObject(x)) return null;
  const { date, rules, size, players, seed } = x;
  if (!isDayDate(date) || rules !== DAILY_RULES || size !== DAILY_SIZE || !isCount(players)) {
    return null;
  }
  const best = allOf(x.best, parseBest, 100);
  if (best === null) return null;
  const info: DailyInfo = { date, rules: DAILY_RULES, size: DAILY_SIZE, players, best };
  if (seed === undefined) return info;
  return typeof seed === 'string' && seed.length > 0 && seed.length <= 200
    ? { ...info, seed }
    : null;
}

/**
 * `201` to `POST /api/daily/games`, on a board of `size`.
 *
 * @example
 * parseDailyGame({ gameId: 'g1', watchId: 'w1', board, score: 0, status: 'playing', date: '2026-11-26' }, 4)
 */
export function parseDailyGame(x: unknown, size: number): DailyGameAnswer | null {
  const created = parseCreateAnswer(x, size);
  if (created === null || !isObject(x) || !isDayDate(x.date)) return null;
  return { ...created, date: x.date };
}

function parseDailyScore(x: unknown): DailyScore | null {
  if (!isObject(x)) return null;
  const { rank, name, score, maxTile, moves } = x;
  if (!isCount(rank) || rank < 1 || !isName(name) || !isCount(score)) return null;
  return isTileValue(maxTile) && isCount(moves) ? { rank, name, score, maxTile, moves } : null;
}

/**
 * `201` to `POST /api/scores` for a day's game: its rank on the day's table.
 *
 * @example
 * parseDailyRank({ date: '2026-11-26', rank: 1, name: 'Ada', score: 96, maxTile: 16, moves: 40 })
 */
export function parseDailyRank(x: unknown): DailyRankAnswer | null {
  const row = parseDailyScore(x);
  return row !== null && isObject(x) && isDayDate(x.date) ? { date: x.date, ...row } : null;
}

/**
 * `200` to `GET /api/daily/scores?date=`.
 *
 * @example
 * parseDailyScores({ date: '2026-11-26', scores: [{ rank: 1, name: 'Ada', score: 96, maxTile: 16, moves: 40 }] })
 */
export function parseDailyScores(x: unknown): DailyScores | null {
  if (!isObject(x) || !isDayDate(x.date)) return null;
  const scores = allOf(x.scores, parseDailyScore, 10_000);
  return scores === null ? null : { date: x.date, scores };
}

/**
 * `201` to `POST /api/races`.
 *
 * @example
 * parseCreatedRace({ raceId: 'r'.repeat(22), hostToken: 'h'.repeat(22) })
 */
export function parseCreatedRace(x: unknown): CreatedRace | null {
  if (!isObject(x)) return null;
  const { raceId, hostToken } = x;
  return isRankedId(raceId) && isRankedId(hostToken) ? { raceId, hostToken } : null;
}

/**
 * One player of a race, or null.
 *
 * @example
 * parseRacePlayer({ name: 'Ada', watchId: 'w1', score: 0, maxTile: 2, moves: 0, status: 'playing' })
 */
export function parseRacePlayer(x: unknown): RacePlayer | null {
  if (!isObject(x)) return null;
  const { name, watchId, score, maxTile, moves, status, reachedAt } = x;
  if (!isName(name) || !isRankedId(watchId) || !isCount(score) || !isTileValue(maxTile)) {
    return null;
  }
  return isCount(moves) && isRankedStatus(status) && isTimeOrNull(reachedAt)
    ? { name, watchId, score, maxTile, moves, status, reachedAt }
    : null;
}

/**
 * `200` to `GET /api/races/:raceId` (and the race inside its stream's events).
 *
 * @example
 * parseRaceInfo({ raceId, rules: 'classic', size: 4, status: 'waiting', startedAt: null, endsAt: null, players: [] })
 */
export function parseRaceInfo(x: unknown): RaceInfo | null {
  if (!isObject(x)) return null;
  const { raceId, rules, size, minutes, status, startedAt, endsAt, now } = x;
  if (!isRankedId(raceId) || !isRankedRules(rules) || !isRankedSize(size)) return null;
  if (!isRaceStatus(status) || !isTimeOrNull(startedAt) || !isTimeOrNull(endsAt)) return null;
  if (!isCount(minutes) || typeof now !== 'string' || !isTimeOrNull(now)) return null;
  const players = allOf(x.players, parseRacePlayer, 64);
  if (players === null) return null;
  return { raceId, rules, size, minutes, status, startedAt, endsAt, players, now };
}

/**
 * A player's move in a race's stream: whose (`watchId`), the board after it, the score and the
 * moves that count so far (a move that changed nothing is streamed too, its count unchanged).
 *
 * @example
 * parseRaceMove({ watchId: 'w1', board, score: 8, moves: 3 }, 4) // { watchId: 'w1', board, score: 8, moves: 3 }
 */
export function parseRaceMove(
  x: unknown,
  size: number,
): { watchId: string; board: WireBoard; score: number; moves: number } | null {
  if (!isObject(x)) return null;
  const board = parseBoard(x.board, size);
  const { watchId, score, moves } = x;
  return isRankedId(watchId) && board !== null && isCount(score) && isCount(moves)
    ? { watchId, board, score, moves }
    : null;
}
