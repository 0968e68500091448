/**
 * Measures of the database's work, for the server's metrics: one rule for both stores, so
 * SQLite's statements are timed as PostgreSQL's are.
 */

/** Measures of the database's work: `start()` at a statement's start, `end(ok)` at its end. */
export type StatementObserver = () => (ok: boolean) => void;

/**
 * `start()`, with `observe` told just before it starts and when it ends (`ok` false when it
 * throws or rejects). A synchronous `start` (SQLite's) is timed too.
 *
 * @example
 * const rows = await observed(() => sql`SELECT 1`, observe);
 */
export function observed<T>(
  start: () => T,
  observe: StatementObserver | undefined,
): Promise<Awaited<T>> {
  const end = observe?.();
  const work = new Promise<Awaited<T>>((resolve) => resolve(start() as Awaited<T>));
  if (!end) return work;
  return work.then(
    (value) => {
      end(true);
      return value;
    },
    (error: unknown) => {
      end(false);
      throw error;
    },
  );
}
