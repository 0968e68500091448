import type { Direction, Game } from '@twenty48/engine';
import type { AiResponse } from './ai-protocol.js';

/** What auto-play drives: a game to look at, a way to move, and when the view is ready. */
export interface AutoplayTarget {
  readonly game: Game;
  /** True while a move is animating or queued: auto-play waits, as a player would. */
  readonly busy: boolean;
  /** True while the page waits for the player (won or lost overlay). */
  readonly blocked: boolean;
  push(direction: Direction): void;
}

/** Auto-play (seed 001's solitary): asks the AI, plays its move, waits, again. */
export interface Autoplay {
  readonly running: boolean;
  start(): void;
  stop(): void;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Play alone until stopped, the game ends or the AI has no move. `speed` is read before every
 * move, so the speed control takes effect at once. `onStop` says why it stopped.
 *
 * @example
 * const autoplay = createAutoplay(model, (game) => ai.ask(game), () => settings.speed, render);
 * autoplay.start();
 */
export function createAutoplay(
  target: AutoplayTarget,
  ask: (game: Game) => Promise<AiResponse>,
  movesPerSecond: () => number,
  onStop: (reason: string) => void,
): Autoplay {
  let running = false;
  let run = 0;

  const loop = async (mine: number): Promise<void> => {
    while (running && run === mine) {
      const started = performance.now();
      while (target.busy) await pause(20);
      if (target.blocked) return finish(mine, 'the game is over');
      const game = target.game;
      const answer = await ask(game);
      if (!running || run !== mine) return;
      if (answer.error) return finish(mine, answer.error);
      if (!answer.direction) return finish(mine, 'no move left');
      // The player may have moved meanwhile; a stale answer is asked again.
      if (target.game === game) target.push(answer.direction);
      const wait = 1000 / Math.max(1, movesPerSecond()) - (performance.now() - started);
      if (wait > 0) await pause(wait);
    }
  };

  const finish = (mine: number, reason: string): void => {
    if (run !== mine || !running) return;
    running = false;
    onStop(reason);
  };

  return {
    get running() {
      return running;
    },
    start() {
      if (running) return;
      running = true;
      run++;
      void loop(run);
    },
    stop() {
      if (!running) return;
      running = false;
      run++;
      onStop('stopped');
    },
  };
}
