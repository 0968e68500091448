import { isOneOf } from '@twenty48/common';
import { fail, ok, type Result } from '@twenty48/engine';
import type { Limits } from './limits.js';
import { FORWARDED_HEADERS, type ForwardedHeader } from './trustProxy.js';

/** The log levels, quietest last (pino's). */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Everything an operator can set on `2048 serve`. Each has a flag, an environment variable and
 * a config-file key (the field's name); `settings.ts` reads them in that order.
 */
export interface Settings {
  readonly port: number;
  readonly host: string;
  /** A postgres:// URL or an SQLite file; none is $DATABASE_URL, else the default file. */
  readonly database?: string;
  /** A file holding the database URL (so that no password shows in `ps` or the environment). */
  readonly databaseUrlFile?: string;
  readonly webRoot?: string;
  /** Proxies whose X-Forwarded-For / X-Forwarded-Proto / Forwarded are believed. */
  readonly trustProxy: readonly string[];
  /** Which of those headers the proxies write: `x-forwarded` or `forwarded`. */
  readonly forwardedHeader: ForwardedHeader;
  readonly pgPool: number;
  readonly dbConnectTimeoutMs: number;
  /** Each query's deadline, client side, and PostgreSQL's statement_timeout. */
  readonly queryTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly headersTimeoutMs: number;
  /** How long an idle keep-alive connection stays open: longer than the proxy's own. */
  readonly keepAliveTimeoutMs: number;
  /** After SIGTERM, how long requests in flight may take before the process exits anyway. */
  readonly shutdownGraceMs: number;
  /**
   * After SIGTERM, how long the server goes on serving as usual (ready saying 503) before it
   * drains: the time a health-checking balancer needs to stop sending it connections.
   */
  readonly shutdownDelayMs: number;
  /** While draining, how long a keep-alive connection may be idle before it is closed. */
  readonly drainIdleMs: number;
  /** How often `/api/ready` asks the database. */
  readonly readyCheckMs: number;
  readonly logLevel: LogLevel;
  readonly metrics: boolean;
  /** A path prefix the server is mounted under (`/game`), or '' for the root. */
  readonly basePath: string;
  /**
   * The secret the daily games' seeds are derived from (HMAC-SHA256 of the date); none is one
   * made once and kept in the database, which every server sharing it reads.
   */
  readonly dailySecret?: string;
  readonly limits: Limits;
}

export type SettingValue = string | number | boolean | readonly string[];
type Given = string | number | boolean | readonly unknown[];

/** One setting: its key (the config file's), flag, environment variable, parser and default. */
export interface Setting {
  readonly key: string;
  readonly flag: string;
  readonly env: string;
  readonly help: string;
  readonly parse: (given: Given) => Result<SettingValue, 'ERR_SETTING'>;
  readonly default?: SettingValue;
  /** A flag that takes no value (`--metrics`). */
  readonly boolean?: boolean;
  /** A secret: its value is never quoted in a message. */
  readonly secret?: boolean;
}

const wholeNumber =
  (min: number, max: number) =>
  (given: Given): Result<number, 'ERR_SETTING'> => {
    const text = String(given).trim();
    const value = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
    return value >= min && value <= max
      ? ok(value)
      : fail('ERR_SETTING', `must be a whole number from ${min} to ${max}`);
  };

const text =
  (check: (value: string) => string | null) =>
  (given: Given): Result<string, 'ERR_SETTING'> => {
    if (typeof given !== 'string') return fail('ERR_SETTING', 'must be a string');
    const problem = check(given);
    return problem === null ? ok(given) : fail('ERR_SETTING', problem);
  };

const anyText = text((value) => (value.trim() === '' ? 'must not be empty' : null));

const list = (given: Given): Result<readonly string[], 'ERR_SETTING'> => {
  if (Array.isArray(given)) {
    return given.every((item): item is string => typeof item === 'string')
      ? ok(given)
      : fail('ERR_SETTING', 'must be a list of strings');
  }
  return ok(
    String(given)
      .split(/[\s,]+/)
      .filter(Boolean),
  );
};

const flag = (given: Given): Result<boolean, 'ERR_SETTING'> => {
  if (typeof given === 'boolean') return ok(given);
  const value = String(given).trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return ok(true);
  if (['0', 'false', 'no', 'off'].includes(value)) return ok(false);
  return fail('ERR_SETTING', 'must be true or false (1/0, yes/no, on/off)');
};

const isLogLevel = (value: string): value is LogLevel => isOneOf(LOG_LEVELS, value);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The fixed settings (the limits are added one by one from DEFAULT_LIMITS). */
export const SETTINGS: readonly Setting[] = [
  {
    key: 'port',
    flag: 'port',
    env: 'PORT',
    help: 'port to listen on (0 picks a free one)',
    parse: wholeNumber(0, 65_535),
    default: 8048,
  },
  {
    key: 'host',
    flag: 'host',
    env: 'HOST',
    help: 'address to listen on',
    parse: anyText,
    default: '127.0.0.1',
  },
  {
    key: 'database',
    flag: 'db',
    env: 'DATABASE_URL',
    help: 'postgres://user@host:5432/db or an SQLite file (default twenty48.db in the data directory); a password in a flag shows in ps: use DATABASE_URL or --db-url-file',
    parse: anyText,
  },
  {
    key: 'databaseUrlFile',
    flag: 'db-url-file',
    env: 'TWENTY48_DB_URL_FILE',
    help: 'a file holding the database URL (a password there shows nowhere)',
    parse: anyText,
  },
  {
    key: 'webRoot',
    flag: 'web-root',
    env: 'TWENTY48_WEB_ROOT',
    help: 'the built web game (default packages/web/dist)',
    parse: anyText,
  },
  {
    key: 'trustProxy',
    flag: 'trust-proxy',
    env: 'TWENTY48_TRUST_PROXY',
    help: 'proxies (addresses, CIDRs, comma-separated) whose X-Forwarded-For/-Proto or Forwarded are believed; default none',
    parse: list,
    default: [],
  },
  {
    key: 'forwardedHeader',
    flag: 'forwarded-header',
    env: 'TWENTY48_FORWARDED_HEADER',
    help: 'the header the trusted proxies write: x-forwarded (X-Forwarded-For/-Proto, nginx) or forwarded (RFC 7239)',
    parse: text((value) =>
      isOneOf(FORWARDED_HEADERS, value) ? null : `must be one of ${FORWARDED_HEADERS.join(', ')}`,
    ),
    default: 'x-forwarded',
  },
  {
    key: 'pgPool',
    flag: 'pg-pool',
    env: 'TWENTY48_PG_POOL',
    help: 'connections to PostgreSQL',
    parse: wholeNumber(1, 1000),
    default: 10,
  },
  {
    key: 'dbConnectTimeoutMs',
    flag: 'db-connect-timeout-ms',
    env: 'TWENTY48_DB_CONNECT_TIMEOUT_MS',
    help: 'deadline of the first connection to the database at start',
    parse: wholeNumber(100, 10 * MINUTE),
    default: 5000,
  },
  {
    key: 'queryTimeoutMs',
    flag: 'query-timeout-ms',
    env: 'TWENTY48_QUERY_TIMEOUT_MS',
    help: "each query's deadline (PostgreSQL's statement_timeout and the client's own)",
    parse: wholeNumber(100, 10 * MINUTE),
    default: 2000,
  },
  {
    key: 'requestTimeoutMs',
    flag: 'request-timeout-ms',
    env: 'TWENTY48_REQUEST_TIMEOUT_MS',
    help: 'time to receive a whole request',
    parse: wholeNumber(1000, HOUR),
    default: 30_000,
  },
  {
    key: 'headersTimeoutMs',
    flag: 'headers-timeout-ms',
    env: 'TWENTY48_HEADERS_TIMEOUT_MS',
    help: "time to receive a request's headers",
    parse: wholeNumber(1000, HOUR),
    default: 10_000,
  },
  {
    key: 'keepAliveTimeoutMs',
    flag: 'keep-alive-timeout-ms',
    env: 'TWENTY48_KEEP_ALIVE_TIMEOUT_MS',
    help: "how long an idle keep-alive connection stays open (above the proxy's, e.g. nginx 60 s)",
    parse: wholeNumber(1000, HOUR),
    default: 65_000,
  },
  {
    key: 'shutdownGraceMs',
    flag: 'shutdown-grace-ms',
    env: 'TWENTY48_SHUTDOWN_GRACE_MS',
    help: 'after SIGTERM, the most time requests in flight get before the process exits',
    parse: wholeNumber(0, HOUR),
    default: 10_000,
  },
  {
    key: 'shutdownDelayMs',
    flag: 'shutdown-delay-ms',
    env: 'TWENTY48_SHUTDOWN_DELAY_MS',
    help: 'after SIGTERM, how long to go on serving (ready saying 503) before draining, for a balancer that health-checks /api/ready',
    parse: wholeNumber(0, HOUR),
    default: 0,
  },
  {
    key: 'drainIdleMs',
    flag: 'drain-idle-ms',
    env: 'TWENTY48_DRAIN_IDLE_MS',
    help: "while draining, how long a keep-alive connection may be idle before it is closed (keep a proxy's upstream keepalive_timeout under it)",
    parse: wholeNumber(0, HOUR),
    default: 1000,
  },
  {
    key: 'readyCheckMs',
    flag: 'ready-check-ms',
    env: 'TWENTY48_READY_CHECK_MS',
    help: 'how often /api/ready asks the database',
    parse: wholeNumber(100, HOUR),
    default: 2000,
  },
  {
    key: 'logLevel',
    flag: 'log-level',
    env: 'TWENTY48_LOG_LEVEL',
    help: `log level: ${LOG_LEVELS.join(', ')}`,
    parse: text((value) => (isLogLevel(value) ? null : `must be one of ${LOG_LEVELS.join(', ')}`)),
    default: 'info',
  },
  {
    key: 'metrics',
    flag: 'metrics',
    env: 'TWENTY48_METRICS',
    help: 'serve GET /metrics (Prometheus text format)',
    parse: flag,
    default: false,
    boolean: true,
  },
  {
    key: 'basePath',
    flag: 'base-path',
    env: 'TWENTY48_BASE_PATH',
    help: 'path prefix the server is reached under, e.g. /game',
    parse: text((value) =>
      value === '' || /^(\/[A-Za-z0-9._~-]+)+$/.test(value)
        ? null
        : 'must be empty or like /game (segments of letters, digits, . _ ~ -; no trailing /)',
    ),
    default: '',
  },
  {
    key: 'dailySecret',
    flag: 'daily-secret',
    env: 'TWENTY48_DAILY_SECRET',
    help: "the secret each day's daily seed is derived from (at least 16 characters; every server on one database must share it); default one made once and kept in the database",
    parse: text((value) =>
      value.length >= 16 && value.length <= 1024 ? null : 'must be 16 to 1024 characters',
    ),
    secret: true,
  },
];
