/**
 * `2048 play --server URL --plain` against a real server (`startServer` on 127.0.0.1 with a
 * temp SQLite file), the built program driven through pipes: every board it prints is the
 * server's (the revealed record replayed by the engine, board for board), the game ranks under
 * a name, a killed program's game goes on where the server has it, a bad or unreachable
 * address is one named line.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { openStore } from '@twenty48/store';
import { afterEach, describe, expect, it } from 'vitest';
import { formatPlainBlock, PLAIN_PROMPT } from './plainBoard.js';
import { rankedKey } from './rankedStart.js';
import { lastOf } from './testing/games.js';
import { MAIN } from './testing/ptyScreen.js';
import { recordStates, sharedRankedServer } from './testing/rankedServer.js';

const server = sharedRankedServer('ranked-plain');
const running: ChildProcess[] = [];

afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

const NAME_PROMPT = 'Your name for the ranked table: ';
const KEYS = ['a', 's', 'd', 'w'];

/** The program in line mode, answering each prompt as it comes (a move, then the name). */
class PlainRun {
  readonly child: ChildProcess;
  out = '';
  err = '';
  code: number | null = null;
  private turn = 0;
  private readonly exited: Promise<number | null>;

  constructor(
    dataDir: string,
    private readonly onPrompt: (run: PlainRun) => string | null,
  ) {
    this.child = spawn(
      process.execPath,
      [MAIN, 'play', '--server', server.url, '--size', '3', '--plain', '--data-dir', dataDir],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    running.push(this.child);
    this.child.stderr?.on('data', (data) => {
      this.err += String(data);
    });
    this.child.stdout?.on('data', (data) => {
      this.out += String(data);
      this.answer();
    });
    this.exited = new Promise((resolve) =>
      this.child.on('exit', (code) => {
        this.code = code;
        resolve(code);
      }),
    );
  }

  /** The next key of the cycle left, down, right, up. */
  nextKey(): string {
    return KEYS[this.turn++ % KEYS.length] as string;
  }

  private answer(): void {
    if (!this.out.endsWith(PLAIN_PROMPT) && !this.out.endsWith(NAME_PROMPT)) return;
    const line = this.onPrompt(this);
    if (line !== null) this.child.stdin?.write(`${line}\n`);
  }

  /** How many boards were printed so far. */
  boards(): string[] {
    return [...this.out.matchAll(/Score: \d+\n\n(?:\|.*\|\n)+\n/g)].map((m) => m[0]);
  }

  exit(): Promise<number | null> {
    return this.exited;
  }
}

/** Every state of the game the revealed record of score `id` replays to. */

const playToTheEnd = (name: string) => (run: PlainRun) =>
  run.out.endsWith(NAME_PROMPT) ? name : run.nextKey();

describe('2048 play --server --plain against a real server', { timeout: 60_000 }, () => {
  it('plays a ranked 3x3 game to the end: every board printed is the one the server dealt; it ranks under the name', async () => {
    const run = new PlainRun(join(server.dir, 'one'), playToTheEnd('Ada'));
    expect(await run.exit()).toBe(0);
    expect(run.out).toContain('Ranked game: the server deals the tiles');
    const ranked = run.out.match(/Ada is number (\d+) for classic 3x3 on (\S+)\./);
    expect(ranked?.[2]).toBe(server.url);
    const id = Number(run.out.match(/\/api\/scores\/(\d+)\/record/)?.[1]);
    const states = await recordStates(server.url, id);
    expect(run.boards()).toEqual(states.map((game) => formatPlainBlock(game)));
    const final = lastOf(states);
    expect(final.status).toBe('lost');
    expect(run.out).toContain(`Game over! Final score: ${final.score}.`);
    const table = await (await fetch(`${server.url}/api/scores?rules=classic&size=3`)).json();
    expect(JSON.stringify(table)).toContain('"Ada"');
  });

  it('goes on with the game the server has after the program is killed mid-game', async () => {
    const dataDir = join(server.dir, 'two');
    const first = new PlainRun(dataDir, (run) => (run.boards().length >= 8 ? null : run.nextKey()));
    await waitUntil(() => first.boards().length >= 8);
    first.child.kill('SIGKILL');
    await first.exit();
    const store = openStore({ dataDir });
    if (!store.ok) throw new Error(store.error.message);
    const gameId = store.value.getSetting(
      `ranked ${rankedKey(server.url, { rules: 'classic', size: 3 })}`,
    );
    store.value.close();
    expect(gameId).toMatch(/^[\w-]{22,}$/);
    const held = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as {
      board: number[][];
      score: number;
      moves: number;
    };
    expect(first.boards().at(-1)).toBe(formatPlainBlock(held));

    const second = new PlainRun(dataDir, playToTheEnd('Grace'));
    expect(await second.exit()).toBe(0);
    expect(second.err).toContain(
      `Your ranked game goes on: ${held.moves} moves, score ${held.score}.`,
    );
    expect(second.boards()[0]).toBe(formatPlainBlock(held));
    const id = Number(second.out.match(/\/api\/scores\/(\d+)\/record/)?.[1]);
    const states = await recordStates(server.url, id);
    expect([...first.boards(), ...second.boards().slice(1)]).toEqual(
      states.map((game) => formatPlainBlock(game)),
    );
  });

  it('says in one named line that a server cannot be reached (exit 1) or an address is bad (exit 2)', () => {
    const play = (url: string) =>
      spawnSync(
        process.execPath,
        [MAIN, 'play', '--server', url, '--plain', '--data-dir', join(server.dir, 'x')],
        {
          input: 'a\n',
          encoding: 'utf8',
        },
      );
    const offline = play('http://127.0.0.1:1');
    expect(offline.status).toBe(1);
    expect(offline.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^2048: the server at http:\/\/127\.0\.0\.1:1: .*\(ERR_OFFLINE\)$/),
    ]);
    const bad = play('ftp://example.org');
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/http:\/\/ or https:\/\/.*\(ERR_INVALID_ARGUMENT\)$/),
    ]);
  });
});

/** Wait until `done`, polling. */
async function waitUntil(done: () => boolean, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
