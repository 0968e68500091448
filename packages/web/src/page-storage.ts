// What the page keeps in the browser's storage, under which keys: the local game, the ranked
// game's id (and its board as last shown, drawn again while a reload resumes it), the settings, and per variant the best score and the local high-score table.

import { isCount, isRankedId, isRankedSize, isRecord } from '@twenty48/common';
import { isPresetName, isSquareBoard, MAX_SIZE, MIN_SIZE, PRESET_NAMES } from '@twenty48/engine';
import { parseScoreTable } from './high-scores.js';
import { makeSavedGame, type Variant, variantKey } from './saved-game.js';
import { type KeyValueStore, readJson } from './storage.js';
import type { StoredBoard, StoredPage, StoredRanked, ViewEffect } from './view-state.js';

const GAME_KEY = 'twenty48:game';
/** The ranked game under way, `{ gameId, rules, size }`; absent while the game is local. */
const RANKED_KEY = 'twenty48:ranked';
const SETTINGS_KEY = 'twenty48:settings';
const bestKey = (v: Variant): string => `twenty48:best:${variantKey(v)}`;
const scoresKey = (v: Variant): string => `twenty48:scores:${variantKey(v)}`;

/** Every variant a saved game can have: each preset at each size the engine plays. */
const VARIANTS: readonly Variant[] = PRESET_NAMES.flatMap((rules) =>
  Array.from({ length: MAX_SIZE - MIN_SIZE + 1 }, (_, i) => ({ rules, size: MIN_SIZE + i })),
);

const storedBest = (store: KeyValueStore, variant: Variant): number => {
  const stored = Number(store.get(bestKey(variant)));
  return Number.isSafeInteger(stored) && stored > 0 ? stored : 0;
};

/** The stored board of a ranked game, checked: `size` rows of tiles, a score and a move count. */
function storedBoard(value: unknown, size: number): StoredBoard | null {
  if (!isRecord(value)) return null;
  const { board, score, moves } = value;
  return isCount(score) && isCount(moves) && isSquareBoard(board, size)
    ? { board, score, moves }
    : null;
}

/** The stored ranked game, checked; null when there is none or it is not well formed. */
function storedRanked(store: KeyValueStore): StoredRanked | null {
  const stored = readJson(store, RANKED_KEY);
  if (!isRecord(stored)) return null;
  const { gameId, rules, size, shown } = stored;
  if (!isRankedId(gameId) || !isPresetName(rules) || !isRankedSize(size)) return null;
  return { gameId, variant: { rules, size }, shown: storedBoard(shown, size) };
}

/**
 * Read what an earlier visit stored: the saved game as text (the model resumes it), the
 * settings as found, and every variant's best score and table, checked.
 *
 * @example
 * const start = startView({ stored: readStoredPage(store), launch, persistent, seed });
 */
export function readStoredPage(store: KeyValueStore): StoredPage {
  const bests: Record<string, number> = {};
  const tables: Record<string, ReturnType<typeof parseScoreTable>> = {};
  for (const variant of VARIANTS) {
    const best = storedBest(store, variant);
    if (best > 0) bests[variantKey(variant)] = best;
    const table = parseScoreTable(readJson(store, scoresKey(variant)));
    if (table.length > 0) tables[variantKey(variant)] = table;
  }
  return {
    game: store.get(GAME_KEY),
    ranked: storedRanked(store),
    settings: readJson(store, SETTINGS_KEY),
    bests,
    tables,
  };
}

/**
 * Carry out a saving effect; other effects are not storage's. A best score is only ever
 * raised, so another tab's better score is kept.
 *
 * @example
 * for (const effect of update.effects) saveToStore(store, effect);
 */
export function saveToStore(store: KeyValueStore, effect: ViewEffect): void {
  if (effect.type === 'saveGame') {
    store.set(GAME_KEY, makeSavedGame(effect.game));
    if (effect.ranked === null) store.remove(RANKED_KEY);
    else {
      const { gameId, variant, shown } = effect.ranked;
      const { rules, size } = variant;
      store.set(RANKED_KEY, JSON.stringify({ gameId, rules, size, shown: shown ?? null }));
    }
    if (effect.best > storedBest(store, effect.variant)) {
      store.set(bestKey(effect.variant), String(effect.best));
    }
    store.set(SETTINGS_KEY, JSON.stringify(effect.settings));
  } else if (effect.type === 'saveScores') {
    store.set(scoresKey(effect.variant), JSON.stringify(effect.table));
  }
}
