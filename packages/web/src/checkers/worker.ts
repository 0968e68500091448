// The computer thinks here, off the page's thread: the rules package's search protocol, the same
// one the terminal's worker thread speaks (requests checked, named errors in the reply). The
// worker lives through the game and keeps its transposition table between moves, as the
// persistent engine (`checkers engine`) does.
import { handleSearchRequest } from '@twenty48/checkers';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown): void;
};
scope.onmessage = (event) =>
  scope.postMessage(handleSearchRequest(event.data, { keepTable: true }));
