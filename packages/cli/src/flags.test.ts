import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { classic, tiers } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import {
  parseDelayFlag,
  parseGoalFlag,
  parseRulesFlag,
  parseSeedFlag,
  parseSizeFlag,
  rulesFromFlags,
} from './flags.js';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

describe('flag parsers', () => {
  it.each([
    [parseSizeFlag, '5', 5],
    [parseSizeFlag, '2', 2],
    [parseGoalFlag, '512', 512],
    [parseRulesFlag, 'tiers', 'tiers'],
    [parseSeedFlag, 'my-seed_1', 'my-seed_1'],
    [parseDelayFlag, '0', 0],
  ] as const)('%o accepts %s', (parse, text, value) => {
    expect((parse as (text: string) => unknown)(text)).toBe(value);
  });

  it.each([
    [parseSizeFlag, '0'],
    [parseSizeFlag, '9'],
    [parseSizeFlag, '4.5'],
    [parseSizeFlag, ''],
    [parseGoalFlag, '500'],
    [parseGoalFlag, '2'],
    [parseRulesFlag, 'chess'],
    [parseSeedFlag, 'a b'],
    [parseDelayFlag, '-1'],
    [parseDelayFlag, '1e3'],
  ] as const)('%o refuses %s', (parse, text) => {
    expect(() => (parse as (text: string) => unknown)(text)).toThrow();
  });

  it('turns flags into checked rules', () => {
    expect(rulesFromFlags({ rules: 'classic', size: 5, goal: 512 })).toEqual({
      ok: true,
      value: { ...classic, size: 5, goal: 512 },
    });
    expect(rulesFromFlags({ rules: 'tiers' })).toEqual({ ok: true, value: tiers });
  });
});

describe('bad flags on the command line', () => {
  it.each([
    [
      ['play', '--size', '0'],
      /^error: option '--size <n>' argument '0' is invalid\. size must be 2 to 8$/,
    ],
    [
      ['play', '--rules', 'chess'],
      /^error: option '--rules <name>' argument 'chess' is invalid\. unknown rules "chess"/,
    ],
    [['play', '--seed', 'a b'], /^error: option '--seed <seed>' argument 'a b' is invalid\./],
    [['auto', '--delay', '-1'], /^error: option '--delay <ms>' argument '-1' is invalid\./],
    [['auto', '--ai', 'oracle'], /^error: option '--ai <player>' argument 'oracle' is invalid\./],
    [['play', '--bogus'], /^error: unknown option '--bogus'/],
    [['xyzzy'], /^error: unknown command 'xyzzy'$/],
  ])('%j: one named line on stderr, exit code 2', (args, message) => {
    const result = spawnSync(process.execPath, [MAIN, ...args], {
      encoding: 'utf8',
      input: '',
      env: { ...process.env, TWENTY48_DATA_DIR: mkdtempSync(join(tmpdir(), 'twenty48-flags-')) },
    });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr.trim()).toMatch(message);
  });
});
