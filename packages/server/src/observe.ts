import type { ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from './logging.js';
import type { Metrics } from './metrics.js';
import { errorCodeOf } from './problems.js';

/** What the request log and the metrics need from the app. */
export interface ObserveOptions {
  readonly logger: Logger;
  readonly metrics?: Metrics | undefined;
  /** The client's address, per the trusted proxies. */
  readonly clientOf: (c: Context) => string;
  /** The base path the app is mounted under: routes are logged and measured without it. */
  readonly basePath?: string;
}

const MOVES = 'POST /api/games/:gameId/moves';
const GAMES = 'POST /api/games';
const SCORES = 'POST /api/scores';
const EVENTS = 'GET /api/games/:id/events';

/** Node's response under @hono/node-server, when there is one. */
const outgoingOf = (c: Context): ServerResponse | undefined =>
  (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;

/**
 * One JSON log line per request (`method`, `route` as routed, `path`, `status`, `ms`,
 * `client`, and the error `code` of an error answer), and the same into the metrics: latency
 * by route, errors by code, moves, games and scores counted from their answers, watchers from
 * the event streams open. The route is the pattern (`/api/games/:gameId/moves`), so the
 * metrics' labels stay few whatever the paths.
 *
 * @example
 * app.use('*', observeRequests({ logger, metrics, clientOf }));
 */
export function observeRequests({
  logger,
  metrics,
  clientOf,
  basePath = '',
}: ObserveOptions): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    const routed = routePath(c);
    const route = basePath && routed.startsWith(basePath) ? routed.slice(basePath.length) : routed;
    const status = c.res.status;
    const code = errorCodeOf(c);
    logger.info(
      {
        method: c.req.method,
        route,
        path: c.req.path.slice(0, 200),
        status,
        ms: Math.round(ms * 10) / 10,
        client: clientOf(c),
        ...(code === undefined ? {} : { code }),
      },
      'request',
    );
    if (!metrics) return;
    metrics.httpDuration.observe(
      { method: c.req.method, route, status: String(status) },
      ms / 1000,
    );
    if (code !== undefined) metrics.errors.inc({ code });
    const key = `${c.req.method} ${route}`;
    if (key === MOVES && status === 200) metrics.moves.inc();
    else if (key === GAMES && status === 201) metrics.games.inc();
    else if (key === SCORES && status === 201) metrics.scores.inc();
    else if (key === EVENTS && status === 200) {
      const outgoing = outgoingOf(c);
      if (outgoing) {
        metrics.watchers.inc();
        outgoing.once('close', () => metrics.watchers.dec());
      }
    }
  };
}
