// The client against the real server (`startServer`, as `2048 serve` runs it, on 127.0.0.1
// with a SQLite file in a temp dir): whole games pipelined, ranked and replayed from the
// revealed record, resumed by a second client, watched live, and a dropped connection.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIRECTIONS, type Direction, parseRecord, replay } from '@twenty48/engine';
import { type RunningServer, startServer } from '@twenty48/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecordAnswer } from './answers.js';
import type { Fetch } from './http.js';
import { createRankedGame, resumeRankedGame } from './ranked-game.js';
import type { RankedGame } from './ranked-types.js';
import { liveGames, type WatchUpdate, watchGame } from './watch.js';

let server: RunningServer;
let dataDir = '';
const nodeFetch: Fetch = (url, init) => fetch(url, init);
const link = () => ({ fetch: nodeFetch, baseUrl: server.url, retryFirstMs: 20, retryMaxMs: 200 });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'twenty48-client-'));
  server = await startServer({
    port: 0,
    dbFile: join(dataDir, 'scores.db'),
    limits: {
      gamesPerPlayer: 100,
      gamesPerAddress: 100,
      movesPerSecond: 10_000,
      moveBurst: 10_000,
    },
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function newRankedGame(size = 3): Promise<RankedGame> {
  const created = await createRankedGame(link(), { rules: 'classic', size });
  if (!created.ok) throw new Error(`${created.error.code}: ${created.error.message}`);
  return created.value;
}

/** Send `rounds` of all four directions without waiting, then wait for the answers. */
async function playRounds(game: RankedGame, rounds: number): Promise<void> {
  for (let i = 0; i < rounds && game.snapshot().confirmed.status !== 'lost'; i++) {
    for (const direction of ['left', 'down', 'right', 'up'] as Direction[]) game.move(direction);
    await game.settled();
  }
}

const readJson = async (path: string): Promise<unknown> => (await fetch(server.url + path)).json();

describe('a ranked game against the real server', () => {
  it('plays pipelined to the end, agrees with the server at every answer, ranks, and replays from the record', async () => {
    const game = await newRankedGame();
    let answers = 0;
    game.subscribe((change) => {
      if (change.type === 'answered') answers += 1;
    });
    await playRounds(game, 2000);
    const shown = game.snapshot();
    expect(shown).toMatchObject({ connection: 'online', error: null, pending: 0 });
    expect(shown.confirmed.status).toBe('lost');
    expect(answers).toBeGreaterThan(10);
    const held = (await readJson(`/api/games/${game.gameId}`)) as {
      board: number[][];
      score: number;
    };
    expect(held.board).toEqual(shown.position.board);
    expect(held.score).toBe(shown.position.score);

    const ranked = await game.rank('Pipelined Ada');
    if (!ranked.ok) throw new Error(ranked.error.message);
    expect(ranked.value.score).toBe(shown.position.score);
    const again = await game.rank('Twice');
    expect(again.ok || again.error.code).toBe('ERR_GAME_USED');

    const record = parseRecordAnswer(await readJson(`/api/scores/${ranked.value.id}/record`));
    const parsed = parseRecord(record);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.moves).toHaveLength(shown.confirmed.moves);
    const replayed = replay(parsed.value);
    expect(replayed.ok && replayed.value.board).toEqual(shown.position.board);
    expect(replayed.ok && replayed.value.score).toBe(shown.position.score);
  });

  it('is resumed by another client at the next index, and goes on', async () => {
    const game = await newRankedGame(4);
    await playRounds(game, 3);
    game.close();
    const resumed = await resumeRankedGame(link(), game.gameId);
    if (!resumed.ok) throw new Error(resumed.error.message);
    const before = game.snapshot();
    expect(resumed.value.snapshot()).toMatchObject({ sent: before.sent, watchId: game.watchId });
    expect(resumed.value.snapshot().position.board).toEqual(before.position.board);
    await playRounds(resumed.value, 2);
    expect(resumed.value.snapshot()).toMatchObject({ connection: 'online', error: null });
    expect(resumed.value.snapshot().sent).toBeGreaterThan(before.sent);
  });

  it('pauses while the connection is down and resumes with the same game, each move applied once', async () => {
    let down = false;
    const flaky: Fetch = (url, init) =>
      down ? Promise.reject(new TypeError('fetch failed')) : fetch(url, init);
    const created = await createRankedGame(
      { ...link(), fetch: flaky },
      { rules: 'classic', size: 4 },
    );
    if (!created.ok) throw new Error(created.error.message);
    const game = created.value;
    const connections: string[] = [];
    game.subscribe((change) => {
      if (change.type === 'connection') connections.push(change.connection);
    });
    down = true;
    for (const direction of DIRECTIONS) game.move(direction);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(game.snapshot().connection).toBe('retrying');
    down = false;
    await game.settled();
    expect(connections).toEqual(['retrying', 'online']);
    await playRounds(game, 3);
    const held = (await readJson(`/api/games/${game.gameId}`)) as {
      board: number[][];
      sent: number;
    };
    expect(held.board).toEqual(game.snapshot().position.board);
    expect(held.sent).toBe(game.snapshot().sent);
  });

  it('gets the first answer again when a move is sent twice, and applies it once', async () => {
    const twice: Fetch = async (url, init) => {
      const first = await fetch(url, init);
      if (!url.endsWith('/moves')) return first;
      await first.text();
      return fetch(url, init);
    };
    const created = await createRankedGame(
      { ...link(), fetch: twice },
      { rules: 'classic', size: 3 },
    );
    if (!created.ok) throw new Error(created.error.message);
    await playRounds(created.value, 4);
    const held = (await readJson(`/api/games/${created.value.gameId}`)) as {
      board: number[][];
      sent: number;
    };
    expect(created.value.snapshot()).toMatchObject({ connection: 'online', error: null });
    expect(held.board).toEqual(created.value.snapshot().position.board);
    expect(held.sent).toBe(created.value.snapshot().sent);
  });

  it('lists the game live (by its watchId only) and streams its moves to a watcher, board for board', async () => {
    const game = await newRankedGame();
    await playRounds(game, 1);
    const live = await liveGames(nodeFetch, server.url);
    if (!live.ok) throw new Error(live.error.message);
    const listed = live.value.find((g) => g.watchId === game.watchId);
    expect(listed).toMatchObject({
      rules: 'classic',
      size: 3,
      score: game.snapshot().position.score,
    });
    expect(JSON.stringify(live.value)).not.toContain(game.gameId);

    const watch = watchGame(nodeFetch, server.url, game.watchId);
    const seen: WatchUpdate[] = [];
    const watching = (async () => {
      for await (const update of watch) seen.push(update);
    })();
    const confirmed: number[][][] = [];
    game.subscribe((change, snapshot) => {
      if (change.type === 'answered')
        confirmed.push(snapshot.confirmed.board.map((row) => [...row]));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await playRounds(game, 2000);
    await watching;
    expect(seen[0]?.type).toBe('state');
    const moves = seen.flatMap((u) => (u.type === 'move' ? [u] : []));
    expect(moves.every((u) => !u.redrawn)).toBe(true);
    // Every board the player saw confirmed, the watcher saw too, in the same order.
    const watched = moves.map((u) => u.position.board);
    expect(watched.slice(-confirmed.length)).toEqual(confirmed.slice(-watched.length));
    expect(seen.at(-1)).toMatchObject({
      type: 'end',
      end: { status: 'lost', score: game.snapshot().position.score },
    });
  });
});
