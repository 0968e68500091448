/**
 * The game shelf: where the terminal game keeps what outlives it, through `@twenty48/store`:
 * named saves, the autosave behind `--resume`, high scores and the last player name. When the
 * database cannot be used, every operation answers with a clear message instead, and the game
 * goes on without saves and scores; the file is never touched.
 */
import { attempt, errorMessage, fail, ok, type Result, valueOr } from '@twenty48/common';
import { type Game, maxTile, recordOf, replay } from '@twenty48/engine';
import { openStore, type SavedGame, type ScoreRow, type Store } from '@twenty48/store';

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
  /** Remember the name typed last (a ranked game's, which the server keeps). */
  setLastName(name: string): void;
  /** The id of the unfinished ranked game kept under `key` (a server and a variant), or null. */
  rankedGame(key: string): string | null;
  /** Keep the ranked game in progress under `key`, or forget it (null). */
  keepRankedGame(key: string, gameId: string | null): void;
  topScores(rules: string, size: number, limit?: number): Result<ScoreRow[]>;
  close(): void;
}

/** Run a store call; a throw (disk full, locked file) becomes a named failure, never a crash. */
const guard = <T>(run: () => Result<T>): Result<T> =>
  attempt(run, 'ERR_STORE', (error) => `the database failed: ${errorMessage(error)}`);

/** The value of a store call, or `fallback` when it throws. */
const readOr = <T>(fallback: T, run: () => T): T =>
  valueOr(
    guard(() => ok(run())),
    fallback,
  );

const describeSave = (saved: SavedGame): string =>
  `${saved.name}  ${saved.record.rules.name} ${saved.record.rules.size}x${saved.record.rules.size}` +
  `  score ${saved.score}  max ${saved.maxTile}  ${saved.moves} moves  ${saved.savedAt.slice(0, 16).replace('T', ' ')}`;

function gameOf(saved: SavedGame): Result<Game> {
  const replayed = replay(saved.record);
  if (!replayed.ok) return fail('ERR_SAVE_CORRUPT', `"${saved.name}" does not replay`);
  return replayed;
}

/**
 * The database in `dataDir` (undefined: the store's own lookup, `TWENTY48_DATA_DIR` first), or
 * the notice that says why there is none.
 */
function openDatabase(dataDir: string | undefined): Result<Store> {
  try {
    const opened = openStore(dataDir === undefined ? {} : { dataDir });
    if (opened.ok) return opened;
    const wayOut =
      opened.error.code === 'ERR_DB_OPEN'
        ? 'Choose another place with --data-dir.'
        : 'The file was left as it is; move it away or choose another place with --data-dir.';
    return fail(
      opened.error.code,
      `Saves and high scores are off: ${opened.error.message} (${opened.error.code}). ${wayOut}`,
    );
  } catch (error) {
    return fail('ERR_STORE', `Saves and high scores are off: ${errorMessage(error)}`);
  }
}

/** The shelf when there is no database: every question answers that saves are off. */
function closedShelf(notice: string): GameShelf {
  const off = fail('ERR_STORE_OFF', 'saves and high scores are off (see the notice above)');
  return {
    store: null,
    notice,
    save: () => off,
    load: () => off,
    list: () => off,
    resume: () => off,
    autosave: () => {},
    best: () => 0,
    isHighScore: () => false,
    addScore: () => off,
    lastName: () => null,
    setLastName: () => {},
    rankedGame: () => null,
    keepRankedGame: () => {},
    topScores: () => off,
    close: () => {},
  };
}

/** The shelf on an open database; a store call that throws answers `ERR_STORE`. */
function openShelf(store: Store): GameShelf {
  return {
    store,
    notice: null,
    save: (name, game) =>
      guard(() => {
        const saved = store.saveGame(name, recordOf(game));
        return saved.ok ? ok(`Saved "${saved.value.name}".`) : saved;
      }),
    load: (name) =>
      guard(() => {
        const saved = store.loadGame(name);
        return saved.ok ? gameOf(saved.value) : saved;
      }),
    list: () => guard(() => ok(store.listSaves().map(describeSave))),
    resume: () =>
      guard<Game | null>(() => {
        const saved = store.lastUnfinished();
        return saved ? gameOf(saved) : ok(null);
      }),
    autosave: (game) =>
      readOr(undefined, () =>
        game.status === 'lost' ? store.clearAutosave() : store.autosave(recordOf(game)),
      ),
    best: (game) =>
      readOr(
        0,
        () =>
          store.topScores({ rules: game.rules.name, size: game.rules.size, limit: 1 })[0]?.score ??
          0,
      ),
    isHighScore: (game) =>
      game.score > 0 &&
      readOr(false, () => store.isHighScore(game.rules.name, game.rules.size, game.score)),
    addScore: (name, game) =>
      guard(() => {
        const added = store.addScore({
          name,
          record: recordOf(game),
          score: game.score,
          maxTile: maxTile(game.board),
          finished: game.status === 'lost',
        });
        if (!added.ok) return added;
        store.setSetting('lastName', name);
        return ok(added.value.rank);
      }),
    lastName: () => readOr(null, () => store.getSetting('lastName')),
    setLastName: (name) => readOr(undefined, () => store.setSetting('lastName', name)),
    rankedGame: (key) => readOr(null, () => store.getSetting(`ranked ${key}`) || null),
    keepRankedGame: (key, gameId) =>
      readOr(undefined, () => store.setSetting(`ranked ${key}`, gameId ?? '')),
    topScores: (rules, size, limit = 10) =>
      guard(() => ok(store.topScores({ rules, size, limit }))),
    close: () => readOr(undefined, () => store.close()),
  };
}

/**
 * Open the shelf on the database in `dataDir` (the `--data-dir` flag; undefined: the store's
 * lookup, `TWENTY48_DATA_DIR`, then `~/.local/share/twenty48/`). Never throws and never fails:
 * on a bad database the shelf has `store: null` and a `notice` naming the file.
 *
 * @example
 * const shelf = openGameShelf(options.dataDir);
 * if (shelf.notice) console.error(shelf.notice);
 */
export function openGameShelf(dataDir: string | undefined): GameShelf {
  const opened = openDatabase(dataDir);
  return opened.ok ? openShelf(opened.value) : closedShelf(opened.error.message);
}
