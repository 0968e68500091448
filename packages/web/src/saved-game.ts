import {
  createSession,
  type Failure,
  type Game,
  type GameRecord,
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
  type Session,
  sameRules,
} from '@twenty48/engine';

export type SavedGameError = RecordError | ReplayError | 'ERR_SAVED_RULES';

/** A preset and a board size: what the settings, the best score and the tables are keyed by. */
export interface Variant {
  readonly rules: PresetName;
  readonly size: number;
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
 * The saved form of a game: its record (rules, seed, moves), whether the player chose to keep
 * going after a win, and the server's id for it when a server handed out the seed.
 */
export function makeSavedGame(game: Game, gameId: string | null): string {
  const record = JSON.parse(makeRecord(recordOf(game))) as unknown;
  return JSON.stringify({ record, keptPlaying: game.keptPlaying, gameId });
}

/**
 * Rebuild a saved game as a session whose undo history holds every move, so a reload loses
 * neither the game nor the undo. The record is checked and replayed by the engine first; any
 * problem is a named error and the caller starts a fresh game.
 *
 * @example
 * const saved = resumeGame(store.get('twenty48:game'));
 * if (saved.ok) render(saved.value.session.game);
 */
export function resumeGame(
  text: string | null,
):
  | { ok: true; value: { session: Session; gameId: string | null } }
  | { ok: false; error: Failure<SavedGameError> } {
  let data: unknown;
  try {
    data = JSON.parse(text ?? '');
  } catch {
    return { ok: false, error: { code: 'ERR_JSON', message: 'the saved game is not JSON' } };
  }
  const { record, keptPlaying, gameId } = (
    typeof data === 'object' && data !== null ? data : {}
  ) as Record<string, unknown>;
  const parsed = parseRecord(record ?? null);
  if (!parsed.ok) return parsed;
  if (!variantOf(parsed.value.rules)) {
    return {
      ok: false,
      error: { code: 'ERR_SAVED_RULES', message: 'the saved game is not a preset at a board size' },
    };
  }
  const replayed = replay(parsed.value);
  if (!replayed.ok) return replayed;
  const session = sessionThrough(parsed.value);
  if (keptPlaying === true) session.keepPlaying();
  return { ok: true, value: { session, gameId: typeof gameId === 'string' ? gameId : null } };
}

const LETTERS: Readonly<Record<string, 'up' | 'down' | 'left' | 'right'>> = {
  U: 'up',
  D: 'down',
  L: 'left',
  R: 'right',
};

/** A session that played a (replay-checked) record move by move, keeping the undo history. */
function sessionThrough(record: GameRecord): Session {
  const session = createSession(newGame(record.rules, record.seed));
  for (const letter of record.moves) {
    const direction = LETTERS[letter];
    if (direction) session.move(direction);
  }
  return session;
}
