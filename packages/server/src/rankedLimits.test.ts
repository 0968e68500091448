import type { LiveGame, MoveAnswer } from '@twenty48/common';
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

describe('games in progress per client', () => {
  it("refuses one more with 429 and Retry-After, then abandons the client's oldest idle game", async () => {
    await start({ gamesPerClient: 2, replaceIdleMs: 300 });
    const oldest = await create();
    const newer = await create();
    const refused = await post('/api/games', { rules: 'classic', size: 4 });
    expect(refused).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_GAMES' } });
    expect(refused.retryAfter).toBe(1);

    const watcher = await watchStream(`${server.current.url}/api/games/${oldest.watchId}/events`);
    expect((await watcher.next())?.event).toBe('state');
    await sleep(350);
    await move(newer.gameId, 'down'); // the newer game is played, so not idle
    const third = await post('/api/games', { rules: 'classic', size: 4 });
    expect(third.status).toBe(201);
    expect(await watcher.next()).toEqual({ event: 'end', data: { status: 'abandoned', score: 0 } });
    expect(await watcher.next()).toBeNull();
    expect(await move(oldest.gameId, 'up')).toMatchObject({
      status: 410,
      body: { error: 'ERR_GAME_EXPIRED' },
    });
    expect(await get(`/api/games/${oldest.gameId}`)).toMatchObject({ status: 410 });
    expect((await move(newer.gameId, 'left')).status).toBe(200);
    const live = (await get<LiveGame[]>('/api/games/live')).body.map((game) => game.watchId);
    expect(live).not.toContain(oldest.watchId);
    expect(live).toHaveLength(2);
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
