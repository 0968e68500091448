import type { LeaderboardStore } from '@twenty48/store';
import type { Hono } from 'hono';
import { publicStoreFailure } from './problems.js';

/** Whether this server should get traffic, and if not, why (a code and a short sentence). */
export type Readiness =
  | { readonly ok: true }
  | { readonly ok: false; readonly error: string; readonly message: string };

/** What `/api/ready` reads: the database's last check and whether the server is draining. */
export interface ReadinessState {
  now(): Readiness;
  /** From now on, not ready: the server is shutting down. */
  drain(): void;
  readonly draining: boolean;
  /** Stop the timer. */
  stop(): void;
}

/**
 * Ask the database every `everyMs` (its own query deadline bounds each check) and keep the
 * answer, so `/api/ready` answers at once, from memory, whatever the database is doing; the
 * first check runs now. `onChange` hears each change (the log says when the database went and
 * came back).
 *
 * @example
 * const readiness = watchReadiness(store, 2000, (ready) => log.warn(ready));
 */
export function watchReadiness(
  store: Pick<LeaderboardStore, 'health'>,
  everyMs: number,
  onChange: (readiness: Readiness, cause?: string) => void = () => {},
): ReadinessState {
  let database: Readiness = { ok: true };
  let draining = false;
  let checking = false;
  const check = async (): Promise<void> => {
    if (checking) return;
    checking = true;
    try {
      const health = await store.health();
      const next: Readiness = health.ok ? { ok: true } : { ok: false, ...errorOf(health.error) };
      if (next.ok !== database.ok) onChange(next, health.ok ? undefined : health.error.message);
      database = next;
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check().catch(() => {}), everyMs);
  timer.unref();
  void check().catch(() => {});
  return {
    now: () =>
      draining
        ? { ok: false, error: 'ERR_DRAINING', message: 'the server is shutting down' }
        : database,
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    stop: () => clearInterval(timer),
  };
}

const errorOf = (failure: { code: string }) => {
  const { code, message } = publicStoreFailure(failure);
  return { error: code, message };
};

/**
 * `GET /api/live`: 200 while the process runs (a restart fixes nothing else). `GET
 * /api/ready`: 200 when the database answered its last check and the server is not draining,
 * else 503 `{ ok: false, error, message }`: a balancer sends no new requests there.
 *
 * @example
 * addProbes(api, () => readiness.now());
 */
export function addProbes(api: Hono, readiness: () => Readiness): void {
  api.get('/live', (c) => c.json({ ok: true, service: 'twenty48' }));
  api.get('/ready', (c) => {
    const ready = readiness();
    return ready.ok
      ? c.json({ ok: true, service: 'twenty48' })
      : c.json({ ok: false, service: 'twenty48', error: ready.error, message: ready.message }, 503);
  });
}
