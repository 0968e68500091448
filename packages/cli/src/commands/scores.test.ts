import { spawnSync } from 'node:child_process';
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newGame, recordOf, step } from '@twenty48/engine';
import { DB_FILE_NAME, openStore } from '@twenty48/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'twenty48-scores-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** A data directory whose database holds `count` classic 4x4 scores, 0 to count - 1. */
function withScores(count: number): string {
  const opened = openStore({ dataDir });
  if (!opened.ok) throw new Error(opened.error.message);
  const record = recordOf(step(newGame('classic', 'scores'), 'left').game);
  for (let i = 0; i < count; i++) {
    opened.value.addScore({ name: `player ${i}`, record, score: i, maxTile: 4, finished: true });
  }
  opened.value.close();
  return join(dataDir, DB_FILE_NAME);
}

const scores = (...args: string[]) =>
  spawnSync(process.execPath, [MAIN, 'scores', '--data-dir', dataDir, ...args], {
    encoding: 'utf8',
    input: '',
  });

describe('2048 scores', { timeout: 30_000 }, () => {
  it('prints the table, best first', () => {
    withScores(12);
    const result = scores('--limit', '3');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/High scores · classic 4x4\n.*\n\s+1 {2}player 11\s+11/);
    expect(result.stdout).toContain('player 9');
    expect(result.stdout).not.toContain('player 8');
  });

  it('names a damaged page behind a valid header as ERR_DB_CORRUPT and leaves the file as it is', () => {
    const file = withScores(200);
    // The last page is in use (a leaf of the scores or their index): garbage over all of it.
    const pageSize = 4096;
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, statSync(file).size - pageSize);
    closeSync(fd);
    const before = readFileSync(file);
    const result = scores();
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('ERR_DB_CORRUPT');
    expect(result.stderr).toContain(file);
    expect(result.stderr).toMatch(/damaged/);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readdirSync(dataDir)).toEqual([DB_FILE_NAME]);
  });
});
