/**
 * Worker-thread entry of `runBench` (the AI strength benchmark): plays the games the main thread hands it, one at a time,
 * and posts each result back. Messages: in a `BenchRequest`, out a `BenchReply` (strength.ts,
 * the one place both ends read them from).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { useShippedNetwork } from './ntuple-node.js';
import { type BenchReply, type BenchRequest, type BenchSpec, playBenchGame } from './strength.js';

useShippedNetwork();

const spec = workerData as BenchSpec;
const port = parentPort;
if (port) {
  const reply = (answer: BenchReply) => port.postMessage(answer);
  port.on('message', (message: BenchRequest) => {
    if ('stop' in message) {
      port.close();
      return;
    }
    try {
      reply({ index: message.index, game: playBenchGame(spec, message.seed) });
    } catch (error) {
      reply({ index: message.index, error: String(error) });
    }
  });
}
