/**
 * Test helper, run as a child process: a server on `argv[2]` (a database URL or file) with the
 * move limits lifted, its URL on stdout; SIGTERM drains and closes it (requests in flight
 * answered), then it exits 0. `argv[3]`, if any, is JSON of more server options.
 */
import { startServer } from '../server.js';

const more = JSON.parse(process.argv[3] ?? '{}') as Record<string, unknown>;
const server = await startServer({
  port: 0,
  database: process.argv[2] ?? '',
  webRoot: '/nonexistent',
  ...more,
  limits: {
    movesPerSecond: Number.POSITIVE_INFINITY,
    moveBurst: Number.POSITIVE_INFINITY,
    ...(typeof more.limits === 'object' ? more.limits : {}),
  },
});
process.stdout.write(`${server.url}\n`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
