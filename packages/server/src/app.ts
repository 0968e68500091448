import { getConnInfo } from '@hono/node-server/conninfo';
import { RANKED_PLAYER_HEADER } from '@twenty48/common';
import {
  type LeaderboardStore,
  type Store,
  StoreFailure,
  sqliteLeaderboard,
} from '@twenty48/store';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { clientFrom } from './admission.js';
import { createApi } from './api.js';
import { escapeHtml, forbidFraming, htmlPage, OWN_PAGE_HEADERS } from './html.js';
import { leaderboardPage } from './leaderboard-page.js';
import { DEFAULT_LIMITS, type Limits } from './limits.js';
import { refuseOtherMethods } from './methods.js';
import { problem, publicStoreFailure } from './problems.js';
import { createRankedTable, type RankedTable } from './rankedTable.js';
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
}

/** The client's address from the socket; behind no proxy, so no forwarded header is trusted. */
function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Requests made without a socket (app.request in a test) share one bucket.
    return 'unknown';
  }
}

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
  const table = options.table ?? createRankedTable({ store, limits, now });
  const webRoot = options.webRoot ?? DEFAULT_WEB_ROOT;
  const app = new Hono();

  // Pages, scripts, styles and JSON shrink to a third or less. A ranked game's answers are a
  // few hundred bytes, many a second, and its stream must not be held back: they go as they
  // are (c.json sets no Content-Length, so compress() cannot tell that they are small).
  const shrink = compress();
  app.use('*', (c, next) => (c.req.path.startsWith('/api/games') ? next() : shrink(c, next)));
  app.use('*', async (c, next) => {
    await next();
    // On the answer's own headers: c.header() after the answer is made copies the answer.
    const headers = c.res.headers;
    headers.set('x-content-type-options', 'nosniff');
    headers.set('referrer-policy', 'no-referrer');
    forbidFraming(headers);
  });
  const clientOf = (c: Context) => clientFrom(socketAddress(c), c.req.header(RANKED_PLAYER_HEADER));
  app.route('/api', createApi({ store, table, limits, clientOf }));
  app.all('/api/*', (c) =>
    problem(c, 404, 'ERR_NOT_FOUND', `no API route ${c.req.method} ${c.req.path}`),
  );
  const pages = new Hono();
  pages.get('/leaderboard', async (c) =>
    c.body(
      await leaderboardPage(store, c.req.query('rules'), c.req.query('size')),
      200,
      OWN_PAGE_HEADERS,
    ),
  );
  pages.get('*', (c) => serveWebFile(c, webRoot));
  refuseOtherMethods(pages);
  app.route('/', pages);

  app.onError((error, c) => {
    if (error instanceof StoreFailure) {
      console.error(`twenty48 server: ${error.message} (${error.code})`);
      const { code, message } = publicStoreFailure(store, error);
      if (c.req.path.startsWith('/api/')) return problem(c, 503, code, message);
      const page = htmlPage(
        'The leaderboard is unavailable',
        `<p>${escapeHtml(message)} (${code}).</p>`,
      );
      return c.body(page, 503, OWN_PAGE_HEADERS);
    }
    console.error(error);
    return problem(c, 500, 'ERR_INTERNAL', 'the server failed on this request; it was logged');
  });
  app.notFound((c) => problem(c, 404, 'ERR_NOT_FOUND', `nothing at ${c.req.method} ${c.req.path}`));
  return app;
}
