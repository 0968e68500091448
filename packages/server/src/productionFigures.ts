/**
 * Figures of running in production (`node packages/server/dist/productionFigures.js`), each on a
 * PostgreSQL cluster of its own (testing/ownPostgres.ts: Debian's initdb and pg_ctl, a free
 * port, fsync off) so the shared one is never stopped:
 * - outage: how long requests take to fail once PostgreSQL is stopped, and to recover after;
 * - bytes per move: `pg_total_relation_size` of the moves table (rows, primary key, TOAST)
 *   over the moves kept;
 * - rolling restart: two `2048 serve` processes on one database behind nginx, restarted one at
 *   a time (SIGTERM, wait, start again) under keep-alive clients playing moves through nginx:
 *   502s, resets and other failures counted, and every answered move checked kept.
 * FIGURES=outage,bytes,rolling picks some (default all); ROLLING_CLIENTS (32), ROLLING_RUNS
 * (1), BYTES_MOVES (20000); ROLLING_PROCEDURE picks how each server is restarted:
 * - `retry` (the README's): SIGTERM alone, nginx passing a request whose connection failed to
 *   the other server, POSTs too (`proxy_next_upstream error timeout non_idempotent`: a move
 *   carries its index, so one sent twice is answered the same and applied once);
 * - `sigterm`: SIGTERM alone, nginx's default retries (not a POST once sent);
 * - `down`: marked down in nginx and nginx reloaded first, then SIGTERM.
 */
import { Agent } from 'node:http';
import type { CreateGameAnswer, MoveAnswer } from '@twenty48/common';
import postgres from 'postgres';
import { startServer } from './server.js';
import { hasNginx } from './testing/nginx.js';
import { type OwnPostgres, ownPostgresMissing, startOwnPostgres } from './testing/ownPostgres.js';
import {
  call,
  isProcedure,
  PROCEDURES,
  type RunTally,
  rollingRestart,
} from './testing/rollingRestart.js';

const CYCLE = ['down', 'left', 'down', 'right'] as const;
const LIFTED = {
  movesPerSecond: Number.POSITIVE_INFINITY,
  moveBurst: Number.POSITIVE_INFINITY,
  gamesPerMinute: Number.POSITIVE_INFINITY,
  gamesPerPlayer: 1000,
  gamesPerAddress: 1000,
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const stats = (values: number[]): string => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `min ${at(0).toFixed(0)} ms, median ${at(0.5).toFixed(0)} ms, max ${at(1).toFixed(0)} ms`;
};

async function outage(pg: OwnPostgres): Promise<void> {
  const server = await startServer({ port: 0, database: pg.url, webRoot: '/none', limits: LIFTED });
  try {
    const created = JSON.parse(
      (await call(undefined, `${server.url}/api/games`, { rules: 'classic', size: 8 })).body,
    ) as CreateGameAnswer;
    let index = 0;
    const move = () =>
      call(undefined, `${server.url}/api/games/${created.gameId}/moves`, {
        direction: CYCLE[index % 4],
        index,
      });
    for (; index < 10; index++) await move();
    pg.stop();
    const stopped = performance.now();
    const failing: number[] = [];
    const statuses = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const reply = i % 2 ? await call(undefined, `${server.url}/api/scores`) : await move();
      failing.push(performance.now() - started);
      statuses.add(reply.status);
      if (i === 0) console.log(`  first answer: ${reply.status} ${reply.body}`);
      if (process.env.FIGURES_VERBOSE)
        console.log(
          `  ${i % 2 ? 'scores' : 'move'} ${reply.status} ${(failing.at(-1) ?? 0).toFixed(0)} ms`,
        );
    }
    console.log(
      `outage: 20 requests (moves and score tables) while PostgreSQL is stopped: ${stats(failing)}; statuses ${[...statuses].join(', ')}; ${((performance.now() - stopped) / 1000).toFixed(1)} s in all`,
    );
    pg.start();
    const restarted = performance.now();
    for (;;) {
      const reply = await move();
      if (reply.status === 200) break;
      await sleep(50);
    }
    console.log(
      `outage: PostgreSQL started again; the first move answered 200 after ${(performance.now() - restarted).toFixed(0)} ms (no server restart)`,
    );
  } finally {
    await server.close();
  }
}

async function bytesPerMove(pg: OwnPostgres): Promise<void> {
  const target = Number(process.env.BYTES_MOVES ?? 20_000);
  const server = await startServer({ port: 0, database: pg.url, webRoot: '/none', limits: LIFTED });
  const sql = postgres(pg.url, { max: 1, onnotice: () => {}, fetch_types: false });
  try {
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    let kept = 0;
    const games = 40;
    await Promise.all(
      Array.from({ length: games }, async () => {
        const created = JSON.parse(
          (await call(agent, `${server.url}/api/games`, { rules: 'classic', size: 8 })).body,
        ) as CreateGameAnswer;
        for (let index = 0; kept < target; index++) {
          const reply = await call(agent, `${server.url}/api/games/${created.gameId}/moves`, {
            direction: CYCLE[index % 4],
            index,
          });
          const answer = JSON.parse(reply.body) as MoveAnswer;
          if (answer.status === 'lost') return;
          if (answer.moved) kept++;
        }
      }),
    );
    await sql`VACUUM ANALYZE ranked_moves`;
    const [row] = await sql<{ rows: string; total: string; heap: string; indexes: string }[]>`
      SELECT count(*) AS rows, pg_total_relation_size('ranked_moves') AS total,
             pg_relation_size('ranked_moves') AS heap, pg_indexes_size('ranked_moves') AS indexes
      FROM ranked_moves`;
    const rows = Number(row?.rows);
    const per = (bytes: unknown) => (Number(bytes) / rows).toFixed(1);
    console.log(
      `bytes per move: ${rows} moves kept in ${games} games: ${per(row?.total)} bytes a move in all (${per(row?.heap)} rows + ${per(row?.indexes)} primary key), pg_total_relation_size('ranked_moves') = ${row?.total}`,
    );
  } finally {
    await sql.end();
    await server.close();
  }
}

const missing = ownPostgresMissing();
if (missing !== null) {
  console.log(`no figures: ${missing}`);
  process.exit(0);
}
const wanted = (process.env.FIGURES ?? 'outage,bytes,rolling').split(',');
console.log(
  `node ${process.version}, load average ${(await import('node:os'))
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
/** Rolling restarts, `ROLLING_RUNS` of them, each on a cluster of its own; one line each. */
async function rolling(): Promise<void> {
  const procedure = process.env.ROLLING_PROCEDURE ?? 'retry';
  if (!isProcedure(procedure)) {
    throw new Error(`ROLLING_PROCEDURE=${procedure}: one of ${Object.keys(PROCEDURES).join(', ')}`);
  }
  const clients = Number(process.env.ROLLING_CLIENTS ?? 32);
  const runs = Number(process.env.ROLLING_RUNS ?? 1);
  const tallies: RunTally[] = [];
  for (let at = 1; at <= runs; at++) {
    const pg = await startOwnPostgres();
    try {
      const tally = await rollingRestart(pg.url, {
        clients,
        procedure,
        log: (line) => console.log(`  server: ${line}`),
      });
      tallies.push(tally);
      const restarts = tally.restarts
        .map(
          (r, i) =>
            `server ${i + 1} exited ${r.drainedMs.toFixed(0)} ms after SIGTERM, ready again at ${r.readyMs.toFixed(0)} ms`,
        )
        .join('; ');
      console.log(
        `rolling ${at}: ${clients} keep-alive clients through nginx for ${tally.seconds.toFixed(1)} s, two servers restarted one at a time (${PROCEDURES[procedure]}): answers/errors ${JSON.stringify(tally.counts)}; games whose last answered move is not kept: ${tally.lost}; ${restarts}; nginx's errors other than refused connects: ${tally.nginxErrors.length} (${[...new Set(tally.nginxErrors)].join(' | ')})`,
      );
    } finally {
      pg.remove();
    }
  }
  const column = (key: keyof RunTally) => tallies.map((tally) => tally[key]).join(' ');
  console.log(
    `rolling, ${runs} runs (${procedure}, ${clients} clients): moves answered ${column('answered')}; 502s ${column('badGateway')}; other statuses ${column('otherStatus')}; creates refused at the start ${column('createRefused')}; resets ${column('resets')}; lost ${column('lost')}; runs with no 502 and no reset: ${tallies.filter((tally) => tally.badGateway + tally.resets === 0).length} of ${runs}`,
  );
}

for (const [name, run] of [
  ['outage', outage],
  ['bytes', bytesPerMove],
] as const) {
  if (!wanted.includes(name)) continue;
  const pg = await startOwnPostgres();
  try {
    await run(pg);
  } finally {
    pg.remove();
  }
}
if (wanted.includes('rolling')) {
  if (hasNginx()) await rolling();
  else console.log('rolling: skipped, no /usr/sbin/nginx');
}
process.exit(0);
