/**
 * The worker thread behind `openSearcher`: it answers each search request with the rules
 * package's `handleSearchRequest`, the same protocol a browser's Web Worker speaks. It lives
 * through the game and keeps its transposition table between moves, as `checkers engine` does,
 * and probes the endgame database that comes with checkers and plays its won endings out by the
 * distance table beside it (without them when a file is missing or refused: the terminal plays
 * on, a little weaker in endings), and evaluates with the
 * evaluation network that comes with checkers (without it likewise: the hand-written evaluation).
 */
import { parentPort } from 'node:worker_threads';
import {
  handleSearchRequest,
  networkTables,
  useEgdb,
  useEgdbDistances,
  useNetwork,
} from '@twenty48/checkers';
import {
  DEFAULT_EGDB_DISTANCES_PATH,
  DEFAULT_EGDB_PATH,
  readEgdbDistancesFile,
  readEgdbFileLater,
} from './egdbFile.js';
import { DEFAULT_NETWORK_PATH, readNetworkFile } from './networkFile.js';

// The evaluation network is small (tens of KB): read before the first search.
const network = readNetworkFile(DEFAULT_NETWORK_PATH);
if (network.ok) useNetwork(networkTables(network.value.network));

// The database comes in while the thread already answers (a search before it is in goes
// without it), then its distance table, which plays the won 5-piece endings out.
void readEgdbFileLater(DEFAULT_EGDB_PATH).then((egdb) => {
  if (!egdb.ok) return;
  useEgdb(egdb.value);
  const distances = readEgdbDistancesFile(DEFAULT_EGDB_DISTANCES_PATH);
  if (distances.ok) useEgdbDistances(distances.value);
});

const port = parentPort;
port?.on('message', (request: unknown) =>
  port.postMessage(handleSearchRequest(request, { keepTable: true })),
);
