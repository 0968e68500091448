import {
  fail,
  type GameRecord,
  makeRules,
  maxTile,
  ok,
  PRESET_NAMES,
  type PresetName,
  parseRecord,
  type Result,
  replay,
  sameRules,
} from '@twenty48/engine';
import type { IssuedGame } from '@twenty48/store';

/** Why a submitted game was refused; each is answered with 422 and a message. */
export type VerifyError =
  | 'ERR_RULES_MISMATCH'
  | 'ERR_SEED_MISMATCH'
  | 'ERR_ILLEGAL_MOVE'
  | 'ERR_MOVE_AFTER_END'
  | 'ERR_NOT_FINISHED'
  | 'ERR_SCORE_MISMATCH'
  // parseRecord's codes, passed through: ERR_JSON, ERR_SHAPE, ERR_UNKNOWN_RULES, ERR_SEED…
  | (string & {});

/** What the player says about the game, beside its record. */
export interface Claim {
  readonly record: unknown;
  /** The player stopped before the end; the game is ranked, marked unfinished. */
  readonly unfinished?: boolean | undefined;
  readonly score?: number | undefined;
}

/** A game the server replayed itself: the figures to rank come from the replay alone. */
export interface VerifiedGame {
  readonly record: GameRecord;
  readonly score: number;
  readonly maxTile: number;
  readonly moves: number;
  readonly finished: boolean;
}

const isPresetName = (name: string): name is PresetName =>
  (PRESET_NAMES as readonly string[]).includes(name);

/**
 * Check a submitted game against the game the server issued: the record must parse, use the
 * issued preset at the issued size and the issued seed, replay legally to the end (or be
 * declared unfinished), and match any score the client claims.
 *
 * @example
 * verifyGame(issued, { record: JSON.parse(makeRecord(recordOf(game))) })
 * // { ok: true, value: { score: 2932, maxTile: 256, moves: 301, finished: true, … } }
 */
export function verifyGame(issued: IssuedGame, claim: Claim): Result<VerifiedGame, VerifyError> {
  const parsed = parseRecord(claim.record);
  if (!parsed.ok) return parsed;
  const record = parsed.value;
  if (!isPresetName(issued.rules)) {
    return fail('ERR_RULES_MISMATCH', `the server did not issue games of "${issued.rules}"`);
  }
  const expected = makeRules(issued.rules, { size: issued.size });
  if (!expected.ok || !sameRules(record.rules, expected.value)) {
    return fail(
      'ERR_RULES_MISMATCH',
      `this game was issued as ${issued.rules} ${issued.size}x${issued.size}; the record plays other rules`,
    );
  }
  if (record.seed !== issued.seed) {
    return fail('ERR_SEED_MISMATCH', 'the record does not use the seed issued for this game');
  }
  const replayed = replay(record);
  if (!replayed.ok) return replayed;
  const game = replayed.value;
  const finished = game.status === 'lost';
  if (!finished && claim.unfinished !== true) {
    return fail(
      'ERR_NOT_FINISHED',
      'the game has not ended; submit it with "unfinished": true to rank it as unfinished',
    );
  }
  if (claim.score !== undefined && claim.score !== game.score) {
    return fail(
      'ERR_SCORE_MISMATCH',
      `the claimed score ${claim.score} differs from the replayed score ${game.score}`,
    );
  }
  return ok({
    record,
    score: game.score,
    maxTile: maxTile(game.board),
    moves: game.moves.length,
    finished,
  });
}
