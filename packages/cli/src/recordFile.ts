/**
 * A record file (the engine's record JSON, as `2048 auto --record` writes it): read from disk
 * or stdin, checked by `parseRecord` and verified move by move by `replay`, and played back as
 * a player so `2048 replay --watch` shows it with autoplay's own views.
 */
import { createReadStream } from 'node:fs';
import { errorCode, errorMessage } from '@twenty48/common';
import {
  directionOfLetter,
  fail,
  type Game,
  type GameRecord,
  MAX_RECORD_MOVES,
  ok,
  parseRecord,
  type Result,
  replay,
} from '@twenty48/engine';
import type { AsyncPlayer } from './aiPlayer.js';

/** A record and the game it replays to. */
export interface VerifiedRecord {
  readonly record: GameRecord;
  readonly game: Game;
}

/** Reading stops past this many bytes: far more than the engine's longest record. */
const MAX_FILE_BYTES = 4 * (MAX_RECORD_MOVES + 4096);

/** Plain words for the usual reasons a file cannot be read. */
const READ_FAILURES: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
};

/**
 * The text of `path` (`-` is stdin), or ERR_READ / ERR_TOO_LARGE. Read as a stream, counting
 * the bytes as they come: a pipe may deliver late, and a size on disk means nothing for stdin,
 * a FIFO or `/dev/zero`.
 */
async function readText(path: string): Promise<Result<string>> {
  const name = path === '-' ? 'stdin' : path;
  const input = path === '-' ? process.stdin : createReadStream(path);
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      // Leaving the loop destroys the stream: nothing more is read.
      if (bytes > MAX_FILE_BYTES) {
        return fail('ERR_TOO_LARGE', `${name} is larger than any record (${MAX_FILE_BYTES} bytes)`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    const code = errorCode(error);
    const why = READ_FAILURES[code] ?? (code || errorMessage(error));
    return fail('ERR_READ', `cannot read ${name}: ${why}`);
  }
  return ok(Buffer.concat(chunks).toString('utf8'));
}

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
  const text = await readText(path);
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
