/**
 * The PostgreSQL client's circuit breaker: during an outage, statements fail at once instead of
 * each waiting out its deadline behind the driver's reconnect backoff (which grows to seconds).
 */

/** Driver errors that mean the database cannot be reached at all (not that a statement failed). */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01', // admin_shutdown: the server is stopping
  '57P03', // cannot_connect_now: it is starting or in recovery
]);

/** Whether a driver error says the database cannot be reached. */
export const isUnreachable = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  UNREACHABLE.has(String(error.code));

/** How long statements fail at once after the database was found unreachable. */
export const OPEN_MS = 1000;
/**
 * A statement past its deadline this soon after an outage is the outage going on (and one
 * past its deadline while the database answered nothing else starts one: `silentSince`).
 */
const OUTAGE_MEMORY_MS = 10_000;

export interface Circuit {
  /**
   * Whether a statement may go to the database now: `refuse` with the reason while the
   * database was just found unreachable, `try` otherwise; after `OPEN_MS`, one statement at a
   * time goes as a probe (`probe`), the others are refused until it comes back.
   */
  admit(
    now: number,
  ): { readonly go: 'try' | 'probe' } | { readonly go: 'refuse'; readonly reason: string };
  /** A statement came back (any answer of the database, also an error of SQL). */
  answered(probe: boolean): void;
  /** A statement found the database unreachable, or (soon after an outage) ran out of time. */
  failed(now: number, reason: string, probe: boolean): void;
  /** Whether the database was unreachable lately (a deadline then counts as the outage). */
  recentlyDown(now: number): boolean;
  /** A mark of the answers so far, taken as a statement starts, for `silentSince`. */
  heard(): number;
  /**
   * Whether no statement came back since `mark` (`heard()`): a statement that ran out of time
   * while no other got any answer found the database silent (a host that drops packets sends
   * no refusal, so only deadlines tell), not merely one slow statement.
   */
  silentSince(mark: number): boolean;
}

/**
 * A circuit: closed (every statement goes), open for `OPEN_MS` after a failure to reach the
 * database (every statement refused at once), then half-open (one probe at a time).
 *
 * @example
 * const circuit = createCircuit();
 * circuit.admit(Date.now()) // { go: 'try' }
 */
export function createCircuit(): Circuit {
  let openUntil = 0;
  let down = false;
  let downAt = Number.NEGATIVE_INFINITY;
  let probing = false;
  let reason = '';
  let answers = 0;
  return {
    admit(now) {
      if (!down) return { go: 'try' };
      if (now < openUntil || probing) return { go: 'refuse', reason };
      probing = true;
      return { go: 'probe' };
    },
    answered(probe) {
      down = false;
      answers++;
      if (probe) probing = false;
    },
    failed(now, why, probe) {
      down = true;
      downAt = now;
      openUntil = now + OPEN_MS;
      reason = why;
      if (probe) probing = false;
    },
    recentlyDown: (now) => down || now - downAt < OUTAGE_MEMORY_MS,
    heard: () => answers,
    silentSince: (mark) => answers === mark,
  };
}
