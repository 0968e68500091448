import { fail, isRecord, ok, parseJson, type Result } from '@twenty48/common';
import {
  directionOfLetter,
  type Game,
  type GameRecord,
  keepPlaying,
  makeRecord,
  makeRules,
  newGame,
  PRESET_NAMES,
  type PresetName,
  parseRecord,
  type RecordError,
  type ReplayError,
  type Rules,
  recordOf,
  replay,
  sameRules,
  step,
} from '@twenty48/engine';

export type SavedGameError = RecordError | ReplayError | 'ERR_SAVED_RULES';

/** A preset and a board size: what the settings, the best score and the tables are keyed by. */
export interface Variant {
  readonly rules: PresetName;
  readonly size: number;
}

/**
 * The key of a variant in the tables of best scores and high scores.
 *
 * @example
 * variantKey({ rules: 'tiers', size: 5 }) // 'tiers:5'
 */
export const variantKey = (variant: Variant): string => `${variant.rules}:${variant.size}`;

/** The most moves undo takes back (the engine's session keeps as many). */
export const UNDO_LIMIT = 1000;

/**
 * The undo history after one more move from `game`: the oldest position goes past the limit.
 *
 * @example
 * withUndo([], game) // [game]
 */
export const withUndo = (history: readonly Game[], game: Game): readonly Game[] =>
  history.length < UNDO_LIMIT ? [...history, game] : [...history.slice(1 - UNDO_LIMIT), game];

/** A game and the positions undo goes back to, oldest first. */
export interface GameWithUndo {
  readonly game: Game;
  readonly history: readonly Game[];
}

/**
 * The rules of a variant.
 *
 * @example
 * rulesOf({ rules: 'classic', size: 5 }).size // 5
 */
export function rulesOf(variant: Variant): Rules {
  const made = makeRules(variant.rules, { size: variant.size });
  if (!made.ok) throw new Error(`rulesOf: ${made.error.message}`);
  return made.value;
}

/** The variant a game is played under, or `null` for rules that are no preset at any size. */
export function variantOf(rules: Rules): Variant | null {
  const name = PRESET_NAMES.find((preset) => preset === rules.name);
  if (!name) return null;
  const variant = { rules: name, size: rules.size };
  const made = makeRules(name, { size: rules.size });
  return made.ok && sameRules(made.value, rules) ? variant : null;
}

/**
 * The saved form of a local game: its record (rules, seed, moves) and whether the player chose
 * to keep going after a win. (A ranked game is kept by the server; the page saves its id.)
 */
export function makeSavedGame(game: Game): string {
  const record = JSON.parse(makeRecord(recordOf(game))) as unknown;
  return JSON.stringify({ record, keptPlaying: game.keptPlaying });
}

/**
 * Rebuild a saved game with an undo history that holds every move, so a reload loses neither
 * the game nor the undo. The record is checked and replayed by the engine first; any problem
 * is a named error and the caller starts a fresh game.
 *
 * @example
 * const saved = resumeGame(store.get('twenty48:game'));
 * if (saved.ok) render(saved.value.game);
 */
export function resumeGame(text: string | null): Result<GameWithUndo, SavedGameError> {
  const data = parseJson(text ?? '', 'the saved game is not JSON');
  if (!data.ok) return data;
  const { record, keptPlaying } = isRecord(data.value) ? data.value : {};
  const parsed = parseRecord(record ?? null);
  if (!parsed.ok) return parsed;
  if (!variantOf(parsed.value.rules)) {
    return fail('ERR_SAVED_RULES', 'the saved game is not a preset at a board size');
  }
  const replayed = replay(parsed.value);
  if (!replayed.ok) return replayed;
  const played = playedThrough(parsed.value);
  const game = keptPlaying === true ? keepPlaying(played.game) : played.game;
  return ok({ ...played, game });
}

/** A (replay-checked) record played move by move, keeping the undo history. */
function playedThrough(record: GameRecord): GameWithUndo {
  let game = newGame(record.rules, record.seed, record.version);
  let history: Game[] = [];
  for (const letter of record.moves) {
    const direction = directionOfLetter(letter);
    const next = direction ? step(game, direction).game : game;
    if (next === game) continue;
    history.push(game);
    // Trimmed now and then rather than at every move: a long record stays linear.
    if (history.length >= 2 * UNDO_LIMIT) history = history.slice(-UNDO_LIMIT);
    game = next;
  }
  return { game, history: history.slice(-UNDO_LIMIT) };
}
