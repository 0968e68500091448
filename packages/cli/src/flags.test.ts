import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLAYER_NAMES } from '@twenty48/ai';
import { classic, tiers } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import {
  parseAiFlag,
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
    [parseAiFlag, 'expectimax', 'expectimax'],
    [parseAiFlag, 'greedy', 'greedy'],
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
    [parseAiFlag, 'oracle'],
    [parseAiFlag, 'Greedy'],
  ] as const)('%o refuses %s', (parse, text) => {
    expect(() => (parse as (text: string) => unknown)(text)).toThrow();
  });

  it('names what it refuses and what to try instead', () => {
    expect(() => parseRulesFlag('chess')).toThrow(
      'unknown rules "chess": try classic, fiveTwelve, tiers',
    );
    expect(() => parseAiFlag('oracle')).toThrow(
      `unknown ai "oracle": try ${PLAYER_NAMES.join(', ')}`,
    );
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
      /^error: option '--size <n>' argument '0' is invalid\. size must be 2 to 8 \(ERR_INVALID_ARGUMENT\)$/,
    ],
    [
      ['play', '--rules', 'chess'],
      /^error: option '--rules <name>' argument 'chess' is invalid\. unknown rules "chess".* \(ERR_INVALID_ARGUMENT\)$/,
    ],
    [
      ['play', '--seed', 'a b'],
      /^error: option '--seed <seed>' argument 'a b' is invalid\..*\(ERR_INVALID_ARGUMENT\)$/,
    ],
    [['play', '--goal', '500'], /goal must be a power of two.*\(ERR_INVALID_ARGUMENT\)$/],
    [
      ['auto', '--delay', '-1'],
      /^error: option '--delay <ms>' argument '-1' is invalid\..*\(ERR_INVALID_ARGUMENT\)$/,
    ],
    [
      ['auto', '--ai', 'oracle'],
      /^error: option '--ai <player>' argument 'oracle' is invalid\..*\(ERR_INVALID_ARGUMENT\)$/,
    ],
    [
      ['auto', '--depth', '3'],
      /^error: --depth and --ms apply to expectimax and ntuple, not greedy \(ERR_USAGE\)$/,
    ],
    [
      ['auto', '--ai', 'expectimax', '--depth', '0'],
      /^error: expectimax searches at depth 1 or more \(0 is ntuple's\) \(ERR_USAGE\)$/,
    ],
    [['auto', '--record', '/nonexistent/dir/g.json'], /no such directory \(ERR_RECORD_WRITE\)$/],
    [['auto', '--depth', '11'], /depth must be 0 to 10 \(ERR_INVALID_ARGUMENT\)$/],
    [['auto', '--ms', '1e3'], /ms must be a whole number \(ERR_INVALID_ARGUMENT\)$/],
    [['replay'], /^error: missing required argument 'file' \(ERR_MISSING_ARGUMENT\)$/],
    [['replay', 'a.json', 'b.json'], /too many arguments.*\(ERR_EXCESS_ARGUMENTS\)$/],
    [['scores', '--data-dir', ''], /data-dir must not be empty \(ERR_INVALID_ARGUMENT\)$/],
    [['play', '--data-dir', ''], /data-dir must not be empty \(ERR_INVALID_ARGUMENT\)$/],
    [['scores', '--limit', '101'], /limit must be 1 to 100 \(ERR_INVALID_ARGUMENT\)$/],
    [['play', '--bogus'], /^error: unknown option '--bogus'.*\(ERR_UNKNOWN_OPTION\)$/],
    [
      ['play', '--size'],
      /^error: option '--size <n>' argument missing \(ERR_OPTION_MISSING_ARGUMENT\)$/,
    ],
    [['xyzzy'], /^error: unknown command 'xyzzy' \(ERR_UNKNOWN_COMMAND\)$/],
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
