import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningServer } from '@twenty48/server';
import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { register, settingsOf } from './serve.js';

let dir: string;
let running: RunningServer | undefined;
let out: string[];
let errors: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'twenty48-serve-'));
  out = [];
  errors = [];
  running = undefined;
  process.exitCode = undefined;
});
afterEach(async () => {
  await running?.close();
  rmSync(dir, { recursive: true, force: true });
  process.exitCode = undefined;
});

async function run(...args: string[]): Promise<void> {
  const program = new Command('2048').exitOverride();
  register(program, {
    onListening: (server) => {
      running = server;
    },
    write: (text) => out.push(text),
    writeError: (text) => errors.push(text),
  });
  await program.parseAsync(['serve', ...args], { from: 'user' });
}

describe('2048 serve', { timeout: 30_000 }, () => {
  it('serves the API and the 503 page on the address it prints, and stops', async () => {
    const db = join(dir, 'board.db');
    await run('--port', '0', '--host', '127.0.0.1', '--db', db, '--web-root', join(dir, 'none'));
    if (!running) throw new Error('the server did not start');
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(out.join('')).toContain(running.url);
    expect(out.join('')).toContain(db);
    const health = await fetch(`${running.url}/api/health`);
    expect(await health.json()).toMatchObject({ ok: true });
    expect((await fetch(`${running.url}/`)).status).toBe(503);
    await running.close();
    running = undefined;
    expect(out.join('')).toContain('stopped');
  });

  it('refuses a damaged database with its named error and exit code 1', async () => {
    const db = join(dir, 'notes.db');
    writeFileSync(db, 'not a database, just notes\n'.repeat(50));
    await run('--port', '0', '--db', db);
    expect(running).toBeUndefined();
    expect(errors.join('')).toMatch(/ERR_DB_CORRUPT/);
    expect(process.exitCode).toBe(1);
  });

  it.each([
    ['mysql://user:pw@127.0.0.1:3306/db', 'ERR_DB_URL'],
    ['postgres:relative/path', 'ERR_DB_URL'],
    ['sqlite://scores.db', 'ERR_DB_URL'],
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    ['postgres://user:secret@127.0.0.1:1/db', 'ERR_DB_OPEN'],
  ])('refuses --db %s with %s and exit code 1, making no file', async (url, code) => {
    const before = process.cwd();
    process.chdir(dir);
    try {
      await run('--port', '0', '--db', url);
    } finally {
      process.chdir(before);
    }
    expect(running).toBeUndefined();
    expect(errors.join('')).toContain(`(${code})`);
    expect(errors.join('')).not.toContain('secret');
    expect(process.exitCode).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a port in use with ERR_LISTEN, creating no database nor directory', async () => {
    await run('--port', '0', '--db', join(dir, 'a.db'));
    const port = new URL(running?.url ?? 'http://x:1').port;
    const first = running;
    running = undefined;
    await run('--port', port, '--db', join(dir, 'new', 'b.db'));
    expect(errors.join('')).toMatch(/ERR_LISTEN/);
    expect(process.exitCode).toBe(1);
    expect(running).toBeUndefined();
    expect(existsSync(join(dir, 'new'))).toBe(false);
    running = first;
  });

  it('refuses a second server on one SQLite file with ERR_DB_LOCKED and exit code 1', async () => {
    const db = join(dir, 'one.db');
    await run('--port', '0', '--db', db);
    const first = running;
    running = undefined;
    await run('--port', '0', '--db', db);
    expect(running).toBeUndefined();
    expect(errors.join('')).toMatch(/one server per SQLite file .*\(ERR_DB_LOCKED\)/);
    expect(process.exitCode).toBe(1);
    running = first;
  });

  it('checks --port strictly, naming the setting (ERR_SETTING, exit 2)', async () => {
    for (const bad of ['65536', '-1', 'http', '80.5', '']) {
      const read = settingsOf({ port: bad }, {});
      expect(read.ok ? 'accepted' : read.error.code).toBe('ERR_SETTING');
    }
    expect(settingsOf({ port: '0' }, {})).toMatchObject({ ok: true, value: { port: 0 } });
    await run('--port', 'http');
    expect(errors.join('')).toMatch(
      /--port="http": must be a whole number from 0 to 65535 \(ERR_SETTING\)/,
    );
    expect(process.exitCode).toBe(2);
    expect(running).toBeUndefined();
  });

  it('reads a flag over the environment over --config over the default', () => {
    const config = join(dir, 'twenty48.json');
    writeFileSync(config, JSON.stringify({ port: 7001, host: '0.0.0.0', pgPool: 3 }));
    const read = settingsOf({ config, port: '7003' }, { PORT: '7002', HOST: '127.0.0.2' });
    expect(read).toMatchObject({
      ok: true,
      value: { port: 7003, host: '127.0.0.2', pgPool: 3, queryTimeoutMs: 2000 },
    });
  });

  it('refuses a bad TWENTY48_PG_POOL and a config file it cannot use, by name', () => {
    expect(settingsOf({}, { TWENTY48_PG_POOL: 'ten' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_SETTING', message: expect.stringContaining('TWENTY48_PG_POOL') },
    });
    const config = join(dir, 'bad.json');
    writeFileSync(config, '{ "port": 80, ');
    expect(settingsOf({ config }, {})).toMatchObject({ ok: false, error: { code: 'ERR_CONFIG' } });
    expect(settingsOf({ config: join(dir, 'missing.json') }, {})).toMatchObject({
      ok: false,
      error: { code: 'ERR_CONFIG' },
    });
  });

  it('takes a limit by flag (commander names it) and the database from --db-url-file', () => {
    const urlFile = join(dir, 'db-url');
    writeFileSync(urlFile, 'postgres://ada:secret@127.0.0.1:5432/scores\n');
    const read = settingsOf({ limitGamesPerPlayer: '9', dbUrlFile: urlFile }, {});
    expect(read).toMatchObject({
      ok: true,
      value: {
        limits: { gamesPerPlayer: 9 },
        database: 'postgres://ada:secret@127.0.0.1:5432/scores',
        databaseFrom: 'url-file',
      },
    });
  });
});
