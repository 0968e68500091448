/**
 * Test helper: one real server (`startServer` on 127.0.0.1, SQLite in a temporary directory) for
 * all the tests of a file, started before them and closed and removed after, with room for whole
 * games played quickly from one address.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRecordAnswer } from '@twenty48/client';
import { type Game, newGame, parseRecord, replay, step } from '@twenty48/engine';
import { type RunningServer, startServer } from '@twenty48/server';
import { afterAll, beforeAll } from 'vitest';
import { directionAt } from './games.js';

/** The file's server: its address, and a directory the tests may use for data directories. */
export interface SharedServer {
  readonly url: string;
  readonly dir: string;
}

/**
 * Start a server for this test file.
 *
 * @example
 * const server = sharedRankedServer('watch');
 * spawn(process.execPath, [MAIN, 'watch', server.url]);
 */
export function sharedRankedServer(name: string): SharedServer {
  let server: RunningServer | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `twenty48-${name}-`));
    server = await startServer({
      port: 0,
      dbFile: join(dir, 'scores.db'),
      limits: {
        gamesPerPlayer: 100,
        gamesPerAddress: 100,
        movesPerSecond: 10_000,
        moveBurst: 10_000,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get url(): string {
      if (server === undefined) throw new Error('the test server is not running');
      return server.url;
    },
    get dir(): string {
      return dir;
    },
  };
}

/**
 * Every position of the ranked game `id` as the server at `url` keeps its record: the first
 * deal, then the position after each move, replayed by the engine.
 *
 * @example
 * const states = await recordStates(server.url, 12); // states[0] is the first deal
 */
export async function recordStates(url: string, id: number): Promise<Game[]> {
  const answer = parseRecordAnswer(await (await fetch(`${url}/api/scores/${id}/record`)).json());
  if (answer === null) throw new Error(`game ${id}: the server's answer is not a record`);
  const record = parseRecord(JSON.stringify(answer));
  if (!record.ok) throw new Error(record.error.message);
  const final = replay(record.value);
  if (!final.ok) throw new Error(final.error.message);
  let game = newGame(record.value.rules, record.value.seed);
  const states = [game];
  for (let i = 0; i < final.value.moves.length; i++) {
    game = step(game, directionAt(final.value, i)).game;
    states.push(game);
  }
  return states;
}
