import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MoveAnswer } from '@twenty48/common';
import { startServer } from '@twenty48/server';
import { openStore } from '@twenty48/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backup } from './backup.js';

let dir = '';
let errors: string[] = [];
let out: string[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'twenty48-backup-'));
  errors = [];
  out = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const hooks = () => ({
  write: (text: string) => out.push(text),
  writeError: (text: string) => errors.push(text),
  env: {},
});

describe('2048 backup', { timeout: 30_000 }, () => {
  it('copies the database consistently while the server takes moves', async () => {
    const db = join(dir, 'live.db');
    const server = await startServer({
      port: 0,
      dbFile: db,
      webRoot: '/none',
      limits: { movesPerSecond: Number.POSITIVE_INFINITY, moveBurst: Number.POSITIVE_INFINITY },
    });
    try {
      const created = await fetch(`${server.url}/api/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rules: 'classic', size: 8 }),
      });
      const { gameId } = (await created.json()) as { gameId: string };
      let answered = 0;
      let playing = true;
      const play = (async () => {
        for (let index = 0; playing; index++) {
          const moved = await fetch(`${server.url}/api/games/${gameId}/moves`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              direction: ['down', 'left', 'down', 'right'][index % 4],
              index,
            }),
          });
          answered = ((await moved.json()) as MoveAnswer).moves;
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = answered;
      const copy = join(dir, 'copy.db');
      expect(await backup({ db }, copy, hooks())).toBe(0);
      const after = answered;
      playing = false;
      await play;
      expect(errors).toEqual([]);
      expect(out.join('')).toMatch(/backed up .* \(\d+ pages, checked\)/);
      // The copy opens as a twenty48 database and holds the game as of one moment in between.
      const opened = openStore({ file: copy });
      if (!opened.ok) throw new Error(opened.error.message);
      const row = opened.value.loadRankedGame(gameId);
      opened.value.close();
      expect(row?.moves).toBeGreaterThanOrEqual(before);
      expect(row?.moves).toBeLessThanOrEqual(after);
    } finally {
      await server.close();
    }
  });

  it('refuses to replace a file, a missing database and PostgreSQL (pointing to pg_dump)', async () => {
    const db = join(dir, 'a.db');
    const made = openStore({ file: db });
    if (made.ok) made.value.close();
    expect(await backup({ db }, db, hooks())).toBe(1);
    expect(errors.pop()).toMatch(/exists; give a new file for the backup \(ERR_BACKUP\)/);
    expect(await backup({ db: join(dir, 'none.db') }, join(dir, 'b.db'), hooks())).toBe(1);
    expect(errors.pop()).toMatch(/ERR_DB_OPEN/);
    expect(existsSync(join(dir, 'b.db'))).toBe(false);
    expect(await backup({ db: 'postgres://ada:pw@db/scores' }, join(dir, 'c.dump'), hooks())).toBe(
      1,
    );
    expect(errors.pop()).toMatch(/pg_dump .*\(ERR_BACKUP\)/);
  });
});
