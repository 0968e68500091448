/**
 * `@twenty48/ai/node`: the parts that need Node's worker threads. The root entry stays free of
 * `node:` imports so the browser can bundle it.
 */
import { Worker } from 'node:worker_threads';
import type { Direction, Game } from '@twenty48/engine';
import type { PlayerName, PlayerOptions } from './player.js';
import type { AiResponse } from './protocol.js';
import {
  type BenchGame,
  type BenchReply,
  type BenchRequest,
  type BenchSpec,
  type BenchSummary,
  benchGameSeed,
  summarizeBench,
} from './strength.js';
import { workerUrl } from './worker-url.js';

export interface BenchRun extends BenchSpec {
  readonly games: number;
  readonly seed: string;
  readonly workers: number;
  /** Called after each game with the games finished so far. */
  readonly onGame?: (game: BenchGame, done: number, total: number) => void;
}

/**
 * Play `games` seeded games (`<seed>-0`, `<seed>-1`, …) on `workers` worker threads, each
 * taking the next game when it finishes one, and sum them up.
 *
 * @example
 * const summary = await runBench({ ai: 'expectimax', options: { depth: 3 }, rules: 'classic',
 *   games: 100, seed: '1', workers: 2 });
 * summary.reach['8192'] // 0.6
 */
export async function runBench(run: BenchRun): Promise<BenchSummary> {
  const started = performance.now();
  const spec: BenchSpec = { ai: run.ai, options: run.options, rules: run.rules };
  const results: BenchGame[] = new Array(run.games);
  let next = 0;
  let done = 0;
  const workerCount = Math.max(1, Math.min(run.workers, run.games));
  const drive = (worker: Worker): Promise<void> =>
    new Promise((resolve, reject) => {
      const send = (request: BenchRequest) => worker.postMessage(request);
      const hand = () => {
        if (next >= run.games) {
          send({ stop: true });
          resolve();
          return;
        }
        const index = next++;
        send({ index, seed: benchGameSeed(run.seed, index) });
      };
      worker.on('message', (message: BenchReply) => {
        if ('error' in message) {
          reject(new Error(`bench game ${message.index}: ${message.error}`));
          return;
        }
        results[message.index] = message.game;
        done++;
        run.onGame?.(message.game, done, run.games);
        hand();
      });
      worker.on('error', reject);
      hand();
    });
  const workers = Array.from(
    { length: run.games === 0 ? 0 : workerCount },
    () => new Worker(workerUrl('strength-worker'), { workerData: spec }),
  );
  try {
    await Promise.all(workers.map(drive));
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return summarizeBench(results, {
    ai: run.ai,
    depth: run.options.depth ?? null,
    ms: run.options.ms ?? null,
    rules: typeof run.rules === 'string' ? run.rules : run.rules.name,
    seed: run.seed,
    workers: workerCount,
    wallSeconds: (performance.now() - started) / 1000,
  });
}

/** A player that thinks on a worker thread, so a terminal stays responsive while it searches. */
export interface WorkerPlayer {
  choose(game: Game): Promise<Direction | null>;
  /** The last answer's notice (the n-tuple network could not be read: the heuristic played). */
  notice?(): string | null;
  close(): Promise<void>;
}

/**
 * The async form of `createPlayer`: the same players, answered from a worker thread through
 * `handleAiRequest`'s protocol. Close it when done, or the thread keeps the process alive.
 *
 * @example
 * const ai = createWorkerPlayer('expectimax');
 * const direction = await ai.choose(game);
 * await ai.close();
 */
export function createWorkerPlayer(ai: PlayerName, options: PlayerOptions = {}): WorkerPlayer {
  const worker = new Worker(workerUrl('player-worker'));
  const waiting = new Map<
    number,
    { resolve: (d: Direction | null) => void; reject: (e: Error) => void }
  >();
  let nextId = 1;
  let closed = false;
  let notice: string | null = null;
  const failAll = (error: Error) => {
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };
  worker.on('message', (response: AiResponse) => {
    const pending = waiting.get(response.id);
    if (!pending) return;
    waiting.delete(response.id);
    if ('error' in response) {
      pending.reject(new Error(`${response.error.code}: ${response.error.message}`));
    } else {
      notice = response.notice ?? null;
      pending.resolve(response.direction);
    }
  });
  worker.on('error', failAll);
  worker.on('exit', () => {
    closed = true;
    failAll(new Error('the AI worker stopped'));
  });
  const seed = options.seed === undefined ? undefined : String(options.seed);
  const sent = {
    ...(options.depth !== undefined ? { depth: options.depth } : {}),
    ...(options.ms !== undefined ? { ms: options.ms } : {}),
    ...(seed !== undefined ? { seed } : {}),
  };
  return {
    choose(game) {
      if (closed) return Promise.reject(new Error('the AI worker is closed'));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, game, ai, options: sent });
      });
    },
    notice: () => notice,
    async close() {
      closed = true;
      await worker.terminate();
    },
  };
}

export { benchChartSvg } from './chart.js';
export {
  networkPath,
  readNetwork,
  SHIPPED_NETWORK,
  useShippedNetwork,
} from './ntuple-node.js';
export {
  DEFAULT_INITIAL,
  DEFAULT_RATE,
  formatTrainProgress,
  type TrainOptions,
  type TrainProgress,
  trainNetwork,
} from './ntuple-train.js';
export { type BenchGame, type BenchSummary, formatBenchTable, REACH_TILES } from './strength.js';
