import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './limits.js';
import { allSettings, readConfigFile, resolveSettings } from './settings.js';

const dir = mkdtempSync(join(tmpdir(), 'twenty48-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const errorOf = (read: ReturnType<typeof resolveSettings>): string =>
  read.ok ? 'accepted' : `${read.error.code}: ${read.error.message}`;

describe('server settings', () => {
  it('defaults to the documented values, trusting no proxy', () => {
    const read = resolveSettings({});
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value).toMatchObject({
      port: 8048,
      host: '127.0.0.1',
      trustProxy: [],
      pgPool: 10,
      keepAliveTimeoutMs: 65_000,
      logLevel: 'info',
      metrics: false,
      basePath: '',
      limits: DEFAULT_LIMITS,
      databaseFrom: 'default',
    });
    expect(read.value.trust.trusts('127.0.0.1')).toBe(false);
  });

  it('takes each setting from the flag, else the environment, else the file', () => {
    const read = resolveSettings({
      flags: { logLevel: 'debug', 'limits.movesPerSecond': '7.5' },
      env: { TWENTY48_LOG_LEVEL: 'warn', TWENTY48_TRUST_PROXY: '10.0.0.0/8', HOST: '::' },
      file: { trustProxy: ['127.0.0.1'], metrics: true, limits: { gamesPerPlayer: 2 } },
    });
    expect(read).toMatchObject({
      ok: true,
      value: {
        logLevel: 'debug',
        trustProxy: ['10.0.0.0/8'],
        host: '::',
        metrics: true,
        limits: { movesPerSecond: 7.5, gamesPerPlayer: 2, scoresPerMinute: 30 },
      },
    });
  });

  it.each([
    [{ env: { TWENTY48_PG_POOL: '0' } }, /TWENTY48_PG_POOL="0": must be a whole number from 1/],
    [{ env: { TWENTY48_PG_POOL: 'lots' } }, /TWENTY48_PG_POOL/],
    [{ flags: { trustProxy: '10.0.0.0/40' } }, /--trust-proxy: "10.0.0.0\/40" is not/],
    [{ file: { logLevel: 'loud' } }, /"logLevel"="loud": must be one of trace/],
    [{ file: { keepAliveTimeoutMs: '5s' } }, /"keepAliveTimeoutMs"/],
    [{ flags: { basePath: 'game/' } }, /--base-path/],
    [{ env: { TWENTY48_LIMIT_GAMES_PER_PLAYER: '2.5' } }, /must be a whole number/],
    [{ env: { TWENTY48_LIMIT_SWEEP_EVERY_MS: 'Infinity' } }, /milliseconds/],
    [{ env: { TWENTY48_METRICS: 'maybe' } }, /must be true or false/],
    [{ env: { TWENTY48_LIMIT_GAMES_PER_CLEINT: '3' } }, /unknown limit variables/],
    [{ flags: { headersTimeoutMs: '60000', requestTimeoutMs: '30000' } }, /must not exceed/],
  ])('refuses %j with ERR_SETTING naming it', (sources, message) => {
    expect(errorOf(resolveSettings(sources))).toMatch(/^ERR_SETTING: /);
    expect(errorOf(resolveSettings(sources))).toMatch(message);
  });

  it('refuses a config file with a key no setting reads (a typo is not silent)', () => {
    expect(errorOf(resolveSettings({ file: { prot: 80, limits: { gamesPerClinet: 1 } } }))).toBe(
      'ERR_CONFIG: the config file has unknown settings: prot, limits.gamesPerClinet',
    );
  });

  it('reads the database URL from a file, once', () => {
    const urlFile = join(dir, 'url');
    writeFileSync(urlFile, 'postgres://ada:pw@db/scores\n');
    expect(resolveSettings({ env: { TWENTY48_DB_URL_FILE: urlFile } })).toMatchObject({
      ok: true,
      value: { database: 'postgres://ada:pw@db/scores', databaseFrom: 'url-file' },
    });
    expect(
      errorOf(resolveSettings({ env: { TWENTY48_DB_URL_FILE: urlFile, DATABASE_URL: 'x.db' } })),
    ).toMatch(/give the database once/);
    expect(errorOf(resolveSettings({ flags: { databaseUrlFile: join(dir, 'none') } }))).toMatch(
      /cannot read/,
    );
  });

  it('has one flag and one variable per setting, every limit included', () => {
    const settings = allSettings();
    expect(new Set(settings.map((s) => s.flag)).size).toBe(settings.length);
    expect(new Set(settings.map((s) => s.env)).size).toBe(settings.length);
    for (const name of Object.keys(DEFAULT_LIMITS)) {
      expect(settings.map((s) => s.key)).toContain(`limits.${name}`);
    }
    expect(settings.find((s) => s.key === 'limits.gamesPerPlayer')).toMatchObject({
      flag: 'limit-games-per-player',
      env: 'TWENTY48_LIMIT_GAMES_PER_PLAYER',
    });
  });

  it('reads a config file, refusing one that is not a JSON object', () => {
    const good = join(dir, 'good.json');
    writeFileSync(good, '{"port": 9000}');
    expect(readConfigFile(good)).toEqual({ ok: true, value: { port: 9000 } });
    const list = join(dir, 'list.json');
    writeFileSync(list, '[1]');
    expect(readConfigFile(list)).toMatchObject({ ok: false, error: { code: 'ERR_CONFIG' } });
  });
});
