/**
 * Several `2048` servers on one PostgreSQL database behave as one service: real child
 * processes, one database (TWENTY48_TEST_DATABASE_URL; .ci/run sets it), a schema of its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { CreateGameAnswer, MoveAnswer, RankedDirection, ResumeAnswer } from '@twenty48/common';
import { afterEach, describe, expect, it } from 'vitest';

const base = process.env.TWENTY48_TEST_DATABASE_URL;
const CHILD = fileURLToPath(new URL('../dist/testing/serveChild.js', import.meta.url));
const CYCLE: readonly RankedDirection[] = ['down', 'left', 'down', 'right', 'up'];
const directionAt = (i: number) => CYCLE[i % CYCLE.length] ?? 'down';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** A server in a child process on `database`; its URL and the process. */
async function serve(database: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [CHILD, database], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (data: Buffer) => resolve(data.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { url, child };
}

const post = async <T>(url: string, body: unknown): Promise<{ status: number; body: T }> => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
};
const move = (url: string, gameId: string, index: number) =>
  post<MoveAnswer>(`${url}/api/games/${gameId}/moves`, { direction: directionAt(index), index });
const resume = async (url: string, gameId: string) =>
  (await (await fetch(`${url}/api/games/${gameId}`)).json()) as ResumeAnswer;

describe.runIf(base)('two servers on one PostgreSQL database', { timeout: 60_000 }, () => {
  const database = () => {
    const schema = `t_servers_${randomBytes(5).toString('hex')}`;
    return `${base}${base?.includes('?') ? '&' : '?'}search_path=${schema}`;
  };
  const twoServers = async () => {
    const db = database();
    const a = await serve(db);
    const b = await serve(db);
    const created = await post<CreateGameAnswer>(`${a.url}/api/games`, {
      rules: 'classic',
      size: 6,
    });
    expect(created.status).toBe(201);
    return { db, a, b, gameId: created.body.gameId, watchId: created.body.watchId };
  };

  it('interleaved moves, one by one through either server, apply once each and in order', async () => {
    const { a, b, gameId } = await twoServers();
    const answers: MoveAnswer[] = [];
    for (let i = 0; i < 30; i++) {
      const played = await move(i % 3 === 0 ? a.url : b.url, gameId, i);
      expect(played.status).toBe(200);
      expect(played.body.index).toBe(i);
      answers.push(played.body);
    }
    const last = answers.at(-1);
    for (const url of [a.url, b.url]) {
      expect(await resume(url, gameId)).toMatchObject({
        sent: 30,
        board: last?.board,
        score: last?.score,
      });
    }
  });

  it('each move sent to both servers at once, pipelined, is applied once: both answers agree', async () => {
    const { a, b, gameId } = await twoServers();
    const moves = 40;
    const sent = Array.from({ length: moves }, (_, i) =>
      Promise.all([move(a.url, gameId, i), move(b.url, gameId, i)]),
    );
    const pairs = await Promise.all(sent);
    for (const [i, [fromA, fromB]] of pairs.entries()) {
      expect([fromA.status, fromB.status, fromA.body.index]).toEqual([200, 200, i]);
      expect(fromB.body).toEqual(fromA.body);
    }
    expect((await resume(b.url, gameId)).sent).toBe(moves);
  });

  it('a server killed mid-game loses nothing: the game goes on through the other, and after a restart', async () => {
    const { db, a, b, gameId } = await twoServers();
    for (let i = 0; i < 20; i++) expect((await move(a.url, gameId, i)).status).toBe(200);
    a.child.kill('SIGKILL');
    await new Promise((resolve) => a.child.once('exit', resolve));
    expect((await resume(b.url, gameId)).sent).toBe(20);
    for (let i = 20; i < 30; i++) expect((await move(b.url, gameId, i)).status).toBe(200);
    const restarted = await serve(db);
    expect((await resume(restarted.url, gameId)).sent).toBe(30);
    const next = await move(restarted.url, gameId, 30);
    expect([next.status, next.body.index]).toEqual([200, 30]);
    expect((await resume(b.url, gameId)).sent).toBe(31);
  });

  it('a watcher on one server sees the moves played through the other', async () => {
    const { a, b, gameId, watchId } = await twoServers();
    const stream = await fetch(`${b.url}/api/games/${watchId}/events`);
    const reader = stream.body?.getReader();
    if (!reader) throw new Error('no stream');
    const played: MoveAnswer[] = [];
    for (let i = 0; i < 5; i++) played.push((await move(a.url, gameId, i)).body);
    let text = '';
    const decoder = new TextDecoder();
    while ((text.match(/event: move/g) ?? []).length < 5) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    await reader.cancel();
    const moves = [...text.matchAll(/event: move\ndata: (.*)\n/g)].map((m) =>
      JSON.parse(m[1] ?? ''),
    );
    expect(moves.map((event) => [event.moves, event.board, event.score])).toEqual(
      played.map((answer) => [answer.moves, answer.board, answer.score]),
    );
  });

  it('SIGTERM: the moves answered before the exit are all kept', async () => {
    const { a, b, gameId } = await twoServers();
    const answers = Array.from({ length: 30 }, (_, i) => move(a.url, gameId, i).catch(() => null));
    await new Promise((resolve) => setTimeout(resolve, 20));
    a.child.kill('SIGTERM');
    const exit = await new Promise((resolve) => a.child.once('exit', resolve));
    const settled = await Promise.all(answers);
    const applied = settled.filter((answer) => answer?.status === 200).length;
    expect(exit).toBe(0);
    expect((await resume(b.url, gameId)).sent).toBe(applied);
  });
});
