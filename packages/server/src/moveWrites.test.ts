import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateGameAnswer, MoveAnswer, ResumeAnswer } from '@twenty48/common';
import { ok } from '@twenty48/common';
import { movesDigest } from '@twenty48/engine';
import { openStore, type RankedMove, type Store, StoreFailure } from '@twenty48/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { createMoveWrites } from './moveWrites.js';

let dir: string;
let store: Store;
let failing = false;
let batches: number[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'twenty48-writes-'));
  const opened = openStore({ file: join(dir, 'writes.db') });
  if (!opened.ok) throw new Error(opened.error.message);
  const real = opened.value;
  failing = false;
  batches = [];
  // The real store, whose batch write can be made to fail as a full disk would.
  store = {
    ...real,
    appendRankedMoves(moves, now) {
      batches.push(moves.length);
      if (failing) throw new StoreFailure('ERR_DB_FAILED', 'the database failed: disk full');
      return real.appendRankedMoves(moves, now);
    },
  };
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function appOf() {
  const app = createApp({ store, limits: { movesPerSecond: Number.POSITIVE_INFINITY } });
  const request = async <T>(path: string, body?: unknown) => {
    const response = await app.request(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
  return { request };
}

describe('moves kept in one transaction per turn of the event loop', () => {
  it('keeps the moves that arrive together in one write, each answered once it is kept', async () => {
    const { request } = appOf();
    const { body: game } = await request<CreateGameAnswer>('/api/games', {
      rules: 'classic',
      size: 6,
    });
    const directions = ['down', 'left', 'up', 'right', 'down', 'left', 'up', 'right'];
    const answers = await Promise.all(
      directions.map((direction, index) =>
        request<MoveAnswer>(`/api/games/${game.gameId}/moves`, { direction, index }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(directions.map(() => 200));
    expect(batches.reduce((sum, n) => sum + n, 0)).toBe(8);
    expect(batches.length).toBeLessThan(8);
    expect(store.loadRankedGame(game.gameId)?.sent).toBe('DLURDLUR');
  });

  it('answers 503 when the write fails, and reads the game again from the store after', async () => {
    const { request } = appOf();
    const { body: game } = await request<CreateGameAnswer>('/api/games', {
      rules: 'classic',
      size: 6,
    });
    const first = await request<MoveAnswer>(`/api/games/${game.gameId}/moves`, {
      direction: 'down',
      index: 0,
    });
    expect(first.status).toBe(200);
    failing = true;
    const lost = await request(`/api/games/${game.gameId}/moves`, { direction: 'left', index: 1 });
    expect(lost).toMatchObject({ status: 503, body: { error: 'ERR_DB_FAILED' } });
    failing = false;
    // The move that was not kept was not applied either: the game is as the store has it.
    const resumed = await request<ResumeAnswer>(`/api/games/${game.gameId}`);
    expect(resumed.body).toMatchObject({ sent: 1, board: first.body.board });
    const again = await request<MoveAnswer>(`/api/games/${game.gameId}/moves`, {
      direction: 'left',
      index: 1,
    });
    expect(again).toMatchObject({ status: 200, body: { index: 1 } });
  });
});

describe('several writes under way at once (PostgreSQL)', () => {
  const moveOf = (gameId: string, index: number): RankedMove => ({
    gameId,
    index,
    digest: movesDigest('D'.repeat(index)),
    letter: 'D',
    moves: index + 1,
    score: 0,
    maxTile: 2,
    status: 'playing',
  });
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it('writes other games while one is under way, never two writes holding one game, its moves in order', async () => {
    const writes: { moves: readonly RankedMove[]; end: () => void }[] = [];
    const store = {
      kind: 'postgres',
      appendRankedMoves(moves: readonly RankedMove[]) {
        return new Promise<ReturnType<typeof ok<undefined>>[]>((resolve) => {
          writes.push({ moves, end: () => resolve(moves.map(() => ok(undefined))) });
        });
      },
    };
    const kept: string[] = [];
    const keeper = createMoveWrites(store, () => new Date(0), { inFlight: 3 });
    const keep = (gameId: string, index: number) =>
      keeper.keep(moveOf(gameId, index)).then(() => kept.push(`${gameId}${index}`));
    const first = [keep('a', 0), keep('b', 0)];
    await turn();
    expect(writes.map((write) => write.moves.map((m) => `${m.gameId}${m.index}`))).toEqual([
      ['a0', 'b0'],
    ]);
    // While a and b are being written: a's next move waits, c's is written at once.
    const second = [keep('a', 1), keep('c', 0), keep('b', 1), keep('a', 2)];
    await turn();
    expect(writes.map((write) => write.moves.map((m) => `${m.gameId}${m.index}`))).toEqual([
      ['a0', 'b0'],
      ['c0'],
    ]);
    const flushed = keeper.flush();
    writes[1]?.end();
    writes[0]?.end();
    await Promise.all(first);
    await turn();
    expect(writes.map((write) => write.moves.map((m) => `${m.gameId}${m.index}`))).toEqual([
      ['a0', 'b0'],
      ['c0'],
      ['a1', 'b1', 'a2'],
    ]);
    writes[2]?.end();
    await Promise.all([...second, flushed]);
    expect(kept).toEqual(['c0', 'a0', 'b0', 'a1', 'b1', 'a2']);
  });

  it('one write at a time on SQLite', async () => {
    let underWay = 0;
    let most = 0;
    const store = {
      kind: 'sqlite',
      async appendRankedMoves(moves: readonly RankedMove[]) {
        underWay++;
        most = Math.max(most, underWay);
        await turn();
        underWay--;
        return moves.map(() => ok(undefined));
      },
    };
    const keeper = createMoveWrites(store, () => new Date(0));
    const all = ['a', 'b', 'c'].map((gameId) => keeper.keep(moveOf(gameId, 0)));
    await turn();
    all.push(keeper.keep(moveOf('d', 0)));
    await Promise.all(all);
    expect(most).toBe(1);
  });
});
