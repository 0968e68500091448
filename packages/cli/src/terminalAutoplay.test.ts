import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Direction, maxTile, newGame, recordOf, replay } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { type AsyncPlayer, openPlayer } from './aiPlayer.js';
import { formatPlainBlock, PLAIN_PROMPT } from './plainBoard.js';
import { playAlone } from './terminalAutoplay.js';
import { nodeAsOwner } from './testing/asOwner.js';
import { greedyStates, lastOf, plainTranscript, replayStates } from './testing/games.js';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

const auto = (args: string[]) =>
  spawnSync(process.execPath, [MAIN, 'auto', '--plain', ...args], {
    encoding: 'utf8',
    input: '',
    env: { ...process.env, TWENTY48_DATA_DIR: mkdtempSync(join(tmpdir(), 'twenty48-auto-')) },
    timeout: 60_000,
  });

describe('2048 auto --plain', { timeout: 60_000 }, () => {
  it('prints every state of the seeded greedy game, then score, max tile, moves and speed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'twenty48-record-'));
    const file = join(dir, 'game.json');
    const { stdout, status } = auto(['--seed', 'auto-1', '--record', file]);
    expect(status).toBe(0);

    const states = greedyStates(newGame('classic', 'auto-1'));
    const game = lastOf(states);
    const expected = plainTranscript(states);
    expect(game.status).toBe('lost');
    expect(stdout.startsWith(expected)).toBe(true);
    const summary = stdout.slice(expected.length).split('\n');
    expect(summary[0]).toMatch(
      new RegExp(
        `^Score: ${game.score} {2}Max tile: ${maxTile(game.board)} {2}Moves: ${game.moves.length} {2}Moves/s: \\d+\\.\\d$`,
      ),
    );
    expect(summary[1]).toBe(`Record written to ${file}`);

    // The record is the engine's JSON and replays to the same game.
    expect(replayStates(file).at(-1)).toEqual(game);
  });

  it('plays with --ai expectimax and its search options', () => {
    const { stdout, stderr, status } = auto([
      '--ai',
      'expectimax',
      '--depth',
      '1',
      '--size',
      '3',
      '--seed',
      'x',
    ]);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toMatch(/\nScore: \d+ {2}Max tile: \d+ {2}Moves: \d+ {2}Moves\/s: [\d.]+\n$/);
  });
});

describe('2048 auto --record refuses a path it cannot write, before it plays', {
  timeout: 60_000,
}, () => {
  // As root, the program runs without the capability to write anywhere: modes count.
  const dir = mkdtempSync(join(tmpdir(), 'twenty48-record-path-'));
  chmodSync(dir, 0o755);
  const locked = join(dir, 'locked');
  mkdirSync(locked);
  chmodSync(locked, 0o555);
  const readOnly = join(dir, 'read-only.json');
  writeFileSync(readOnly, '');
  chmodSync(readOnly, 0o444);

  it.each([
    ['an existing directory', dir, 'it is a directory'],
    ['a file in a directory it cannot write', join(locked, 'g.json'), 'permission denied'],
    ['a file it cannot write', readOnly, 'permission denied'],
    ['a file in a missing directory', join(dir, 'missing', 'g.json'), 'no such directory'],
  ])('%s: one named line, exit code 2, no game', (_what, path, why) => {
    const { command, args } = nodeAsOwner([MAIN, 'auto', '--plain', '--seed', 'record-path']);
    const { stdout, stderr, status } = spawnSync(command, [...args, '--record', path], {
      encoding: 'utf8',
      input: '',
      timeout: 60_000,
    });
    expect(stdout).toBe('');
    expect(stderr).toBe(`error: cannot write the record to ${path}: ${why} (ERR_RECORD_WRITE)\n`);
    expect(status).toBe(2);
  });
});

describe('playAlone', { timeout: 60_000 }, () => {
  it('stops at once while the player is still thinking', async () => {
    // A player that never answers stands for a search longer than any wait.
    const thinking: AsyncPlayer = { choose: () => new Promise(() => {}), close: async () => {} };
    const stop = new AbortController();
    const game = newGame('classic', 'thinking');
    const run = playAlone(game, thinking, { delay: 0, signal: stop.signal });
    setTimeout(() => stop.abort('quit'), 20);
    const summary = await run;
    expect(summary.stopped).toBe(true);
    expect(summary.game).toBe(game);
    expect(summary.moves).toBe(0);
  });

  it('stops during a long delay between moves', async () => {
    const stop = new AbortController();
    const run = playAlone(newGame('classic', 'delay'), openPlayer('greedy'), {
      delay: 60_000,
      signal: stop.signal,
      onMove: () => stop.abort('quit'),
    });
    const summary = await run;
    expect(summary.stopped).toBe(true);
    expect(summary.moves).toBe(1);
  });

  it('plays a whole game with expectimax on a worker thread, every move legal', async () => {
    const ai = openPlayer('expectimax', { depth: 1 });
    const played: Direction[] = [];
    try {
      const summary = await playAlone(newGame('classic', 'worker'), ai, {
        delay: 0,
        signal: new AbortController().signal,
        onMove: (_game, direction) => played.push(direction),
      });
      expect(summary.stopped).toBe(false);
      expect(summary.game.status).toBe('lost');
      expect(summary.moves).toBe(played.length);
      expect(replay(recordOf(summary.game))).toEqual({ ok: true, value: summary.game });
      expect(summary.maxTile).toBe(maxTile(summary.game.board));
      // Depth 1 is far better than chance: a random game rarely reaches 256.
      expect(summary.maxTile).toBeGreaterThanOrEqual(256);
    } finally {
      await ai.close();
    }
    await expect(ai.choose(newGame('classic', 'closed'))).rejects.toThrow(/closed/);
  });
});

describe('2048 auto --plain --ai expectimax, stopped by Ctrl-C', { timeout: 60_000 }, () => {
  it('stops, reports, writes a record that replays, closes the worker and exits 130', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'twenty48-int-')), 'game.json');
    const child = spawn(
      process.execPath,
      [MAIN, 'auto', '--plain', '--ai', 'expectimax', '--seed', 'int', '--delay', '20'].concat([
        '--record',
        file,
      ]),
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    let interrupted = false;
    child.stdout.setEncoding('utf8').on('data', (data: string) => {
      stdout += data;
      // One Ctrl-C stops the game; a second one would end the process at once.
      if (!interrupted && stdout.split(PLAIN_PROMPT).length > 10) {
        interrupted = true;
        child.kill('SIGINT');
      }
    });
    child.stderr.setEncoding('utf8').on('data', (data: string) => {
      stderr += data;
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(130);
    const game = lastOf(replayStates(file));
    expect(game.status).toBe('playing');
    expect(game.moves.length).toBeGreaterThanOrEqual(10);
    const tail = `${formatPlainBlock(game)}Score: ${game.score}  Max tile: ${maxTile(game.board)}  Moves: ${game.moves.length}  Moves/s: `;
    expect(stdout).toContain(tail);
    expect(stdout).toMatch(/Moves\/s: [\d.]+ {2}\(stopped\)\nRecord written to /);
  });
});

describe('a reader that goes away', { timeout: 60_000 }, () => {
  /** Run `2048 args`, close our end of its stdout after the first output, and wait for it. */
  async function closeEarly(args: string[], input: string) {
    const child = spawn(process.execPath, [MAIN, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, TWENTY48_DATA_DIR: mkdtempSync(join(tmpdir(), 'twenty48-epipe-')) },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (data: string) => {
      stderr += data;
    });
    child.stdout.once('data', () => {
      child.stdout.destroy();
      child.stdin.end(input);
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { code, stderr };
  }

  it('ends auto --plain quietly, its worker too (like yes | head)', async () => {
    const ended = await closeEarly(['auto', '--plain', '--ai', 'expectimax', '--delay', '5'], '');
    expect(ended).toEqual({ code: 0, stderr: '' });
  });

  it('ends play --plain quietly', async () => {
    const ended = await closeEarly(
      ['play', '--plain', '--seed', 'epipe'],
      'a\nd\nw\ns\n'.repeat(50),
    );
    expect(ended).toEqual({ code: 0, stderr: '' });
  });
});
