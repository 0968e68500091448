import { describe, expect, it } from 'vitest';
import { dailyShareLine, dayOf, MAX_DAYS_KEPT, streakOf, withDayPlayed } from './daily-share.js';

describe('the daily share line', () => {
  it('is exactly the pinned line for a game that reached 2048', () => {
    const line = dailyShareLine({ date: '2026-11-26', score: 23456, maxTile: 2048, moves: 1234 });
    expect(line).toBe('twenty48 daily 2026-11-26 · 2048 ✓ · 23,456 · 1,234 moves');
  });

  it('says ✓ for a tile past 2048, ✗ below it, and "1 move" for one', () => {
    expect(dailyShareLine({ date: '2026-01-02', score: 80000, maxTile: 4096, moves: 3000 })).toBe(
      'twenty48 daily 2026-01-02 · 2048 ✓ · 80,000 · 3,000 moves',
    );
    expect(dailyShareLine({ date: '2026-01-02', score: 4, maxTile: 1024, moves: 1 })).toBe(
      'twenty48 daily 2026-01-02 · 2048 ✗ · 4 · 1 move',
    );
  });

  it('tells no board: nothing but the day, the mark, the score and the moves', () => {
    const line = dailyShareLine({ date: '2026-11-26', score: 0, maxTile: 4, moves: 0 });
    expect(line.split(' · ')).toEqual(['twenty48 daily 2026-11-26', '2048 ✗', '0', '0 moves']);
  });
});

describe('the streak', () => {
  it('counts the days in a row ending today', () => {
    expect(streakOf(['2026-11-24', '2026-11-25', '2026-11-26'], '2026-11-26')).toBe(3);
  });

  it('keeps yesterday’s streak alive while today is still to play', () => {
    expect(streakOf(['2026-11-24', '2026-11-25'], '2026-11-26')).toBe(2);
  });

  it('is broken by a missed day, and 0 when the last day is older than yesterday', () => {
    expect(streakOf(['2026-11-23', '2026-11-25', '2026-11-26'], '2026-11-26')).toBe(2);
    expect(streakOf(['2026-11-23'], '2026-11-26')).toBe(0);
    expect(streakOf([], '2026-11-26')).toBe(0);
  });

  it('crosses months and years, and ignores repeats, bad dates and days after today', () => {
    const days = ['2025-12-31', '2026-01-01', '2026-01-01', '2026-02-30', 'soon', '2026-01-03'];
    expect(streakOf(days, '2026-01-01')).toBe(2);
    expect(streakOf(['2024-02-28', '2024-02-29', '2024-03-01'], '2024-03-01')).toBe(3);
  });

  it('keeps the days played sorted, once each, at most MAX_DAYS_KEPT, never a bad date', () => {
    expect(withDayPlayed(['2026-11-26', '2026-11-24'], '2026-11-25')).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
    ]);
    expect(withDayPlayed(['2026-11-25'], '2026-11-25')).toEqual(['2026-11-25']);
    expect(withDayPlayed(['x'], '2026-13-01')).toEqual([]);
    const many = Array.from({ length: MAX_DAYS_KEPT + 5 }, (_, i) =>
      dayOf(Date.UTC(2020, 0, 1 + i)),
    );
    const kept = withDayPlayed(many, dayOf(Date.UTC(2030, 0, 1)));
    expect(kept).toHaveLength(MAX_DAYS_KEPT);
    expect(kept.at(-1)).toBe('2030-01-01');
  });

  it('dates a time by its UTC day', () => {
    expect(dayOf(Date.UTC(2026, 10, 26, 23, 59, 59))).toBe('2026-11-26');
    expect(dayOf(Date.UTC(2026, 10, 27, 0, 0, 0))).toBe('2026-11-27');
  });
});
