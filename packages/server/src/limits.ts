import {
  RANKED_DROPPED_LINGER_MS,
  RANKED_GAMES_PER_CLIENT,
  RANKED_GAMES_PER_MINUTE,
  RANKED_IDLE_EXPIRY_MS,
  RANKED_KEEP_ALIVE_MS,
  RANKED_MAX_GAMES_IN_PROGRESS,
  RANKED_MAX_MOVES_AHEAD,
  RANKED_MAX_STREAMS,
  RANKED_MOVE_BURST,
  RANKED_MOVE_ORDER_WAIT_MS,
  RANKED_MOVES_PER_SECOND,
  RANKED_REPLACE_IDLE_MS,
  RANKED_SCORES_PER_MINUTE,
  RANKED_WATCHER_QUEUE_BYTES,
  RANKED_WATCHERS_PER_GAME,
} from '@twenty48/common';

/**
 * Limits of the API; `createApp({ limits })` overrides any of them (the bench lifts the rates,
 * tests shorten the waits). The defaults are common's `RANKED_…` constants, which the clients
 * read too.
 */
export interface Limits {
  /** Largest request body, in bytes. */
  readonly bodyBytes: number;
  /** Score submissions one client address may make per minute. */
  readonly scoresPerMinute: number;
  /** New games one client address may create per minute. */
  readonly gamesPerMinute: number;
  /** Moves one client address may send per second on average, over all its games… */
  readonly movesPerSecond: number;
  /** …and at once: the limit is `moveBurst` moves in any `moveBurst / movesPerSecond` s. */
  readonly moveBurst: number;
  /** Games one client address may have in progress. */
  readonly gamesPerClient: number;
  /** At `gamesPerClient`, the client's oldest game idle this long is abandoned for a new one. */
  readonly replaceIdleMs: number;
  /** Games in progress on the whole server. */
  readonly maxGamesInProgress: number;
  /** The Retry-After of a full server. */
  readonly serverFullRetryMs: number;
  /** A game with no move for this long expires. */
  readonly idleExpiryMs: number;
  /** How long a move sent ahead of its turn waits for the missing ones. */
  readonly moveOrderWaitMs: number;
  /** How far ahead of the next expected index a move may be. */
  readonly maxMovesAhead: number;
  /** Watchers of one game, and live streams on the whole server. */
  readonly watchersPerGame: number;
  readonly maxStreams: number;
  /** How often an idle live stream sends `: keep-alive`. */
  readonly keepAliveMs: number;
  /** The most bytes of events waiting for one watcher; past it the watcher is dropped. */
  readonly watcherQueueBytes: number;
  /** How long a dropped watcher's connection may take to read its last events. */
  readonly droppedLingerMs: number;
  /** How often expired games are closed and ended ones forgotten. */
  readonly sweepEveryMs: number;
  /** How long a lost or closed game is kept (to rank it, resume it, replay an answer). */
  readonly keepEndedMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  bodyBytes: 1_000_000,
  scoresPerMinute: RANKED_SCORES_PER_MINUTE,
  gamesPerMinute: RANKED_GAMES_PER_MINUTE,
  movesPerSecond: RANKED_MOVES_PER_SECOND,
  moveBurst: RANKED_MOVE_BURST,
  gamesPerClient: RANKED_GAMES_PER_CLIENT,
  replaceIdleMs: RANKED_REPLACE_IDLE_MS,
  maxGamesInProgress: RANKED_MAX_GAMES_IN_PROGRESS,
  serverFullRetryMs: 60_000,
  idleExpiryMs: RANKED_IDLE_EXPIRY_MS,
  moveOrderWaitMs: RANKED_MOVE_ORDER_WAIT_MS,
  maxMovesAhead: RANKED_MAX_MOVES_AHEAD,
  watchersPerGame: RANKED_WATCHERS_PER_GAME,
  maxStreams: RANKED_MAX_STREAMS,
  keepAliveMs: RANKED_KEEP_ALIVE_MS,
  watcherQueueBytes: RANKED_WATCHER_QUEUE_BYTES,
  droppedLingerMs: RANKED_DROPPED_LINGER_MS,
  sweepEveryMs: 60_000,
  keepEndedMs: 7 * 24 * 60 * 60 * 1000,
};

const MINUTE_MS = 60_000;
/** Past this many tracked clients, forget the ones that have been quiet for a window. */
const SWEEP_THRESHOLD = 10_000;

/** Counts requests per client over a sliding window, in memory. */
export interface RateLimiter {
  /** Record one request; false when the client is over its limit (the request is refused). */
  allow(client: string, now?: number): boolean;
  /** Milliseconds until the client may be allowed again: 0 when it may now. */
  waitMs(client: string, now?: number): number;
}

/** One client's accepted requests still in the window, oldest first, from `start`. */
interface Recent {
  times: number[];
  start: number;
}

/**
 * A sliding-window limiter: at most `limit` accepted requests from one client in any
 * `windowMs` (default a minute). Refused requests are not counted, so a client that waits gets
 * back in. A limit of 120 in 2 s is 60 a second on average with bursts of up to 120.
 *
 * @example
 * const limiter = createRateLimiter(30);
 * limiter.allow('127.0.0.1') // true, 29 more this minute
 * limiter.waitMs('127.0.0.1') // 0: it may ask again now
 */
export function createRateLimiter(limit: number, windowMs = MINUTE_MS): RateLimiter {
  const recent = new Map<string, Recent>();
  /** The client's requests still in the window (older ones dropped), or undefined. */
  const inWindow = (client: string, now: number): Recent | undefined => {
    const entry = recent.get(client);
    if (!entry) return undefined;
    while (entry.start < entry.times.length && (entry.times[entry.start] ?? 0) <= now - windowMs) {
      entry.start++;
    }
    // Compact now and then, so the array does not grow with every request ever made.
    if (entry.start > 64 && entry.start * 2 > entry.times.length) {
      entry.times = entry.times.slice(entry.start);
      entry.start = 0;
    }
    return entry;
  };
  const sweep = (now: number): void => {
    for (const [client, entry] of recent) {
      if ((entry.times.at(-1) ?? 0) <= now - windowMs) recent.delete(client);
    }
  };
  const count = (entry: Recent | undefined): number =>
    entry ? entry.times.length - entry.start : 0;
  return {
    allow(client: string, now = Date.now()): boolean {
      if (!Number.isFinite(limit)) return true;
      if (recent.size > SWEEP_THRESHOLD) sweep(now);
      const entry = inWindow(client, now) ?? { times: [], start: 0 };
      const allowed = count(entry) < limit;
      if (allowed) entry.times.push(now);
      recent.set(client, entry);
      return allowed;
    },
    waitMs(client: string, now = Date.now()): number {
      const entry = inWindow(client, now);
      if (!entry || count(entry) < limit) return 0;
      // The oldest request that still fills the limit frees its slot as it leaves the window.
      return (entry.times[entry.times.length - limit] ?? now) + windowMs - now;
    },
  };
}
