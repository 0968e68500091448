/**
 * Test helper: a throwaway PostgreSQL cluster of our own (Debian's postgresql package:
 * initdb and pg_ctl), in a temporary directory on a free port, that a test may stop and start
 * (an outage) without touching the shared cluster on 5432. As root it runs as `postgres`
 * (PostgreSQL refuses to run as root).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './nginx.js';

/** The newest installed PostgreSQL's programs, or undefined when none is installed. */
function binaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version === undefined ? undefined : join(root, version, 'bin');
}

/** Why the cluster cannot be made here (no binaries, root without a postgres user), or null. */
export function ownPostgresMissing(): string | null {
  if (binaries() === undefined) return 'no PostgreSQL binaries under /usr/lib/postgresql';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root and there is no postgres user to run PostgreSQL as';
    }
  }
  return null;
}

export interface OwnPostgres {
  /** postgres://twenty48@127.0.0.1:PORT/postgres (trust authentication, loopback only). */
  readonly url: string;
  readonly port: number;
  /** `pg_ctl stop -m fast`: connections are ended, the port closes. */
  stop(): void;
  start(): void;
  /** Stop it for good and remove its directory. */
  remove(): void;
}

/**
 * Make and start a cluster. Synchronous (initdb takes a second or two).
 *
 * @example
 * const pg = startOwnPostgres(); … pg.stop(); … pg.start(); … pg.remove();
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binaries();
  if (bin === undefined) throw new Error('no PostgreSQL binaries');
  const dir = mkdtempSync(join(tmpdir(), 'twenty48-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const asOwner = (program: string, args: string[]): void => {
    const command = join(bin, program);
    if (process.getuid?.() === 0) {
      execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
    } else execFileSync(command, args, { stdio: 'pipe' });
  };
  asOwner('initdb', ['-D', data, '-A', 'trust', '-U', 'twenty48', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    asOwner('pg_ctl', ['start', '-w', '-D', data, '-o', options, '-l', join(dir, 'log')]);
  const stop = () => asOwner('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', data]);
  start();
  return {
    url: `postgres://twenty48@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    remove() {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
