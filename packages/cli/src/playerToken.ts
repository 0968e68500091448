/**
 * The terminal's player token: made once from 128 random bits and kept in the data directory
 * (`player-token`, readable by its owner only), so `2048 play --server` counts as one player,
 * apart from others behind the same address. When the directory cannot be written, a token
 * lives as long as the program.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPlayerToken, makePlayerToken } from '@twenty48/common';
import { dataDirectory } from '@twenty48/store';

/** The token's file in the data directory. */
export const PLAYER_TOKEN_FILE = 'player-token';

const readToken = (file: string): string | null => {
  try {
    const kept = readFileSync(file, 'utf8').trim();
    return isPlayerToken(kept) ? kept : null;
  } catch {
    return null;
  }
};

/**
 * The player token kept in the data directory (`dataDir`, or the store's lookup), made and
 * kept there when there is none (or a damaged one).
 *
 * @example
 * const player = playerTokenIn(options.dataDir); // 'L7Db04WyctE0dy2blS9cAw'
 */
export function playerTokenIn(dataDir: string | undefined): string {
  const directory = dataDirectory(dataDir === undefined ? {} : { dataDir });
  const file = join(directory, PLAYER_TOKEN_FILE);
  const kept = readToken(file);
  if (kept !== null) return kept;
  const made = makePlayerToken(randomBytes(16));
  try {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    writeFileSync(file, `${made}\n`, { mode: 0o600 });
  } catch {
    // Not kept: this run is one player all the same.
  }
  return made;
}
