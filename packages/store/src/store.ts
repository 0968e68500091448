import { fail, ok, type Result } from '@twenty48/engine';
import { openDatabase } from './database.js';
import { operationFailure, StoreFailure } from './failure.js';
import { databaseFile } from './location.js';
import { createPlayStore } from './play.js';
import { sqlitePlayRunner } from './playRunners.js';
import { createRankedGames } from './ranked.js';
import { createSaves } from './saves.js';
import { createScores } from './scores.js';
import type { OpenOptions, Store, StoreError } from './types.js';

/** The store's operations, each of which may meet a failure of SQLite. */
type Operations = Omit<Store, 'file' | 'health' | 'close' | 'play'>;

/**
 * Open the twenty48 database: `options.file`, else `twenty48.db` in the data directory
 * (`options.dataDir`, `$TWENTY48_DATA_DIR`, `$XDG_DATA_HOME/twenty48` or
 * `~/.local/share/twenty48`, created with mode 0700). Never throws and never rewrites a file
 * it does not recognise: ERR_DB_OPEN, ERR_DB_CORRUPT or ERR_DB_NEWER instead.
 *
 * @example
 * const opened = openStore({ dataDir: '/tmp/twenty48' });
 * if (opened.ok) opened.value.setSetting('lastName', 'Ada');
 */
export function openStore(options: OpenOptions = {}): Result<Store, StoreError> {
  const file = databaseFile(options);
  const opened = openDatabase(file);
  if (!opened.ok) return opened;
  const db = opened.value;
  const getSetting = db.prepare<unknown[], { value: string }>(
    'SELECT value FROM settings WHERE key = ?',
  );
  const putSetting = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const scores = createScores(db);
  const operations: Operations = {
    ...createSaves(db),
    ...scores,
    ...createRankedGames(db, scores.addScore),
    getSetting(key: string): string | null {
      const row = getSetting.get(key);
      return row ? row.value : null;
    },
    setSetting(key: string, value: string): void {
      putSetting.run(key, value);
    },
  };

  // The first damage met; from then on the file is not touched again.
  let damage: StoreFailure | null = null;
  const watched =
    <A extends unknown[], R>(run: (...args: A) => R) =>
    (...args: A): R => {
      if (damage) throw damage;
      try {
        return run(...args);
      } catch (error) {
        const failure = operationFailure(file, error);
        if (!failure) throw error;
        if (failure.code === 'ERR_DB_CORRUPT') damage = failure;
        throw failure;
      }
    };
  const readHeader = watched(() => db.pragma('user_version', { simple: true }));

  return ok({
    file,
    ...(Object.fromEntries(
      Object.entries(operations as Record<string, (...args: unknown[]) => unknown>).map(
        ([name, run]) => [name, watched(run)],
      ),
    ) as unknown as Operations),
    play: createPlayStore(sqlitePlayRunner(db, file)),
    health(): Result<void, StoreError> {
      if (!db.open) return fail('ERR_DB_OPEN', `${file} is closed`);
      try {
        readHeader();
        return ok(undefined);
      } catch (error) {
        if (error instanceof StoreFailure) return fail(error.code, error.message);
        return fail('ERR_DB_FAILED', `the database ${file} failed: ${String(error)}`);
      }
    },
    close(): void {
      if (db.open) db.close();
    },
  });
}
