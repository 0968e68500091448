import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { errorCode, errorMessage } from '@twenty48/common';
import { fail, ok, type Result } from '@twenty48/engine';
import type { StoreError } from './types.js';

/** Who holds a database: written in its lock file. */
interface Holder {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
}

/** A lock held: `release()` removes the lock file (if it is still ours). */
export interface ServerLock {
  readonly file: string;
  release(): void;
}

const isHolder = (value: unknown): value is Holder =>
  typeof value === 'object' &&
  value !== null &&
  'pid' in value &&
  typeof value.pid === 'number' &&
  'host' in value &&
  typeof value.host === 'string';

function readHolder(file: string): Holder | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isHolder(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Whether process `pid` of this machine still runs (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

/**
 * Make this process the one server of the SQLite file `database`: a lock file beside it
 * (`FILE.lock`, created exclusively, holding the pid, host and start time). A lock left by a
 * process of this machine that no longer runs (kill -9, a crash) is taken over; one held by a
 * running server, or by another machine, is ERR_DB_LOCKED naming the holder. Two servers on one
 * SQLite file would wait on each other's writes (a shared game stalls); PostgreSQL is the way to
 * run several.
 *
 * @example
 * const lock = lockServer('/srv/twenty48.db'); if (lock.ok) … lock.value.release();
 */
export function lockServer(database: string): Result<ServerLock, StoreError> {
  const file = `${database}.lock`;
  const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${JSON.stringify(me)}\n`, { flag: 'wx', mode: 0o600 });
      return ok({
        file,
        release() {
          const holder = readHolder(file);
          if (holder?.pid === me.pid && holder.host === me.host) unlinkSync(file);
        },
      });
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') {
        return fail('ERR_DB_OPEN', `cannot make the lock file ${file}: ${errorMessage(error)}`);
      }
    }
    const holder = readHolder(file);
    const stale = holder !== undefined && holder.host === me.host && !isRunning(holder.pid);
    if (!stale) {
      const who = holder
        ? `process ${holder.pid} on ${holder.host} (since ${holder.since})`
        : 'another process';
      return fail(
        'ERR_DB_LOCKED',
        `${database} is served by ${who}: one server per SQLite file (use PostgreSQL for several). If no server runs, remove ${file}`,
      );
    }
    try {
      unlinkSync(file);
    } catch {
      // Another starting server took it over first: try again, and meet its lock.
    }
  }
  return fail('ERR_DB_LOCKED', `${database}: its lock file ${file} keeps changing`);
}
