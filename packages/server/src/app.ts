import { getConnInfo } from '@hono/node-server/conninfo';
import { RANKED_PLAYER_HEADER } from '@twenty48/common';
import {
  type LeaderboardStore,
  type Store,
  StoreFailure,
  sqliteLeaderboard,
} from '@twenty48/store';
import { type Context, Hono } from 'hono';
import { clientFrom } from './admission.js';
import { createApi } from './api.js';
import { compression } from './compression.js';
import { escapeHtml, forbidFraming, htmlPage, OWN_PAGE_HEADERS } from './html.js';
import { leaderboardPage } from './leaderboard-page.js';
import { DEFAULT_LIMITS, type Limits } from './limits.js';
import { errorFields, type Logger, silentLogger } from './logging.js';
import { refuseOtherMethods } from './methods.js';
import type { Metrics } from './metrics.js';
import { observeRequests } from './observe.js';
import { createPlayTable } from './play.js';
import { problem, publicStoreFailure } from './problems.js';
import { createRaceEvents } from './raceEvents.js';
import { createRankedTable, type RankedTable } from './rankedTable.js';
import { addProbes, type Readiness } from './readiness.js';
import { type ClientHop, clientHop, type ProxyTrust, TRUST_NOBODY } from './trustProxy.js';
import { DEFAULT_WEB_ROOT, serveWebFile } from './web-files.js';

export interface AppOptions {
  /** The leaderboard's database (an SQLite `Store` is taken as it is, for tests). */
  readonly store: LeaderboardStore | Store;
  /** The built web game; default packages/web/dist next to this package. */
  readonly webRoot?: string;
  /** The clock of the ranked games' expiry (tests move it). */
  readonly now?: () => Date;
  readonly limits?: Partial<Limits>;
  /** The ranked games in play; by default a table of its own (its timer does not hold Node). */
  readonly table?: RankedTable;
  /** The proxies whose forwarded headers are believed; by default none. */
  readonly trust?: ProxyTrust;
  /** What `/api/ready` says (the server's timer on the database, and draining); default ready. */
  readonly readiness?: () => Readiness;
  /** Where requests and errors are logged; default nowhere. */
  readonly logger?: Logger;
  /** The measures `GET /metrics` serves; without them there is no /metrics. */
  readonly metrics?: Metrics;
  /** The path prefix everything is served under (`/game`), or '' (the root). */
  readonly basePath?: string;
  /** The daily seeds' secret; none: one made once and kept in the database. */
  readonly dailySecret?: string;
  /** How often a watched race is read again (other servers' joins, start, end); default 1 s. */
  readonly racePollMs?: number;
}

/** The peer's address from the socket. */
function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Requests made without a socket (app.request in a test) share one bucket.
    return 'unknown';
  }
}

const hops = new WeakMap<Request, ClientHop>();

/**
 * Who is asking and how (address and scheme), per the proxies `trust` names: the socket's
 * peer unless it is a trusted proxy. Worked out once per request.
 *
 * @example
 * const hopOf = clientHopOf(trust); hopOf(c).address // '203.0.113.9'
 */
export const clientHopOf =
  (trust: ProxyTrust) =>
  (c: Context): ClientHop => {
    let hop = hops.get(c.req.raw);
    if (!hop) {
      hop = clientHop(socketAddress(c), (name) => c.req.header(name), trust);
      hops.set(c.req.raw, hop);
    }
    return hop;
  };

/**
 * The whole HTTP application: the API under `/api`, the leaderboard page, and the built web
 * game. Testable without a socket through `app.request(...)`, served by `startServer`.
 *
 * @example
 * const app = createApp({ store, limits: { movesPerSecond: Infinity } });
 * const response = await app.request('/api/health');
 */
export function createApp(options: AppOptions): Hono {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const now = options.now ?? (() => new Date());
  const store = 'kind' in options.store ? options.store : sqliteLeaderboard(options.store);
  const logger = options.logger ?? silentLogger();
  const table = options.table ?? createRankedTable({ store, limits, now, logger });
  const play = createPlayTable({
    store,
    table,
    limits,
    now,
    logger,
    ...(options.dailySecret === undefined ? {} : { dailySecret: options.dailySecret }),
  });
  const events = createRaceEvents({
    play,
    table,
    keepAliveMs: limits.keepAliveMs,
    queueBytes: limits.watcherQueueBytes,
    pollMs: options.racePollMs ?? 1000,
  });
  const webRoot = options.webRoot ?? DEFAULT_WEB_ROOT;
  const hopOf = clientHopOf(options.trust ?? TRUST_NOBODY);
  const { metrics } = options;
  const basePath = options.basePath ?? '';
  /** The request's path under the base path. */
  const local = (c: Context): string => c.req.path.slice(basePath.length);
  const app = new Hono();
  app.use('*', observeRequests({ logger, clientOf: (c) => hopOf(c).address, metrics, basePath }));

  // Pages, scripts, styles and JSON shrink to a third or less (Brotli, else gzip). A ranked game's answers are a
  // few hundred bytes, many a second, and its stream must not be held back: they go as they
  // are (c.json sets no Content-Length, so compress() cannot tell that they are small).
  const shrink = compression();
  // A race's stream neither (and its other answers are as small).
  const asIs = (path: string): boolean =>
    path.startsWith('/api/games') || path.startsWith('/api/races');
  app.use('*', (c, next) => (asIs(local(c)) ? next() : shrink(c, next)));
  app.use('*', async (c, next) => {
    await next();
    // On the answer's own headers: c.header() after the answer is made copies the answer.
    const headers = c.res.headers;
    headers.set('x-content-type-options', 'nosniff');
    headers.set('referrer-policy', 'no-referrer');
    // Only an answer that went over HTTPS (per the trusted proxy) may pin HTTPS: over plain
    // HTTP the header would be a lie anyone on the path could tell.
    if (hopOf(c).scheme === 'https') {
      headers.set('strict-transport-security', 'max-age=31536000');
    }
    forbidFraming(headers);
  });
  if (metrics) {
    app.get('/metrics', async (c) =>
      c.body(await metrics.registry.metrics(), 200, {
        'content-type': metrics.registry.contentType,
        'cache-control': 'no-store',
      }),
    );
  }
  const probes = new Hono();
  addProbes(probes, options.readiness ?? (() => ({ ok: true })));
  refuseOtherMethods(probes);
  app.route('/api', probes);
  // The player: its token when it sends one, else its address (per the trusted proxies).
  const clientOf = (c: Context) => clientFrom(hopOf(c).address, c.req.header(RANKED_PLAYER_HEADER));
  app.route('/api', createApi({ store, table, limits, clientOf, play, events }));
  app.all('/api/*', (c) =>
    problem(c, 404, 'ERR_NOT_FOUND', `no API route ${c.req.method} ${c.req.path}`),
  );
  const pages = new Hono();
  pages.get('/leaderboard', async (c) =>
    c.body(
      await leaderboardPage(store, c.req.query('rules'), c.req.query('size'), basePath),
      200,
      OWN_PAGE_HEADERS,
    ),
  );
  pages.get('*', (c) => serveWebFile(c, webRoot, basePath));
  refuseOtherMethods(pages);
  app.route('/', pages);

  app.onError((error, c) => {
    if (error instanceof StoreFailure) {
      logger.error({ code: error.code, err: errorFields(error), path: c.req.path }, error.message);
      const { code, message } = publicStoreFailure(error);
      if (local(c).startsWith('/api/')) return problem(c, 503, code, message);
      const page = htmlPage(
        'The leaderboard is unavailable',
        `<p>${escapeHtml(message)} (${code}).</p>`,
        basePath,
      );
      return c.body(page, 503, OWN_PAGE_HEADERS);
    }
    logger.error({ err: errorFields(error), path: c.req.path }, 'a request failed');
    return problem(c, 500, 'ERR_INTERNAL', 'the server failed on this request; it was logged');
  });
  app.notFound((c) => problem(c, 404, 'ERR_NOT_FOUND', `nothing at ${c.req.method} ${c.req.path}`));
  return basePath === '' ? app : underBasePath(app, basePath);
}

/**
 * `app` served under `basePath` only: `/game/…` is the app's `/…`, `/game` redirects to
 * `/game/` (so the game's relative links resolve under it), anything else is 404.
 */
function underBasePath(app: Hono, basePath: string): Hono {
  const outer = new Hono();
  outer.get(basePath, (c) => c.redirect(`${basePath}/`, 308));
  outer.route(basePath, app);
  outer.notFound((c) =>
    problem(c, 404, 'ERR_NOT_FOUND', `this server answers under ${basePath}/ only`),
  );
  return outer;
}
