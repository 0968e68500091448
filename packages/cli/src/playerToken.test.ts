import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isPlayerToken } from '@twenty48/common';
import { describe, expect, it } from 'vitest';
import { PLAYER_TOKEN_FILE, playerTokenIn } from './playerToken.js';

describe('the terminal’s player token', () => {
  it('is made once, kept in the data directory for its owner only, and read back', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'twenty48-token-')), 'data');
    const token = playerTokenIn(dir);
    expect(isPlayerToken(token)).toBe(true);
    const file = join(dir, PLAYER_TOKEN_FILE);
    expect(readFileSync(file, 'utf8')).toBe(`${token}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(playerTokenIn(dir)).toBe(token);
  });

  it('replaces a damaged file, and lives without one when the directory refuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'twenty48-token-'));
    writeFileSync(join(dir, PLAYER_TOKEN_FILE), '\x1b[31m not a token');
    const made = playerTokenIn(dir);
    expect(isPlayerToken(made)).toBe(true);
    expect(playerTokenIn(dir)).toBe(made);
    const file = join(mkdtempSync(join(tmpdir(), 'twenty48-token-')), 'a-file');
    writeFileSync(file, '');
    chmodSync(file, 0o400);
    expect(isPlayerToken(playerTokenIn(join(file, 'under-a-file')))).toBe(true);
  });
});
