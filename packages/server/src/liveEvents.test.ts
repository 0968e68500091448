import type { LiveGame, MoveAnswer, MoveEvent, StateEvent } from '@twenty48/common';
import { slide } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { cornerMove, type ReadEvent, rankedClient, watchStream } from './testing/rankedClient.js';
import { testServer } from './testing/testServer.js';

const server = testServer('live');

const { get, create, move } = rankedClient(() => server.current.url);
const watch = (id: string) => watchStream(`${server.current.url}/api/games/${id}/events`);

describe('the live list', () => {
  it('lists games in progress best score first, with watch ids only, and drops lost ones', async () => {
    const a = await create('classic', 4);
    const b = await create('classic', 5);
    const c = await create('tiers', 3);
    let board = b.board;
    for (let i = 0; i < 30; i++) {
      board = (await move(b.gameId, cornerMove(board, 'classic'))).body.board;
    }
    await move(a.gameId, 'down');
    const live = (await get<LiveGame[]>('/api/games/live')).body;
    expect(live.map((game) => game.watchId).sort()).toEqual(
      [a.watchId, b.watchId, c.watchId].sort(),
    );
    expect(live[0]?.watchId).toBe(b.watchId);
    const scores = live.map((game) => game.score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    const text = JSON.stringify(live);
    for (const game of [a, b, c]) expect(text).not.toContain(game.gameId);

    let last: MoveAnswer = { board: c.board, status: 'playing' } as MoveAnswer;
    while (last.status !== 'lost')
      last = (await move(c.gameId, cornerMove(last.board, 'tiers'))).body;
    const after = (await get<LiveGame[]>('/api/games/live')).body;
    expect(after.map((game) => game.watchId)).not.toContain(c.watchId);
  });
});

describe('the live stream', () => {
  it('sends the state, every move in order, and the end, then closes', async () => {
    const { gameId, watchId } = await create('tiers', 3);
    const watcher = await watch(watchId);
    expect(watcher.response.status).toBe(200);
    expect(watcher.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const state = await watcher.next();
    expect(state).toEqual({
      event: 'state',
      data: {
        watchId,
        rules: 'tiers',
        size: 3,
        board: expect.any(Array),
        score: expect.any(Number),
        status: 'playing',
        moves: 0,
      },
    });
    const first = (state as ReadEvent).data as StateEvent;
    // A second watcher, by the private id, joining later.
    const answers: MoveAnswer[] = [];
    let board = first.board;
    let late: Awaited<ReturnType<typeof watch>> | undefined;
    for (let status = 'playing'; status !== 'lost'; ) {
      const direction = cornerMove(board, 'tiers');
      const answer = (await move(gameId, direction)).body;
      answers.push(answer);
      board = answer.board;
      status = answer.status;
      if (answers.length === 3) late = await watch(gameId);
    }
    const events = await watcher.rest();
    const moves = events
      .filter((event) => event.event === 'move')
      .map((event) => event.data as MoveEvent);
    expect(moves.map((event) => event.board)).toEqual(answers.map((answer) => answer.board));
    expect(moves.map((event) => event.moves)).toEqual(answers.map((answer) => answer.moves));
    // Each move's slide can be drawn from the board before and the direction.
    let before = first.board;
    for (const event of moves) {
      const slid = slide(before, event.direction, 'tiers').board;
      const spawned = slid.map((row) => [...row]);
      if (event.spawn) (spawned[event.spawn.row] as number[])[event.spawn.col] = event.spawn.value;
      expect(spawned).toEqual(event.board);
      before = event.board;
    }
    const last = answers.at(-1);
    expect(events.at(-1)).toEqual({ event: 'end', data: { status: 'lost', score: last?.score } });

    const lateEvents = [(await late?.next()) ?? null, ...((await late?.rest()) ?? [])];
    expect(lateEvents[0]).toMatchObject({ event: 'state', data: { moves: answers[2]?.moves } });
    expect(lateEvents.filter((event) => event?.event === 'move')).toHaveLength(answers.length - 3);
    expect(lateEvents.at(-1)?.event).toBe('end');

    // Watching a game already over: its state and its end at once.
    const after = await watch(watchId);
    expect((await after.rest()).map((event) => event.event)).toEqual(['state', 'end']);
  });

  it('keeps an idle stream alive, and removes a watcher that disconnects', async () => {
    await server.start({ keepAliveMs: 30, watchersPerGame: 1 });
    const { gameId, watchId } = await create();
    const watcher = await watch(watchId);
    expect((await watcher.next())?.event).toBe('state');
    expect(await watcher.next()).toEqual({ event: 'comment', data: 'keep-alive' });
    // The game holds one watcher: a second is refused until the first leaves.
    const refused = await get(`/api/games/${watchId}/events`);
    expect(refused).toMatchObject({ status: 503, body: { error: 'ERR_TOO_MANY_WATCHERS' } });
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
    watcher.stop();
    let again: Awaited<ReturnType<typeof watch>> | undefined;
    for (let tries = 0; tries < 50 && again?.response.status !== 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again?.stop();
      again = await watch(watchId);
    }
    expect(again?.response.status).toBe(200);
    await move(gameId, 'down');
    const events = [await again?.next(), await again?.next()];
    expect(events.map((event) => event?.event)).toContain('move');
    again?.stop();
  });

  it('answers 404 for a game nobody created', async () => {
    expect(await get(`/api/games/${'B'.repeat(22)}/events`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_UNKNOWN_GAME' },
    });
  });
});
