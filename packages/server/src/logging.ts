import { type DestinationStream, type Logger, pino } from 'pino';
import type { LogLevel } from './settingsTable.js';

export type { Logger } from 'pino';

/** Fields that may hold a secret, wherever they appear in a log line: written as `***`. */
const REDACTED = [
  'password',
  '*.password',
  'database',
  '*.database',
  'databaseUrl',
  'req.headers.authorization',
  'req.headers.cookie',
];

/**
 * The server's logger: JSON lines (pino), one object each, with `time` in ISO 8601, `level`
 * as a word and `service: "twenty48"`; secrets redacted. Writes to `destination`, else
 * stdout (asynchronously: call `logger.flush()` before the process exits).
 *
 * @example
 * const log = createLogger('info');
 * log.info({ route: '/api/games', status: 201, ms: 3 }, 'request');
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'twenty48' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED, censor: '***' },
    },
    destination ?? pino.destination({ sync: false }),
  );
}

/** A logger that writes nothing (tests, and a server started with no logger). */
export const silentLogger = (): Logger => pino({ level: 'silent' });

/**
 * An error as a log field: its name, code, message and stack, and its causes (`cause`), so a
 * line says why, not only what.
 *
 * @example
 * log.error({ err: errorFields(error) }, 'the sweep failed');
 */
export function errorFields(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { name: error.name, message: error.message };
  if ('code' in error) fields.code = error.code;
  if (error.stack) fields.stack = error.stack;
  if (error.cause !== undefined && depth < 4) fields.cause = errorFields(error.cause, depth + 1);
  return fields;
}
