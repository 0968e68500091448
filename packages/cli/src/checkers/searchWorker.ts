/**
 * The worker thread behind `openSearcher`: it answers each search request with the rules
 * package's `handleSearchRequest`, the same protocol a browser's Web Worker speaks.
 */
import { parentPort } from 'node:worker_threads';
import { handleSearchRequest } from '@twenty48/checkers';

const port = parentPort;
port?.on('message', (request: unknown) =>
  port.postMessage(handleSearchRequest(request, { keepTable: true })),
);
