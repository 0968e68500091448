import { isOneOf, isRecord } from '@twenty48/common';
import { type Direction, type Game, isSquareBoard, parseRules } from '@twenty48/engine';
import { currentNetwork, networkPlays } from './ntuple-player.js';
import {
  createPlayer,
  PLAYER_NAMES,
  type Player,
  type PlayerName,
  type PlayerView,
} from './player.js';

/**
 * The message a view posts to an AI worker (a Web Worker in the browser, a worker thread in
 * Node): "which move would `ai` play in `game`?". `id` comes back unchanged so answers can be
 * matched to questions. `options` are those of `createPlayer` (`depth`, `ms`, `seed`).
 */
export interface AiRequest {
  readonly id: number;
  readonly game: Game;
  readonly ai: PlayerName;
  readonly options?: { readonly depth?: number; readonly ms?: number; readonly seed?: string };
}

export type AiErrorCode = 'ERR_REQUEST' | 'ERR_AI' | 'ERR_OPTIONS' | 'ERR_GAME';

/**
 * The answer: the move (`null` when no move counts), or a named error. An `ntuple` answer
 * carries a `notice` when the network could not be had (missing or refused file): the move is
 * then the heuristic expectimax's, and the notice says why.
 */
export type AiResponse =
  | { readonly id: number; readonly direction: Direction | null; readonly notice?: string }
  | {
      readonly id: number;
      readonly error: { readonly code: AiErrorCode; readonly message: string };
    };

/**
 * What the players read of a game that came through postMessage, checked: the rules, a board of
 * their size with tiles 0 or a power of two, and a status. The rest of the game is not read.
 */
function checkGame(game: unknown): PlayerView | string {
  if (!isRecord(game)) return 'game must be an object';
  const rules = parseRules(game.rules);
  if (!rules.ok) return `game.rules: ${rules.error.message}`;
  const { board, status } = game;
  const size = rules.value.size;
  if (!isSquareBoard(board, size))
    return `game.board must be ${size}x${size} of 0 or powers of two`;
  if (status !== 'playing' && status !== 'won' && status !== 'lost') {
    return 'game.status must be playing, won or lost';
  }
  return { rules: rules.value, board, status };
}

const checkCount = (value: unknown, max: number): boolean =>
  value === undefined ||
  (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= max);

/**
 * A request handler with its own players (kept per AI and options, so the expectimax
 * transposition table is allocated once). Never throws: bad requests get an error answer.
 *
 * @example
 * // A Web Worker in the browser is three lines around it:
 * const handle = createAiHandler();
 * self.onmessage = (event) => self.postMessage(handle(event.data));
 * handle({ id: 1, game, ai: 'expectimax' }) // { id: 1, direction: 'left' }
 */
export function createAiHandler(): (request: unknown) => AiResponse {
  const players = new Map<string, Player>();
  return (request) => {
    const id = isRecord(request) && typeof request.id === 'number' ? request.id : -1;
    const failure = (code: AiErrorCode, message: string): AiResponse => ({
      id,
      error: { code, message },
    });
    if (!isRecord(request) || id === -1) {
      return failure('ERR_REQUEST', 'a request is { id: number, game, ai, options? }');
    }
    const { ai } = request;
    if (!isOneOf(PLAYER_NAMES, ai)) {
      return failure('ERR_AI', `ai must be one of ${PLAYER_NAMES.join(', ')}`);
    }
    const options = request.options ?? {};
    const depthOk = (depth: unknown) => checkCount(depth, 12) || (ai === 'ntuple' && depth === 0);
    if (!isRecord(options) || !depthOk(options.depth) || !checkCount(options.ms, 60_000)) {
      return failure(
        'ERR_OPTIONS',
        'options are { depth?: 1..12 (ntuple: 0..12), ms?: 1..60000, seed? }',
      );
    }
    const game = checkGame(request.game);
    if (typeof game === 'string') return failure('ERR_GAME', game);
    const key = JSON.stringify([ai, options.depth, options.ms, options.seed]);
    let player = players.get(key);
    if (!player) {
      player = createPlayer(ai, {
        ...(typeof options.depth === 'number' ? { depth: options.depth } : {}),
        ...(typeof options.ms === 'number' ? { ms: options.ms } : {}),
        ...(typeof options.seed === 'string' ? { seed: options.seed } : {}),
      });
      players.set(key, player);
    }
    const direction = player(game);
    if (ai === 'ntuple' && networkPlays(game.rules)) {
      const network = currentNetwork();
      if (!network.ok) {
        const { code, message } = network.error;
        return { id, direction, notice: `${code}: ${message}; playing with the heuristic` };
      }
    }
    return { id, direction };
  };
}

/**
 * A ready handler for one worker: answer each message with it.
 *
 * @example
 * self.onmessage = (event) => self.postMessage(handleAiRequest(event.data));
 */
export const handleAiRequest: (request: unknown) => AiResponse = createAiHandler();
