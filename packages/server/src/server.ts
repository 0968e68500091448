import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { openLeaderboard, SCHEMA_VERSIONS } from '@twenty48/store';
import type { Hono } from 'hono';
import { createApp } from './app.js';
import { DEFAULT_DRAIN_IDLE_MS, trackConnections } from './drain.js';
import {
  readinessReporter,
  serverVersion,
  statementObserver,
  withPruningLogged,
} from './instruments.js';
import { DEFAULT_LIMITS, type Limits } from './limits.js';
import { errorFields, type Logger, silentLogger } from './logging.js';
import { createMetrics } from './metrics.js';
import { createRankedTable } from './rankedTable.js';
import { watchReadiness } from './readiness.js';
import type { ProxyTrust } from './trustProxy.js';

export interface ServerOptions {
  /** Default 8048; 0 picks a free port. */
  readonly port?: number;
  /** Default 127.0.0.1: only this machine, unless asked. */
  readonly host?: string;
  /**
   * The database: a postgres:// URL (any number of servers may share it), or an SQLite file;
   * default `$DATABASE_URL`, else the store's usual file (~/.local/share/twenty48/twenty48.db).
   */
  readonly database?: string;
  /** The SQLite file (the same as `database` with a path). */
  readonly dbFile?: string;
  readonly webRoot?: string;
  readonly limits?: Partial<Limits>;
  /** The proxies whose forwarded headers are believed (`--trust-proxy`); by default none. */
  readonly trust?: ProxyTrust;
  readonly pgPool?: number;
  readonly dbConnectTimeoutMs?: number;
  readonly queryTimeoutMs?: number;
  readonly requestTimeoutMs?: number;
  readonly headersTimeoutMs?: number;
  readonly keepAliveTimeoutMs?: number;
  /** After `close()` begins, the most time requests in flight get (default 10 s). */
  readonly shutdownGraceMs?: number;
  /** After `close()` begins, how long to serve as usual, ready saying 503, before draining. */
  readonly shutdownDelayMs?: number;
  /** While draining, how long a keep-alive connection may be idle before it is closed (1 s). */
  readonly drainIdleMs?: number;
  /** How often `/api/ready` asks the database (default 2 s). */
  readonly readyCheckMs?: number;
  /** Where the server logs (JSON lines); default nowhere. */
  readonly logger?: Logger;
  /** Serve `GET /metrics` (Prometheus); default off. */
  readonly metrics?: boolean;
  /** Serve everything under this path prefix (`/game`); default the root. */
  readonly basePath?: string;
  /** The daily seeds' secret; none: one made once and kept in the database. */
  readonly dailySecret?: string;
}

export interface RunningServer {
  /** Where it listens, e.g. `http://127.0.0.1:8048`. */
  readonly url: string;
  /** The database in use: the SQLite file, or the PostgreSQL URL without its password. */
  readonly dbFile: string;
  /**
   * Drain, then close: `/api/ready` says 503, no new connection is taken, each keep-alive
   * connection ends after its current request, requests in flight are answered (their moves
   * kept) within the grace, and the database is closed.
   */
  close(): Promise<void>;
}

/** Why the server could not start: a store code (ERR_DB_URL, ERR_DB_CORRUPT…) or ERR_LISTEN. */
export class ServerStartError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ServerStartError';
  }
}

const DEFAULT_PORT = 8048;
const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_GRACE_MS = 10_000;

function listen(server: ServerType): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** Wait for `server` to stop listening (it may never have started). */
const closeServer = (server: ServerType): Promise<void> =>
  new Promise((resolve) => server.close(() => resolve()));

/**
 * Serve the game and the leaderboard. The port is bound first and only then is the database
 * opened (or created), so a start that fails leaves nothing behind: no file on a port in use,
 * no listener on a damaged database; requests that come meanwhile wait for the database. Rejects with a `ServerStartError` naming the problem,
 * never crashes.
 *
 * @example
 * const server = await startServer({ port: 0 });
 * console.log(server.url); // http://127.0.0.1:39211
 * await server.close();
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  const port = options.port ?? DEFAULT_PORT;
  const logger = options.logger ?? silentLogger();
  const metrics = options.metrics ? createMetrics() : undefined;
  let app: Hono | undefined;
  let started: (app: Hono | undefined) => void = () => {};
  const starting = new Promise<Hono | undefined>((resolve) => {
    started = resolve;
  });
  const server = serve({
    // Until the database is open, requests wait for it (a restarted server behind a balancer
    // takes them at once: no 503 in a rolling restart); /api/live answers at once. Should the
    // start fail, they are answered 503 ERR_STARTING.
    fetch: async (request, env) => {
      const isLive = new URL(request.url).pathname === `${options.basePath ?? ''}/api/live`;
      const ready = app ?? (isLive ? undefined : await starting);
      if (ready) return ready.fetch(request, env);
      return isLive
        ? Response.json({ ok: true, service: 'twenty48' })
        : Response.json(
            { error: 'ERR_STARTING', message: 'the server could not start' },
            { status: 503 },
          );
    },
    port,
    hostname: host,
  });
  // Node's defaults: 5 s keep-alive (shorter than a proxy's idle timeout, so the proxy sends a
  // request on a connection Node is closing), 300 s for a request.
  const drainer = 'keepAliveTimeout' in server ? trackConnections(server) : undefined;
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = options.keepAliveTimeoutMs ?? 65_000;
    server.headersTimeout = options.headersTimeoutMs ?? 10_000;
    server.requestTimeout = options.requestTimeoutMs ?? 30_000;
  }
  let address: AddressInfo;
  try {
    address = await listen(server);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ServerStartError('ERR_LISTEN', `cannot listen on ${host}:${port}: ${reason}`);
  }
  const opened = await openLeaderboard(options.database ?? options.dbFile, {
    exclusive: true,
    ...(options.pgPool === undefined ? {} : { pool: options.pgPool }),
    ...(options.dbConnectTimeoutMs === undefined
      ? {}
      : { connectTimeoutMs: options.dbConnectTimeoutMs }),
    ...(options.queryTimeoutMs === undefined ? {} : { queryTimeoutMs: options.queryTimeoutMs }),
    ...(metrics ? { observe: statementObserver(metrics) } : {}),
  });
  if (!opened.ok) {
    started(undefined);
    await closeServer(server);
    throw new ServerStartError(opened.error.code, opened.error.message);
  }
  const store = withPruningLogged(opened.value, logger);
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const table = createRankedTable({ store, limits, now: () => new Date(), logger });
  const readyCheckMs = options.readyCheckMs ?? 2000;
  const readiness = watchReadiness(store, readyCheckMs, readinessReporter(logger, metrics));
  if (metrics && store.kind === 'postgres') metrics.dbPoolSize.set(options.pgPool ?? 10);
  metrics?.ready.set(1);
  app = createApp({
    readiness: readiness.now,
    logger,
    ...(metrics ? { metrics } : {}),
    ...(options.basePath ? { basePath: options.basePath } : {}),
    store,
    table,
    limits,
    ...(options.dailySecret === undefined ? {} : { dailySecret: options.dailySecret }),
    ...(options.webRoot === undefined ? {} : { webRoot: options.webRoot }),
    ...(options.trust === undefined ? {} : { trust: options.trust }),
  });
  started(app);
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${shownHost}:${address.port}`;
  logger.info(
    {
      version: serverVersion(),
      node: process.version,
      url,
      store: store.kind,
      location: store.location,
      schemaVersion: store.kind === 'postgres' ? SCHEMA_VERSIONS.postgres : SCHEMA_VERSIONS.sqlite,
      settings: {
        host,
        port: address.port,
        trustProxy: options.trust?.given ?? [],
        forwardedHeader: options.trust?.header ?? 'x-forwarded',
        pgPool: options.pgPool ?? 10,
        dbConnectTimeoutMs: options.dbConnectTimeoutMs ?? 5000,
        queryTimeoutMs: options.queryTimeoutMs ?? 2000,
        requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
        headersTimeoutMs: options.headersTimeoutMs ?? 10_000,
        keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? 65_000,
        shutdownGraceMs: options.shutdownGraceMs ?? DEFAULT_GRACE_MS,
        shutdownDelayMs: options.shutdownDelayMs ?? 0,
        drainIdleMs: options.drainIdleMs ?? DEFAULT_DRAIN_IDLE_MS,
        readyCheckMs,
        logLevel: logger.level,
        metrics: metrics !== undefined,
        basePath: options.basePath ?? '',
        limits,
      },
    },
    'listening',
  );
  return {
    url,
    dbFile: store.location,
    close: async () => {
      const delayMs = options.shutdownDelayMs ?? 0;
      logger.info({ graceMs: options.shutdownGraceMs ?? DEFAULT_GRACE_MS, delayMs }, 'draining');
      readiness.drain();
      // A balancer that health-checks /api/ready stops sending connections meanwhile; closing
      // the listener while it still connects would reset the connections not yet accepted.
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      // Live streams never end by themselves: they are ended; moves waiting for an earlier
      // index are refused (the client sends them again, to another server).
      const closedTable = table.close();
      if (drainer) {
        await drainer.drain(options.shutdownGraceMs ?? DEFAULT_GRACE_MS, options.drainIdleMs);
      }
      await closeServer(server);
      readiness.stop();
      try {
        await closedTable;
        await store.close();
      } catch (error) {
        logger.error({ err: errorFields(error) }, 'closing the database failed');
      }
      logger.info('stopped');
    },
  };
}
