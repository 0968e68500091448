import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateGameAnswer, MoveAnswer, ResumeAnswer } from '@twenty48/common';
import { openStore, type Store, StoreFailure } from '@twenty48/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from './app.js';

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
