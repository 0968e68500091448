/**
 * `2048 serve` as a process: a password given in --db does not stay in `ps` (Linux's
 * /proc/PID/cmdline, which ps reads). The database is a listener that says nothing, so the
 * server waits at its connect deadline long enough to be looked at.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/2048.js', import.meta.url));

describe.runIf(existsSync('/proc/self/cmdline'))(
  '2048 serve --db with a password',
  { timeout: 30_000 },
  () => {
    it('renames its process so that ps shows *** instead, and says how to avoid it', async () => {
      const sockets: Socket[] = [];
      const silent = createServer((socket) => sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const address = silent.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const child = spawn(
        process.execPath,
        [
          BIN,
          'serve',
          '--port',
          '0',
          '--db',
          `postgres://ada:hunter2secret@127.0.0.1:${port}/scores`,
          '--db-connect-timeout-ms',
          '4000',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      child.stderr.on('data', (data: Buffer) => {
        stderr += data.toString();
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      for (let tries = 0; !stderr.includes('password') && tries < 200; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const shown = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      expect(shown).toContain('postgres://ada:***@127.0.0.1');
      expect(shown).not.toContain('hunter2secret');
      expect(stderr).toMatch(/give it in DATABASE_URL, --db-url-file FILE or ~\/\.pgpass/);
      expect(await exited).toBe(1);
      expect(stderr).toMatch(/accepts connections but says nothing .*\(ERR_DB_OPEN\)/);
      expect(stderr).not.toContain('hunter2secret');
      for (const socket of sockets) socket.destroy();
      silent.close();
    });
  },
);
