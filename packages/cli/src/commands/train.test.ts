import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readNetwork } from '@twenty48/ai/node';
import { describe, expect, it } from 'vitest';
import {
  parseDowngrade,
  parseLambda,
  parseRate,
  parseRestart,
  parseStage,
  trainCommand,
} from './train.js';

describe('2048 train', () => {
  const dir = mkdtempSync(join(tmpdir(), 'train-cli-'));
  const out = join(dir, 'net.t48n');
  const run = async (games: number, resume?: string) => {
    const err: string[] = [];
    const code = await trainCommand(
      { games, workers: 1, seed: 't', out, ...(resume ? { resume } : {}) },
      { err: (t) => err.push(t), tty: false },
    );
    return { code, err: err.join('') };
  };

  it('trains, writes the network with its games, and goes on with --resume', async () => {
    const first = await run(3);
    expect(first.code).toBe(0);
    expect(first.err).toMatch(
      /^games 3\/3 {2}[\d.]+ games\/s \d+ moves\/s {2}last 1000: mean \d+ 2048 /m,
    );
    expect(first.err).toMatch(
      new RegExp(`trained at 3 games in \\d+ s; the network is in ${out}\\n$`),
    );
    const resumed = await run(5, out);
    expect(resumed.code).toBe(0);
    const read = readNetwork(out);
    expect(read.ok && read.games).toBe(5);
    expect(read.ok && read.value.shape.tuples).toHaveLength(4);
  }, 120_000);

  it('refuses to resume from what is not a checkpoint, by name (exit 1)', async () => {
    const foreign = join(dir, 'notes.txt');
    writeFileSync(foreign, 'not a network');
    const result = await run(5, foreign);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^error: ERR_TRAIN_RESUME: ERR_NETWORK_FOREIGN: /);
  });

  it('reads --rate and --lambda as numbers in range, naming what is wrong', () => {
    expect(parseRate('0.1')).toBe(0.1);
    expect(parseLambda('0.5')).toBe(0.5);
    expect(parseLambda('0')).toBe(0);
    expect(() => parseLambda('1')).toThrow('lambda must be at least 0 and below 1');
    expect(() => parseLambda('-0.5')).toThrow('lambda must be at least 0 and below 1');
    expect(() => parseLambda('half')).toThrow('lambda must be at least 0 and below 1');
    expect(() => parseRate('0')).toThrow('rate must be above 0 and at most 1');
  });

  it('reads --restart as 0 or a tile from 8 to 65536, naming what is wrong', () => {
    expect(parseRestart('16384')).toBe(16384);
    expect(parseRestart('8')).toBe(8);
    expect(parseRestart('0')).toBe(0);
    for (const bad of ['1000', '4', '131072', '-8', '16384.0', 'big', ''])
      expect(() => parseRestart(bad)).toThrow('restart must be 0 or a tile from 8 to 65536');
  });

  it('reads --downgrade as 0 or a tile from 8 to 16384, naming what is wrong', () => {
    expect(parseDowngrade('4096')).toBe(4096);
    expect(parseDowngrade('8')).toBe(8);
    expect(parseDowngrade('0')).toBe(0);
    for (const bad of ['4', '32768', '3000', '-8', '4096.0', 'half', ''])
      expect(() => parseDowngrade(bad)).toThrow('downgrade must be 0 or a tile from 8 to 16384');
  });

  it('reads --stage as 0 or a tile from 8 to 32768, naming what is wrong', () => {
    expect(parseStage('16384')).toBe(16384);
    expect(parseStage('8')).toBe(8);
    expect(parseStage('0')).toBe(0);
    for (const bad of ['4', '65536', '3000', '-8', '8192.0', 'late', ''])
      expect(() => parseStage(bad)).toThrow('stage must be 0 or a tile from 8 to 32768');
  });
});
