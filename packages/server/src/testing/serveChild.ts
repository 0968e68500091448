/**
 * Test helper, run as a child process: a server on `argv[2]` (a database URL or file) with the
 * move limits lifted, its URL on stdout; SIGTERM closes it (requests in flight answered).
 */
import { startServer } from '../server.js';

const server = await startServer({
  port: 0,
  database: process.argv[2] ?? '',
  webRoot: '/nonexistent',
  limits: { movesPerSecond: Number.POSITIVE_INFINITY, moveBurst: Number.POSITIVE_INFINITY },
});
process.stdout.write(`${server.url}\n`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
