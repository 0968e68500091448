/**
 * Server benchmarks (`node packages/server/dist/leaderboard-speed.js`): replays verified per second for
 * 10,000-move games, then submissions per second and p99 latency under autocannon against a
 * server in a child process on loopback. BENCH_SECONDS shortens the load run (default 20).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Game, makeRecord, makeRules, type Rules, recordOf } from '@twenty48/engine';
import { openStore } from '@twenty48/store';
import autocannon from 'autocannon';
import { playCorner } from './corner-player.js';
import { startServer } from './server.js';
import { verifyGame } from './verify.js';

const format = (n: number): string =>
  n.toLocaleString('en', { maximumFractionDigits: n < 100 ? 1 : 0 });

function rulesOf(preset: 'classic' | 'fiveTwelve', size: number): Rules {
  const rules = makeRules(preset, { size });
  if (!rules.ok) throw new Error(rules.error.message);
  return rules.value;
}

/** Verify one record over and over for about a second; print verifications and moves per second. */
function benchVerify(label: string, game: Game): void {
  const issued = {
    gameId: 'bench',
    seed: game.seed,
    rules: game.rules.name,
    size: game.rules.size,
    expiresAt: '2100-01-01T00:00:00.000Z',
  };
  const claim = { record: JSON.parse(makeRecord(recordOf(game))), unfinished: true };
  const first = verifyGame(issued, claim);
  if (!first.ok) throw new Error(`${label}: ${first.error.message}`);
  let count = 0;
  const start = process.hrtime.bigint();
  let seconds = 0;
  while (seconds < 1.5) {
    verifyGame(issued, claim);
    count++;
    seconds = Number(process.hrtime.bigint() - start) / 1e9;
  }
  const perSecond = count / seconds;
  console.log(
    `${label.padEnd(46)} ${format(perSecond).padStart(8)} verified/s ${format(perSecond * game.moves.length).padStart(11)} moves/s`,
  );
}

/** The child process: a server with the rate limits lifted, its URL on stdout. */
async function serveChild(dbFile: string): Promise<void> {
  const server = await startServer({
    port: 0,
    dbFile,
    limits: { scoresPerMinute: Number.POSITIVE_INFINITY, gamesPerMinute: Number.POSITIVE_INFINITY },
  });
  process.stdout.write(`${server.url}\n`);
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

async function benchSubmissions(seconds: number): Promise<void> {
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
    // Finished classic games of the corner player, a few hundred moves each, like real ones.
    const games = Array.from({ length: 50 }, (_, i) => playCorner('classic', `bench-${i}`));
    const bodies = games.map((game) => JSON.parse(makeRecord(recordOf(game))));
    // Seeds are single use: issue enough games up front, through the store, with the seeds of
    // the games above (the API would issue random seeds nobody has a game for).
    const pool = 80_000 * Math.max(1, seconds / 20);
    const opened = openStore({ file: dbFile });
    if (!opened.ok) throw new Error(opened.error.message);
    opened.value.addIssuedGames(
      Array.from({ length: pool }, (_, i) => ({
        gameId: `bench-${i}`,
        seed: games[i % games.length]?.seed ?? 'bench',
        rules: 'classic',
        size: 4,
        expiresAt: '2100-01-01T00:00:00Z',
      })),
    );
    opened.value.close();

    let next = 0;
    const result = await autocannon({
      url,
      connections: 16,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: '/api/scores',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => {
            const i = next++;
            const body = {
              name: `player ${i % 1000}`,
              gameId: `bench-${i}`,
              record: bodies[i % bodies.length],
            };
            return { ...request, body: JSON.stringify(body) };
          },
        },
      ],
    });
    const moves = games.reduce((sum, game) => sum + game.moves.length, 0) / games.length;
    console.log(
      `POST /api/scores, ${result.duration} s, 16 connections, games of ${format(moves)} moves on average:`,
    );
    console.log(
      `  ${format(result.requests.average)} submissions/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
    console.log(
      `  ${format(result['2xx'])} accepted, ${format(result.non2xx)} refused, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
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
  const fiveTwelve = playCorner(rulesOf('fiveTwelve', 8), 'bench-long', 10_000);
  const classic8 = playCorner(rulesOf('classic', 8), 'a', 10_000);
  const classic4 = Array.from({ length: 40 }, (_, i) => playCorner('classic', `long-${i}`)).reduce(
    (best, game) => (game.moves.length > best.moves.length ? game : best),
  );
  benchVerify(`verify fiveTwelve 8x8, ${format(fiveTwelve.moves.length)} moves`, fiveTwelve);
  benchVerify(`verify classic 8x8, ${format(classic8.moves.length)} moves`, classic8);
  benchVerify(`verify classic 4x4 (finished), ${format(classic4.moves.length)} moves`, classic4);
  await benchSubmissions(Number(process.env.BENCH_SECONDS ?? 20));
}
