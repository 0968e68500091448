// A scripted ranked-game server for the client's unit tests: the server's own step
// (`stepRanked`, @twenty48/ranked) deals from a seed, plays moves with an index strictly in
// order and answers replays as the first time, as the API promises; a test can hold answers
// back, drop the connection, or make it answer wrongly. The real server is tested against the
// client in ranked-game.server.test.ts.

import { type MoveAnswer, RANKED_ERROR_STATUS, type ResumeAnswer } from '@twenty48/common';
import { type Direction, type Game, makeRules, newGame } from '@twenty48/engine';
import { type RankedState, stepRanked } from '@twenty48/ranked';
import type { Fetch, FetchInit, FetchResponse } from '../http.js';

/** A response with a JSON body. */
export const jsonResponse = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): FetchResponse => ({
  status,
  headers: {
    get: (name) => ({ 'content-type': 'application/json', ...headers })[name.toLowerCase()] ?? null,
  },
  text: async () => JSON.stringify(body),
  body: null,
});

export interface FakeGame {
  /** The game as the step has it. */
  state: RankedState;
  /** The engine's game (the state's). */
  readonly game: Game;
  readonly watchId: string;
  /** How many times each index was applied (must stay 1). */
  readonly applied: Map<number, number>;
}

export interface FakeServer {
  readonly fetch: Fetch;
  readonly games: Map<string, FakeGame>;
  /** Every request, in the order it arrived. */
  readonly log: { method: string; path: string; body: unknown }[];
  /** While true, every request throws as a dropped connection does (after being logged). */
  down: boolean;
  /** How long the answer to a move index is held after the move is played (default 0). */
  delay: (index: number) => number;
  /** Called with each move answer before it is sent; may change it (a wrong spawn). */
  tamper: (answer: MoveAnswer) => MoveAnswer;
  /** A status and body to answer the next move with, once, instead of playing it. */
  refuseNext: { status: number; error: string; retryAfter?: number } | null;
}

const DIRECTION_NAMES = ['up', 'down', 'left', 'right'];

/** The fields of the bodies the client sends, as the fake reads them (unchecked: it is a fake). */
interface Body {
  readonly rules: 'classic';
  readonly size: number;
  readonly direction: Direction;
  readonly index: number;
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fake server whose games are dealt from `seed` (the same seed for every game: a test plays
 * the engine's game beside it and compares).
 */
export function createFakeServer(seed = '42'): FakeServer {
  const games = new Map<string, FakeGame>();
  let counter = 0;
  const server: FakeServer = {
    games,
    log: [],
    down: false,
    delay: () => 0,
    tamper: (answer) => answer,
    refuseNext: null,
    fetch: async (url: string, init?: FetchInit) => {
      const method = init?.method ?? 'GET';
      const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/^\./, '');
      const body = (init?.body === undefined ? {} : JSON.parse(init.body)) as Body;
      server.log.push({ method, path, body });
      if (server.down) throw new TypeError('fetch failed');
      return route(method, path, body);
    },
  };

  const resume = (gameId: string, fake: FakeGame): ResumeAnswer => ({
    gameId,
    watchId: fake.watchId,
    rules: 'classic',
    size: fake.game.rules.size,
    board: fake.game.board,
    score: fake.game.score,
    status: fake.game.status,
    sent: fake.state.letters.length,
    moves: fake.game.moves.length,
  });

  async function play(fake: FakeGame, direction: Direction, index: number): Promise<FetchResponse> {
    // An early move waits for the ones before it, as on the server.
    for (let waited = 0; fake.state.letters.length < index; waited += 1) {
      if (waited > 500) return jsonResponse(409, { error: 'ERR_MOVE_ORDER', message: 'too late' });
      await pause(2);
    }
    const { state, answer, effects } = stepRanked(
      fake.state,
      { type: 'move', direction, index },
      0,
    );
    fake.state = state;
    if (answer.type === 'refuse') {
      return jsonResponse(RANKED_ERROR_STATUS[answer.code], {
        error: answer.code,
        message: answer.message,
      });
    }
    if (answer.type !== 'answer') {
      return jsonResponse(409, { error: 'ERR_MOVE_ORDER', message: `not played: ${answer.type}` });
    }
    if (effects.some((effect) => effect.type === 'keep')) {
      fake.applied.set(index, (fake.applied.get(index) ?? 0) + 1);
    }
    return jsonResponse(200, answer.answer);
  }

  async function route(method: string, path: string, body: Body): Promise<FetchResponse> {
    if (method === 'POST' && path === '/api/games') {
      const rules = makeRules(body.rules, { size: body.size });
      if (!rules.ok) return jsonResponse(422, { error: 'ERR_SIZE', message: 'no' });
      const gameId = `game-${++counter}-abcdefghijklmnop`;
      const fake: FakeGame = {
        state: {
          rules: 'classic',
          size: rules.value.size,
          game: newGame(rules.value, seed),
          letters: '',
          digest: '',
          closed: null,
          touchedAt: 0,
        },
        get game() {
          return this.state.game;
        },
        watchId: `watch-${counter}`,
        applied: new Map(),
      };
      games.set(gameId, fake);
      const { board, score, status } = fake.game;
      return jsonResponse(201, { gameId, watchId: fake.watchId, board, score, status });
    }
    const match = /^\/api\/games\/([\w-]+)(\/moves)?$/.exec(path);
    const fake = match ? games.get(match[1] as string) : undefined;
    if (!match || !fake)
      return jsonResponse(404, { error: 'ERR_UNKNOWN_GAME', message: 'no such game' });
    if (method === 'GET' && !match[2]) return jsonResponse(200, resume(match[1] as string, fake));
    if (!DIRECTION_NAMES.includes(body.direction))
      return jsonResponse(400, { error: 'ERR_BODY', message: 'bad' });
    const refusal = server.refuseNext;
    if (refusal) {
      server.refuseNext = null;
      const headers: Record<string, string> =
        refusal.retryAfter === undefined ? {} : { 'retry-after': String(refusal.retryAfter) };
      return jsonResponse(refusal.status, { error: refusal.error, message: 'refused' }, headers);
    }
    const { index } = body;
    const response = await play(fake, body.direction, index);
    await pause(server.delay(index));
    if (response.status !== 200) return response;
    return jsonResponse(200, server.tamper(JSON.parse(await response.text())));
  }

  return server;
}
