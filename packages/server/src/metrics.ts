import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** The server's measures, in a registry of its own (two servers in one process do not mix). */
export interface Metrics {
  readonly registry: Registry;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly moves: Counter;
  readonly games: Counter;
  readonly scores: Counter;
  readonly watchers: Gauge;
  readonly errors: Counter<'code'>;
  readonly dbQueries: Histogram<'outcome'>;
  readonly dbInFlight: Gauge;
  readonly dbPoolSize: Gauge;
  readonly ready: Gauge;
}

/**
 * Make the measures `GET /metrics` shows in Prometheus's text format: HTTP latency by route,
 * moves, games, scores, watchers, errors by code, the database's queries (latency, in flight,
 * pool size), readiness, and Node's own (event-loop lag, heap, CPU, handles) with a
 * `nodejs_`/`process_` prefix.
 *
 * @example
 * const metrics = createMetrics(); metrics.moves.inc(); await metrics.registry.metrics();
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: 'twenty48_http_request_duration_seconds',
      help: 'HTTP requests by method, route (the pattern, e.g. /api/games/:gameId/moves) and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    moves: new Counter({ name: 'twenty48_moves_total', help: 'moves answered 200', registers }),
    games: new Counter({ name: 'twenty48_games_created_total', help: 'games created', registers }),
    scores: new Counter({ name: 'twenty48_scores_total', help: 'games ranked', registers }),
    watchers: new Gauge({ name: 'twenty48_watchers', help: 'live streams open', registers }),
    errors: new Counter({
      name: 'twenty48_errors_total',
      help: 'error answers by their code (ERR_RATE_LIMIT, ERR_DB_FAILED…)',
      labelNames: ['code'],
      registers,
    }),
    dbQueries: new Histogram({
      name: 'twenty48_db_query_duration_seconds',
      help: 'database statements and transactions (PostgreSQL or SQLite), by outcome (ok, failed)',
      labelNames: ['outcome'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    }),
    dbInFlight: new Gauge({
      name: 'twenty48_db_queries_in_flight',
      help: 'database statements under way (PostgreSQL: or waiting for a connection of the pool)',
      registers,
    }),
    dbPoolSize: new Gauge({
      name: 'twenty48_db_pool_size',
      help: 'connections the server may open to PostgreSQL (--pg-pool)',
      registers,
    }),
    ready: new Gauge({
      name: 'twenty48_ready',
      help: '1 when /api/ready says 200',
      registers,
    }),
  };
}
