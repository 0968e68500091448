import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningServer, ServerStartError, startServer } from './server.js';

let dir: string;
let blocker: Server | undefined;
let running: RunningServer | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'twenty48-start-'));
});
afterEach(async () => {
  await running?.close();
  running = undefined;
  await new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve()));
  blocker = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** A port something else listens on, on 127.0.0.1. */
function occupiedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    blocker = createServer();
    blocker.once('error', reject);
    blocker.listen(0, '127.0.0.1', () => {
      const address = blocker?.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

/** Why `startServer` refused: its code, or 'started'. */
async function refusal(start: Promise<RunningServer>): Promise<string> {
  try {
    running = await start;
    return 'started';
  } catch (error) {
    if (!(error instanceof ServerStartError)) throw error;
    return error.code;
  }
}

describe('a start that fails', { timeout: 30_000 }, () => {
  it('on a port in use is ERR_LISTEN and creates neither the database nor its directory', async () => {
    const port = await occupiedPort();
    const dbFile = join(dir, 'new', 'data', 'board.db');
    expect(await refusal(startServer({ port, dbFile, webRoot: dir }))).toBe('ERR_LISTEN');
    expect(existsSync(join(dir, 'new'))).toBe(false);
  });

  it('on a damaged database names it and frees the port it had bound', async () => {
    const port = await occupiedPort();
    await new Promise<void>((resolve) => blocker?.close(() => resolve()));
    blocker = undefined;
    const notes = join(dir, 'notes.db');
    writeFileSync(notes, 'not a database, just notes\n'.repeat(50));
    expect(await refusal(startServer({ port, dbFile: notes, webRoot: dir }))).toBe(
      'ERR_DB_CORRUPT',
    );
    // The port is free again: a good start on it works.
    const good = join(dir, 'good.db');
    expect(await refusal(startServer({ port, dbFile: good, webRoot: dir }))).toBe('started');
    expect(running?.url).toBe(`http://127.0.0.1:${port}`);
  });
});
