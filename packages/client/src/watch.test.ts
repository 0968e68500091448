import { newGame, step } from '@twenty48/engine';
import { answerOf, moveEventOf } from '@twenty48/ranked';
import { describe, expect, it } from 'vitest';
import type { ByteReader, Fetch, FetchResponse } from './http.js';
import { readerOf } from './testing/byte-reader.js';
import { liveGames, type WatchUpdate, watchGame } from './watch.js';

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const streamResponse = (reader: ByteReader): FetchResponse => ({
  status: 200,
  headers: { get: (name) => (name === 'content-type' ? 'text/event-stream; charset=utf-8' : null) },
  text: async () => '',
  body: { getReader: () => reader },
});

/** The stream a server sends for the engine's game of seed 42 played left, up, right. */
function gameStream(): string[] {
  let game = newGame('classic', '42');
  const state = {
    watchId: 'w1',
    rules: 'classic',
    size: 4,
    board: game.board,
    score: 0,
    status: 'playing',
    moves: 0,
  };
  const chunks = [sse('state', state)];
  for (const direction of ['left', 'up', 'right'] as const) {
    const result = step(game, direction);
    game = result.game;
    chunks.push(': keep-alive\n\n', sse('move', moveEventOf(direction, answerOf(result, 0))));
  }
  return chunks;
}

const collect = async (updates: AsyncIterable<WatchUpdate>) => {
  const seen: WatchUpdate[] = [];
  for await (const update of updates) seen.push(update);
  return seen;
};

describe('watching a game', () => {
  it('yields the state, then each move with the events to animate it, and says when the stream ends early', async () => {
    const bytes = gameStream().map((text) => new TextEncoder().encode(text));
    const requested: string[] = [];
    const fetcher: Fetch = async (url) => {
      requested.push(url);
      return streamResponse(readerOf(bytes));
    };
    const seen = await collect(watchGame(fetcher, 'http://server/', 'w1'));
    expect(requested).toEqual(['http://server/api/games/w1/events']);
    expect(seen.map((u) => u.type)).toEqual(['state', 'move', 'move', 'move', 'error']);
    const final = ['left', 'up', 'right'] as const;
    const beforeLast = step(step(newGame('classic', '42'), final[0]).game, final[1]).game;
    const engine = step(beforeLast, final[2]);
    const last = seen[3];
    expect(last?.type === 'move' && last.position.board).toEqual(engine.game.board);
    expect(last?.type === 'move' && last.redrawn).toBe(false);
    expect(last?.type === 'move' && last.events.map((e) => e.type)).toEqual(
      engine.events.map((e) => e.type),
    );
    expect(seen[4]).toMatchObject({ type: 'error', error: { code: 'ERR_STREAM_CLOSED' } });
  });

  it('ends after the end event', async () => {
    const chunks = [...gameStream(), sse('end', { status: 'lost', score: 20, scoreId: 3 })];
    const fetcher: Fetch = async () =>
      streamResponse(readerOf(chunks.map((t) => new TextEncoder().encode(t))));
    const seen = await collect(watchGame(fetcher, '.', 'w1'));
    expect(seen.at(-1)).toEqual({ type: 'end', end: { status: 'lost', score: 20, scoreId: 3 } });
  });

  it('ends with the server’s reason when it drops a watcher that reads too slowly', async () => {
    const message = 'more than 262144 bytes of events were waiting for this watcher';
    const chunks = [...gameStream(), sse('dropped', { error: 'ERR_WATCHER_TOO_SLOW', message })];
    const fetcher: Fetch = async () =>
      streamResponse(readerOf(chunks.map((t) => new TextEncoder().encode(t))));
    const seen = await collect(watchGame(fetcher, '.', 'w1'));
    expect(seen.at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'ERR_WATCHER_TOO_SLOW', message },
    });
  });

  it('redraws from the server’s board when a move does not follow from the last one', async () => {
    const [state, , firstMove, , secondMove] = gameStream();
    const chunks = [state, secondMove, firstMove].map((t) => new TextEncoder().encode(t ?? ''));
    const seen = await collect(watchGame(async () => streamResponse(readerOf(chunks)), '.', 'w1'));
    expect(seen[1]).toMatchObject({ type: 'move', redrawn: true, events: [] });
  });

  it('names a refusal, a wrong event and a broken connection', async () => {
    const refused: Fetch = async () => ({
      status: 404,
      headers: { get: () => 'application/json' },
      text: async () => JSON.stringify({ error: 'ERR_UNKNOWN_GAME', message: 'no such game' }),
      body: null,
    });
    expect(await collect(watchGame(refused, '.', 'nope'))).toEqual([
      {
        type: 'error',
        error: {
          code: 'ERR_UNKNOWN_GAME',
          message: 'no such game',
          status: 404,
          retryAfterMs: null,
        },
      },
    ]);
    const wrong = [sse('move', { direction: 'left' })].map((t) => new TextEncoder().encode(t));
    expect(
      await collect(watchGame(async () => streamResponse(readerOf(wrong)), '.', 'w')),
    ).toMatchObject([{ type: 'error', error: { code: 'ERR_RESPONSE' } }]);
    const offline: Fetch = async () => {
      throw new TypeError('fetch failed');
    };
    expect(await collect(watchGame(offline, '.', 'w'))).toMatchObject([
      { type: 'error', error: { code: 'ERR_OFFLINE' } },
    ]);
  });

  it('stops at once on close, even while waiting for the next move', async () => {
    const [state] = gameStream();
    let release: () => void = () => {};
    let reads = 0;
    const reader: ByteReader = {
      read: () => {
        reads += 1;
        if (reads === 1)
          return Promise.resolve({ done: false, value: new TextEncoder().encode(state) });
        return new Promise((resolve) => {
          release = () => resolve({ done: true });
        });
      },
      cancel: async () => release(),
    };
    const watch = watchGame(async () => streamResponse(reader), '.', 'w1');
    const seen: string[] = [];
    const done = (async () => {
      for await (const update of watch) {
        seen.push(update.type);
        if (update.type === 'state') setTimeout(() => watch.close(), 5);
      }
    })();
    await done;
    expect(seen).toEqual(['state']);
  });

  it('lists the live games, checked', async () => {
    const game = {
      watchId: 'w1',
      rules: 'classic',
      size: 4,
      score: 96,
      maxTile: 16,
      moves: 40,
      status: 'playing',
      updatedAt: '2026-11-26T03:00:00.000Z',
    };
    const answer =
      (body: unknown): Fetch =>
      async () => ({
        status: 200,
        headers: { get: () => 'application/json' },
        text: async () => JSON.stringify(body),
        body: null,
      });
    expect(await liveGames(answer([game]), '.')).toEqual({ ok: true, value: [game] });
    expect(await liveGames(answer([{ ...game, gameId: 'x', size: 12 }]), '.')).toMatchObject({
      ok: false,
      error: { code: 'ERR_RESPONSE' },
    });
  });
});
