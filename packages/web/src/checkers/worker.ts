// The computer thinks here, off the page's thread: the rules package's search protocol, the same
// one the terminal's worker thread speaks (requests checked, named errors in the reply). The
// worker lives through the game and keeps its transposition table between moves, as the
// persistent engine (`checkers engine`) does.
import { handleReviewRequest, handleSearchRequest, isReviewRequest } from '@twenty48/checkers';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown): void;
};
// A game review asks one move at a time (`handleReviewRequest`), between the other questions.
scope.onmessage = (event) =>
  scope.postMessage(
    isReviewRequest(event.data)
      ? handleReviewRequest(event.data)
      : handleSearchRequest(event.data, { keepTable: true }),
  );
