import { fail, type Result } from '@twenty48/common';
import type { LeaderboardStore, RankedMove, RankedMoveRefusal } from '@twenty48/store';

/** A move's write: kept, refused by the store, or ERR_DB_FAILED when the store left it unanswered. */
export type KeptMove = Result<void, RankedMoveRefusal | 'ERR_DB_FAILED'>;

interface PendingWrite {
  readonly move: RankedMove;
  readonly resolve: (kept: KeptMove) => void;
  readonly reject: (error: unknown) => void;
  /** Settled (either way) once the move's write is over. */
  readonly over: Promise<unknown>;
}

export interface MoveWritesOptions {
  /** Writes under way at once (each its own transaction); default 4 on PostgreSQL, 1 on SQLite. */
  readonly inFlight?: number;
  /** The most moves one write keeps. */
  readonly batchSize?: number;
}

/** Moves one write keeps at most (a statement of a few arrays of this length). */
export const DEFAULT_BATCH_SIZE = 1000;
/** Writes under way at once on PostgreSQL (the pool has 10 connections). */
export const POSTGRES_IN_FLIGHT = 4;

/**
 * Group commit: the moves applied in one turn of the event loop are kept in one write at its
 * end (`setImmediate`), before any of them is answered. One transaction per move costs several
 * times more (each commit waits for the disk); under load, many moves arrive in one turn.
 *
 * On PostgreSQL, several writes may be under way at once (over the pool), but never two
 * holding moves of the same game: a game's moves that arrive while one of its writes is under
 * way wait for it to end and make a later write, so a game's moves are committed in the order
 * they were applied. On SQLite (one file, one writer) one write at a time.
 *
 * @example
 * const writes = createMoveWrites(store, () => new Date());
 * const kept = await writes.keep(move); // { ok: true } once the transaction is committed
 */
export function createMoveWrites(
  store: Pick<LeaderboardStore, 'appendRankedMoves'> & { readonly kind?: string },
  now: () => Date,
  options: MoveWritesOptions = {},
) {
  const inFlight = Math.max(
    1,
    options.inFlight ?? (store.kind === 'postgres' ? POSTGRES_IN_FLIGHT : 1),
  );
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  let pending: PendingWrite[] = [];
  const underWay = new Set<PendingWrite>();
  /** Games with a write under way. */
  const busy = new Set<string>();
  let writing = 0;
  let scheduled = false;

  const commit = async (batch: readonly PendingWrite[]): Promise<void> => {
    let results: Result<void, RankedMoveRefusal>[];
    try {
      results = await store.appendRankedMoves(
        batch.map((write) => write.move),
        now(),
      );
    } catch (error) {
      for (const write of batch) write.reject(error);
      return;
    }
    batch.forEach((write, i) => {
      write.resolve(results[i] ?? fail('ERR_DB_FAILED', 'the store did not answer this move'));
    });
  };

  /** Start writes while there is room: each the waiting moves of games not being written. */
  const start = (): void => {
    scheduled = false;
    while (writing < inFlight && pending.length > 0) {
      const batch: PendingWrite[] = [];
      const rest: PendingWrite[] = [];
      // A game whose write is under way, or one of whose moves waits: its later moves wait too.
      const held = new Set(busy);
      for (const write of pending) {
        const { gameId } = write.move;
        if (held.has(gameId) || batch.length >= batchSize) {
          held.add(gameId);
          rest.push(write);
        } else {
          batch.push(write);
        }
      }
      pending = rest;
      if (batch.length === 0) return;
      writing++;
      for (const write of batch) {
        busy.add(write.move.gameId);
        underWay.add(write);
      }
      void commit(batch).finally(() => {
        writing--;
        for (const write of batch) {
          busy.delete(write.move.gameId);
          underWay.delete(write);
        }
        start();
      });
    }
  };

  /** Keep every move waiting now; resolves once they (and those under way) are written. */
  const flush = async (): Promise<void> => {
    const waitingFor = [...underWay, ...pending].map((write) => write.over);
    start();
    await Promise.all(waitingFor);
  };
  return {
    /** Keep `move` with the others of this turn; settled when their transaction is committed. */
    keep(move: RankedMove): Promise<KeptMove> {
      let resolve: PendingWrite['resolve'] = () => {};
      let reject: PendingWrite['reject'] = () => {};
      const kept = new Promise<KeptMove>((resolveKept, rejectKept) => {
        resolve = resolveKept;
        reject = rejectKept;
      });
      pending.push({ move, resolve, reject, over: kept.catch(() => {}) });
      if (!scheduled) {
        scheduled = true;
        setImmediate(start);
      }
      return kept;
    },
    flush,
  };
}
