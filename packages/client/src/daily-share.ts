// What a player keeps and tells of the daily challenge, the same in the browser and the
// terminal: the spoiler-free line they share (as Wordle made popular: the day, whether 2048
// was reached, the score and the moves, never a board), and their streak of days in a row,
// counted from the days they finished a game, kept on their own machine.

import { formatNumber } from '@twenty48/common';

/** How a day's game ended, as the share line tells it. */
export interface DailyResult {
  readonly date: string;
  readonly score: number;
  readonly maxTile: number;
  readonly moves: number;
}

/** The tile a day's line tells of reaching (classic's goal). */
export const SHARE_GOAL = 2048;

/**
 * The line a player shares: `twenty48 daily 2026-11-26 · 2048 ✓ · 23,456 · 1,234 moves`
 * (`✗` when 2048 was not reached; "1 move" for one).
 *
 * @example
 * dailyShareLine({ date: '2026-11-26', score: 23456, maxTile: 2048, moves: 1234 })
 * // 'twenty48 daily 2026-11-26 · 2048 ✓ · 23,456 · 1,234 moves'
 */
export function dailyShareLine(result: DailyResult): string {
  const reached = result.maxTile >= SHARE_GOAL ? '✓' : '✗';
  const moves = `${formatNumber(result.moves)} ${result.moves === 1 ? 'move' : 'moves'}`;
  return `twenty48 daily ${result.date} · ${SHARE_GOAL} ${reached} · ${formatNumber(result.score)} · ${moves}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of `YYYY-MM-DD` (days since 1970-01-01, UTC), or null for no such day. */
function dayNumber(date: string): number | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const back = new Date(time).toISOString().slice(0, 10);
  return back === date ? time / DAY_MS : null;
}

/**
 * The day `YYYY-MM-DD` of a time in milliseconds, in UTC (the daily challenge's day).
 *
 * @example
 * dayOf(Date.UTC(2026, 10, 26, 23, 59)) // '2026-11-26'
 */
export const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);

/**
 * The streak on `today`: how many days in a row end today (or yesterday, while today's game is
 * still to play) among `played`, the days a daily game was finished. Dates of another shape,
 * repeats and days after today are ignored.
 *
 * @example
 * streakOf(['2026-11-24', '2026-11-25', '2026-11-26'], '2026-11-26') // 3
 * streakOf(['2026-11-24', '2026-11-25'], '2026-11-26')               // 2: today is still open
 * streakOf(['2026-11-23', '2026-11-25'], '2026-11-26')               // 1
 * streakOf(['2026-11-23'], '2026-11-26')                             // 0
 */
export function streakOf(played: readonly string[], today: string): number {
  const now = dayNumber(today);
  if (now === null) return 0;
  const days = new Set(
    played.map(dayNumber).filter((day): day is number => day !== null && day <= now),
  );
  let day = days.has(now) ? now : now - 1;
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day -= 1;
  }
  return streak;
}

/** The most days kept: a streak longer than this is told as this long. */
export const MAX_DAYS_KEPT = 400;

/**
 * `played` with `date` added, sorted, the oldest dropped past `MAX_DAYS_KEPT`; a date of the
 * wrong shape is not added.
 *
 * @example
 * withDayPlayed(['2026-11-25'], '2026-11-26') // ['2026-11-25', '2026-11-26']
 */
export function withDayPlayed(played: readonly string[], date: string): string[] {
  const valid = played.filter((day) => dayNumber(day) !== null);
  const all = dayNumber(date) === null ? valid : [...valid, date];
  return [...new Set(all)].sort().slice(-MAX_DAYS_KEPT);
}
