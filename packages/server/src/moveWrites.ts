import { fail, type Result } from '@twenty48/common';
import type { LeaderboardStore, RankedMove, StoreError } from '@twenty48/store';

interface PendingWrite {
  readonly move: RankedMove;
  readonly resolve: (kept: Result<void, StoreError>) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit: the moves applied in one turn of the event loop are kept in one transaction at
 * its end (`setImmediate`), before any of them is answered. One transaction per move costs
 * several times more (each commit waits for the disk); under load, many moves arrive in one
 * turn. One transaction at a time: the moves that arrive while one is being committed make the
 * next, so a game's moves are committed in the order they were applied.
 *
 * @example
 * const writes = createMoveWrites(store, () => new Date());
 * const kept = await writes.keep(move); // { ok: true } once the transaction is committed
 */
export function createMoveWrites(store: LeaderboardStore, now: () => Date) {
  let pending: PendingWrite[] = [];
  let scheduled = false;
  let committing: Promise<void> = Promise.resolve();
  const commit = async (): Promise<void> => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    let results: Result<void, StoreError>[];
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
  /** Keep every move waiting, after the transaction in progress; resolves once committed. */
  const flush = (): Promise<void> => {
    scheduled = false;
    committing = committing.then(commit);
    return committing;
  };
  return {
    /** Keep `move` with the others of this turn; settled when their transaction is committed. */
    keep(move: RankedMove): Promise<Result<void, StoreError>> {
      return new Promise((resolve, reject) => {
        pending.push({ move, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    flush,
  };
}
