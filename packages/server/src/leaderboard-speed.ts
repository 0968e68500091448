/**
 * Server benchmarks (`node packages/server/dist/leaderboard-speed.js`, in `npm run bench`),
 * against a server in a child process on loopback with its limits lifted:
 * - moves served per second, with p50/p99 latency, under autocannon over many games at once;
 * - one game of 1,000 moves played through the API by one client, sequentially (each move
 *   waits for the answer before it) and pipelined (all sent at once with `index`, over six
 *   connections like a browser), with each move's latency.
 * BENCH_SECONDS shortens the load run (default 20). With BENCH_DATABASE_URL=postgres://…, the
 * load run again on PostgreSQL with one server, then with two servers on the database (each
 * under half the connections, the figures summed).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CreateGameAnswer, MoveAnswer, RankedDirection } from '@twenty48/common';
import autocannon from 'autocannon';
import { startServer } from './server.js';

const format = (n: number): string =>
  n.toLocaleString('en', { maximumFractionDigits: n < 100 ? 1 : 0 });

/**
 * The directions in turn, without looking at the board: on 6x6 classic, thousands of moves
 * before the board fills; on 4x4, about 80 to 280.
 */
const CYCLE: readonly RankedDirection[] = ['down', 'left', 'down', 'right', 'up'];
const directionAt = (i: number): RankedDirection => CYCLE[i % CYCLE.length] ?? 'down';

/** The child process: a server with every limit lifted, its URL on stdout. */
async function serveChild(database: string): Promise<void> {
  const lifted = Number.POSITIVE_INFINITY;
  const server = await startServer({
    port: 0,
    database,
    limits: {
      gamesPerMinute: lifted,
      movesPerSecond: lifted,
      moveBurst: lifted,
      gamesPerPlayer: lifted,
      gamesPerAddress: lifted,
      maxGamesInProgress: lifted,
    },
  });
  process.stdout.write(`${server.url}\n`);
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

/** POST JSON over a keep-alive agent; the status, the answer, and the milliseconds it took. */
function postJson(
  agent: Agent,
  url: string,
  body: unknown,
): Promise<{ status: number; body: unknown; ms: number }> {
  const started = process.hrtime.bigint();
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(text);
  });
}

async function createGame(agent: Agent, url: string, size: number): Promise<string> {
  const created = await postJson(agent, `${url}/api/games`, { rules: 'classic', size });
  if (created.status !== 201) throw new Error(`POST /api/games: ${created.status}`);
  return (created.body as CreateGameAnswer).gameId;
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * Moves per second and latency under autocannon over many games of classic 4x4 at once, each
 * given a move in turn (no index): enough games that none is lost during the run.
 */
async function benchMoves(url: string, seconds: number, label = ''): Promise<void> {
  const [result] = await loadMoves([url], seconds, 16);
  if (!result) return;
  console.log(
    `POST /api/games/:gameId/moves${label}, ${result.duration} s, 16 connections, 2048 games of classic 4x4:`,
  );
  console.log(
    `  ${format(result.requests.average)} moves/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  console.log(
    `  ${format(result['2xx'])} applied, ${format(result.non2xx)} refused (409: games lost before the run ended), ${result.errors} errors, ${result.timeouts} timeouts`,
  );
}

/** The load run on several servers of one database at once, each with its own games. */
async function loadMoves(urls: readonly string[], seconds: number, connections: number) {
  return Promise.all(
    urls.map((url) => loadOne(url, seconds, Math.max(1, Math.floor(connections / urls.length)))),
  );
}

async function loadOne(url: string, seconds: number, connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const games = 2048;
  const ids = await Promise.all(Array.from({ length: games }, () => createGame(agent, url, 4)));
  agent.destroy();
  const counts = new Array<number>(games).fill(0);
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (spec) => {
          const game = next++ % games;
          const count = counts[game] ?? 0;
          counts[game] = count + 1;
          const direction = directionAt(count);
          return {
            ...spec,
            path: `/api/games/${ids[game]}/moves`,
            body: JSON.stringify({ direction }),
          };
        },
      },
    ],
  });
  return result;
}

/** One game of `moves` moves by one client: sequentially, then pipelined; total time and p99. */
async function benchFullGame(url: string, moves: number): Promise<void> {
  const report = (label: string, ms: number, latencies: number[], last: MoveAnswer) => {
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(40)} ${format(ms).padStart(6)} ms (${format((moves / ms) * 1000)} moves/s), move latency p50 ${format(percentile(sorted, 50))} ms, p99 ${format(percentile(sorted, 99))} ms; score ${last.score}, ${last.moves} moves counted`,
    );
  };
  console.log(`A game of ${format(moves)} moves through the API, one client (classic 6x6):`);

  const single = new Agent({ keepAlive: true, maxSockets: 1 });
  const sequentialId = await createGame(single, url, 6);
  const latencies: number[] = [];
  let last: MoveAnswer | undefined;
  let started = performance.now();
  for (let i = 0; i < moves; i++) {
    const played = await postJson(single, `${url}/api/games/${sequentialId}/moves`, {
      direction: directionAt(i),
      index: i,
    });
    if (played.status !== 200) throw new Error(`move ${i}: ${played.status}`);
    latencies.push(played.ms);
    last = played.body as MoveAnswer;
  }
  if (last)
    report(
      'sequentially (each waits for its answer)',
      performance.now() - started,
      latencies,
      last,
    );
  single.destroy();

  const browserLike = new Agent({ keepAlive: true, maxSockets: 6 });
  const pipelinedId = await createGame(browserLike, url, 6);
  started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: moves }, (_, i) =>
      postJson(browserLike, `${url}/api/games/${pipelinedId}/moves`, {
        direction: directionAt(i),
        index: i,
      }),
    ),
  );
  const elapsed = performance.now() - started;
  const refused = answers.filter((answer) => answer.status !== 200);
  if (refused.length > 0) throw new Error(`pipelined: ${refused.length} moves refused`);
  report(
    'pipelined (6 connections, with index)',
    elapsed,
    answers.map((answer) => answer.ms),
    answers.at(-1)?.body as MoveAnswer,
  );
  browserLike.destroy();
}

/** A bench server in a child process on `database`: its URL, and how to stop it. */
async function child(database: string) {
  const server = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve', database], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    server.stdout.once('data', (data: Buffer) => resolve(data.toString().trim()));
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  };
  return { url, stop };
}

async function benchServer(seconds: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'twenty48-bench-'));
  const server = await child(join(dir, 'bench.db'));
  try {
    await benchFullGame(server.url, 1000);
    await benchMoves(server.url, seconds, ' (SQLite)');
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The load run on PostgreSQL: one server, then two on the same database (a fresh schema). */
async function benchPostgres(base: string, seconds: number): Promise<void> {
  const schema = `bench_${Date.now().toString(36)}`;
  const database = `${base}${base.includes('?') ? '&' : '?'}search_path=${schema}`;
  const one = await child(database);
  try {
    await benchMoves(one.url, seconds, ' (PostgreSQL, one server)');
  } finally {
    await one.stop();
  }
  const two = [await child(database), await child(database)];
  try {
    const results = await loadMoves(
      two.map((server) => server.url),
      seconds,
      16,
    );
    const total = results.reduce((sum, result) => sum + result.requests.average, 0);
    const p99 = Math.max(...results.map((result) => result.latency.p99));
    console.log(
      `POST /api/games/:gameId/moves (PostgreSQL, two servers on one database), ${seconds} s, 8 connections each:`,
    );
    console.log(`  ${format(total)} moves/s in all, latency p99 ${p99} ms (the worse server's)`);
  } finally {
    for (const server of two) await server.stop();
  }
}

if (process.argv[2] === '--serve') {
  await serveChild(process.argv[3] ?? 'bench.db');
} else {
  console.log(`twenty48 server bench · node ${process.version}`);
  const seconds = Number(process.env.BENCH_SECONDS ?? 20);
  await benchServer(seconds);
  const url = process.env.BENCH_DATABASE_URL;
  if (url) await benchPostgres(url, seconds);
  else console.log('(BENCH_DATABASE_URL=postgres://… adds the PostgreSQL figures)');
}
