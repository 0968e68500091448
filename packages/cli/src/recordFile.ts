/**
 * A record file (the engine's record JSON, as `2048 auto --record` writes it): read from disk
 * or stdin, checked by `parseRecord` and verified move by move by `replay`, and played back as
 * a player so `2048 replay --watch` shows it with autoplay's own views.
 */
import {
  directionOfLetter,
  type Game,
  type GameRecord,
  MAX_RECORD_MOVES,
  ok,
  parseRecord,
  type Result,
  replay,
} from '@twenty48/engine';
import type { AsyncPlayer } from './aiPlayer.js';
import { readTextInput } from './toolkit/textInput.js';

/** A record and the game it replays to. */
export interface VerifiedRecord {
  readonly record: GameRecord;
  readonly game: Game;
}

/** Reading stops past this many bytes: far more than the engine's longest record. */
const MAX_FILE_BYTES = 4 * (MAX_RECORD_MOVES + 4096);

/**
 * Read and verify a record file: a Result with the engine's named error (`ERR_JSON`,
 * `ERR_MOVES`, `ERR_ILLEGAL_MOVE` with the move number, …), ERR_READ or ERR_TOO_LARGE, never a
 * throw.
 *
 * @example
 * const verified = await readRecordFile('game.json');
 * if (verified.ok) console.log(verified.value.game.score);
 * else console.error(`${verified.error.message} (${verified.error.code})`);
 */
export async function readRecordFile(path: string): Promise<Result<VerifiedRecord>> {
  const text = await readTextInput(path, MAX_FILE_BYTES, 'any record');
  if (!text.ok) return text;
  const record = parseRecord(text.value.trim());
  if (!record.ok) return record;
  const game = replay(record.value);
  if (!game.ok) return game;
  return ok({ record: record.value, game: game.value });
}

/**
 * A player that plays a record's moves in order, then has none (null).
 *
 * @example
 * const player = recordPlayer(record); // await player.choose(game) -> 'left', 'up', …
 */
export function recordPlayer(record: GameRecord): AsyncPlayer {
  let next = 0;
  return {
    choose: async () => directionOfLetter(record.moves[next++]) ?? null,
    close: async () => {},
  };
}
