/**
 * Worker-thread entry of `trainNetwork`: one kernel instance on the trainer's shared memory (the
 * weights every worker updates), its own training path and random generator. Messages in
 * `{ games, ms }` (play up to `games` games, stopping early after `ms` milliseconds) or
 * `{ stop: true }`; out `{ results, rng }`: per game [score, largest exponent, moves], and the
 * generator's state after them, so a checkpoint can resume it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { classic } from '@twenty48/engine';
import { compileKernel, instantiate, prepareKernel } from './ntuple-kernel.js';
import { features, type NetworkShape } from './ntuple-network.js';
import { NTUPLE_SHARED_WASM_BASE64 } from './ntuple-shared-wasm.generated.js';

/** What the trainer asks: play up to `games` games, stopping after `ms`; or end. */
export type TrainRequest =
  | { readonly games: number; readonly ms: number }
  | { readonly stop: true };

/** What the worker answers: [score, largest exponent, moves] per game, and its generator. */
export interface TrainReply {
  readonly results: number[];
  readonly rng: [number, number];
}

/** The worker's start (`workerData`): the shared memory, its path and generator, how it learns. */
export interface TrainWorkerData {
  readonly memory: unknown;
  readonly shape: NetworkShape;
  readonly paths: number;
  readonly own: number;
  readonly rng: readonly [number, number];
  readonly rate: number;
  readonly lambda: number;
  readonly coherence: boolean;
}

const data = workerData as TrainWorkerData;
const port = parentPort;
const module = compileKernel(NTUPLE_SHARED_WASM_BASE64);
if (port && module) {
  const kernel = instantiate(module, data.memory);
  prepareKernel(kernel, classic, data.shape, {
    tableBits: 0,
    paths: data.paths,
    own: data.own,
    coherence: data.coherence,
  });
  kernel.seed(data.rng[0], data.rng[1]);
  const step = data.rate / features(data.shape).length;
  port.on('message', (message: TrainRequest) => {
    if ('stop' in message) {
      port.close();
      return;
    }
    const started = performance.now();
    const results: number[] = [];
    for (let g = 0; g < message.games; g++) {
      const score = kernel.trainGame(step, data.lambda, data.coherence ? 1 : 0);
      results.push(score, kernel.gameMaxExponent(), kernel.gameMoves());
      if (performance.now() - started > message.ms) break;
    }
    const reply: TrainReply = { results, rng: [kernel.rngLo(), kernel.rngHi()] };
    port.postMessage(reply);
  });
}
