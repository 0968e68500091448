/**
 * Worker-thread entry of `runBench` (the AI strength benchmark): plays the games the main thread hands it, one at a time,
 * and posts each result back. Messages: in `{ index, seed }` or `{ stop: true }`, out
 * `{ index, game }` or `{ index, error }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { useShippedNetwork } from './ntuple-node.js';
import { type BenchSpec, playBenchGame } from './strength.js';

useShippedNetwork();

const spec = workerData as BenchSpec;
const port = parentPort;
if (port) {
  port.on('message', (message: { index: number; seed: string } | { stop: true }) => {
    if ('stop' in message) {
      port.close();
      return;
    }
    try {
      port.postMessage({ index: message.index, game: playBenchGame(spec, message.seed) });
    } catch (error) {
      port.postMessage({ index: message.index, error: String(error) });
    }
  });
}
