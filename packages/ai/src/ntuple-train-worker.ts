/**
 * Worker-thread entry of `trainNetwork`: one kernel instance on the trainer's shared memory (the
 * weights every worker updates), its own training path and random generator. Messages in
 * `{ games, ms }` (play up to `games` games, stopping early after `ms` milliseconds) or
 * `{ stop: true }`; out `{ results, rng, pool, played }`: per game [score, largest exponent,
 * moves, 1 for a restart or 0], and the generator's state, the restart pool and the games played
 * after them, so a checkpoint can resume it.
 *
 * Restarts (`restartExponent` above 0): the worker keeps, from its new games, the first
 * afterstate in which the largest tile reached 2^restartExponent, the last RESTART_POOL of them;
 * once it has one, every other game restarts from one of them (chosen by the games played), so
 * the network sees many more of the rare late boards than new games alone would show it.
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

/** Afterstates each worker keeps to restart from. */
export const RESTART_POOL = 1000;

/** What the worker answers: [score, largest exponent, moves, restart] per game, and its state. */
export interface TrainReply {
  readonly results: number[];
  readonly rng: [number, number];
  /** The afterstates kept to restart from, as hexadecimal boards, oldest first. */
  readonly pool: string[];
  /** Games this worker has played (restarts are every other one of them). */
  readonly played: number;
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
  /** Keep first afterstates with 2^this and restart from them (0: no restarts). */
  readonly restartExponent: number;
  /** Value and learn boards whose largest exponent is above this downgraded (15: never). */
  readonly downgradeAbove: number;
  readonly pool: readonly string[];
  readonly played: number;
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
  kernel.setRestartExponent(data.restartExponent);
  kernel.setDowngrade(data.downgradeAbove);
  const step = data.rate / features(data.shape).length;
  const pool = data.pool.map((hex) => BigInt(`0x${hex}`));
  let played = data.played;
  port.on('message', (message: TrainRequest) => {
    if ('stop' in message) {
      port.close();
      return;
    }
    const started = performance.now();
    const results: number[] = [];
    for (let g = 0; g < message.games; g++) {
      const restart = data.restartExponent > 0 && played % 2 === 1 && pool.length > 0;
      // Knuth's multiplicative hash of the game's number spreads the picks over the pool.
      const pick = (Math.imul(played, 0x9e3779b1) >>> 0) % Math.max(1, pool.length);
      const start = restart ? (pool[pick] ?? 0n) : 0n;
      const score = kernel.trainGame(
        step,
        data.lambda,
        data.coherence ? 1 : 0,
        Number(start & 0xffffffffn) | 0,
        Number(start >> 32n) | 0,
      );
      played++;
      results.push(score, kernel.gameMaxExponent(), kernel.gameMoves(), restart ? 1 : 0);
      const first =
        (BigInt(kernel.gameFirstHi() >>> 0) << 32n) | BigInt(kernel.gameFirstLo() >>> 0);
      if (!restart && first !== 0n) {
        pool.push(first);
        if (pool.length > RESTART_POOL) pool.shift();
      }
      if (performance.now() - started > message.ms) break;
    }
    const reply: TrainReply = {
      results,
      rng: [kernel.rngLo(), kernel.rngHi()],
      pool: pool.map((board) => board.toString(16)),
      played,
    };
    port.postMessage(reply);
  });
}
