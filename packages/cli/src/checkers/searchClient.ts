/**
 * The computer's thinking on a worker thread, so the terminal keeps answering while it searches:
 * questions go to searchWorker.js as the rules package's search protocol (`searchRequest`:
 * `{ id, fen, depth?, ms?, history? }`), answers come back as PDN with the path, and are turned
 * into the legal move they name (`moveOfReply`). The thread starts on the first question; close
 * it on every way out.
 */
import { Worker } from 'node:worker_threads';
import {
  type Game,
  moveOfReply,
  type SearchAnswer,
  type SearchLimits,
  type SearchReply,
  searchRequest,
} from '@twenty48/checkers';

export type { SearchAnswer, SearchLimits } from '@twenty48/checkers';

/** A search thread: `best` asks it, `close` ends it (and any search under way). */
export interface Searcher {
  best(game: Game, limits: SearchLimits): Promise<SearchAnswer | null>;
  close(): Promise<void>;
}

/**
 * Where the worker's built file is. Under Vitest this module runs from `src/`, where only the
 * TypeScript exists, so it points at the build in `dist/` (the tests run the build).
 */
const workerUrl = (): URL =>
  new URL(
    import.meta.url.endsWith('.ts') ? '../../dist/checkers/searchWorker.js' : './searchWorker.js',
    import.meta.url,
  );

/**
 * A searcher on its own worker thread, started on the first question.
 *
 * @example
 * const searcher = openSearcher();
 * try { const answer = await searcher.best(game, { ms: 500 }); } finally { await searcher.close(); }
 */
export function openSearcher(): Searcher {
  let worker: Worker | null = null;
  let closed = false;
  let nextId = 1;
  const waiting = new Map<number, (reply: SearchReply | Error) => void>();
  const failAll = (error: Error): void => {
    for (const settle of waiting.values()) settle(error);
    waiting.clear();
  };
  const start = (): Worker => {
    const thread = new Worker(workerUrl());
    thread.on('message', (reply: SearchReply) => {
      const settle = waiting.get(reply.id);
      if (!settle) return;
      waiting.delete(reply.id);
      settle(reply);
    });
    thread.on('error', failAll);
    thread.on('exit', () => {
      worker = null;
      failAll(new Error('the search thread stopped'));
    });
    return thread;
  };
  return {
    best(game, limits) {
      if (closed) return Promise.reject(new Error('the search thread is closed'));
      worker ??= start();
      const id = nextId++;
      const request = searchRequest(id, game, limits);
      return new Promise((resolve, reject) => {
        waiting.set(id, (reply) => {
          const answer = reply instanceof Error ? reply : moveOfReply(game, reply);
          if (answer instanceof Error) reject(answer);
          else resolve(answer);
        });
        worker?.postMessage(request);
      });
    },
    async close() {
      closed = true;
      const thread = worker;
      worker = null;
      if (thread) await thread.terminate();
    },
  };
}
