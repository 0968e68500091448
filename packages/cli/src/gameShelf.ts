/**
 * The game shelf: where the terminal game keeps what outlives it, through `@twenty48/store`:
 * named saves, the autosave behind `--resume`, high scores and the last player name. When the
 * database cannot be used, every operation answers with a clear message instead, and the game
 * goes on without saves and scores; the file is never touched.
 */
import { type Game, maxTile, type Result, recordOf, replay } from '@twenty48/engine';
import { openStore, type SavedGame, type ScoreRow, type Store } from '@twenty48/store';

/**
 * Where the data lives, in the order it wins: the `--data-dir` flag, then the environment
 * (undefined: the store's default under `$XDG_DATA_HOME`).
 *
 * @example
 * dataDirFrom(undefined, { TWENTY48_DATA_DIR: '/tmp/t48' }) // '/tmp/t48'
 */
export function dataDirFrom(flag: string | undefined, env = process.env): string | undefined {
  if (flag !== undefined && flag !== '') return flag;
  const fromEnv = env.TWENTY48_DATA_DIR;
  return fromEnv !== undefined && fromEnv !== '' ? fromEnv : undefined;
}

/** The terminal game's saves and scores; every operation answers, none throws. */
export interface GameShelf {
  /** Null when saves and scores are off. */
  readonly store: Store | null;
  /** Why saves and scores are off, to show the player once; null when they work. */
  readonly notice: string | null;
  save(name: string, game: Game): Result<string>;
  load(name: string): Result<Game>;
  /** One line per save, most recent first. */
  list(): Result<string[]>;
  /** The unfinished game `--resume` continues, or null. */
  resume(): Result<Game | null>;
  /** Keep the game in progress; a finished game clears the slot. */
  autosave(game: Game): void;
  /** The best score recorded for these rules and size (0 when none or when off). */
  best(game: Game): number;
  isHighScore(game: Game): boolean;
  /** Add a finished game to the table and remember the name; returns its rank. */
  addScore(name: string, game: Game): Result<number>;
  lastName(): string | null;
  topScores(rules: string, size: number, limit?: number): Result<ScoreRow[]>;
  close(): void;
}

const failure = (code: string, message: string) =>
  ({ ok: false, error: { code, message } }) as const;
const success = <T>(value: T) => ({ ok: true, value }) as const;

/** Run a store call; a throw (disk full, locked file) becomes a named failure, never a crash. */
function guard<T>(run: () => Result<T>): Result<T> {
  try {
    return run();
  } catch (error) {
    return failure('ERR_STORE', `the database failed: ${(error as Error).message}`);
  }
}

const describeSave = (saved: SavedGame): string =>
  `${saved.name}  ${saved.record.rules.name} ${saved.record.rules.size}x${saved.record.rules.size}` +
  `  score ${saved.score}  max ${saved.maxTile}  ${saved.moves} moves  ${saved.savedAt.slice(0, 16).replace('T', ' ')}`;

function gameOf(saved: SavedGame): Result<Game> {
  const replayed = replay(saved.record);
  if (!replayed.ok) return failure('ERR_SAVE_CORRUPT', `"${saved.name}" does not replay`);
  return replayed;
}

/**
 * Open the database in `dataDir` (or the default `~/.local/share/twenty48/`). Never throws and
 * never fails: on a bad database the result has `store: null` and a `notice` naming the file.
 *
 * @example
 * const shelf = openGameShelf(dataDirFrom(options.dataDir));
 * if (shelf.notice) console.error(shelf.notice);
 */
export function openGameShelf(dataDir: string | undefined): GameShelf {
  let store: Store | null = null;
  let notice: string | null = null;
  try {
    const opened = openStore(dataDir === undefined ? {} : { dataDir });
    if (opened.ok) store = opened.value;
    else {
      const wayOut =
        opened.error.code === 'ERR_DB_OPEN'
          ? 'Choose another place with --data-dir.'
          : 'The file was left as it is; move it away or choose another place with --data-dir.';
      notice = `Saves and high scores are off: ${opened.error.message} (${opened.error.code}). ${wayOut}`;
    }
  } catch (error) {
    notice = `Saves and high scores are off: ${(error as Error).message}`;
  }
  const off = failure('ERR_STORE_OFF', 'saves and high scores are off (see the notice above)');
  const quiet = (run: (store: Store) => void): void => {
    if (!store) return;
    const open = store;
    guard(() => {
      run(open);
      return success(undefined);
    });
  };

  return {
    store,
    notice,
    save(name, game) {
      if (!store) return off;
      const open = store;
      return guard(() => {
        const saved = open.saveGame(name, recordOf(game));
        return saved.ok ? success(`Saved "${saved.value.name}".`) : saved;
      });
    },
    load(name) {
      if (!store) return off;
      const open = store;
      return guard(() => {
        const saved = open.loadGame(name);
        return saved.ok ? gameOf(saved.value) : saved;
      });
    },
    list() {
      if (!store) return off;
      const open = store;
      return guard(() => success(open.listSaves().map(describeSave)));
    },
    resume() {
      if (!store) return off;
      const open = store;
      return guard<Game | null>(() => {
        const saved = open.lastUnfinished();
        return saved ? gameOf(saved) : success(null);
      });
    },
    autosave(game) {
      quiet((open) =>
        game.status === 'lost' ? open.clearAutosave() : open.autosave(recordOf(game)),
      );
    },
    best(game) {
      if (!store) return 0;
      const open = store;
      const top = guard(() =>
        success(open.topScores({ rules: game.rules.name, size: game.rules.size, limit: 1 })),
      );
      return top.ok ? (top.value[0]?.score ?? 0) : 0;
    },
    isHighScore(game) {
      if (!store || game.score <= 0) return false;
      const open = store;
      const high = guard(() =>
        success(open.isHighScore(game.rules.name, game.rules.size, game.score)),
      );
      return high.ok && high.value;
    },
    addScore(name, game) {
      if (!store) return off;
      const open = store;
      return guard(() => {
        const added = open.addScore({
          name,
          record: recordOf(game),
          score: game.score,
          maxTile: maxTile(game.board),
          finished: game.status === 'lost',
        });
        if (!added.ok) return added;
        open.setSetting('lastName', name);
        return success(added.value.rank);
      });
    },
    lastName() {
      if (!store) return null;
      const open = store;
      const name = guard(() => success(open.getSetting('lastName')));
      return name.ok ? name.value : null;
    },
    topScores(rules, size, limit = 10) {
      if (!store) return off;
      const open = store;
      return guard(() => success(open.topScores({ rules, size, limit })));
    },
    close() {
      quiet((open) => open.close());
    },
  };
}
