import { readFileSync } from 'node:fs';
import { isRecord } from '@twenty48/common';
import { fail, ok, type Result } from '@twenty48/engine';
import { DEFAULT_LIMITS, type Limits } from './limits.js';
import { SETTINGS, type Setting, type Settings, type SettingValue } from './settingsTable.js';
import { type ProxyTrust, parseTrustProxy } from './trustProxy.js';

export { SETTINGS, type Setting, type Settings } from './settingsTable.js';

/** A setting's value as one source gives it: text (flag, env), or JSON (the config file). */
type Given = string | number | boolean | readonly unknown[];

/** Where the settings come from: the command line, the environment, a config file's JSON. */
export interface SettingSources {
  /** Flags by their setting key (`port`, `trustProxy`…) or `limits.<name>`, as given. */
  readonly flags?: Readonly<Record<string, Given | undefined>>;
  readonly env?: NodeJS.ProcessEnv;
  /** The config file's object, already read (`readConfigFile`). */
  readonly file?: Readonly<Record<string, unknown>>;
}

/** What `resolveSettings` gives: the settings, and the trust built from `trustProxy`. */
export interface ResolvedSettings extends Settings {
  readonly trust: ProxyTrust;
  /** Where `database` came from: a flag shows in `ps` (the caller warns when it has a password). */
  readonly databaseFrom: 'flag' | 'env' | 'file' | 'url-file' | 'default';
}

/** The setting's name in each source, for messages: `--pg-pool / TWENTY48_PG_POOL / pgPool`. */
const sourceName = (setting: Setting, source: 'flag' | 'env' | 'file'): string =>
  source === 'flag' ? `--${setting.flag}` : source === 'env' ? setting.env : `"${setting.key}"`;

const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();

/** Ms limits that feed a timer (Node's timers hold at most 2^31 - 1 ms). */
const MAX_TIMER_MS = 2_147_483_647;
const LONG_MS_LIMITS = new Set(['keepEndedMs', 'idleExpiryMs']);

/**
 * A limit's value: a whole number from 0 (milliseconds for the `…Ms` ones, at most 24.8 days
 * for a timer), `Infinity` (`off`) for a count or rate, and `movesPerSecond` may be a fraction.
 */
function parseLimit(name: string, given: Given): Result<number, 'ERR_SETTING'> {
  const text = String(given).trim();
  const isMs = name.endsWith('Ms');
  if (!isMs && /^(infinity|off)$/i.test(text)) return ok(Number.POSITIVE_INFINITY);
  const value = text === '' ? Number.NaN : Number(text);
  const max = isMs ? (LONG_MS_LIMITS.has(name) ? 1e13 : MAX_TIMER_MS) : Number.MAX_SAFE_INTEGER;
  const fraction = name === 'movesPerSecond';
  if (!(value >= 0 && value <= max) || (!fraction && !Number.isInteger(value))) {
    return fail(
      'ERR_SETTING',
      isMs
        ? `must be a whole number of milliseconds from 0 to ${max}`
        : `must be a ${fraction ? 'number' : 'whole number'} from 0, or Infinity`,
    );
  }
  return ok(value);
}

/** Every limit as a setting of its own: `--limit-games-per-player`, TWENTY48_LIMIT_GAMES_PER_PLAYER. */
const limitSettings = (): Setting[] =>
  Object.keys(DEFAULT_LIMITS).map((name) => ({
    key: `limits.${name}`,
    flag: `limit-${kebab(name)}`,
    env: `TWENTY48_LIMIT_${snake(name)}`,
    help: `limit ${name} (default ${String(DEFAULT_LIMITS[name as keyof Limits])})`,
    parse: (given: Given) => parseLimit(name, given),
  }));

/** Every setting `resolveSettings` reads: the fixed ones, then one per limit. */
export const allSettings = (): readonly Setting[] => [...SETTINGS, ...limitSettings()];

/** The value of `key` in the config file's object: `limits.x` is `{ "limits": { "x": … } }`. */
function fileValue(file: Readonly<Record<string, unknown>>, key: string): unknown {
  const [head = '', tail] = key.split('.');
  const value = file[head];
  if (tail === undefined) return value;
  return isRecord(value) ? value[tail] : undefined;
}

const isGiven = (value: unknown): value is Given =>
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'boolean' ||
  Array.isArray(value);

/** Keys of the config file no setting reads: a typo there is refused, not ignored. */
function unknownFileKeys(file: Readonly<Record<string, unknown>>): string[] {
  const known = new Set(allSettings().map((setting) => setting.key));
  const keys: string[] = [];
  for (const [key, value] of Object.entries(file)) {
    if (key === 'limits' && typeof value === 'object' && value !== null) {
      keys.push(...Object.keys(value).map((name) => `limits.${name}`));
    } else keys.push(key);
  }
  return keys.filter((key) => !known.has(key));
}

/**
 * The server's settings, each from the first source that gives it: flag, then environment
 * variable, then config file, then its default. Every value is checked; the first bad one is
 * ERR_SETTING naming the setting, where it came from and what it must be. Unknown keys in the
 * file and unknown `TWENTY48_LIMIT_…` variables are refused too (a typo would be silent).
 *
 * @example
 * resolveSettings({ env: { PORT: '9000', TWENTY48_PG_POOL: 'ten' } })
 * // { ok: false, error: { code: 'ERR_SETTING', message: 'TWENTY48_PG_POOL="ten": must be…' } }
 */
export function resolveSettings(
  sources: SettingSources,
): Result<ResolvedSettings, 'ERR_SETTING' | 'ERR_CONFIG'> {
  const { flags = {}, env = {}, file = {} } = sources;
  const strange = unknownFileKeys(file);
  if (strange.length > 0) {
    return fail('ERR_CONFIG', `the config file has unknown settings: ${strange.join(', ')}`);
  }
  const limitEnv = new Set(limitSettings().map((setting) => setting.env));
  const strangeEnv = Object.keys(env).filter(
    (name) => name.startsWith('TWENTY48_LIMIT_') && !limitEnv.has(name),
  );
  if (strangeEnv.length > 0) {
    return fail('ERR_SETTING', `unknown limit variables: ${strangeEnv.join(', ')}`);
  }
  const values: Record<string, SettingValue> = {};
  const limits: Record<string, number> = { ...DEFAULT_LIMITS };
  let databaseFrom: ResolvedSettings['databaseFrom'] = 'default';
  for (const setting of allSettings()) {
    const candidates: ['flag' | 'env' | 'file', unknown][] = [
      ['flag', flags[setting.key]],
      ['env', env[setting.env] === '' ? undefined : env[setting.env]],
      ['file', fileValue(file, setting.key)],
    ];
    const found = candidates.find(([, value]) => value !== undefined);
    if (!found) continue;
    const [source, raw] = found;
    const shown = setting.secret ? '***' : Array.isArray(raw) ? raw.join(',') : String(raw);
    const parsed = isGiven(raw)
      ? setting.parse(raw)
      : fail('ERR_SETTING' as const, 'must be a string, a number or a list');
    if (!parsed.ok) {
      return fail(
        'ERR_SETTING',
        `${sourceName(setting, source)}=${JSON.stringify(shown.slice(0, 80))}: ${parsed.error.message}`,
      );
    }
    if (setting.key === 'database') databaseFrom = source;
    if (setting.key.startsWith('limits.')) limits[setting.key.slice(7)] = Number(parsed.value);
    else values[setting.key] = parsed.value;
  }
  const settings = { ...defaults(), ...values, limits: limits as unknown as Limits } as Settings;
  if (settings.headersTimeoutMs > settings.requestTimeoutMs) {
    return fail('ERR_SETTING', '--headers-timeout-ms must not exceed --request-timeout-ms');
  }
  if (settings.databaseUrlFile !== undefined) {
    if (settings.database !== undefined) {
      return fail('ERR_SETTING', 'give the database once: --db (DATABASE_URL) or --db-url-file');
    }
    const url = readUrlFile(settings.databaseUrlFile);
    if (!url.ok) return url;
    return withTrust({ ...settings, database: url.value }, 'url-file');
  }
  return withTrust(settings, databaseFrom);
}

/** The settings with their proxy trust built, or the trust's error. */
function withTrust(
  settings: Settings,
  databaseFrom: ResolvedSettings['databaseFrom'],
): Result<ResolvedSettings, 'ERR_SETTING'> {
  const trust = parseTrustProxy(settings.trustProxy, settings.forwardedHeader);
  if (!trust.ok) return fail('ERR_SETTING', `--trust-proxy: ${trust.error.message}`);
  return ok({ ...settings, trust: trust.value, databaseFrom });
}

/** The database URL in `--db-url-file`: its first line, trimmed. */
function readUrlFile(path: string): Result<string, 'ERR_SETTING'> {
  try {
    const url = readFileSync(path, 'utf8').split('\n')[0]?.trim() ?? '';
    return url === '' ? fail('ERR_SETTING', `--db-url-file ${path} is empty`) : ok(url);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return fail('ERR_SETTING', `--db-url-file: cannot read ${path}: ${reason}`);
  }
}

/** Every fixed setting's default value, by key. */
function defaults(): Record<string, SettingValue> {
  const values: Record<string, SettingValue> = {};
  for (const setting of SETTINGS) {
    if (setting.default !== undefined) values[setting.key] = setting.default;
  }
  return values;
}

/**
 * Read `--config FILE`: a JSON object of settings by key (`{ "port": 8048, "trustProxy":
 * ["10.0.0.0/8"], "limits": { "gamesPerPlayer": 8 } }`). ERR_CONFIG when it cannot be read or
 * is not a JSON object.
 *
 * @example
 * readConfigFile('/etc/twenty48.json') // { ok: true, value: { port: 8048, … } }
 */
export function readConfigFile(path: string): Result<Record<string, unknown>, 'ERR_CONFIG'> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return fail('ERR_CONFIG', `cannot read the config file ${path}: ${reason}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return fail('ERR_CONFIG', `the config file ${path} is not JSON: ${reason}`);
  }
  if (!isRecord(value)) {
    return fail('ERR_CONFIG', `the config file ${path} must hold one JSON object of settings`);
  }
  return ok(value);
}
