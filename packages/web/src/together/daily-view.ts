// The Daily page's policy, pure: what the browser keeps of the daily challenge (the day's
// game to resume, its result, the days played for the streak), read back checked, and the
// words the page shows. The DOM, the client and storage are daily-main.ts's.

import {
  type DailyInfo,
  type DailyResult,
  type DailyScore,
  dailyShareLine,
  isDayDate,
  streakOf,
  withDayPlayed,
} from '@twenty48/client';
import { escapeAndCut, formatNumber, isCount, isRankedId, isRecord } from '@twenty48/common';

/** Where the Daily page keeps its record in localStorage. */
export const DAILY_KEY = 'twenty48:daily';

/** A day's game finished: its result, and its rank on the day's table once ranked. */
export interface DailyFinish extends DailyResult {
  readonly rank: number | null;
  readonly name: string | null;
}

/** What the browser keeps: today's game (to resume it), its finish, the days finished. */
export interface DailyRecord {
  /** The day of `gameId`. */
  readonly date: string | null;
  readonly gameId: string | null;
  readonly finish: DailyFinish | null;
  /** The days a daily game was finished, oldest first (the streak's days). */
  readonly played: readonly string[];
}

export const EMPTY_RECORD: DailyRecord = { date: null, gameId: null, finish: null, played: [] };

function parseFinish(x: unknown, date: string | null): DailyFinish | null {
  if (!isRecord(x) || date === null) return null;
  const { score, maxTile, moves, rank, name } = x;
  if (!isCount(score) || !isCount(maxTile) || !isCount(moves)) return null;
  return {
    date,
    score,
    maxTile,
    moves,
    rank: isCount(rank) && rank >= 1 ? rank : null,
    name: typeof name === 'string' && name.length <= 100 ? name : null,
  };
}

/**
 * The record as stored (any shape): each part that is wrong is dropped on its own, so a bad
 * game id never loses the streak.
 *
 * @example
 * parseDailyRecord({ date: '2026-11-26', gameId: 'g1', played: ['2026-11-25'] }).played // ['2026-11-25']
 */
export function parseDailyRecord(x: unknown): DailyRecord {
  if (!isRecord(x)) return EMPTY_RECORD;
  const data = x;
  const date = isDayDate(data.date) ? data.date : null;
  const gameId = date !== null && isRankedId(data.gameId) ? data.gameId : null;
  const played = Array.isArray(data.played) ? withDayPlayed(data.played.filter(isDayDate), '') : [];
  return { date, gameId, finish: parseFinish(data.finish, date), played };
}

/**
 * Today's part of the record: the game and finish of another day are forgotten (the streak's
 * days are kept).
 *
 * @example
 * recordFor({ ...record, date: '2026-11-25' }, '2026-11-26').gameId // null
 */
export const recordFor = (record: DailyRecord, today: string): DailyRecord =>
  record.date === today ? record : { ...EMPTY_RECORD, played: record.played };

/**
 * The record once today's game `gameId` started.
 *
 * @example
 * withGame(EMPTY_RECORD, '2026-11-26', 'g1').gameId // 'g1'
 */
export const withGame = (record: DailyRecord, date: string, gameId: string): DailyRecord => ({
  date,
  gameId,
  finish: null,
  played: record.played,
});

/**
 * The record once the day's game ended with `result`: the day counts for the streak.
 *
 * @example
 * withFinish(record, { date: '2026-11-26', score: 96, maxTile: 16, moves: 40 }).played // [..., '2026-11-26']
 */
export const withFinish = (record: DailyRecord, result: DailyResult): DailyRecord => ({
  ...record,
  date: result.date,
  finish: { ...result, rank: record.finish?.rank ?? null, name: record.finish?.name ?? null },
  played: withDayPlayed(record.played, result.date),
});

/** The record once the finished game was ranked `rank` under `name`. */
export const withRank = (record: DailyRecord, rank: number, name: string): DailyRecord =>
  record.finish === null ? record : { ...record, finish: { ...record.finish, rank, name } };

/**
 * The streak line: "Streak: 3 days in a row", or what starts one.
 *
 * @example
 * streakLine(['2026-11-25', '2026-11-26'], '2026-11-26') // 'Streak: 2 days in a row.'
 */
export function streakLine(played: readonly string[], today: string): string {
  const days = streakOf(played, today);
  if (days === 0) return 'Streak: none yet. Finish today’s game to start one.';
  return `Streak: ${days} ${days === 1 ? 'day' : 'days'} in a row.`;
}

/**
 * What the day is: its date, rules and how many played it.
 *
 * @example
 * dayLine({ date: '2026-11-26', rules: 'classic', size: 4, players: 3, best: [] }) // 'Today, 2026-11-26: classic 4 × 4, 3 players so far.'
 */
export function dayLine(info: DailyInfo): string {
  const players = info.players === 1 ? '1 player' : `${formatNumber(info.players)} players`;
  return `Today, ${info.date}: ${info.rules} ${info.size} × ${info.size}, ${players} so far.`;
}

/**
 * The result of the day's game, with its rank once ranked.
 *
 * @example
 * resultLine({ date: '2026-11-26', score: 96, maxTile: 16, moves: 40, rank: 2, name: 'Ada' }) // 'Your result: 96 points, best tile 16, 40 moves. Ada is number 2 today.'
 */
export function resultLine(finish: DailyFinish): string {
  const base = `Your result: ${formatNumber(finish.score)} points, best tile ${finish.maxTile}, ${formatNumber(finish.moves)} moves.`;
  if (finish.rank === null || finish.name === null) return base;
  return `${base} ${escapeAndCut(finish.name, 40)} is number ${finish.rank} today.`;
}

/** The share line of a finish (the pinned, spoiler-free line). */
export const shareLineOf = (finish: DailyFinish): string => dailyShareLine(finish);

/**
 * One row of the day's table as the page lists it (the rank is the list's own number).
 *
 * @example
 * tableRow({ rank: 1, name: 'Ada', score: 2345, maxTile: 256, moves: 300 }) // 'Ada: 2,345 (256), 300 moves'
 */
export const tableRow = (row: DailyScore): string =>
  `${escapeAndCut(row.name, 40)}: ${formatNumber(row.score)} (${row.maxTile}), ${formatNumber(row.moves)} moves`;
