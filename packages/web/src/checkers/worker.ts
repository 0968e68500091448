// The computer thinks here, off the page's thread: the rules package's search protocol, the same
// one the terminal's worker thread speaks (requests checked, named errors in the reply). The
// worker lives through the game and keeps its transposition table between moves, as the
// persistent engine (`checkers engine`) does. It evaluates with the evaluation network that
// comes with checkers (tens of KB, fetched when the worker starts and precached by the service
// worker for offline play); every request waits for that fetch, and without the network (not
// fetched, refused) the computer plays on with the hand-written evaluation.
import {
  handleReviewRequest,
  handleSearchRequest,
  isReviewRequest,
  networkTables,
  parseNetworkFile,
  searchCore,
  useNetwork,
} from '@twenty48/checkers';
import networkUrl from '@twenty48/checkers/networks/eval.t48c.gz?url';
import { fetchGzipped } from '../gunzip.js';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown): void;
  /** The network's state: 'loading', 'loaded' (evaluated in its WebAssembly kernel),
   * 'loaded-script' (in TypeScript: no WebAssembly SIMD here), or the refusal's code. */
  checkersNetwork: string;
  /** Where the search runs once the network is in: 'kernel' (WebAssembly) or 'script'. */
  checkersSearch: string;
};
scope.checkersNetwork = 'loading';
scope.checkersSearch = 'loading';

const ready = (async () => {
  const file = await fetchGzipped(networkUrl);
  const read = file.ok
    ? parseNetworkFile(file.bytes)
    : {
        ok: false as const,
        code: file.why === 'missing' ? 'ERR_NETWORK_MISSING' : 'ERR_NETWORK_DAMAGED',
        message: file.message,
      };
  if (read.ok) {
    const tables = networkTables(read.value.network);
    useNetwork(tables);
    scope.checkersNetwork = tables.kernel ? 'loaded' : 'loaded-script';
  } else {
    scope.checkersNetwork = read.code;
    console.warn(
      `${read.code}: the evaluation network: ${read.message}; the computer plays on without it`,
    );
  }
  scope.checkersSearch = searchCore();
})();

// A game review asks one move at a time (`handleReviewRequest`), between the other questions.
scope.onmessage = async (event) => {
  await ready;
  scope.postMessage(
    isReviewRequest(event.data)
      ? handleReviewRequest(event.data)
      : handleSearchRequest(event.data, { keepTable: true }),
  );
};
