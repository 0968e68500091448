import {
  type CreateGameAnswer,
  type MoveAnswer,
  type OpenGame,
  RANKED_PLAYER_HEADER,
} from '@twenty48/common';
import { describe, expect, it } from 'vitest';
import type { Limits } from './limits.js';
import { cornerMove, rankedClient, watchStream } from './testing/rankedClient.js';
import { testServer } from './testing/testServer.js';

const server = testServer('limits', { startEach: false });
const start = (limits: Partial<Limits>) => server.start(limits);

const { post, get, create, move } = rankedClient(() => server.current.url);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function playToEnd(gameId: string, board: MoveAnswer['board']): Promise<void> {
  let last = { board, status: 'playing' } as MoveAnswer;
  while (last.status !== 'lost') last = (await move(gameId, cornerMove(last.board, 'tiers'))).body;
}

/** A player's token, as the browser and the terminal make one: 22 base64url characters. */
const token = (letter: string) => letter.repeat(22);

/** A request as one player (with their token in the header, or none) from the test's address. */
function asPlayer(player: string | null) {
  const headers = {
    'content-type': 'application/json',
    ...(player === null ? {} : { [RANKED_PLAYER_HEADER]: player }),
  };
  const send = async (path: string, body: unknown) => {
    const response = await fetch(server.current.url + path, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      retryAfter: Number(response.headers.get('retry-after')),
      body: JSON.parse(text) as Record<string, unknown> & { open?: OpenGame[] },
    };
  };
  return {
    create: () => send('/api/games', { rules: 'classic', size: 4 }),
    move: (gameId: string, direction: string) => send(`/api/games/${gameId}/moves`, { direction }),
  };
}

describe('games in progress per player and per address', () => {
  it('never closes a paused game to make room: one more is refused, naming the open games to resume', async () => {
    await start({ gamesPerPlayer: 2, gamesPerAddress: 3 });
    const ada = asPlayer(token('a'));
    const first = (await ada.create()).body as unknown as CreateGameAnswer;
    const second = (await ada.create()).body as unknown as CreateGameAnswer;
    await sleep(50); // both paused
    const refused = await ada.create();
    expect(refused).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_GAMES' } });
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.body.open).toEqual(
      [second, first].map(({ gameId, watchId }) => ({
        gameId,
        watchId,
        rules: 'classic',
        size: 4,
        moves: 0,
        score: expect.any(Number),
        resume: `/api/games/${gameId}`,
      })),
    );
    // Both are still there to resume and play.
    expect((await ada.move(first.gameId, 'down')).status).toBe(200);
    expect((await get(`/api/games/${second.gameId}`)).status).toBe(200);

    // Another player at the same address (a family, a class) has games of their own…
    expect((await asPlayer(token('b')).create()).status).toBe(201);
    // …up to the address's limit, which a token does not lift; they see no one else's games.
    const third = await asPlayer(token('c')).create();
    expect(third).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_GAMES', open: [] } });
    expect(String(third.body.message)).toContain('this address');
    expect((await asPlayer(null).create()).status).toBe(429);
  });

  it('refuses a player token of the wrong shape', async () => {
    await start({});
    const refused = await asPlayer('not a token').create();
    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_PLAYER_TOKEN' } });
  });
});

describe('rates per player and per address', () => {
  it("counts a player's moves, and the address's for all its players", async () => {
    // 5 moves in any 0.5 s per player; the address twice that.
    await start({ movesPerSecond: 10, moveBurst: 5, addressShare: 2 });
    const statusesOf = async (player: string, gameId: string, count: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i++) {
        statuses.push((await asPlayer(player).move(gameId, i % 2 ? 'up' : 'down')).status);
      }
      return statuses;
    };
    const a = (await asPlayer(token('a')).create()).body as unknown as CreateGameAnswer;
    const b = (await asPlayer(token('b')).create()).body as unknown as CreateGameAnswer;
    const c = (await asPlayer(token('c')).create()).body as unknown as CreateGameAnswer;
    expect(await statusesOf(token('a'), a.gameId, 6)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await statusesOf(token('b'), b.gameId, 5)).toEqual([200, 200, 200, 200, 200]);
    // The address has had its 10: a third player waits too.
    expect(await statusesOf(token('c'), c.gameId, 1)).toEqual([429]);
  });
});

describe('moves per second per client', () => {
  it('allows a burst, then answers 429 with Retry-After, then allows again', async () => {
    await start({ movesPerSecond: 10, moveBurst: 5 }); // 5 moves in any 0.5 s
    const { gameId } = await create();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await move(gameId, i % 2 ? 'up' : 'down')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refused = await move(gameId, 'left');
    expect(refused).toMatchObject({
      status: 429,
      body: { error: 'ERR_RATE_LIMIT', message: expect.stringContaining('moves') },
    });
    expect(refused.retryAfter).toBe(1);
    await sleep(550);
    expect((await move(gameId, 'left')).status).toBe(200);
    // The refused move was not applied: 6 sent, not 7.
    expect((await get(`/api/games/${gameId}`)).body.sent).toBe(6);
  });
});

describe('games in progress on the server', () => {
  it('answers 503 ERR_SERVER_FULL with Retry-After, and has room again when a game ends', async () => {
    await start({ maxGamesInProgress: 2 });
    const first = await create('tiers', 3);
    await create();
    const refused = await post('/api/games', { rules: 'classic', size: 4 });
    expect(refused).toMatchObject({ status: 503, body: { error: 'ERR_SERVER_FULL' } });
    expect(refused.retryAfter).toBe(60);
    await playToEnd(first.gameId, first.board);
    expect((await post('/api/games', { rules: 'classic', size: 4 })).status).toBe(201);
  });

  it('limits new games per minute per client', async () => {
    await start({ gamesPerMinute: 2 });
    await create();
    await create();
    const refused = await post('/api/games', { rules: 'classic', size: 4 });
    expect(refused).toMatchObject({ status: 429, body: { error: 'ERR_RATE_LIMIT' } });
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
  });
});

describe('idle games', () => {
  it('expire: their watchers are told, and they can no longer be played', async () => {
    await start({ idleExpiryMs: 100, sweepEveryMs: 25 });
    const { gameId, watchId } = await create();
    const watcher = await watchStream(`${server.current.url}/api/games/${watchId}/events`);
    expect((await watcher.next())?.event).toBe('state');
    expect(await watcher.next()).toEqual({ event: 'end', data: { status: 'expired', score: 0 } });
    expect(await move(gameId, 'up')).toMatchObject({
      status: 410,
      body: { error: 'ERR_GAME_EXPIRED' },
    });
    expect((await get('/api/games/live')).body).toEqual([]);
  });
});

describe('moves out of order', () => {
  it('wait a while for the missing ones, then 409; too far ahead is 409 at once', async () => {
    await start({ moveOrderWaitMs: 100, maxMovesAhead: 8 });
    const { gameId } = await create();
    const began = Date.now();
    expect(await move(gameId, 'up', 1)).toMatchObject({
      status: 409,
      body: { error: 'ERR_MOVE_ORDER', message: expect.stringContaining('never came') },
    });
    expect(Date.now() - began).toBeGreaterThanOrEqual(90);
    expect(await move(gameId, 'up', 9)).toMatchObject({
      status: 409,
      body: { error: 'ERR_MOVE_ORDER' },
    });
    expect((await get(`/api/games/${gameId}`)).body.sent).toBe(0);
    expect((await move(gameId, 'up', 0)).status).toBe(200);
  });
});
