import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockServer } from './lock.js';
import { openLeaderboard } from './open.js';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'twenty48-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('one server per SQLite file', () => {
  it('refuses a second holder, naming the first, and frees the file on release', () => {
    const db = join(dir, 'scores.db');
    const first = lockServer(db);
    if (!first.ok) throw new Error(first.error.message);
    const second = lockServer(db);
    expect(second).toMatchObject({ ok: false, error: { code: 'ERR_DB_LOCKED' } });
    expect(second.ok ? '' : second.error.message).toContain(
      `process ${process.pid} on ${hostname()}`,
    );
    first.value.release();
    expect(existsSync(`${db}.lock`)).toBe(false);
    const third = lockServer(db);
    expect(third.ok).toBe(true);
    if (third.ok) third.value.release();
  });

  it('takes over the lock of a process of this machine that no longer runs (kill -9)', () => {
    const db = join(dir, 'scores.db');
    // Pid 2^22 + 1 is above Linux's largest pid: no such process runs.
    const dead = { pid: 4_194_305, host: hostname(), since: '2026-01-01T00:00:00.000Z' };
    writeFileSync(`${db}.lock`, JSON.stringify(dead));
    const taken = lockServer(db);
    expect(taken.ok).toBe(true);
    expect(JSON.parse(readFileSync(`${db}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    if (taken.ok) taken.value.release();
  });

  it('does not take over a lock from another machine', () => {
    const db = join(dir, 'scores.db');
    writeFileSync(`${db}.lock`, JSON.stringify({ pid: 1, host: 'elsewhere', since: 'x' }));
    expect(lockServer(db)).toMatchObject({ ok: false, error: { code: 'ERR_DB_LOCKED' } });
  });

  it('is taken by an exclusive open (a server), not by others, and left by its close', async () => {
    const db = join(dir, 'scores.db');
    const server = await openLeaderboard(db, { exclusive: true });
    if (!server.ok) throw new Error(server.error.message);
    expect(await openLeaderboard(db, { exclusive: true })).toMatchObject({
      ok: false,
      error: { code: 'ERR_DB_LOCKED' },
    });
    const reader = await openLeaderboard(db);
    expect(reader.ok).toBe(true);
    if (reader.ok) await reader.value.close();
    await server.value.close();
    expect(existsSync(`${db}.lock`)).toBe(false);
  });
});
