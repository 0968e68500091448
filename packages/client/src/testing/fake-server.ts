// A scripted ranked-game server for the client's unit tests: the engine deals from a seed, moves
// with an index are applied strictly in order and replays answered as the first time, as the
// API promises; a test can hold answers back, drop the connection, or make it answer wrongly.
// The real server is tested against the client in ranked-game.server.test.ts.

import type { MoveAnswer, ResumeAnswer } from '@twenty48/common';
import { type Direction, type Game, makeRules, newGame, step } from '@twenty48/engine';
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
  game: Game;
  readonly watchId: string;
  /** The answer of each index applied, for replays. */
  readonly answers: Map<number, MoveAnswer>;
  /** How many times each index was applied (must stay 1). */
  readonly applied: Map<number, number>;
  /** Next index expected. */
  sent: number;
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
    sent: fake.sent,
    moves: fake.game.moves.length,
  });

  async function play(fake: FakeGame, direction: Direction, index: number): Promise<FetchResponse> {
    for (let waited = 0; fake.sent < index; waited += 1) {
      if (waited > 500) return jsonResponse(409, { error: 'ERR_MOVE_ORDER', message: 'too late' });
      await pause(2);
    }
    const known = fake.answers.get(index);
    if (known) return jsonResponse(200, known);
    if (fake.game.status === 'lost')
      return jsonResponse(409, { error: 'ERR_GAME_OVER', message: 'over' });
    const result = step(fake.game, direction);
    fake.game = result.game;
    const spawned = result.events.find((e) => e.type === 'spawn');
    const answer: MoveAnswer = {
      board: result.game.board,
      score: result.game.score,
      gained: result.gained,
      moved: result.moved,
      spawn: spawned ? { row: spawned.at[0], col: spawned.at[1], value: spawned.value } : null,
      status: result.game.status,
      index,
      moves: result.game.moves.length,
    };
    fake.answers.set(index, answer);
    fake.applied.set(index, (fake.applied.get(index) ?? 0) + 1);
    fake.sent = index + 1;
    return jsonResponse(200, answer);
  }

  async function route(method: string, path: string, body: Body): Promise<FetchResponse> {
    if (method === 'POST' && path === '/api/games') {
      const rules = makeRules(body.rules, { size: body.size });
      if (!rules.ok) return jsonResponse(422, { error: 'ERR_SIZE', message: 'no' });
      const gameId = `game-${++counter}-abcdefghijklmnop`;
      const fake: FakeGame = {
        game: newGame(rules.value, seed),
        watchId: `watch-${counter}`,
        answers: new Map(),
        applied: new Map(),
        sent: 0,
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
