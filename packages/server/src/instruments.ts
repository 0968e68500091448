import { readFileSync } from 'node:fs';
import type { LeaderboardStore, StatementObserver } from '@twenty48/store';
import { errorFields, type Logger } from './logging.js';
import type { Metrics } from './metrics.js';
import type { Readiness } from './readiness.js';

/** This package's version, from its package.json (logged at start). */
export function serverVersion(): string {
  try {
    const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && 'version' in parsed
      ? String(parsed.version)
      : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The database's statements into the metrics: latency by outcome, and how many are under way
 * (with the pool's size beside it, that is the pool's use).
 *
 * @example
 * openLeaderboard(url, { observe: statementObserver(metrics) })
 */
export const statementObserver =
  (metrics: Metrics): StatementObserver =>
  () => {
    const started = performance.now();
    metrics.dbInFlight.inc();
    return (ok) => {
      metrics.dbInFlight.dec();
      metrics.dbQueries.observe(
        { outcome: ok ? 'ok' : 'failed' },
        (performance.now() - started) / 1000,
      );
    };
  };

/**
 * The store, with its pruning logged: games expired for idleness, ended games forgotten after
 * the retention (`limits.keepEndedMs`), one line each time there were any.
 *
 * @example
 * const store = withPruningLogged(opened.value, logger);
 */
export function withPruningLogged(store: LeaderboardStore, logger: Logger): LeaderboardStore {
  return {
    ...store,
    async expireIdleRankedGames(idleMs, now) {
      const ended = await store.expireIdleRankedGames(idleMs, now);
      if (ended.length > 0)
        logger.info({ expired: ended.length, idleMs }, 'pruned: idle games expired');
      return ended;
    },
    async forgetEndedRankedGames(before) {
      const forgotten = await store.forgetEndedRankedGames(before);
      if (forgotten > 0) {
        logger.info(
          { forgotten, endedBefore: before.toISOString() },
          'pruned: ended games forgotten',
        );
      }
      return forgotten;
    },
  };
}

/**
 * A change of readiness, logged (the database went, or came back) and set in the metrics.
 *
 * @example
 * watchReadiness(store, 2000, readinessReporter(logger, metrics));
 */
export const readinessReporter =
  (logger: Logger, metrics: Metrics | undefined) =>
  (readiness: Readiness, cause?: string): void => {
    metrics?.ready.set(readiness.ok ? 1 : 0);
    if (readiness.ok) logger.info('the database answers again: ready');
    else
      logger.error(
        { code: readiness.error, err: errorFields(new Error(cause)) },
        'the database does not answer: not ready',
      );
  };
