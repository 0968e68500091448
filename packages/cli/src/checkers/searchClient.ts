/**
 * The computer's thinking on a worker thread, so the terminal keeps answering while it searches:
 * questions go to searchWorker.js as the rules package's search protocol (`{ id, fen, depth?,
 * ms?, history? }`), answers come back as PDN with the path, and are turned into the legal move
 * they name. The thread starts on the first question; close it on every way out.
 */
import { Worker } from 'node:worker_threads';
import {
  applyMove,
  type Game,
  legalMoves,
  type Move,
  makeFen,
  type Position,
  type SearchReply,
  type SearchRequest,
} from '@twenty48/checkers';

/** How long the computer thinks: a fixed depth, or a time budget per move. */
export interface SearchLimits {
  readonly depth?: number;
  readonly ms?: number;
}

/** The computer's choice, or null when the side to move has no move. */
export interface SearchAnswer {
  readonly move: Move;
  readonly score: number;
  readonly depth: number;
  readonly nodes: number;
}

/** A search thread: `best` asks it, `close` ends it (and any search under way). */
export interface Searcher {
  best(game: Game, limits: SearchLimits): Promise<SearchAnswer | null>;
  close(): Promise<void>;
}

/** How many earlier positions go with a question: more can never repeat (80 quiet plies). */
const HISTORY_LIMIT = 128;

/**
 * The position to search in `game` and the positions before it, oldest first: during a capture
 * played jump by jump, the position before the capture (the move is chosen whole).
 *
 * @example
 * searchInput(newGame()) // { position: initialPosition(), history: [] }
 */
export function searchInput(game: Game): { position: Position; history: Position[] } {
  const positions = [game.start];
  for (const move of game.moves) {
    positions.push(applyMove(positions[positions.length - 1] as Position, move));
  }
  const position = positions.pop() as Position;
  return {
    position: game.jump?.before ?? position,
    history: positions.slice(-HISTORY_LIMIT),
  };
}

/** The question for `game`, as the search protocol takes it. */
export function searchRequest(id: number, game: Game, limits: SearchLimits): SearchRequest {
  const { position, history } = searchInput(game);
  return {
    id,
    fen: makeFen(position),
    ...(limits.depth === undefined ? {} : { depth: limits.depth }),
    ...(limits.ms === undefined ? {} : { ms: limits.ms }),
    history: history.map(makeFen),
  };
}

/**
 * The legal move an answer names in `game`, or a one-line reason it names none.
 *
 * @example
 * moveOfReply(newGame(), { id: 1, ok: true, move: '11-15', path: [11, 15], … }) // { move: 11-15, … }
 */
export function moveOfReply(game: Game, reply: SearchReply): SearchAnswer | null | Error {
  if (!reply.ok) {
    if (reply.error.code === 'ERR_GAME_OVER') return null;
    return new Error(`${reply.error.message} (${reply.error.code})`);
  }
  const { position } = searchInput(game);
  const path = reply.path;
  const move = legalMoves(position).find(
    (candidate) =>
      candidate.path.length === path.length && candidate.path.every((s, i) => s === path[i]),
  );
  if (move === undefined) return new Error(`the search answered ${reply.move}, not a legal move`);
  return { move, score: reply.score, depth: reply.depth, nodes: reply.nodes };
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
