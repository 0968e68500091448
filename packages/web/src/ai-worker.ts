// The AI runs here, off the page's thread, so a deep search never stalls the animations.
// The protocol (requests checked, named errors) is the AI package's, shared with Node's workers.
// The n-tuple network (about 10-20 MB, gzip) is fetched the first time an `ntuple` request
// comes, not before: the page never pays for it unless hint or auto-play is used. The service
// worker precaches it with the rest of the build, so it loads offline too.
import {
  createAiHandler,
  handleReviewMove,
  isGzip,
  isReviewMoveRequest,
  type NetworkLoad,
  parseNetwork,
  provideNetwork,
  searchKernel,
} from '@twenty48/ai';
import networkUrl from '@twenty48/ai/networks/classic.t48n.gz?url';

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

/** The bytes of a gzip stream, decompressed by the browser. */
async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([new Uint8Array(bytes)])
    .stream()
    .pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Fetch and read the shipped network; a named failure when it cannot be had. */
async function fetchNetwork(): Promise<NetworkLoad> {
  let raw: Uint8Array;
  try {
    const response = await fetch(networkUrl);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    raw = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    return {
      ok: false,
      error: {
        code: 'ERR_NETWORK_MISSING',
        message: `the network could not be fetched (${error})`,
      },
    };
  }
  let bytes = raw;
  if (isGzip(raw)) {
    try {
      bytes = await gunzip(raw);
    } catch {
      return {
        ok: false,
        error: { code: 'ERR_NETWORK_DAMAGED', message: 'the network’s gzip stream is damaged' },
      };
    }
  }
  const parsed = parseNetwork(bytes);
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
