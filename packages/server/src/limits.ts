/** Limits of the API; `createApp({ limits })` overrides any of them (the bench lifts the rate). */
export interface Limits {
  /** Largest request body, in bytes. */
  readonly bodyBytes: number;
  /** Score submissions one client address may make per minute. */
  readonly scoresPerMinute: number;
  /** New games one client address may ask for per minute. */
  readonly gamesPerMinute: number;
  /** How long an issued seed may be played before its game can no longer be submitted. */
  readonly gameTtlMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  bodyBytes: 1_000_000,
  scoresPerMinute: 30,
  gamesPerMinute: 120,
  gameTtlMs: 24 * 60 * 60 * 1000,
};

const WINDOW_MS = 60_000;
/** Past this many tracked clients, forget the ones that have been quiet for a window. */
const SWEEP_THRESHOLD = 10_000;

/** Counts requests per client over a sliding minute, in memory. */
export interface RateLimiter {
  /** Record one request; false when the client is over its limit (the request is refused). */
  allow(client: string, now?: number): boolean;
  /** Milliseconds until the client may be allowed again: 0 when it may now. */
  waitMs(client: string, now?: number): number;
}

/**
 * A sliding-window limiter: at most `perMinute` accepted requests from one client in any
 * 60 seconds. Refused requests are not counted, so a client that waits gets back in.
 *
 * @example
 * const limiter = createRateLimiter(30);
 * limiter.allow('127.0.0.1') // true, 29 more this minute
 * limiter.waitMs('127.0.0.1') // 0: it may ask again now
 */
export function createRateLimiter(perMinute: number): RateLimiter {
  const recent = new Map<string, number[]>();
  const sweep = (now: number): void => {
    for (const [client, times] of recent) {
      if ((times.at(-1) ?? 0) <= now - WINDOW_MS) recent.delete(client);
    }
  };
  const inWindow = (client: string, now: number): number[] =>
    (recent.get(client) ?? []).filter((time) => time > now - WINDOW_MS);
  return {
    allow(client: string, now = Date.now()): boolean {
      if (!Number.isFinite(perMinute)) return true;
      if (recent.size > SWEEP_THRESHOLD) sweep(now);
      const times = inWindow(client, now);
      const allowed = times.length < perMinute;
      if (allowed) times.push(now);
      recent.set(client, times);
      return allowed;
    },
    waitMs(client: string, now = Date.now()): number {
      const times = inWindow(client, now);
      if (times.length < perMinute) return 0;
      // The oldest request that still fills the limit frees its slot as it leaves the window.
      return (times[times.length - perMinute] ?? now) + WINDOW_MS - now;
    },
  };
}
