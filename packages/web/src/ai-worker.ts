// The AI runs here, off the page's thread, so a deep search never stalls the animations.
// The protocol (requests checked, named errors) is the AI package's, shared with Node's workers.
import { createAiHandler, searchKernel } from '@twenty48/ai';

const answer = createAiHandler();
const scope = self as unknown as {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown): void;
  /** Which search answers here: the WebAssembly kernel, or the TypeScript one where it cannot. */
  aiKernel: string;
};
scope.aiKernel = searchKernel();
scope.onmessage = (event) => scope.postMessage(answer(event.data));
