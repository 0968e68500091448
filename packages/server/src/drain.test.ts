/**
 * SIGTERM under load: a real server in a child process, keep-alive clients playing moves as
 * fast as they are answered. Not one connection is reset, every answered move is kept, and
 * `/api/ready` says 503 while the server drains.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CreateGameAnswer, MoveAnswer, ResumeAnswer } from '@twenty48/common';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from './server.js';

const CHILD = fileURLToPath(new URL('../dist/testing/serveChild.js', import.meta.url));
const CYCLE = ['down', 'left', 'down', 'right'] as const;

let dir = '';
let child: ChildProcess | undefined;
afterEach(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Reply {
  readonly status: number;
  readonly connection: string | undefined;
  readonly body: Record<string, unknown>;
}

/** One request on `agent` (its keep-alive connection); rejects with the socket's error code. */
function call(agent: Agent, url: string, body?: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        agent,
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            body: JSON.parse(text) as Record<string, unknown>,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : String(error);

describe('SIGTERM under load', { timeout: 60_000 }, () => {
  it('resets no keep-alive connection and keeps every answered move', async () => {
    dir = mkdtempSync(join(tmpdir(), 'twenty48-drain-'));
    const db = join(dir, 'drain.db');
    child = spawn(
      process.execPath,
      [
        CHILD,
        db,
        JSON.stringify({
          shutdownGraceMs: 10_000,
          limits: { gamesPerPlayer: 50, gamesPerAddress: 200 },
        }),
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const url = await new Promise<string>((resolve) =>
      child?.stdout?.once('data', (data: Buffer) => resolve(data.toString().trim())),
    );
    const exited = new Promise<number | null>((resolve) => child?.once('exit', resolve));

    const players = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        const created = await call(agent, `${url}/api/games`, { rules: 'classic', size: 8 });
        return { agent, game: created.body as unknown as CreateGameAnswer };
      }),
    );
    const errors: string[] = [];
    const answered = new Map<string, MoveAnswer>();
    let sigterm = false;
    const play = async ({ agent, game }: (typeof players)[number]) => {
      for (let index = 0; ; index++) {
        try {
          const reply = await call(agent, `${url}/api/games/${game.gameId}/moves`, {
            direction: CYCLE[index % CYCLE.length],
            index,
          });
          if (reply.status !== 200) {
            errors.push(`status ${reply.status} ${JSON.stringify(reply.body)}`);
            return;
          }
          answered.set(game.gameId, reply.body as unknown as MoveAnswer);
        } catch (error) {
          // Refused: the server stopped listening after SIGTERM, as it should.
          if (!(sigterm && codeOf(error) === 'ECONNREFUSED')) errors.push(codeOf(error));
          return;
        }
      }
    };
    const readiness: Reply[] = [];
    const probe = async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (;;) {
        try {
          readiness.push(await call(agent, `${url}/api/ready`));
        } catch (error) {
          if (!(sigterm && codeOf(error) === 'ECONNREFUSED')) errors.push(`ready ${codeOf(error)}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const playing = Promise.all([...players.map(play), probe()]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    sigterm = true;
    child.kill('SIGTERM');
    await playing;
    expect(await exited).toBe(0);
    expect(errors).toEqual([]);
    expect(readiness[0]).toMatchObject({ status: 200 });
    expect(readiness.at(-1)).toMatchObject({
      status: 503,
      connection: 'close',
      body: { ok: false, error: 'ERR_DRAINING' },
    });

    // Every answered move is in the file: a new server resumes each game where it was answered.
    const again = await startServer({ port: 0, dbFile: db, webRoot: '/none' });
    try {
      for (const { game } of players) {
        const last = answered.get(game.gameId);
        const resumed = (await (
          await fetch(`${again.url}/api/games/${game.gameId}`)
        ).json()) as ResumeAnswer;
        expect(last).toBeDefined();
        expect(resumed).toMatchObject({ moves: last?.moves, board: last?.board });
      }
    } finally {
      await again.close();
    }
  });
});

describe('--shutdown-delay-ms', { timeout: 30_000 }, () => {
  it('goes on taking connections, ready saying 503, before it drains', async () => {
    const server = await startServer({
      port: 0,
      database: ':memory:',
      webRoot: '/none',
      shutdownDelayMs: 3000,
    });
    const closed = server.close();
    // New connections (no keep-alive), as a balancer's health check and a late client make.
    const ready = await call(new Agent({ keepAlive: false }), `${server.url}/api/ready`);
    expect(ready).toMatchObject({ status: 503, body: { error: 'ERR_DRAINING' } });
    const late = await call(new Agent({ keepAlive: false }), `${server.url}/api/health`);
    expect(late.status).toBe(200);
    await closed;
    await expect(
      call(new Agent({ keepAlive: false }), `${server.url}/api/health`),
    ).rejects.toThrow();
  });
});
