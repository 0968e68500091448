/**
 * The players the terminal asks for moves (`2048 auto`, the hint key), all asynchronous so the
 * terminal never waits on a search: expectimax and ntuple think on a worker thread; greedy and random
 * answer in microseconds and stay inline.
 */
import { createPlayer, type PlayerName, type PlayerOptions } from '@twenty48/ai';
import { createWorkerPlayer, type WorkerPlayer } from '@twenty48/ai/node';

/** A player that answers later: `choose` the move (null when none counts); `close` when done. */
export type AsyncPlayer = WorkerPlayer;

/**
 * A player by name, ready to be asked. Close it on every way out: an expectimax player holds a
 * worker thread that would otherwise keep the process alive.
 *
 * @example
 * const ai = openPlayer('expectimax', { depth: 3 });
 * try { await ai.choose(game); } finally { await ai.close(); }
 */
export function openPlayer(name: PlayerName, options: PlayerOptions = {}): AsyncPlayer {
  if (name === 'expectimax' || name === 'ntuple') return createWorkerPlayer(name, options);
  const player = createPlayer(name, options);
  return {
    choose: async (game) => player(game),
    close: async () => {},
  };
}
