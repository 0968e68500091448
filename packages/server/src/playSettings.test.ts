import { describe, expect, it } from 'vitest';
import { resolveSettings } from './settings.js';

const A = 'flag secret, sixteen+';
const B = 'env secret, sixteen+';
const C = 'file secret, sixteen+';

describe("the daily challenge's and races' settings", () => {
  it('reads the daily secret from the flag, else the environment, else the config file, else none', () => {
    const all = {
      flags: { dailySecret: A },
      env: { TWENTY48_DAILY_SECRET: B },
      file: { dailySecret: C },
    };
    const secretOf = (sources: Parameters<typeof resolveSettings>[0]) => {
      const resolved = resolveSettings(sources);
      if (!resolved.ok) throw new Error(resolved.error.message);
      return resolved.value.dailySecret;
    };
    expect(secretOf(all)).toBe(A);
    expect(secretOf({ ...all, flags: {} })).toBe(B);
    expect(secretOf({ file: all.file })).toBe(C);
    expect(secretOf({})).toBeUndefined();
  });

  it('refuses a short secret without quoting it', () => {
    const resolved = resolveSettings({ env: { TWENTY48_DAILY_SECRET: 'hunter2' } });
    expect(resolved).toMatchObject({ ok: false, error: { code: 'ERR_SETTING' } });
    if (resolved.ok) return;
    expect(resolved.error.message).toContain('TWENTY48_DAILY_SECRET');
    expect(resolved.error.message).not.toContain('hunter2');
  });

  it('sets the daily and race limits like every limit', () => {
    const resolved = resolveSettings({
      flags: { 'limits.dailyGamesPerPlayer': '3' },
      env: { TWENTY48_LIMIT_RACES_PER_HOUR: '2' },
      file: { limits: { racePlayers: 4 } },
    });
    if (!resolved.ok) throw new Error(resolved.error.message);
    expect(resolved.value.limits).toMatchObject({
      dailyGamesPerPlayer: 3,
      racesPerHour: 2,
      racePlayers: 4,
    });
  });
});
