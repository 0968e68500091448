import { describe, expect, it } from 'vitest';
import { dailyDateOf, isDailyDate, isRaceMinutes, PLAY_ERROR_STATUS } from './playApi.js';
import { RANKED_ERROR_STATUS } from './rankedApi.js';

describe('the daily and race API checks', () => {
  it('takes real calendar days only, as YYYY-MM-DD', () => {
    expect(isDailyDate('2026-11-26')).toBe(true);
    expect(isDailyDate('2024-02-29')).toBe(true);
    expect(isDailyDate('2026-02-29')).toBe(false);
    expect(isDailyDate('2026-13-01')).toBe(false);
    expect(isDailyDate('2026-1-01')).toBe(false);
    expect(isDailyDate('2026-11-26T00:00:00Z')).toBe(false);
    expect(isDailyDate(20261126)).toBe(false);
  });

  it('dates an instant by its UTC day', () => {
    expect(dailyDateOf(new Date('2026-11-26T23:59:59.999Z'))).toBe('2026-11-26');
    expect(dailyDateOf(new Date('2026-11-27T00:00:00.000Z'))).toBe('2026-11-27');
  });

  it('takes whole race minutes from 1 to 30', () => {
    expect([1, 5, 30].every(isRaceMinutes)).toBe(true);
    expect([0, 31, 2.5, '5', null].some(isRaceMinutes)).toBe(false);
  });

  it('names no code twice with another status than the ranked API gives it', () => {
    for (const code of Object.keys(PLAY_ERROR_STATUS)) {
      expect(Object.keys(RANKED_ERROR_STATUS)).not.toContain(code);
    }
  });
});
