// The AI runs here, off the page's thread, so a deep search never stalls the animations.
import { answerRequest } from './ai-protocol.js';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown): void;
};
scope.onmessage = (event) => scope.postMessage(answerRequest(event.data));
