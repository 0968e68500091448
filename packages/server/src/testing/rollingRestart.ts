/**
 * Test and figures helper: a rolling restart as an operator does it. Two `2048 serve`
 * processes on one PostgreSQL database behind Debian's nginx, restarted one at a time (SIGTERM,
 * wait for the exit, start again on the same port, wait for `/api/ready`) while keep-alive
 * clients play moves through nginx as fast as they are answered. It counts every answer and
 * socket error the clients saw, and checks that every answered move is kept.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { CreateGameAnswer, MoveAnswer, ResumeAnswer } from '@twenty48/common';
import { freePort, PROXY_HEADERS, RETRY_POSTS, startNginx } from './nginx.js';

const CYCLE = ['down', 'left', 'down', 'right'] as const;
const CLI = fileURLToPath(new URL('../../../cli/bin/2048.js', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An answer: its status and body. */
export interface Reply {
  readonly status: number;
  readonly body: string;
}

/** One request (on a keep-alive agent, if given); rejects with the socket's error code. */
export function call(agent: Agent | undefined, url: string, body?: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        ...(agent ? { agent } : {}),
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code ?? error.message)),
    );
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/**
 * `2048 serve` on a fixed port, trusting 127.0.0.1 (nginx), the move limits lifted; resolves
 * once it is ready. Its warnings and errors (JSON lines on stdout) go to `log`.
 */
export async function serveOn(
  port: number,
  database: string,
  log: (line: string) => void = () => {},
  more: readonly string[] = [],
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      CLI,
      'serve',
      ...['--port', String(port), '--web-root', '/none', '--trust-proxy', '127.0.0.1'],
      ...['--log-level', 'warn', '--limit-moves-per-second', 'Infinity'],
      ...['--limit-move-burst', 'Infinity', '--limit-games-per-player', '1000'],
      ...['--limit-games-per-address', '1000'],
      ...more,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, DATABASE_URL: database } },
  );
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (text: string) => {
    for (const line of text.split('\n')) if (line.trim()) log(line);
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`2048 serve exited ${child.exitCode}`);
    try {
      if ((await call(undefined, `http://127.0.0.1:${port}/api/ready`)).status === 200) {
        return child;
      }
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
}

/** How each server is restarted. */
export const PROCEDURES = {
  retry: 'SIGTERM only, nginx passing a failed POST to the other server (the README’s)',
  sigterm: "SIGTERM only, nginx's default retries",
  down: 'each taken out of nginx first, then SIGTERM',
} as const;
export type Procedure = keyof typeof PROCEDURES;
/** Whether `name` is one of `PROCEDURES`. */
export const isProcedure = (name: string): name is Procedure => Object.hasOwn(PROCEDURES, name);

/** What one rolling restart came to. */
export interface RunTally {
  /** Every answer and error by kind: `200`, `502`, `503 ERR_…`, `ECONNRESET`… */
  readonly counts: Readonly<Record<string, number>>;
  readonly answered: number;
  readonly badGateway: number;
  /** Move answers other than 200 and 502. */
  readonly otherStatus: number;
  /**
   * Creations refused at the start, before any restart (each asked again): 32 at once take the
   * admission lock in turn, and on a loaded machine the last wait past the 2 s deadline (503).
   */
  readonly createRefused: number;
  /** Socket errors between a client and nginx (ECONNRESET, socket hang up…). */
  readonly resets: number;
  /** Games whose last answered move is not kept, or that became unknown. */
  readonly lost: number;
  /** Why each was counted lost. */
  readonly lostGames: readonly string[];
  readonly seconds: number;
  /** Per server: ms from SIGTERM to its exit, and to the new one's ready. */
  readonly restarts: readonly { readonly drainedMs: number; readonly readyMs: number }[];
  /** What nginx logged at level error, but its refused connects (it moved on). */
  readonly nginxErrors: readonly string[];
}

/**
 * One rolling restart on `database` (a PostgreSQL URL) under `clients` keep-alive clients.
 *
 * @example
 * const tally = await rollingRestart(pg.url, { clients: 32, procedure: 'retry' });
 */
export async function rollingRestart(
  database: string,
  options: {
    clients: number;
    procedure: Procedure;
    log?: (line: string) => void;
    /** More `2048 serve` flags. */
    serveFlags?: readonly string[];
  },
): Promise<RunTally> {
  const { clients, procedure, log, serveFlags } = options;
  const ports = [await freePort(), await freePort()];
  const servers = await Promise.all(ports.map((port) => serveOn(port, database, log, serveFlags)));
  const retries = procedure === 'retry' ? RETRY_POSTS : '';
  const nginx = await startNginx(
    ports.map((port) => `127.0.0.1:${port}`),
    `location / { ${PROXY_HEADERS} ${retries} proxy_pass http://$UPSTREAM; }`,
  );
  const counts = new Map<string, number>();
  const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const answered = new Map<string, MoveAnswer>();
  const lostGames: string[] = [];
  let playing = true;
  const play = async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let made = await call(agent, `${nginx.url}/api/games`, { rules: 'classic', size: 8 });
    // A 503 at the start is asked again after a moment, as its message says (counted apart).
    for (let tries = 0; made.status === 503 && tries < 10; tries++) {
      count(`${made.status} create ${/"error":"(\w+)"/.exec(made.body)?.[1] ?? ''}`.trim());
      await sleep(200);
      made = await call(agent, `${nginx.url}/api/games`, { rules: 'classic', size: 8 });
    }
    if (made.status !== 201) {
      count(`${made.status} create ${/"error":"(\w+)"/.exec(made.body)?.[1] ?? ''}`.trim());
      return;
    }
    const created = JSON.parse(made.body) as CreateGameAnswer;
    for (let index = 0; playing; ) {
      try {
        const reply = await call(agent, `${nginx.url}/api/games/${created.gameId}/moves`, {
          direction: CYCLE[index % 4],
          index,
        });
        if (reply.status !== 200) {
          count(`${reply.status} ${/"error":"(\w+)"/.exec(reply.body)?.[1] ?? ''}`.trim());
          // The same index again after a moment, as a client retries; a game the server does
          // not know is given up (and counted lost).
          if (reply.status === 404) {
            lostGames.push(`unknown at index ${index}: ${reply.body.slice(0, 200)}`);
            return;
          }
          await sleep(100);
          continue;
        }
        count('200');
        const answer = JSON.parse(reply.body) as MoveAnswer;
        answered.set(created.gameId, answer);
        index++;
        if (answer.status === 'lost') return;
      } catch (error) {
        count(error instanceof Error ? error.message : String(error));
      }
    }
  };
  const started = performance.now();
  const restarts: { drainedMs: number; readyMs: number }[] = [];
  try {
    const load = Promise.all(Array.from({ length: clients }, play));
    await sleep(2000);
    for (const [i, port] of ports.entries()) {
      const old = servers[i] as ChildProcess;
      const exited = new Promise((resolve) => old.once('exit', resolve));
      // Out of nginx's rotation first (marked down, nginx reloaded): open-source nginx has no
      // health checks. Its reload closes idle client connections, which some clients see reset.
      if (procedure === 'down') await nginx.reload([i]);
      const t0 = performance.now();
      old.kill('SIGTERM');
      await exited;
      const drainedMs = performance.now() - t0;
      servers[i] = await serveOn(port, database, log, serveFlags);
      if (procedure === 'down') await nginx.reload([]);
      restarts.push({ drainedMs, readyMs: performance.now() - t0 });
      await sleep(1500);
    }
    playing = false;
    await load;
    const seconds = (performance.now() - started) / 1000;
    for (const [gameId, answer] of answered) {
      // Asked again on an error answer (a 503 under load is not a lost move).
      let reply = await call(undefined, `${nginx.url}/api/games/${gameId}`);
      for (let tries = 0; reply.status !== 200 && tries < 20; tries++) {
        await sleep(250);
        reply = await call(undefined, `${nginx.url}/api/games/${gameId}`);
      }
      const resumed = JSON.parse(reply.body) as ResumeAnswer;
      if (reply.status !== 200 || resumed.moves !== answer.moves) {
        lostGames.push(
          `answered ${answer.moves} moves (index ${answer.index}), kept ${resumed.moves}`,
        );
      }
    }
    const of = (match: (key: string) => boolean) =>
      [...counts].filter(([key]) => match(key)).reduce((sum, [, n]) => sum + n, 0);
    const nginxErrors = nginx
      .errors()
      .split('\n')
      .filter((line) => line.includes('[error]') && !line.includes('connect() failed (111'))
      .map((line) => line.replace(/^.*\*\d+ /, '').replace(/, client:.*$/, ''));
    return {
      counts: Object.fromEntries(counts),
      answered: counts.get('200') ?? 0,
      badGateway: of((key) => key.startsWith('502')),
      otherStatus: of((key) => /^\d{3} (?!create)/.test(key) && !key.startsWith('502')),
      createRefused: of((key) => /^\d{3} create/.test(key)),
      resets: of((key) => !/^\d{3}/.test(key)),
      lost: lostGames.length,
      lostGames,
      seconds,
      restarts,
      nginxErrors,
    };
  } finally {
    playing = false;
    await nginx.stop();
    await Promise.all(
      servers.map(
        (server) =>
          new Promise((resolve) => {
            if (server.exitCode !== null) return resolve(null);
            server.once('exit', resolve);
            server.kill('SIGTERM');
          }),
      ),
    );
  }
}
