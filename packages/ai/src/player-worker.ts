/**
 * Worker-thread entry of `createWorkerPlayer`: answers `AiRequest` messages with `AiResponse`
 * messages through the same `handleAiRequest` the browser's Web Worker uses.
 */
import { parentPort } from 'node:worker_threads';
import { useShippedNetwork } from './ntuple-node.js';
import { createAiHandler } from './protocol.js';

useShippedNetwork();

const handle = createAiHandler();
const port = parentPort;
port?.on('message', (request: unknown) => port.postMessage(handle(request)));
