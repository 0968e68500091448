/**
 * The n-tuple trainer's edge (Node): worker threads playing TD-learning games on one set of
 * weights in a shared WebAssembly memory, checkpoints written atomically, a progress report.
 * With N workers the weights are shared without locks ("Hogwild"): each worker reads and
 * updates them while the others do, so only one worker gives the same network every time.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { isRecord } from '@twenty48/common';
import { classic } from '@twenty48/engine';
import { makeNetwork } from './ntuple-format.js';
import { compileKernel, instantiate, prepareKernel } from './ntuple-kernel.js';
import {
  addStage,
  FOUR_SIX_TUPLES,
  features,
  type NetworkShape,
  newNetwork,
  weightCount,
} from './ntuple-network.js';
import { readNetwork } from './ntuple-node.js';
import { NTUPLE_SHARED_WASM_BASE64 } from './ntuple-shared-wasm.generated.js';
import type { TrainReply, TrainRequest, TrainWorkerData } from './ntuple-train-worker.js';
import { workerUrl } from './worker-url.js';

/** The tiles whose reach the progress line reports. */
export const TRAIN_REACH = [2048, 4096, 8192, 16384, 32768] as const;
/** Games the progress line averages over. */
export const TRAIN_WINDOW = 1000;

/** The learning rate (per board: each of its F weights moves by rate x error / F). */
export const DEFAULT_RATE = 0.4;
/** The value of every board before training; 0 beat 100,000 (optimistic) in a 40 s trial. */
export const DEFAULT_INITIAL = 0;

/** What a checkpoint keeps of the trainer, beside the weights (the file's training JSON). */
export interface TrainingState {
  readonly seed: string;
  /** Learning rate: each weight moves by rate x error / features. */
  readonly rate: number;
  /** The value every board had before training (optimistic initialisation). */
  readonly initial: number;
  /** Each worker's generator state, [lo, hi]. */
  readonly rng: readonly (readonly [number, number])[];
  /** Seconds of training so far. */
  readonly seconds: number;
  /** λ of the λ-returns learned toward (absent in older checkpoints: 0, TD(0)). */
  readonly lambda?: number;
  /** Temporal coherence: each weight's rate scaled by |E| / A, kept in the checkpoint. */
  readonly coherence?: boolean;
  /** Restarts: the exponent of the tile whose first boards are kept to restart from (0: none). */
  readonly restartExponent?: number;
  /** Each worker's restart pool (hexadecimal afterstates, oldest first). */
  readonly pools?: readonly (readonly string[])[];
  /** Games each worker has played (its restarts are every other one). */
  readonly played?: readonly number[];
  /**
   * Boards whose largest exponent is above this are valued and learned downgraded, as the
   * search values its leaves (absent or 15: never).
   */
  readonly downgradeAbove?: number;
}

export interface TrainOptions {
  /** Total games to train (a resumed training counts the checkpoint's games). */
  readonly games: number;
  readonly workers: number;
  readonly seed: string;
  readonly out: string;
  /**
   * A checkpoint to go on from (its shape, seed and generators win; its rate unless `rate`), or
   * a shipped network (no training state), whose weights and games a new state goes on from.
   */
  readonly resume?: string;
  readonly shape?: NetworkShape;
  readonly rate?: number;
  /** λ of the λ-returns (default 0: TD(0)); replaces a checkpoint's when given. */
  readonly lambda?: number;
  /** Learn with temporal coherence (default off); replaces a checkpoint's when given. */
  readonly coherence?: boolean;
  /**
   * Restart every other game from a board where this tile had just appeared in an earlier game
   * (0: never, the default); replaces a checkpoint's when given.
   */
  readonly restart?: number;
  /**
   * Learn boards holding a tile above this one downgraded, as the search values them (0: never,
   * the default); replaces a checkpoint's when given.
   */
  readonly downgrade?: number;
  /**
   * Add a stage for the boards holding this tile or a larger one (0 or absent: none), its
   * weights starting as a copy of those that valued such boards; a tile that already starts a
   * stage changes nothing, so the same command resumes.
   */
  readonly stage?: number;
  readonly initial?: number;
  /** Milliseconds between checkpoints. */
  readonly checkpointMs?: number;
  /** Called with each progress report (about every `reportMs`). */
  readonly onProgress?: (progress: TrainProgress) => void;
  readonly reportMs?: number;
  /** Called when a checkpoint could not be written (the previous one is kept). */
  readonly onWarning?: (message: string) => void;
  /** Stop early (Ctrl-C): the games under way finish, then the checkpoint is written. */
  readonly signal?: AbortSignal;
}

export interface TrainProgress {
  readonly games: number;
  readonly total: number;
  readonly gamesPerSecond: number;
  readonly movesPerSecond: number;
  /** Over the last `TRAIN_WINDOW` games. */
  readonly meanScore: number;
  readonly reach: Readonly<Record<number, number>>;
  readonly secondsLeft: number;
  readonly seconds: number;
  /** With restarts: the last `TRAIN_WINDOW` restarted games (the rest is new games only). */
  readonly restarts?: {
    readonly games: number;
    readonly meanScore: number;
    readonly reach: Readonly<Record<number, number>>;
  };
}

export type TrainErrorCode = 'ERR_TRAIN_RESUME';

/** A seed string's 64-bit generator state for worker `k`, as [lo, hi] (FNV-1a, 64-bit). */
export function workerSeed(seed: string, k: number): [number, number] {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(`${seed}/${k}`)) {
    h = ((h ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return [Number(h & 0xffffffffn) | 0, Number(h >> 32n) | 0];
}

const isTrainingState = (value: unknown): value is TrainingState =>
  isRecord(value) &&
  typeof value.seed === 'string' &&
  typeof value.rate === 'number' &&
  typeof value.initial === 'number' &&
  typeof value.seconds === 'number' &&
  Array.isArray(value.rng) &&
  (value.lambda === undefined || typeof value.lambda === 'number') &&
  (value.coherence === undefined || typeof value.coherence === 'boolean') &&
  (value.restartExponent === undefined || typeof value.restartExponent === 'number') &&
  (value.downgradeAbove === undefined ||
    (typeof value.downgradeAbove === 'number' &&
      Number.isInteger(value.downgradeAbove) &&
      value.downgradeAbove >= 3 &&
      value.downgradeAbove <= 15)) &&
  (value.pools === undefined ||
    (Array.isArray(value.pools) &&
      value.pools.every(
        (pool) =>
          Array.isArray(pool) &&
          pool.every((board) => typeof board === 'string' && /^[0-9a-f]{1,16}$/.test(board)),
      ))) &&
  (value.played === undefined ||
    (Array.isArray(value.played) && value.played.every((n) => Number.isSafeInteger(n) && n >= 0)));

const reachText = (reach: Readonly<Record<number, number>>): string =>
  TRAIN_REACH.map((tile) => `${tile} ${((reach[tile] ?? 0) * 100).toFixed(1)}%`).join(' ');

/**
 * One progress line: games, speed, the last 1,000 new games' mean score and reach, time left;
 * with restarts, then the last 1,000 restarted games' mean score and reach.
 */
export function formatTrainProgress(p: TrainProgress): string {
  const left = Number.isFinite(p.secondsLeft)
    ? `${Math.floor(p.secondsLeft / 3600)}h${String(Math.floor((p.secondsLeft % 3600) / 60)).padStart(2, '0')}m`
    : '?';
  return (
    `games ${p.games}/${p.total}  ${p.gamesPerSecond.toFixed(1)} games/s ` +
    `${Math.round(p.movesPerSecond)} moves/s  last ${TRAIN_WINDOW}: mean ${Math.round(p.meanScore)} ` +
    `${reachText(p.reach)}  left ${left}` +
    (p.restarts
      ? `  restarts: last ${p.restarts.games}: mean ${Math.round(p.restarts.meanScore)} ${reachText(p.restarts.reach)}`
      : '')
  );
}

/** Write `bytes` to `path` through a temporary file and a rename, so `path` is never half-written. */
export function writeAtomically(path: string, bytes: Uint8Array): void {
  const temporary = `${path}.tmp-${process.pid}`;
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Train an n-tuple network by TD(0) on afterstates for `games` games on `workers` threads,
 * writing a checkpoint to `out` every `checkpointMs` and at the end. Resolves with the last
 * progress; rejects with `ERR_TRAIN_RESUME` when `resume` cannot be read as a network.
 *
 * @example
 * await trainNetwork({ games: 100_000, workers: 1, seed: '1', out: 'net.t48n' });
 */
export async function trainNetwork(options: TrainOptions): Promise<TrainProgress> {
  const started = performance.now();
  let shape = options.shape ?? FOUR_SIX_TUPLES;
  let state: TrainingState = {
    seed: options.seed,
    rate: options.rate ?? DEFAULT_RATE,
    initial: options.initial ?? DEFAULT_INITIAL,
    rng: [],
    seconds: 0,
  };
  let weights: Float32Array | null = null;
  let coherence: Float32Array | null = null;
  let done = 0;
  if (options.resume !== undefined) {
    const read = readNetwork(options.resume);
    if (!read.ok) throw new Error(`ERR_TRAIN_RESUME: ${read.error.code}: ${read.error.message}`);
    shape = read.value.shape;
    weights = read.value.weights;
    done = read.games ?? 0;
    if (isTrainingState(read.training)) {
      // A rate given with --resume replaces the checkpoint's (a lower rate to fine-tune).
      state = options.rate === undefined ? read.training : { ...read.training, rate: options.rate };
      coherence = read.coherence ?? null;
    } else if (read.training !== null) {
      throw new Error("ERR_TRAIN_RESUME: the file's training state is not one this trainer wrote");
    }
    // A shipped network (no training state) goes on learning from its weights with a new
    // trainer state: `seed`, `rate` (or the default) and fresh generators.
  }
  if (options.stage !== undefined && options.stage > 0) {
    const start = Math.log2(options.stage);
    const grown = addStage(shape, weights ?? newNetwork(shape, state.initial).weights, start);
    if (coherence) coherence = addStage(shape, coherence, start, 2).values;
    shape = grown.shape;
    weights = grown.values;
  }
  // λ and coherence given now replace the checkpoint's; a coherence started now starts at 0.
  const lambda = options.lambda ?? state.lambda ?? 0;
  const coherent = options.coherence ?? state.coherence ?? false;
  // A tile given now (0: off) replaces the checkpoint's exponent; `off` is the exponent of off.
  const exponentOf = (tile: number | undefined, kept: number | undefined, off: number) =>
    tile === undefined ? (kept ?? off) : tile > 0 ? Math.log2(tile) : off;
  const restartExponent = exponentOf(options.restart, state.restartExponent, 0);
  const downgradeAbove = exponentOf(options.downgrade, state.downgradeAbove, 15);
  // The checkpoint's pools go on only with the tile they were kept for.
  const { pools: keptPools, played: keptPlayed, downgradeAbove: _kept, ...rest } = state;
  const resumedPools = restartExponent === state.restartExponent ? keptPools : undefined;
  state = {
    ...rest,
    lambda,
    coherence: coherent,
    restartExponent,
    ...(downgradeAbove < 15 ? { downgradeAbove } : {}),
  };
  if (!coherent) coherence = null;
  const module = compileKernel(NTUPLE_SHARED_WASM_BASE64);
  if (!module) throw new Error('ERR_TRAIN_WASM: WebAssembly with shared memory is unavailable');
  const memory = new (
    globalThis as unknown as { WebAssembly: { Memory: new (d: object) => unknown } }
  ).WebAssembly.Memory({
    initial: 64,
    maximum: 32768,
    shared: true,
  });
  const count = Math.max(1, options.workers);
  const main = instantiate(module, memory);
  const layout = { tableBits: 0, paths: count, own: 0, coherence: coherent };
  const at = prepareKernel(main, classic, shape, layout);
  if (at === null) throw new Error('ERR_TRAIN_MEMORY: the network does not fit the memory');
  const shared = new Float32Array(main.memory.buffer, at, weightCount(shape));
  shared.set(weights ?? newNetwork(shape, state.initial).weights);
  const sharedCoherence = coherent
    ? new Float32Array(main.memory.buffer, main.coherenceAt(), 2 * weightCount(shape))
    : null;
  if (sharedCoherence && coherence) sharedCoherence.set(coherence);
  const rng = Array.from({ length: count }, (_, k) => state.rng[k] ?? workerSeed(state.seed, k));
  const pools = Array.from({ length: count }, (_, k) => [...(resumedPools?.[k] ?? [])]);
  const played = Array.from({ length: count }, (_, k) => keptPlayed?.[k] ?? 0);
  // The last TRAIN_WINDOW new games and restarted games, each [score, largest exponent].
  const recent: number[][] = [];
  const recentRestarts: number[][] = [];
  let moves = 0;
  let lastSave = performance.now();
  const save = () => {
    const training: TrainingState = {
      ...state,
      rng,
      ...(restartExponent > 0 ? { pools, played } : {}),
      seconds: state.seconds + (performance.now() - started) / 1000,
    };
    const bytes = makeNetwork({
      network: { shape, weights: shared },
      games: done,
      training,
      ...(sharedCoherence ? { coherence: sharedCoherence } : {}),
    });
    try {
      writeAtomically(options.out, bytes);
    } catch (error) {
      options.onWarning?.(`checkpoint not written (${String(error)}); the previous one is kept`);
    }
    lastSave = performance.now();
  };
  const summary = (games: readonly number[][]) => {
    const reach: Record<number, number> = {};
    for (const tile of TRAIN_REACH) {
      const e = Math.log2(tile);
      reach[tile] = games.length
        ? games.filter((g) => (g[1] as number) >= e).length / games.length
        : 0;
    }
    const meanScore = games.length
      ? games.reduce((sum, g) => sum + (g[0] as number), 0) / games.length
      : 0;
    return { games: games.length, meanScore, reach };
  };
  const progress = (): TrainProgress => {
    const seconds = (performance.now() - started) / 1000;
    const { meanScore, reach } = summary(recent);
    const gamesHere = done - startDone;
    const speed = gamesHere / Math.max(seconds, 1e-9);
    return {
      games: done,
      total: options.games,
      gamesPerSecond: speed,
      movesPerSecond: moves / Math.max(seconds, 1e-9),
      meanScore,
      reach,
      secondsLeft: speed > 0 ? (options.games - done) / speed : Number.POSITIVE_INFINITY,
      seconds,
      ...(restartExponent > 0 ? { restarts: summary(recentRestarts) } : {}),
    };
  };
  const startDone = done;
  const checkpointMs = options.checkpointMs ?? 300_000;
  const reportMs = options.reportMs ?? 10_000;
  let lastReport = performance.now();
  const workers = rng.map(
    (seed, own) =>
      new Worker(workerUrl('ntuple-train-worker'), {
        workerData: {
          memory,
          shape,
          paths: count,
          own,
          rng: seed,
          rate: state.rate,
          lambda,
          coherence: coherent,
          restartExponent,
          downgradeAbove,
          pool: pools[own] ?? [],
          played: played[own] ?? 0,
        } satisfies TrainWorkerData,
      }),
  );
  // Each round: every worker plays a batch; between rounds the weights are still, so a
  // checkpoint is a consistent state of all workers.
  const batch = (worker: Worker, own: number, games: number) =>
    new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      worker.once('error', failed);
      worker.once('message', (message: TrainReply) => {
        worker.off('error', failed);
        const { results } = message;
        for (let i = 0; i < results.length; i += 4) {
          const window = results[i + 3] === 1 ? recentRestarts : recent;
          window.push([results[i] as number, results[i + 1] as number]);
          moves += results[i + 2] as number;
        }
        for (const window of [recent, recentRestarts])
          if (window.length > TRAIN_WINDOW) window.splice(0, window.length - TRAIN_WINDOW);
        done += results.length / 4;
        rng[own] = message.rng;
        pools[own] = message.pool;
        played[own] = message.played;
        resolve();
      });
      const request: TrainRequest = { games, ms: 1000 };
      worker.postMessage(request);
    });
  try {
    while (done < options.games && !options.signal?.aborted) {
      const left = options.games - done;
      const share = Math.max(1, Math.ceil(left / count));
      const active = workers.slice(0, Math.min(count, left));
      await Promise.all(active.map((worker, own) => batch(worker, own, Math.min(share, left))));
      if (performance.now() - lastReport >= reportMs) {
        options.onProgress?.(progress());
        lastReport = performance.now();
      }
      if (performance.now() - lastSave >= checkpointMs) save();
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  save();
  const last = progress();
  options.onProgress?.(last);
  return last;
}

/** Features a network of this shape sums (tuples x 8 symmetries). */
export const featureCount = (shape: NetworkShape): number => features(shape).length;
