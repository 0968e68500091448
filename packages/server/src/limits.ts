import {
  DAILY_GAMES_PER_PLAYER,
  RACE_MAX_PLAYERS,
  RACES_PER_PLAYER_PER_HOUR,
  RANKED_ADDRESS_SHARE,
  RANKED_DROPPED_LINGER_MS,
  RANKED_GAMES_PER_ADDRESS,
  RANKED_GAMES_PER_MINUTE,
  RANKED_GAMES_PER_PLAYER,
  RANKED_IDLE_EXPIRY_MS,
  RANKED_KEEP_ALIVE_MS,
  RANKED_MAX_GAMES_IN_PROGRESS,
  RANKED_MAX_MOVES_AHEAD,
  RANKED_MAX_STREAMS,
  RANKED_MOVE_BURST,
  RANKED_MOVE_ORDER_WAIT_MS,
  RANKED_MOVES_PER_SECOND,
  RANKED_SCORES_PER_MINUTE,
  RANKED_WATCHER_QUEUE_BYTES,
  RANKED_WATCHERS_PER_GAME,
} from '@twenty48/common';

/**
 * Limits of the API, a plain object: `createApp({ limits })` overrides any of them (the bench
 * lifts the rates, tests shorten the waits, an operator's settings fill it). The defaults are
 * common's `RANKED_…` constants, which the clients read too.
 *
 * Who is counted: a player (the token their client sends in `x-twenty48-player`; without one,
 * their address) and an address (every request from it, whatever its tokens). The rates below
 * are a player's; an address gets `addressShare` times each, so a family or a class behind one
 * address plays on, and a flood of fresh tokens from one address is still held.
 */
export interface Limits {
  /** Largest request body, in bytes. */
  readonly bodyBytes: number;
  /** Score submissions one player may make per minute. */
  readonly scoresPerMinute: number;
  /** New games one player may create per minute. */
  readonly gamesPerMinute: number;
  /** Moves one player may send per second on average, over all their games… */
  readonly movesPerSecond: number;
  /** …and at once: the limit is `moveBurst` moves in any `moveBurst / movesPerSecond` s. */
  readonly moveBurst: number;
  /** How many players' rates one address gets, all its players together. */
  readonly addressShare: number;
  /** Games one player may have in progress; one more is refused (none is closed for it). */
  readonly gamesPerPlayer: number;
  /** Games one address may have in progress, all its players together. */
  readonly gamesPerAddress: number;
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
  /** Daily games one player may start in a day (an address `addressShare` times as many). */
  readonly dailyGamesPerPlayer: number;
  /** Races one player may create in an hour (an address `addressShare` times as many). */
  readonly racesPerHour: number;
  /** Players one race may have. */
  readonly racePlayers: number;
}

export const DEFAULT_LIMITS: Limits = {
  bodyBytes: 1_000_000,
  scoresPerMinute: RANKED_SCORES_PER_MINUTE,
  gamesPerMinute: RANKED_GAMES_PER_MINUTE,
  movesPerSecond: RANKED_MOVES_PER_SECOND,
  moveBurst: RANKED_MOVE_BURST,
  addressShare: RANKED_ADDRESS_SHARE,
  gamesPerPlayer: RANKED_GAMES_PER_PLAYER,
  gamesPerAddress: RANKED_GAMES_PER_ADDRESS,
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
  dailyGamesPerPlayer: DAILY_GAMES_PER_PLAYER,
  racesPerHour: RACES_PER_PLAYER_PER_HOUR,
  racePlayers: RACE_MAX_PLAYERS,
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

/** Who asks: the address the request came from, and the player (their token, or the address). */
export interface Client {
  readonly address: string;
  readonly player: string;
}

/** A rate counted per player and per address: a request is allowed only when both have room. */
export interface ClientLimiter {
  /** Record one request of `client`; false when the player or the address is over its rate. */
  allow(client: Client, now?: number): boolean;
  /** Milliseconds until both the player and the address may be allowed again. */
  waitMs(client: Client, now?: number): number;
  /** Which was over its rate: 'player' or 'address' (null when neither). */
  over(client: Client, now?: number): 'player' | 'address' | null;
}

/**
 * `limit` requests in any `windowMs` for one player, and `limit * addressShare` for one address,
 * all its players together. A request refused by either is counted by neither.
 *
 * @example
 * const moves = createClientLimiter(120, 2000, 4);
 * moves.allow({ address: '10.0.0.7', player: 't:L7Db04WyctE0dy2blS9cAw' }) // true
 */
export function createClientLimiter(
  limit: number,
  windowMs: number,
  addressShare: number,
): ClientLimiter {
  const players = createRateLimiter(limit, windowMs);
  const addresses = createRateLimiter(limit * addressShare, windowMs);
  const over = (client: Client, now = Date.now()): 'player' | 'address' | null => {
    if (players.waitMs(client.player, now) > 0) return 'player';
    if (addresses.waitMs(client.address, now) > 0) return 'address';
    return null;
  };
  return {
    allow(client, now = Date.now()) {
      if (over(client, now) !== null) return false;
      players.allow(client.player, now);
      addresses.allow(client.address, now);
      return true;
    },
    waitMs: (client, now = Date.now()) =>
      Math.max(players.waitMs(client.player, now), addresses.waitMs(client.address, now)),
    over,
  };
}
