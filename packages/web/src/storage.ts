import { parseJson, valueOr } from '@twenty48/common';

/** The few operations the game needs from `localStorage`. */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** False when nothing survives a reload (storage blocked, full or missing). */
  readonly persistent: boolean;
}

/**
 * A store that forgets everything at reload: the fallback when the browser refuses storage.
 *
 * @example
 * const store = memoryStore();
 * store.set('a', '1'); store.get('a') // '1'
 */
export function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => {
      values.set(key, value);
    },
    remove: (key) => {
      values.delete(key);
    },
    persistent: false,
  };
}

const PROBE_KEY = 'twenty48:probe';

/**
 * Open the browser's storage, or fall back to memory when it is unavailable: private modes and
 * blocked cookies make `localStorage` throw on access, and a full store throws on write. A
 * write that fails later switches this store to memory too (and `persistent` turns false), so
 * the game goes on either way.
 *
 * @example
 * const store = openBrowserStorage(() => window.localStorage);
 * if (!store.persistent) showNotice('Progress will not be saved');
 */
export function openBrowserStorage(getStorage: () => Storage | undefined): KeyValueStore {
  let storage: Storage | undefined;
  try {
    storage = getStorage();
    storage?.setItem(PROBE_KEY, '1');
    storage?.removeItem(PROBE_KEY);
  } catch {
    storage = undefined;
  }
  if (!storage) return memoryStore();
  const real = storage;
  const fallback = memoryStore();
  let failed = false;
  return {
    get(key) {
      if (failed) return fallback.get(key);
      try {
        return real.getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      if (!failed) {
        try {
          real.setItem(key, value);
          return;
        } catch {
          failed = true;
        }
      }
      fallback.set(key, value);
    },
    remove(key) {
      fallback.remove(key);
      try {
        real.removeItem(key);
      } catch {
        // Nothing to undo: the value is gone from the fallback, which is what reads use now.
      }
    },
    get persistent() {
      return !failed;
    },
  };
}

/**
 * Read JSON that may be missing or corrupt (another tab, an old version, a hand edit).
 *
 * @example
 * readJson(store, 'twenty48:settings') // undefined when absent or not JSON
 */
export function readJson(store: KeyValueStore, key: string): unknown {
  const text = store.get(key);
  return text === null ? undefined : valueOr(parseJson(text), undefined);
}
