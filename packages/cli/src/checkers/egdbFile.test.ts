/**
 * The endgame database file and its distance table's: written and read back, and each refusal
 * named (missing, foreign, truncated, damaged); a real `checkers engine` given a refused file
 * says why on standard error and plays on without it; `checkers egdb distances` builds a table.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEgdb, buildEgdbDistances, EGDB_HEADER_BYTES } from '@twenty48/checkers';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_EGDB_DISTANCES_PATH,
  egdbDistancesFileBytes,
  egdbDistancesOfFileBytes,
  egdbFileBytes,
  egdbOfFileBytes,
  readEgdbDistancesFile,
  readEgdbFile,
  writeEgdbDistancesFile,
  writeEgdbFile,
} from './egdbFile.js';

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

describe("the database's distance table file", () => {
  // Two kings against one: the 3-piece database's one balance with a side ahead and kings only.
  const table = buildEgdbDistances(db, [[0, 2, 0, 1]]);
  const bytes = egdbDistancesFileBytes(table);
  const dbPath = join(directory, 'three.t48.gz');
  const tablePath = join(directory, 'three.t48.br');
  writeEgdbFile(dbPath, db);
  writeEgdbDistancesFile(tablePath, table);
  const engine = (flags: string[], input: string) =>
    spawnSync(process.execPath, [MAIN, 'engine', '--egdb', dbPath, '--no-book', ...flags], {
      input,
      encoding: 'utf8',
      timeout: 30_000,
    });
  // Red to move with two kings against one: won.
  const WON = 'position fen W:WK32,K28:BK1\ngo depth 6\nquit\n';

  it('reads back what it wrote', () => {
    const read = readEgdbDistancesFile(tablePath);
    expect(read.ok).toBe(true);
    if (read.ok) {
      expect(read.value.materials).toEqual([[0, 2, 0, 1]]);
      const [key] = table.slices.keys();
      const part = read.value.slices.get(key as number);
      expect(
        part && Buffer.from(part).equals(Buffer.from(table.slices.get(key as number) ?? [])),
      ).toBe(true);
    }
  });

  it('names each refusal', () => {
    expect(readEgdbDistancesFile(join(directory, 'none.t48.br'))).toMatchObject({
      ok: false,
      code: 'ERR_EGDB_MISSING',
    });
    expect(egdbDistancesOfFileBytes(good)).toMatchObject({ ok: false, code: 'ERR_EGDB_FOREIGN' });
    expect(egdbDistancesOfFileBytes(bytes.subarray(0, 20))).toMatchObject({
      ok: false,
      code: 'ERR_EGDB_TRUNCATED',
    });
    expect(egdbDistancesOfFileBytes(bytes.subarray(0, bytes.length - 50))).toMatchObject({
      ok: false,
      code: 'ERR_EGDB_TRUNCATED',
    });
    const body = bytes.slice();
    body[40] = (body[40] as number) ^ 0x10;
    expect(egdbDistancesOfFileBytes(body)).toMatchObject({ ok: false, code: 'ERR_EGDB_DAMAGED' });
    const checksum = bytes.slice();
    checksum[20] = (checksum[20] as number) ^ 1;
    expect(egdbDistancesOfFileBytes(checksum)).toMatchObject({
      ok: false,
      code: 'ERR_EGDB_DAMAGED',
    });
  });

  it('a good table: the engine plays the won ending by it, without a search', () => {
    const { stdout, stderr, status } = engine(['--egdb-distances', tablePath], WON);
    expect(stderr).toBe('');
    expect(stdout).toMatch(
      /^info depth 0 score 1\d{4} nodes 0 pv (28|32)-\d+\nbestmove (28|32)-\d+\n$/,
    );
    expect(status).toBe(0);
    // Without it, the same position is searched.
    const searched = engine(['--no-egdb-distances'], WON);
    expect(searched.stdout).toMatch(/^info depth 6 /m);
  });

  it('a refused table: the engine says why and plays on without it', () => {
    const path = join(directory, 'cut.t48.br');
    writeFileSync(path, bytes.subarray(0, bytes.length - 50));
    const { stdout, stderr, status } = engine(['--egdb-distances', path], WON);
    expect(stderr).toMatch(/playing without the distance table: .*\(ERR_EGDB_TRUNCATED\)/);
    expect(stdout).toMatch(/^info depth 6 /m);
    expect(stdout).toMatch(/^bestmove (28|32)-\d+$/m);
    expect(status).toBe(0);
  });

  it('checkers egdb distances: builds the table from a database, or says why not', () => {
    const out = join(directory, 'built.t48.br');
    const built = spawnSync(
      process.execPath,
      [MAIN, 'egdb', 'distances', '--egdb', dbPath, '--out', out],
      { encoding: 'utf8', timeout: 60_000 },
    );
    // The committed balances are of 5 pieces: a 3-piece database holds none of them.
    expect(built.stderr).toMatch(
      /^error: a 3-piece database holds none of the balances 0302 1202 2102 /m,
    );
    expect(built.status).toBe(2);
    expect(existsSync(out)).toBe(false);
    // Given its balance, the command writes the table the library builds, byte for byte.
    const small = spawnSync(
      process.execPath,
      [MAIN, 'egdb', 'distances', '--egdb', dbPath, '--balances', '0201', '--out', out],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(small.stdout).toMatch(
      /^wrote .*built\.t48\.br: \d+ bytes, balances 0201, in [\d.]+ s\n$/,
    );
    expect(small.status).toBe(0);
    expect(readFileSync(out).equals(Buffer.from(bytes))).toBe(true);
    const wrong = spawnSync(
      process.execPath,
      [MAIN, 'egdb', 'distances', '--egdb', dbPath, '--balances', '0102'],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(wrong.stderr).toMatch(/0102: the side ahead \(first\) must have more pieces/);
    expect(wrong.status).not.toBe(0);
    // A database that reads well but is not what its slices solve to: refused, nothing written.
    const tampered = join(directory, 'tampered.t48.gz');
    writeEgdbFile(tampered, { pieces: 3, values: db.values.map((byte) => byte ^ 0xff) });
    const other = join(directory, 'other.t48.br');
    const refused = spawnSync(
      process.execPath,
      [MAIN, 'egdb', 'distances', '--egdb', tampered, '--balances', '0201', '--out', other],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(refused.stderr).toMatch(
      /^error: egdb: the database's 3 pieces: .* is not what it solves to$/m,
    );
    expect(refused.status).toBe(2);
    expect(existsSync(other)).toBe(false);
    const missing = spawnSync(
      process.execPath,
      [MAIN, 'egdb', 'distances', '--egdb', join(directory, 'none.t48.gz'), '--out', out],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(missing.stderr).toMatch(/^error: no database to build from: .*\(ERR_EGDB_MISSING\)$/m);
    expect(missing.status).toBe(2);
  });

  it('the committed table: its balances, and the engine plays a won ending of 5 pieces by it', () => {
    const committed = readEgdbDistancesFile(DEFAULT_EGDB_DISTANCES_PATH);
    expect(committed.ok && committed.value.materials).toEqual([
      [0, 3, 0, 2],
      [1, 2, 0, 2],
      [2, 1, 0, 2],
    ]);
    // Red's man on 5 is held by black's king on 1: won for red, who must free it (the position
    // of a 100 ms match game drawn by the forty moves before the table).
    const { stdout, stderr } = spawnSync(process.execPath, [MAIN, 'engine', '--no-book'], {
      input: 'position fen W:W5,K9,K11:BK1,K31\ngo movetime 100\nquit\n',
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^info depth 0 score 1\d{4} nodes 0 pv (\S+)\nbestmove \S+\n$/);
  });
});
