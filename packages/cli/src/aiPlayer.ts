/**
 * The players the terminal asks for moves (`2048 auto`, the hint key), all asynchronous so the
 * terminal never waits on a search: expectimax and ntuple think on a worker thread; greedy and random
 * answer in microseconds and stay inline.
 */
import { createPlayer, networkPlays, type PlayerName, type PlayerOptions } from '@twenty48/ai';
import { createWorkerPlayer, networkPath, readNetwork, type WorkerPlayer } from '@twenty48/ai/node';
import type { Rules } from '@twenty48/engine';

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
    notice: () => null,
    close: async () => {},
  };
}

/**
 * What to tell the player before `ai` plays under `rules`: null when nothing is amiss, else one
 * line saying the n-tuple network cannot be read (its ERR_NETWORK_… code) and that the
 * heuristic plays instead. Reads the network file once (a second or two).
 *
 * @example
 * networkNotice('ntuple', classic) // null, or 'warning: ERR_NETWORK_DAMAGED: …; ntuple plays with the heuristic (expectimax)'
 */
export function networkNotice(ai: PlayerName, rules: Rules): string | null {
  if (ai !== 'ntuple' || !networkPlays(rules)) return null;
  const load = readNetwork(networkPath());
  if (load.ok) return null;
  return `warning: ${load.error.code}: ${load.error.message}; ntuple plays with the heuristic (expectimax)`;
}
