/**
 * The endgame database file: written and read back, and each refusal named (missing, foreign,
 * truncated, damaged); a real `checkers engine` given a refused file says why on standard error
 * and plays on without it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEgdb, EGDB_HEADER_BYTES } from '@twenty48/checkers';
import { afterAll, describe, expect, it } from 'vitest';
import { egdbFileBytes, egdbOfFileBytes, readEgdbFile, writeEgdbFile } from './egdbFile.js';

const MAIN = fileURLToPath(new URL('../../dist/checkers/main.js', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'egdb-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const db = buildEgdb(3);
const good = egdbFileBytes(db);

describe('the endgame database file', () => {
  it('reads back what it wrote', () => {
    const path = join(directory, 'good.t48.gz');
    writeEgdbFile(path, db);
    const read = readEgdbFile(path);
    expect(read.ok).toBe(true);
    if (read.ok) expect(Buffer.from(read.value.values).equals(Buffer.from(db.values))).toBe(true);
  });

  it('names each refusal', () => {
    expect(readEgdbFile(join(directory, 'none.t48.gz'))).toMatchObject({
      ok: false,
      code: 'ERR_EGDB_MISSING',
    });
    const foreign = good.slice();
    foreign.set(new TextEncoder().encode('GIF89a'), 0);
    expect(egdbOfFileBytes(foreign)).toMatchObject({ ok: false, code: 'ERR_EGDB_FOREIGN' });
    expect(
      egdbOfFileBytes(new TextEncoder().encode('{"hello": "world"} and more text')),
    ).toMatchObject({
      ok: false,
      code: 'ERR_EGDB_FOREIGN',
    });
    expect(egdbOfFileBytes(good.subarray(0, 10))).toMatchObject({
      ok: false,
      code: 'ERR_EGDB_TRUNCATED',
    });
    expect(egdbOfFileBytes(good.subarray(0, good.length - 100))).toMatchObject({
      ok: false,
      code: 'ERR_EGDB_TRUNCATED',
    });
    // A flipped bit in the compressed values, and one in the header's checksum.
    const body = good.slice();
    body[EGDB_HEADER_BYTES + 200] = (body[EGDB_HEADER_BYTES + 200] as number) ^ 0x10;
    expect(egdbOfFileBytes(body)).toMatchObject({ ok: false, code: 'ERR_EGDB_DAMAGED' });
    const checksum = good.slice();
    checksum[16] = (checksum[16] as number) ^ 1;
    expect(egdbOfFileBytes(checksum)).toMatchObject({ ok: false, code: 'ERR_EGDB_DAMAGED' });
  });

  it('a refused file: the engine says why and plays on without it', () => {
    if (!existsSync(MAIN)) throw new Error(`build first: ${MAIN} is missing (npm run build)`);
    const path = join(directory, 'cut.t48.gz');
    writeFileSync(path, good.subarray(0, good.length / 2));
    const { stdout, stderr, status } = spawnSync(
      process.execPath,
      [MAIN, 'engine', '--egdb', path, '--no-book'],
      {
        input: 'position fen W:WK32,K28:BK1\ngo depth 4\nquit\n',
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(stderr).toMatch(/playing without the endgame database: .*\(ERR_EGDB_TRUNCATED\)/);
    expect(stdout).toMatch(/^bestmove (28|32)-\d+$/m);
    expect(status).toBe(0);
  });

  it('a good file: the engine scores a won ending as won', () => {
    const path = join(directory, 'good.t48.gz');
    const { stdout, stderr } = spawnSync(
      process.execPath,
      [MAIN, 'engine', '--egdb', path, '--no-book'],
      {
        input: 'position fen W:WK32,K28:BK1\ngo depth 2\nquit\n',
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(stderr).toBe('');
    const last =
      stdout
        .split('\n')
        .filter((line) => line.startsWith('info'))
        .at(-1) ?? '';
    expect(Number(/score (-?\d+)/.exec(last)?.[1])).toBeGreaterThan(10_000);
  });
});
