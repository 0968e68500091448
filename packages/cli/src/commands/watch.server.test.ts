/**
 * `2048 watch URL` against a real server (`startServer` on 127.0.0.1 with a temp SQLite file):
 * the built program prints every move of a game the test plays through the API, in order, as
 * the revealed record replays, and ends; full-screen in a real pseudo-terminal, q leaves and
 * the terminal is given back.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRankedGame, type RankedGame } from '@twenty48/client';
import { afterEach, describe, expect, it } from 'vitest';
import { formatPlainBlock } from '../plainBoard.js';
import { nodeFetch } from '../rankedStart.js';
import { MAIN, Screen, trackScreens } from '../testing/ptyScreen.js';
import { recordStates, sharedRankedServer } from '../testing/rankedServer.js';

const server = sharedRankedServer('watch');
const running: ChildProcess[] = [];
const track = trackScreens();

afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

async function waitUntil(done: () => boolean, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function newGame3(): Promise<RankedGame> {
  const created = await createRankedGame(
    { fetch: nodeFetch, baseUrl: server.url },
    { rules: 'classic', size: 3 },
  );
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** Play rounds of left, down, right, up, each round pipelined, until the game is lost. */
async function playToTheEnd(game: RankedGame): Promise<void> {
  while (game.snapshot().confirmed.status !== 'lost') {
    for (const direction of ['left', 'down', 'right', 'up'] as const) game.move(direction);
    await game.settled();
  }
}

describe('2048 watch against a real server', { timeout: 60_000 }, () => {
  it('--plain prints every move of a game played through the API, in order, and ends', async () => {
    const game = await newGame3();
    const child = spawn(process.execPath, [MAIN, 'watch', server.url, game.watchId, '--plain'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.push(child);
    let out = '';
    child.stdout?.on('data', (data) => {
      out += String(data);
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await waitUntil(() => out.includes('Watching'));
    await playToTheEnd(game);
    const ranked = await game.rank('Watched');
    if (!ranked.ok) throw new Error(ranked.error.message);
    expect(await exited).toBe(0);
    const states = await recordStates(server.url, ranked.value.id);
    const boards = [...out.matchAll(/Score: \d+\n\n(?:\|.*\|\n)+\n/g)].map((m) => m[0]);
    expect(boards).toEqual(states.map((state) => formatPlainBlock(state)));
    const moves = [...out.matchAll(/^Move (\d+): (\w+)$/gm)];
    expect(moves.map((m) => Number(m[1]))).toEqual(states.slice(1).map((_, i) => i + 1));
    expect(out).toContain(`Game over: final score ${states.at(-1)?.score}.`);
  });

  it('--list prints the live games, best first; without an id it watches the best one', async () => {
    const low = await newGame3();
    const high = await newGame3();
    for (const direction of ['left', 'down', 'right', 'up', 'left', 'down'] as const) {
      high.move(direction);
    }
    await high.settled();
    const list = spawn(process.execPath, [MAIN, 'watch', server.url, '--list']);
    let listed = '';
    list.stdout.on('data', (data) => {
      listed += String(data);
    });
    await new Promise((resolve) => list.on('exit', resolve));
    expect(listed).toContain(high.watchId);
    expect(listed).toContain(low.watchId);
    const plain = track(Screen.game(['watch', server.url, '--plain']));
    await plain.waitFor(() => plain.text().includes('Watching'), 'the watch');
    expect(plain.text()).toContain(`Watching ${listed.split(' ')[0]}`);
    low.close();
    high.close();
  });

  it('full-screen: the board redrawn on each move; q leaves and restores the terminal', async () => {
    const game = await newGame3();
    const screen = track(Screen.game(['watch', server.url, game.watchId]));
    await screen.waitFor(() => screen.text().includes('watching classic 3x3'), 'the board');
    game.move('left');
    game.move('down');
    await game.settled();
    const { moves } = game.snapshot().confirmed;
    await screen.waitFor(() => screen.text().includes(`Moves ${moves}`), 'the moves');
    screen.proc.write('q');
    await screen.waitFor(() => screen.exitCode !== null, 'the exit');
    expect(screen.exitCode).toBe(0);
    expect(screen.term.buffer.active.type).toBe('normal');
    expect(screen.cursorShown()).toBe(true);
    game.close();
  });
});
