import { homedir } from 'node:os';
import { join } from 'node:path';
import type { OpenOptions } from './types.js';

/** The database file name inside the data directory. */
export const DB_FILE_NAME = 'twenty48.db';

/**
 * Where the data directory is: `options.dataDir`, else `$TWENTY48_DATA_DIR`, else
 * `$XDG_DATA_HOME/twenty48`, else `~/.local/share/twenty48`.
 *
 * @example
 * dataDirectory({}, { XDG_DATA_HOME: '/x' }) // '/x/twenty48'
 */
export function dataDirectory(options: OpenOptions, env: NodeJS.ProcessEnv = process.env): string {
  if (options.dataDir) return options.dataDir;
  if (env.TWENTY48_DATA_DIR) return env.TWENTY48_DATA_DIR;
  if (env.XDG_DATA_HOME) return join(env.XDG_DATA_HOME, 'twenty48');
  return join(homedir(), '.local', 'share', 'twenty48');
}

/**
 * The database file for these options: `options.file` when given, else `twenty48.db` in the
 * data directory.
 *
 * @example
 * databaseFile({ dataDir: '/tmp/d' }) // '/tmp/d/twenty48.db'
 */
export function databaseFile(options: OpenOptions, env: NodeJS.ProcessEnv = process.env): string {
  return options.file ?? join(dataDirectory(options, env), DB_FILE_NAME);
}
