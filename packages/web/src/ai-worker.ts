// The AI runs here, off the page's thread, so a deep search never stalls the animations.
// The protocol (requests checked, named errors) is the AI package's, shared with Node's workers.
// The n-tuple network (about 10-20 MB, gzip) is fetched the first time an `ntuple` request
// comes, not before: the page never pays for it unless hint or auto-play is used. The service
// worker precaches it with the rest of the build, so it loads offline too.
import {
  createAiHandler,
  handleReviewMove,
  isReviewMoveRequest,
  type NetworkLoad,
  parseNetwork,
  provideNetwork,
  searchKernel,
} from '@twenty48/ai';
import networkUrl from '@twenty48/ai/networks/classic.t48n.gz?url';
import { fetchGzipped } from './gunzip.js';

const answer = createAiHandler();
const scope = self as unknown as {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown): void;
  /** Which search answers here: the WebAssembly kernel, or the TypeScript one where it cannot. */
  aiKernel: string;
  /** The network's state: 'not loaded', 'loading', 'loaded (N games)', or the refusal's code. */
  aiNetwork: string;
};
scope.aiKernel = searchKernel();
scope.aiNetwork = 'not loaded';

/** Fetch and read the shipped network; a named failure when it cannot be had. */
async function fetchNetwork(): Promise<NetworkLoad> {
  const file = await fetchGzipped(networkUrl);
  if (!file.ok) {
    return {
      ok: false,
      error: {
        code: file.why === 'missing' ? 'ERR_NETWORK_MISSING' : 'ERR_NETWORK_DAMAGED',
        message: `the network: ${file.message}`,
      },
    };
  }
  const parsed = parseNetwork(file.bytes);
  return parsed.ok ? { ok: true, value: parsed.value.network } : parsed;
}

let network: Promise<void> | null = null;

scope.onmessage = async (event) => {
  const request = event.data as { ai?: unknown } | null;
  // A review grades with the network too (review-move requests, from the Review view).
  const review = isReviewMoveRequest(event.data);
  if (request?.ai === 'ntuple' || review) {
    network ??= (async () => {
      scope.aiNetwork = 'loading';
      const load = await fetchNetwork();
      provideNetwork(() => load);
      scope.aiNetwork = load.ok ? 'loaded' : load.error.code;
      if (!load.ok)
        console.warn(`${load.error.code}: ${load.error.message}; the AI plays with the heuristic`);
    })();
    await network;
  }
  scope.postMessage(review ? handleReviewMove(event.data) : answer(event.data));
};
