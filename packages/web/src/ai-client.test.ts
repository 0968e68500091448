import { createAiHandler, DEFAULT_AI, legalMoves, newNetwork, provideNetwork } from '@twenty48/ai';
import { type Game, newGame, step } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import {
  type AiWorker,
  aiErrorText,
  createAiClient,
  FAST_THINK_MS,
  THINK_MS,
} from './ai-client.js';

// The worker in the page fetches the shipped network; this one is given a small one.
provideNetwork(() => ({ ok: true, value: newNetwork({ tuples: [[0, 1, 2, 3]], stages: [0] }) }));

/** A worker in the same thread: the AI package's handler behind a structured clone each way. */
function fakeWorker(options: { fails?: boolean } = {}) {
  const answer = createAiHandler();
  const worker = {
    terminated: false,
    requests: [] as unknown[],
    onmessage: null as AiWorker['onmessage'],
    onerror: null as AiWorker['onerror'],
    postMessage(message: unknown) {
      const request = structuredClone(message);
      worker.requests.push(request);
      setTimeout(() => {
        if (worker.terminated) return;
        if (options.fails) {
          const event = { message: 'out of memory', preventDefault() {} } as ErrorEvent;
          return worker.onerror?.call(worker as unknown as Worker, event);
        }
        const data = structuredClone(answer(request));
        worker.onmessage?.call(worker as unknown as Worker, { data } as MessageEvent);
      }, 0);
    },
    terminate() {
      worker.terminated = true;
    },
  };
  return worker;
}

describe('the AI client', () => {
  it('asks the default AI for a legal move within the think time, answer by answer', async () => {
    const worker = fakeWorker();
    const ai = createAiClient(() => worker);
    let game: Game = newGame('classic', 5);
    for (let i = 0; i < 5; i++) {
      const answer = await ai.ask(game);
      if (!('direction' in answer)) return expect.fail(aiErrorText(answer) ?? '');
      expect(legalMoves(game)).toContain(answer.direction);
      game = step(game, answer.direction ?? 'up').game;
    }
    expect(worker.requests[0]).toMatchObject({
      id: 1,
      ai: DEFAULT_AI,
      options: { ms: THINK_MS },
    });
    expect(worker.requests.map((r) => (r as { id: number }).id)).toEqual([1, 2, 3, 4, 5]);
  });

  it("asks for the search time it is given: auto-play's quick search at high speeds", async () => {
    const worker = fakeWorker();
    const ai = createAiClient(() => worker);
    const game = newGame('classic', 5);
    const answer = await ai.ask(game, FAST_THINK_MS);
    expect(legalMoves(game)).toContain((answer as { direction: string }).direction);
    expect(worker.requests[0]).toMatchObject({ options: { ms: FAST_THINK_MS } });
    expect(FAST_THINK_MS).toBeLessThan(THINK_MS);
  });

  it('matches answers to questions asked together', async () => {
    const ai = createAiClient(() => fakeWorker());
    const games = ['1', '2', '3'].map((seed) => newGame('classic', seed));
    const answers = await Promise.all(games.map((game) => ai.ask(game)));
    answers.forEach((answer, i) => {
      expect(legalMoves(games[i] as Game)).toContain((answer as { direction: string }).direction);
    });
  });

  it('answers null when no move changes the board', async () => {
    const ai = createAiClient(() => fakeWorker());
    const game = {
      ...newGame('classic', 5),
      board: [
        [2, 4, 2, 4],
        [4, 2, 4, 2],
        [2, 4, 2, 4],
        [4, 2, 4, 2],
      ],
    };
    expect(await ai.ask(game)).toEqual({ direction: null });
  });

  it("passes on the worker's named error for a game it cannot read", async () => {
    const ai = createAiClient(() => fakeWorker());
    const answer = await ai.ask({ ...newGame('classic', 1), board: [[2]] });
    expect(answer).toMatchObject({ error: { code: 'ERR_GAME' } });
    expect(aiErrorText(answer)).toMatch(/^ERR_GAME: game\.board must be 4x4/);
  });

  it('answers ERR_WORKER when the worker dies, and starts a new one for the next question', async () => {
    const workers = [fakeWorker({ fails: true }), fakeWorker()];
    const ai = createAiClient(() => workers.shift() as AiWorker);
    const game = newGame('classic', 9);
    expect(await ai.ask(game)).toEqual({
      error: { code: 'ERR_WORKER', message: 'out of memory' },
    });
    expect(await ai.ask(game)).toHaveProperty('direction');
  });

  it('answers ERR_STOPPED to the questions pending when it is stopped', async () => {
    const worker = fakeWorker();
    const ai = createAiClient(() => worker);
    const pending = ai.ask(newGame('classic', 9));
    ai.stop();
    expect(worker.terminated).toBe(true);
    expect(await pending).toMatchObject({ error: { code: 'ERR_STOPPED' } });
  });
});
