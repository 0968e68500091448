import { ok, type Result } from '@twenty48/engine';
import { openDatabase } from './database.js';
import { createIssuedGames } from './issued.js';
import { databaseFile } from './location.js';
import { createSaves } from './saves.js';
import { createScores } from './scores.js';
import type { OpenOptions, Store, StoreError } from './types.js';

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
  const getSetting = db.prepare('SELECT value FROM settings WHERE key = ?');
  const putSetting = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const store: Store = {
    file,
    ...createSaves(db),
    ...createScores(db),
    ...createIssuedGames(db),
    getSetting(key: string): string | null {
      const row = getSetting.get(key) as { value: string } | undefined;
      return row ? row.value : null;
    },
    setSetting(key: string, value: string): void {
      putSetting.run(key, value);
    },
    close(): void {
      if (db.open) db.close();
    },
  };
  return ok(store);
}
