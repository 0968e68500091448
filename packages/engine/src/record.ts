import { isRecord, parseJson } from '@twenty48/common';
import { directionOfLetter, type Game, newGame, step } from './game.js';
import { GENERATOR_VERSIONS, type GeneratorVersion, parseSeed, type Seed } from './random.js';
import { PRESETS, parseRules, type RulesError, sameRules } from './rules.js';
import { fail, ok, type Result, type Rules } from './types.js';

/**
 * The version new records get: 2, dealt by the pinned HMAC-SHA256 draws (`draws.ts`). Version 1
 * records (xoshiro128**) are still read and replay exactly as they were played.
 */
export const RECORD_VERSION = 2;
/** Every record version this engine reads: the version names the generator. */
export const RECORD_VERSIONS = GENERATOR_VERSIONS;
export type RecordVersion = GeneratorVersion;
/** More moves than any real game (a 131072 tile takes about 60,000). */
export const MAX_RECORD_MOVES = 2_000_000;
/** Longest record text `parseRecord` reads: the moves plus room for custom rules. */
export const MAX_RECORD_CHARS = MAX_RECORD_MOVES + 4_096;

/** A finished or unfinished game as data: enough to replay it exactly. */
export interface GameRecord {
  /** The generator that dealt the game: 1 (old records) or 2 (the pinned one). */
  readonly version: RecordVersion;
  /** The rules; `makeRecord` writes a preset by name and other rules in full. */
  readonly rules: Rules;
  readonly seed: Seed;
  /** One letter per move: `U`, `D`, `L`, `R`. */
  readonly moves: string;
}

export type RecordError =
  | 'ERR_JSON'
  | 'ERR_TOO_LARGE'
  | 'ERR_SHAPE'
  | 'ERR_VERSION'
  | 'ERR_SEED'
  | 'ERR_MOVES'
  | RulesError;

export type ReplayError = 'ERR_ILLEGAL_MOVE' | 'ERR_MOVE_AFTER_END';

const MOVES_PATTERN = /^[UDLR]*$/;

/** The record of a game. */
export function recordOf(game: Game): GameRecord {
  return { version: game.rng.version, rules: game.rules, seed: game.seed, moves: game.moves };
}

/**
 * The record as JSON text; preset rules are written by name.
 *
 * @example
 * makeRecord(recordOf(game)) // '{"version":2,"rules":"classic","seed":"42","moves":"LURD"}'
 */
export function makeRecord(record: GameRecord): string {
  const preset = Object.values(PRESETS).find((candidate) => sameRules(candidate, record.rules));
  return JSON.stringify({
    version: record.version,
    rules: preset ? preset.name : record.rules,
    seed: record.seed,
    moves: record.moves,
  });
}

/**
 * Read a record from JSON text (or an already parsed value) coming from outside. Never throws:
 * every problem is a Result with a named code.
 *
 * @example
 * parseRecord('{"version":2,"rules":"classic","seed":"7","moves":"LX"}')
 * // { ok: false, error: { code: 'ERR_MOVES', message: 'move 2 is "X": …' } }
 */
export function parseRecord(input: unknown): Result<GameRecord, RecordError> {
  let data = input;
  if (typeof input === 'string') {
    if (input.length > MAX_RECORD_CHARS) {
      return fail('ERR_TOO_LARGE', `a record is at most ${MAX_RECORD_CHARS} characters`);
    }
    const parsed = parseJson(input, 'the record is not valid JSON');
    if (!parsed.ok) return parsed;
    data = parsed.value;
  }
  if (!isRecord(data)) {
    return fail('ERR_SHAPE', 'a record is an object { version, rules, seed, moves }');
  }
  const { version, rules, seed, moves } = data;
  if (version !== 1 && version !== 2) {
    return fail(
      'ERR_VERSION',
      `this engine reads record versions ${RECORD_VERSIONS.join(' and ')}, not ${String(version).slice(0, 20)}`,
    );
  }
  const parsedRules = parseRules(rules);
  if (!parsedRules.ok) return parsedRules;
  const parsedSeed = parseSeed(seed);
  if (!parsedSeed.ok) return parsedSeed;
  if (typeof moves !== 'string') return fail('ERR_MOVES', 'moves must be a string of U, D, L, R');
  if (moves.length > MAX_RECORD_MOVES) {
    return fail('ERR_TOO_LARGE', `a record holds at most ${MAX_RECORD_MOVES} moves`);
  }
  if (!MOVES_PATTERN.test(moves)) {
    const at = [...moves].findIndex((letter) => directionOfLetter(letter) === undefined);
    return fail('ERR_MOVES', `move ${at + 1} is "${moves[at]}": moves are U, D, L, R`);
  }
  return ok({ version, rules: parsedRules.value, seed: parsedSeed.value, moves });
}

/**
 * Play a record's moves from its seed. The same record gives the same game every time.
 * Fails when a move does not count under the rules (changes nothing where that is not
 * allowed) or comes after the game was lost.
 *
 * @example
 * const game = replay(recordOf(someGame)); // game.value deep-equals someGame
 */
export function replay(record: GameRecord): Result<Game, ReplayError> {
  let game = newGame(record.rules, record.seed, record.version);
  for (let i = 0; i < record.moves.length; i++) {
    const direction = directionOfLetter(record.moves[i]);
    // parseRecord admits only U, D, L, R; a record built by hand may hold anything.
    if (direction === undefined) {
      return fail('ERR_ILLEGAL_MOVE', `move ${i + 1} is not one of U, D, L, R`);
    }
    if (game.status === 'lost') {
      return fail('ERR_MOVE_AFTER_END', `move ${i + 1} (${direction}) comes after the game ended`);
    }
    const next = step(game, direction).game;
    if (next === game) {
      return fail(
        'ERR_ILLEGAL_MOVE',
        `move ${i + 1} (${direction}) changes nothing, which these rules forbid`,
      );
    }
    game = next;
  }
  return ok(game);
}
