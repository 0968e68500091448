/**
 * The worker thread behind `openSearcher`: it answers each search request with the rules
 * package's `handleSearchRequest`, the same protocol a browser's Web Worker speaks. It lives
 * through the game and keeps its transposition table between moves, as `checkers engine` does,
 * and probes the endgame database that comes with checkers (without it when the file is missing
 * or refused: the terminal plays on, a little weaker in endings).
 */
import { parentPort } from 'node:worker_threads';
import { handleSearchRequest, useEgdb } from '@twenty48/checkers';
import { DEFAULT_EGDB_PATH, readEgdbFileLater } from './egdbFile.js';

// The database comes in while the thread already answers (a search before it is in goes
// without it).
void readEgdbFileLater(DEFAULT_EGDB_PATH).then((egdb) => {
  if (egdb.ok) useEgdb(egdb.value);
});

const port = parentPort;
port?.on('message', (request: unknown) =>
  port.postMessage(handleSearchRequest(request, { keepTable: true })),
);
