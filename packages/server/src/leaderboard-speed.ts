/**
 * Server benchmarks (`node packages/server/dist/leaderboard-speed.js`, in `npm run bench`),
 * against a server in a child process on loopback with its limits lifted:
 * - moves served per second, with p50/p99 latency, under autocannon over many games at once;
 * - one game of 1,000 moves played through the API by one client, sequentially (each move
 *   waits for the answer before it) and pipelined (all sent at once with `index`, over six
 *   connections like a browser), with each move's latency.
 * BENCH_SECONDS shortens the load run (default 20).
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
async function serveChild(dbFile: string): Promise<void> {
  const lifted = Number.POSITIVE_INFINITY;
  const server = await startServer({
    port: 0,
    dbFile,
    limits: {
      gamesPerMinute: lifted,
      movesPerSecond: lifted,
      moveBurst: lifted,
      gamesPerClient: lifted,
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
async function benchMoves(url: string, seconds: number): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const games = 2048;
  const ids = await Promise.all(Array.from({ length: games }, () => createGame(agent, url, 4)));
  agent.destroy();
  const counts = new Array<number>(games).fill(0);
  let next = 0;
  const connections = 16;
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
  console.log(
    `POST /api/games/:gameId/moves, ${result.duration} s, ${connections} connections, ${games} games of classic 4x4:`,
  );
  console.log(
    `  ${format(result.requests.average)} moves/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  console.log(
    `  ${format(result['2xx'])} applied, ${format(result.non2xx)} refused (409: games lost before the run ended), ${result.errors} errors, ${result.timeouts} timeouts`,
  );
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

async function benchServer(seconds: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'twenty48-bench-'));
  const dbFile = join(dir, 'bench.db');
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve', dbFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.once('data', (data: Buffer) => resolve(data.toString().trim()));
      child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    });
    await benchFullGame(url, 1000);
    await benchMoves(url, seconds);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') {
  await serveChild(process.argv[3] ?? 'bench.db');
} else {
  console.log(`twenty48 server bench · node ${process.version}`);
  await benchServer(Number(process.env.BENCH_SECONDS ?? 20));
}
