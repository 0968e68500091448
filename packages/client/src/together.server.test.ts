// The play-together client against the real server (`startServer` on 127.0.0.1, a SQLite file
// in a temp dir): two daily games through the pipeline give the same boards under the same
// moves and rank once a name; a race is created, joined, refused before its start, started,
// followed live over its events, and its standings read.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Direction } from '@twenty48/engine';
import { type RunningServer, startServer } from '@twenty48/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fetch } from './http.js';
import { type RaceUpdate, watchRace } from './race-watch.js';
import type { RankedGame } from './ranked-types.js';
import {
  createDailyGame,
  createRace,
  joinRace,
  rankDailyGame,
  readDaily,
  readDailyScores,
  readRace,
  startRace,
} from './together.js';

let server: RunningServer;
let dataDir = '';
const nodeFetch: Fetch = (url, init) => fetch(url, init);
const link = (player?: string) => ({
  fetch: nodeFetch,
  baseUrl: server.url,
  retryFirstMs: 20,
  retryMaxMs: 200,
  ...(player === undefined ? {} : { player }),
});

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'twenty48-together-'));
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

const CYCLE: readonly Direction[] = ['down', 'left', 'right', 'up'];

/** Play `game` with the cycle until it is lost (or `rounds` run out), waiting for the answers. */
async function playOut(game: RankedGame, rounds = 2000): Promise<void> {
  for (let i = 0; i < rounds && game.snapshot().confirmed.status !== 'lost'; i++) {
    for (const direction of CYCLE) game.move(direction);
    await game.settled();
  }
}

describe('the daily challenge through the client', () => {
  it('deals two games the same boards under the same moves, and ranks a name once a day', async () => {
    const today = await readDaily(link());
    expect(today.ok && today.value.seed).toBe(undefined);
    if (!today.ok) throw new Error(today.error.message);
    const [a, b] = await Promise.all([createDailyGame(link()), createDailyGame(link())]);
    if (!a.ok || !b.ok) throw new Error('no daily game');
    expect(a.value.date).toBe(today.value.date);
    expect(a.value.game.snapshot().confirmed.board).toEqual(
      b.value.game.snapshot().confirmed.board,
    );
    await playOut(a.value.game);
    // b plays a's moves, in a's order (the letters of its record are its moves that counted).
    await playOut(b.value.game);
    expect(b.value.game.snapshot().confirmed.board).toEqual(
      a.value.game.snapshot().confirmed.board,
    );
    expect(b.value.game.snapshot().confirmed.score).toBe(a.value.game.snapshot().confirmed.score);

    const ranked = await rankDailyGame(link(), a.value.game.gameId, 'Ada');
    expect(ranked.ok && ranked.value.rank).toBe(1);
    const again = await rankDailyGame(link(), b.value.game.gameId, 'Ada');
    expect(again.ok ? 'ranked twice' : again.error.code).toBe('ERR_DAILY_RANKED');
    const table = await readDailyScores(link(), today.value.date);
    expect(table.ok && table.value.scores.map((row) => row.name)).toEqual(['Ada']);
    for (const game of [a.value.game, b.value.game]) game.close();
  });

  it('refuses a date of another shape before asking', async () => {
    const bad = await readDailyScores(link(), '26/11/2026');
    expect(bad.ok ? 'read' : bad.error.code).toBe('ERR_QUERY');
  });
});

describe('a race through the client', () => {
  it('is created, joined, refuses moves before its start, starts, streams every move, and ends with standings', async () => {
    const created = await createRace(link(), { rules: 'classic', size: 3, minutes: 1 });
    if (!created.ok) throw new Error(created.error.message);
    const { raceId, hostToken } = created.value;
    const variant = { rules: 'classic' as const, size: 3 };
    const ada = await joinRace(link('AAAAAAAAAAAAAAAAAAAAAA'), raceId, 'Ada', variant);
    const bo = await joinRace(link('BBBBBBBBBBBBBBBBBBBBBB'), raceId, 'Bo', variant);
    if (!ada.ok || !bo.ok) throw new Error('cannot join');
    expect(ada.value.snapshot().confirmed.board).toEqual(bo.value.snapshot().confirmed.board);

    const early = ada.value.move('left');
    if (early.sent) await ada.value.settled();
    expect(ada.value.snapshot().error?.code ?? 'nothing moved').toMatch(
      /ERR_RACE_NOT_STARTED|nothing moved/,
    );
    ada.value.close();
    const waiting = await readRace(link(), raceId);
    expect(waiting.ok && waiting.value.status).toBe('waiting');

    const updates: RaceUpdate[] = [];
    const watch = watchRace(nodeFetch, server.url, raceId, 3);
    const followed = (async () => {
      for await (const update of watch) {
        updates.push(update);
        if (update.type === 'changed' && update.race?.status === 'finished') return;
      }
    })();

    const started = await startRace(link(), raceId, hostToken);
    if (!started.ok) throw new Error(started.error.message);
    expect(started.value.status).toBe('running');
    const wait = Date.parse(started.value.startedAt as string) - Date.parse(started.value.now);
    await new Promise((resolve) => setTimeout(resolve, wait + 50));
    await playOut(bo.value);

    const race = await readRace(link(), raceId);
    if (!race.ok) throw new Error(race.error.message);
    const boPlayer = race.value.players.find((p) => p.name === 'Bo');
    expect(boPlayer?.status).toBe('lost');
    const boMoves = updates.filter((u) => u.type === 'move' && u.watchId === bo.value.watchId);
    expect(boMoves.length).toBeGreaterThanOrEqual(boPlayer?.moves ?? 0);
    expect(boMoves.at(-1)).toMatchObject({
      board: bo.value.snapshot().confirmed.board,
      moves: boPlayer?.moves,
      score: boPlayer?.score,
    });
    watch.close();
    await followed;
    bo.value.close();
  });
});
