import { createPlayer, type Player, type PlayerName } from '@twenty48/ai';
import { DIRECTIONS, type Direction, type Game } from '@twenty48/engine';

/** What the page asks the AI worker: the move for this game by this player. */
export interface AiRequest {
  readonly id: number;
  readonly game: Game;
  readonly ai: 'expectimax' | 'greedy';
}

/** The worker's answer: a direction, or `null` when no move changes the board. */
export interface AiResponse {
  readonly id: number;
  readonly direction: Direction | null;
  /** The player that answered: `greedy` when expectimax was asked for but is unavailable. */
  readonly player?: PlayerName;
  readonly error?: string;
}

/** Time the search may take per move: a hint should feel instant. */
export const THINK_MS = 60;

const players = new Map<string, Player>();

/** The asked-for player, built once; greedy when the other cannot be built (not yet there). */
function playerFor(name: AiRequest['ai']): { player: Player; name: PlayerName } {
  for (const candidate of [name, 'greedy'] as const) {
    const cached = players.get(candidate);
    if (cached) return { player: cached, name: candidate };
    try {
      const player = createPlayer(candidate, { ms: THINK_MS });
      players.set(candidate, player);
      return { player, name: candidate };
    } catch {
      // Fall through to greedy, which always exists.
    }
  }
  throw new Error('no AI player could be built');
}

const looksLikeGame = (game: unknown): game is Game =>
  typeof game === 'object' &&
  game !== null &&
  Array.isArray((game as Game).board) &&
  typeof (game as Game).rules === 'object';

/**
 * Answer one request. Runs inside the worker; plain data in and out, so it is tested in Node.
 * A malformed request or a failing player is an `error` in the answer, never a thrown error.
 *
 * @example
 * answerRequest({ id: 1, game, ai: 'expectimax' }) // { id: 1, direction: 'left', player: 'expectimax' }
 */
export function answerRequest(request: unknown): AiResponse {
  const { id, game, ai } = (
    typeof request === 'object' && request !== null ? request : {}
  ) as Record<string, unknown>;
  const requestId = typeof id === 'number' ? id : -1;
  if (!looksLikeGame(game) || (ai !== 'expectimax' && ai !== 'greedy')) {
    return { id: requestId, direction: null, error: 'ERR_REQUEST: expected { id, game, ai }' };
  }
  try {
    const { player, name } = playerFor(ai);
    const direction = player(game);
    if (direction !== null && !DIRECTIONS.includes(direction)) {
      return { id: requestId, direction: null, error: `ERR_PLAYER: answered "${direction}"` };
    }
    return { id: requestId, direction, player: name };
  } catch (error) {
    return { id: requestId, direction: null, error: `ERR_PLAYER: ${(error as Error).message}` };
  }
}
