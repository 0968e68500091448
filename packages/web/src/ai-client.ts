import type { Game } from '@twenty48/engine';
import type { AiRequest, AiResponse } from './ai-protocol.js';

/** The page's side of the AI worker: ask for a move, get a promise of the answer. */
export interface AiClient {
  ask(game: Game, ai?: AiRequest['ai']): Promise<AiResponse>;
  /** Stop the worker (and any search in it); the next `ask` starts a new one. */
  stop(): void;
}

/**
 * Talk to the AI worker with `{ id, game, ai }` → `{ id, direction, error? }`. The worker is
 * started at the first question; if it dies, pending questions get an error answer.
 *
 * @example
 * const ai = createAiClient(() => new Worker(new URL('./ai-worker.ts', import.meta.url), { type: 'module' }));
 * const { direction } = await ai.ask(model.game);
 */
export function createAiClient(startWorker: () => Worker): AiClient {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, (response: AiResponse) => void>();

  const failAll = (message: string): void => {
    for (const [id, resolve] of pending) resolve({ id, direction: null, error: message });
    pending.clear();
  };

  const started = (): Worker => {
    if (worker) return worker;
    const fresh = startWorker();
    fresh.onmessage = (event: MessageEvent<AiResponse>) => {
      const resolve = pending.get(event.data.id);
      pending.delete(event.data.id);
      resolve?.(event.data);
    };
    fresh.onerror = (event) => {
      event.preventDefault();
      failAll(`ERR_WORKER: ${event.message || 'the AI worker failed'}`);
      fresh.terminate();
      worker = null;
    };
    worker = fresh;
    return fresh;
  };

  return {
    ask(game, ai = 'expectimax') {
      const id = nextId++;
      const request: AiRequest = { id, game, ai };
      return new Promise((resolve) => {
        pending.set(id, resolve);
        started().postMessage(request);
      });
    },
    stop() {
      worker?.terminate();
      worker = null;
      failAll('ERR_STOPPED: the AI was stopped');
    },
  };
}
