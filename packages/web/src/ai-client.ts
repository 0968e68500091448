import { type AiErrorCode, type AiRequest, type AiResponse, DEFAULT_AI } from '@twenty48/ai';
import type { Direction, Game } from '@twenty48/engine';

/** Time the search may take per move: a hint should feel instant. */
export const THINK_MS = 60;

/**
 * Time the search may take per move when auto-play is fast: shorter than a turn at the top
 * speed (30 moves a second), so the answer is there when the move is due.
 */
export const FAST_THINK_MS = 20;

/** Why the page got no move: the worker's named error, or the worker failed or was stopped. */
export type AiAnswerError = AiErrorCode | 'ERR_WORKER' | 'ERR_STOPPED';

/** The answer the page gets: the move (`null` when no move changes the board), or why not. */
export type AiAnswer =
  | { readonly direction: Direction | null; readonly notice?: string }
  | { readonly error: { readonly code: AiAnswerError; readonly message: string } };

/** The page's side of the AI worker: ask for a move, get a promise of the answer. */
export interface AiClient {
  /** The AI's move for `game`, searched for `ms` milliseconds (`THINK_MS` when not said). */
  ask(game: Game, ms?: number): Promise<AiAnswer>;
  /** Stop the worker (and any search in it); the next `ask` starts a new one. */
  stop(): void;
}

/**
 * An answer in words for the page: the error's code and message, or null for a move.
 *
 * @example
 * aiErrorText({ error: { code: 'ERR_GAME', message: 'game must be an object' } })
 * // 'ERR_GAME: game must be an object'
 */
export const aiErrorText = (answer: AiAnswer): string | null =>
  'error' in answer ? `${answer.error.code}: ${answer.error.message}` : null;

/** The worker's side, as far as the client uses it (a `Worker` in the page, a fake in tests). */
export type AiWorker = Pick<Worker, 'postMessage' | 'terminate' | 'onmessage' | 'onerror'>;

/**
 * Talk to the AI worker with the AI package's protocol (`AiRequest` → `AiResponse`): `DEFAULT_AI`
 * within the time asked (`THINK_MS` by default). The worker is started at the first question; if it dies, pending questions
 * get an `ERR_WORKER` answer, and after `stop` an `ERR_STOPPED` one.
 *
 * @example
 * const ai = createAiClient(() => new Worker(new URL('./ai-worker.ts', import.meta.url), { type: 'module' }));
 * const answer = await ai.ask(game); // { direction: 'left' }
 */
export function createAiClient(startWorker: () => AiWorker): AiClient {
  let worker: AiWorker | null = null;
  let nextId = 1;
  const pending = new Map<number, (answer: AiAnswer) => void>();

  const failAll = (code: 'ERR_WORKER' | 'ERR_STOPPED', message: string): void => {
    for (const resolve of pending.values()) resolve({ error: { code, message } });
    pending.clear();
  };

  const started = (): AiWorker => {
    if (worker) return worker;
    const fresh = startWorker();
    fresh.onmessage = (event: MessageEvent<AiResponse>) => {
      const { id, ...answer } = event.data;
      const resolve = pending.get(id);
      pending.delete(id);
      resolve?.(answer);
    };
    fresh.onerror = (event) => {
      event.preventDefault();
      failAll('ERR_WORKER', event.message || 'the AI worker failed');
      fresh.terminate();
      worker = null;
    };
    worker = fresh;
    return fresh;
  };

  return {
    ask(game, ms = THINK_MS) {
      const id = nextId++;
      const request: AiRequest = { id, game, ai: DEFAULT_AI, options: { ms } };
      return new Promise((resolve) => {
        pending.set(id, resolve);
        started().postMessage(request);
      });
    },
    stop() {
      worker?.terminate();
      worker = null;
      failAll('ERR_STOPPED', 'the AI was stopped');
    },
  };
}
