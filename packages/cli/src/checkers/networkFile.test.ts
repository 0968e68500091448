/**
 * The evaluation network on disk: the committed file reads, each refusal is named (missing, foreign,
 * truncated, damaged, gzipped or not), and a real `checkers engine` given a refused file says
 * why on standard error and plays on with the evaluation alone.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { makeNetworkFile, NETWORK_INPUTS } from '@twenty48/checkers';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_NETWORK_PATH, readNetworkFile } from './networkFile.js';

const MAIN = fileURLToPath(new URL('../../dist/checkers/main.js', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'network-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const hidden = 4;
const raw = makeNetworkFile(
  {
    hidden,
    w1: new Float32Array(NETWORK_INPUTS * hidden).fill(0.5),
    b1: new Float32Array(hidden),
    w2: Float32Array.of(1, 2, 3, 4),
    b2: 3,
  },
  { command: 'test' },
);
const packed = gzipSync(raw);

const write = (name: string, bytes: Uint8Array): string => {
  const path = join(directory, name);
  writeFileSync(path, bytes);
  return path;
};

describe('the evaluation network on disk', () => {
  it('reads the committed network, and a file gzipped or not', () => {
    const committed = readNetworkFile(DEFAULT_NETWORK_PATH);
    expect(committed.ok).toBe(true);
    if (committed.ok) expect(committed.value.network.hidden).toBeGreaterThan(0);
    for (const bytes of [raw, packed]) {
      const read = readNetworkFile(write('good.t48c', bytes));
      expect(read.ok && read.value.network.b2).toBe(3);
    }
  });

  it('names each refusal', () => {
    expect(readNetworkFile(join(directory, 'absent.t48c.gz'))).toMatchObject({
      ok: false,
      code: 'ERR_NETWORK_MISSING',
    });
    expect(readNetworkFile(write('foreign', gzipSync(Buffer.from('hello'))))).toMatchObject({
      code: 'ERR_NETWORK_FOREIGN',
    });
    expect(readNetworkFile(write('cut.gz', packed.subarray(0, packed.length / 2)))).toMatchObject({
      code: 'ERR_NETWORK_TRUNCATED',
    });
    expect(readNetworkFile(write('cut', raw.subarray(0, raw.length / 2)))).toMatchObject({
      code: 'ERR_NETWORK_TRUNCATED',
    });
    const flipped = raw.slice();
    flipped[raw.length - 10] = (flipped[raw.length - 10] as number) ^ 0x40;
    expect(readNetworkFile(write('flipped', gzipSync(flipped)))).toMatchObject({
      code: 'ERR_NETWORK_DAMAGED',
    });
    const stream = Buffer.from(packed); // a copy (a Buffer's slice would share packed's bytes)
    stream[20] = (stream[20] as number) ^ 0xff;
    stream[21] = (stream[21] as number) ^ 0xff;
    expect(readNetworkFile(write('stream.gz', stream)).ok).toBe(false);
  });

  it('a refused file: the engine says why and plays on without it', () => {
    if (!existsSync(MAIN)) throw new Error(`build first: ${MAIN} is missing (npm run build)`);
    const path = write('cut.t48c.gz', packed.subarray(0, Math.floor(packed.length / 2)));
    const { stdout, stderr, status } = spawnSync(
      process.execPath,
      [MAIN, 'engine', '--network', path, '--no-egdb', '--no-book'],
      {
        input: 'isready\nposition startpos\ngo depth 4\nquit\n',
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(stderr).toMatch(/playing without the evaluation network: .*\(ERR_NETWORK_TRUNCATED\)/);
    expect(stdout).toMatch(/^readyok$/m);
    expect(stdout).toMatch(/^bestmove \d+-\d+$/m);
    expect(status).toBe(0);
  });
});
