import { newGame, step } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { createWorkerPlayer, runBench } from './node.js';
import { createPlayer } from './player.js';
import { benchGameSeed, playBenchGame } from './strength.js';

// These run the built worker files from dist/ (`npm test` builds first).
describe('worker threads', () => {
  it('runBench plays the same seeded games on two workers as one thread does', async () => {
    const spec = { ai: 'greedy', options: {}, rules: 'classic' } as const;
    const seen: number[] = [];
    const summary = await runBench({
      ...spec,
      games: 4,
      seed: 'w',
      workers: 2,
      onGame: (_, done) => seen.push(done),
    });
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(summary.workers).toBe(2);
    const alone = [0, 1, 2, 3].map((i) => playBenchGame(spec, benchGameSeed('w', i)));
    const strip = ({ thinkingMs: _, ...rest }: { thinkingMs: number }) => rest;
    expect(summary.results.map(strip)).toEqual(alone.map(strip));
  });

  it('createWorkerPlayer answers what createPlayer answers, then closes', async () => {
    const ai = createWorkerPlayer('expectimax', { depth: 2 });
    const here = createPlayer('expectimax', { depth: 2 });
    let game = newGame('classic', 'worker-player');
    try {
      for (let i = 0; i < 20; i++) {
        const direction = await ai.choose(game);
        expect(direction).toBe(here(game));
        if (!direction) break;
        game = step(game, direction).game;
      }
    } finally {
      await ai.close();
    }
    await expect(ai.choose(game)).rejects.toThrow();
  });
});
