import { type Direction, type Game, newGame, step } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { createRankedGame, resumeRankedGame } from './ranked-game.js';
import type { RankedChange, RankedOptions } from './ranked-types.js';
import { createFakeServer, type FakeServer } from './testing/fake-server.js';

const CLASSIC_4 = { rules: 'classic', size: 4 } as const;
const fast = (server: FakeServer): RankedOptions => ({
  fetch: server.fetch,
  baseUrl: 'http://fake',
  retryFirstMs: 5,
  retryMaxMs: 20,
  timeoutMs: 2000,
});

/** A ranked game on the fake server, with every change it reports. */
async function start(server: FakeServer, options = fast(server)) {
  const created = await createRankedGame(options, CLASSIC_4);
  if (!created.ok) throw new Error(created.error.message);
  const game = created.value;
  const changes: RankedChange[] = [];
  game.subscribe((change) => changes.push(change));
  return { game, changes };
}

/** The engine's game the fake server deals, after `moves`. */
const engineAfter = (moves: readonly Direction[]): Game =>
  moves.reduce((game, d) => step(game, d).game, newGame('classic', '42'));

const MOVES: Direction[] = [
  'left',
  'up',
  'right',
  'down',
  'left',
  'up',
  'left',
  'down',
  'right',
  'up',
];

describe('a ranked game', () => {
  it('starts from the board the server dealt, with ids for every tile', async () => {
    const server = createFakeServer();
    const { game } = await start(server);
    const shown = game.snapshot();
    expect(shown.position.board).toEqual(newGame('classic', '42').board);
    expect(shown.position.ids.flat().filter(Boolean)).toHaveLength(2);
    expect(shown).toMatchObject({ sent: 0, pending: 0, connection: 'online', error: null });
  });

  it('slides at once with the engine, and places the spawn when the answer comes', async () => {
    const server = createFakeServer();
    const { game, changes } = await start(server);
    const before = newGame('classic', '42');
    const engine = step(before, 'left');
    const outcome = game.move('left');
    // Synchronously: the slide, not yet the spawn.
    expect(outcome).toMatchObject({ sent: true, index: 0, moved: engine.moved });
    const slideEvents = engine.events.filter((e) => e.type !== 'spawn');
    expect(outcome.sent && outcome.events.map((e) => e.type)).toEqual(
      slideEvents.map((e) => e.type),
    );
    expect(game.snapshot().pending).toBe(1);
    await game.settled();
    expect(game.snapshot().position.board).toEqual(engine.game.board);
    expect(game.snapshot().position.score).toBe(engine.game.score);
    const answered = changes.find((c) => c.type === 'answered');
    expect(answered).toMatchObject({ type: 'answered', index: 0, direction: 'left' });
    const spawn = engine.events.find((e) => e.type === 'spawn');
    expect(answered?.type === 'answered' && answered.spawn).toMatchObject({
      type: 'spawn',
      value: spawn?.value,
      at: spawn?.type === 'spawn' ? spawn.at : null,
    });
  });

  it('sends every move at once with its index, and applies answers in order whatever order they come in', async () => {
    const server = createFakeServer();
    // Early moves are answered last.
    server.delay = (index) => (MOVES.length - index) * 3;
    const { game, changes } = await start(server);
    for (const direction of MOVES) game.move(direction);
    // Every move went out before any answer came back.
    expect(server.log.filter((r) => r.path.endsWith('/moves'))).toHaveLength(game.snapshot().sent);
    await game.settled();
    const engine = engineAfter(MOVES);
    expect(game.snapshot().position.board).toEqual(engine.board);
    expect(game.snapshot().confirmed.moves).toBe(engine.moves.length);
    const order = changes.flatMap((c) => (c.type === 'answered' ? [c.index] : []));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const fake = [...server.games.values()][0];
    expect([...(fake?.applied.values() ?? [])].every((n) => n === 1)).toBe(true);
  });

  it('keeps the ids a slide showed when the answers come, so tiles do not flicker', async () => {
    const server = createFakeServer();
    server.delay = () => 10;
    const { game, changes } = await start(server);
    for (const direction of MOVES) game.move(direction);
    await game.settled();
    const key = (from: readonly number[]) => [...from].sort().join();
    let compared = 0;
    for (const slid of changes) {
      if (slid.type !== 'slid') continue;
      const answered = changes.find((c) => c.type === 'answered' && c.index === slid.index);
      if (answered?.type !== 'answered') throw new Error(`no answer to ${slid.index}`);
      const shown = new Map(
        slid.events.flatMap((e) => (e.type === 'merge' ? [[key(e.from), e.id]] : [])),
      );
      for (const event of answered.events) {
        if (event.type !== 'merge' || !shown.has(key(event.from))) continue;
        expect(event.id).toBe(shown.get(key(event.from)));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(0);
    expect(game.snapshot().position.board).toEqual(engineAfter(MOVES).board);
  });

  it('does not send a move that changes nothing when no answer is awaited', async () => {
    const server = createFakeServer('47'); // two tiles in the first column
    const { game } = await start(server);
    const dealt = newGame('classic', '47');
    const still = (['up', 'down', 'left', 'right'] as const).find(
      (d) => step(dealt, d).game === dealt,
    );
    expect(still, 'a move that changes nothing on the first board').toBeDefined();
    if (still === undefined) return;
    expect(game.move(still)).toEqual({ sent: false, reason: 'nothing moves' });
    expect(server.log.filter((r) => r.path.endsWith('/moves'))).toHaveLength(0);
  });

  it('pauses when the connection is lost, refuses moves meanwhile, and resumes with the same indexes', async () => {
    const server = createFakeServer();
    const { game, changes } = await start(server);
    server.down = true;
    game.move('left');
    game.move('up');
    await until(() => game.snapshot().connection === 'retrying');
    expect(game.snapshot().error?.code).toBe('ERR_OFFLINE');
    expect(game.move('right')).toEqual({ sent: false, reason: 'paused' });
    // A few attempts fail while it is down.
    await until(() => server.log.filter((r) => r.path.endsWith('/moves')).length >= 6);
    server.down = false;
    await game.settled();
    expect(game.snapshot().connection).toBe('online');
    expect(game.snapshot().position.board).toEqual(engineAfter(['left', 'up']).board);
    const indexes = server.log.flatMap((r) =>
      r.path.endsWith('/moves') ? [(r.body as { index: number }).index] : [],
    );
    expect(new Set(indexes)).toEqual(new Set([0, 1]));
    expect(
      changes
        .filter((c) => c.type === 'connection')
        .map((c) => c.type === 'connection' && c.connection),
    ).toEqual(['retrying', 'online']);
    expect(game.move('right')).toMatchObject({ sent: true, index: 2 });
  });

  it('retries after a 5xx, and waits as long as a 429 asks', async () => {
    const server = createFakeServer();
    const waits: number[] = [];
    const options = { ...fast(server), wait: async (ms: number) => void waits.push(ms) };
    const { game } = await start(server, options);
    server.refuseNext = { status: 503, error: 'ERR_STARTING' };
    game.move('left');
    await game.settled();
    server.refuseNext = { status: 429, error: 'ERR_RATE_LIMIT', retryAfter: 2 };
    game.move('up');
    await game.settled();
    expect(waits).toEqual([5, 2000]);
    expect(game.snapshot().position.board).toEqual(engineAfter(['left', 'up']).board);
  });

  it('names a board that disagrees with the server and reads the game again', async () => {
    const server = createFakeServer();
    const { game, changes } = await start(server);
    server.tamper = (answer) =>
      answer.index === 1 && answer.spawn
        ? { ...answer, spawn: { ...answer.spawn, value: answer.spawn.value === 2 ? 4 : 2 } }
        : answer;
    game.move('left');
    game.move('up');
    await until(() => changes.some((c) => c.type === 'resynced'));
    const resynced = changes.find((c) => c.type === 'resynced');
    expect(resynced?.type === 'resynced' && resynced.error.code).toBe('ERR_BOARD_MISMATCH');
    const fake = [...server.games.values()][0];
    expect(game.snapshot().position.board).toEqual(fake?.game.board);
    expect(game.snapshot()).toMatchObject({ connection: 'online', sent: 2, pending: 0 });
    server.tamper = (answer) => answer;
    game.move('right');
    await game.settled();
    expect(game.snapshot().position.board).toEqual(engineAfter(['left', 'up', 'right']).board);
  });

  it('stops for good when the server forgets the game', async () => {
    const server = createFakeServer();
    const { game } = await start(server);
    server.refuseNext = { status: 410, error: 'ERR_GAME_EXPIRED' };
    game.move('left');
    await game.settled();
    expect(game.snapshot()).toMatchObject({
      connection: 'gone',
      error: { code: 'ERR_GAME_EXPIRED', status: 410 },
    });
    expect(game.move('up')).toEqual({ sent: false, reason: 'gone' });
  });

  it('plays to the end; moves sent after the last one are dropped, and it ranks', async () => {
    const server = createFakeServer();
    const { game } = await start(server);
    const directions: Direction[] = ['left', 'down', 'right', 'up'];
    for (let i = 0; game.snapshot().confirmed.status !== 'lost' && i < 5000; i++) {
      for (const direction of directions) game.move(direction);
      await game.settled();
    }
    const fake = [...server.games.values()][0];
    expect(game.snapshot().confirmed.status).toBe('lost');
    expect(game.snapshot().position.board).toEqual(fake?.game.board);
    expect(game.snapshot().position.score).toBe(fake?.game.score);
    expect(game.snapshot().sent).toBe(fake?.state.letters.length);
    expect(game.move('left')).toEqual({ sent: false, reason: 'game over' });
  });

  it('counts only the moves that happened when the game ends with more on their way', async () => {
    // The effective moves of the fake's game (seed 42) to its end, found with the engine.
    const moves: Direction[] = [];
    let engine = newGame('classic', '42');
    for (let i = 0; engine.status !== 'lost' && i < 20_000; i++) {
      const next = step(engine, MOVES[i % MOVES.length] as Direction);
      if (next.moved) moves.push(MOVES[i % MOVES.length] as Direction);
      engine = next.game;
    }
    expect(engine.status).toBe('lost');
    const server = createFakeServer();
    const { game } = await start(server);
    for (const direction of moves.slice(0, -1)) {
      game.move(direction);
      await game.settled();
    }
    // The last move, and two more sent before its answer says the game is over.
    expect(game.move(moves.at(-1) as Direction)).toMatchObject({ sent: true });
    expect(game.move('left')).toMatchObject({ sent: true });
    expect(game.move('up')).toMatchObject({ sent: true });
    expect(game.snapshot().sent).toBe(moves.length + 2);
    await game.settled();
    const fake = [...server.games.values()][0];
    expect(game.snapshot()).toMatchObject({ sent: moves.length, pending: 0, error: null });
    expect(fake?.state.letters.length).toBe(moves.length);
    expect(game.snapshot().confirmed.status).toBe('lost');
  });

  it('resumes a game from the server with the next index', async () => {
    const server = createFakeServer();
    const { game } = await start(server);
    game.move('left');
    game.move('up');
    await game.settled();
    const resumed = await resumeRankedGame(fast(server), game.gameId);
    if (!resumed.ok) throw new Error(resumed.error.message);
    expect(resumed.value.snapshot()).toMatchObject({ sent: 2, watchId: game.watchId });
    expect(resumed.value.snapshot().position.board).toEqual(engineAfter(['left', 'up']).board);
    resumed.value.move('right');
    await resumed.value.settled();
    expect(resumed.value.snapshot().position.board).toEqual(
      engineAfter(['left', 'up', 'right']).board,
    );
    const missing = await resumeRankedGame(fast(server), 'no-such-game');
    expect(missing.ok || missing.error.code).toBe('ERR_UNKNOWN_GAME');
  });

  it('names what it cannot start', async () => {
    const server = createFakeServer();
    const bad = await createRankedGame(fast(server), { rules: 'classic', size: 9 });
    expect(bad.ok || bad.error.code).toBe('ERR_SIZE');
    server.down = true;
    const offline = await createRankedGame(fast(server), CLASSIC_4);
    expect(offline.ok || offline.error.code).toBe('ERR_OFFLINE');
  });
});

async function until(check: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
