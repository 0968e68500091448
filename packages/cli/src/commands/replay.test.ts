import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DIRECTIONS,
  type Direction,
  type Game,
  MOVE_LETTERS,
  makeRecord,
  makeRules,
  maxTile,
  newGame,
  recordOf,
  slide,
} from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { formatPlainBlock } from '../plainBoard.js';
import { greedyStates, lastOf, plainTranscript } from '../testing/games.js';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

const run = (args: string[], input = '') =>
  spawnSync(process.execPath, [MAIN, 'replay', ...args], {
    encoding: 'utf8',
    input,
    timeout: 60_000,
  });

/**
 * Run a shell script with the program's command at "$1" "$2" and these arguments from "$3", in
 * its own process group, all of which a timeout kills (so a hung pipeline leaves nothing behind).
 */
async function shell(script: string, ...args: string[]) {
  const child = spawn('sh', ['-c', script, 'sh', process.execPath, MAIN, ...args], {
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), 60_000);
  const [status] = (await once(child, 'close')) as [number | null];
  clearTimeout(timer);
  return { stdout, stderr, status };
}

const dir = mkdtempSync(join(tmpdir(), 'twenty48-replay-'));
const writeTemp = (name: string, text: string): string => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

const STATUS = { playing: 'unfinished', won: 'won', lost: 'game over' } as const;

const summaryOf = (game: Game, status: string): string =>
  `Verified: ${game.rules.name} ${game.rules.size}x${game.rules.size}, seed ${game.seed}, ` +
  `${game.moves.length} moves\n${formatPlainBlock(game)}` +
  `Score: ${game.score}  Max tile: ${maxTile(game.board)}  Moves: ${game.moves.length}  Status: ${status}\n`;

describe('2048 replay FILE', { timeout: 120_000 }, () => {
  const states = greedyStates(newGame('classic', 'replay-1'));
  const final = lastOf(states);
  const file = writeTemp('game.json', `${makeRecord(recordOf(final))}\n`);

  it('verifies a record and prints how the game ended', () => {
    const { stdout, stderr, status } = run([file]);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(final.status).toBe('lost');
    expect(stdout).toBe(summaryOf(final, 'game over'));
  });

  it('reads the record from stdin with -, and says when a game is unfinished', () => {
    const unfinished = lastOf(
      greedyStates(newGame('classic', 'replay-2'), (g) => g.moves.length === 30),
    );
    const { stdout, status } = run(['-'], makeRecord(recordOf(unfinished)));
    expect(status).toBe(0);
    expect(stdout).toBe(summaryOf(unfinished, 'unfinished'));
  });

  it('--watch --plain prints every state, each after the move that made it', () => {
    const { stdout, status } = run([file, '--watch', '--plain']);
    expect(status).toBe(0);
    expect(stdout).toBe(plainTranscript(states) + summaryOf(final, 'game over'));
  });

  it.each([
    ['tiers', 5],
    ['fiveTwelve', 3],
  ] as const)('--watch --plain plays back a %s %dx%d game too', (name, size) => {
    const rules = makeRules(name, { size });
    if (!rules.ok) throw new Error(rules.error.message);
    const game = greedyStates(
      newGame(rules.value, `watch-${name}`),
      (g) => g.status === 'lost' || g.moves.length >= 120,
    );
    const last = lastOf(game);
    const { stdout, status } = run(['-', '--watch', '--plain'], makeRecord(recordOf(last)));
    expect(status).toBe(0);
    expect(stdout).toBe(plainTranscript(game) + summaryOf(last, STATUS[last.status]));
  });

  // The first state of the greedy game where some direction changes nothing: play it there.
  const stuckAt = states.findIndex((game) =>
    DIRECTIONS.some((d) => !slide(game.board, d, game.rules).moved),
  );
  const stuckState = states[stuckAt] as Game;
  const still = DIRECTIONS.find((d) => !slide(stuckState.board, d, stuckState.rules).moved);
  const illegal = `${stuckState.moves}${MOVE_LETTERS[still as Direction]}`;
  const record = (moves: unknown, extra: Record<string, unknown> = {}): string =>
    JSON.stringify({ version: 2, rules: 'classic', seed: 'replay-1', moves, ...extra });
  const lost = `${makeRecord(recordOf(final)).slice(0, -2)}U"}`;

  it.each([
    ['not JSON', '{"version":1,', 'ERR_JSON', /not valid JSON/],
    ['a bad move letter', record('LLX'), 'ERR_MOVES', /move 3 is "X"/],
    ['moves not a string', record(['L']), 'ERR_MOVES', /string/],
    ['an unknown version', record('', { version: 9 }), 'ERR_VERSION', /version/],
    ['unknown rules', record('', { rules: 'chess' }), 'ERR_UNKNOWN_RULES', /chess/],
    [
      'a move that changes nothing',
      record(illegal),
      'ERR_ILLEGAL_MOVE',
      new RegExp(`move ${illegal.length} \\(${still}\\) changes nothing`),
    ],
    ['a move after the end', lost, 'ERR_MOVE_AFTER_END', /comes after the game ended/],
  ])('refuses %s with one line naming %s, exit code 1', (_what, text, code, message) => {
    const { stdout, stderr, status } = run([writeTemp(`${code}.json`, text)]);
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
    expect(stderr.trimEnd().endsWith(`(${code})`)).toBe(true);
  });

  it('reads a record from a pipe whose data comes late', async () => {
    const { stdout, stderr, status } = await shell(
      '(sleep 1; cat "$3") | "$1" "$2" replay -',
      file,
    );
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toBe(summaryOf(final, 'game over'));
  });

  it('reads a record from a FIFO', async () => {
    const fifo = join(dir, 'record.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const { stdout, status } = await shell('cat "$4" > "$3" & "$1" "$2" replay "$3"', fifo, file);
    expect(status).toBe(0);
    expect(stdout).toBe(summaryOf(final, 'game over'));
  });

  describe('stops reading as soon as the input passes the largest record', () => {
    const tooLarge = (stderr: string): void => {
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(/is larger than any record \(\d+ bytes\) \(ERR_TOO_LARGE\)\n$/);
    };

    it('from /dev/zero', () => {
      const { stdout, stderr, status } = run(['/dev/zero']);
      expect(status).toBe(1);
      expect(stdout).toBe('');
      tooLarge(stderr);
    });

    it('from an endless pipe on stdin', async () => {
      const { stderr, status } = await shell('cat /dev/zero | "$1" "$2" replay -');
      expect(status).toBe(1);
      tooLarge(stderr);
      expect(stderr).toMatch(/^error: stdin is larger/);
    });

    it('from a FIFO that never ends', async () => {
      const fifo = join(dir, 'endless.fifo');
      expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
      const { stderr, status } = await shell(
        'cat /dev/zero > "$3" 2>/dev/null & "$1" "$2" replay "$3"; code=$?; kill $! 2>/dev/null; exit $code',
        fifo,
      );
      expect(status).toBe(1);
      tooLarge(stderr);
    });

    it('from a file over the cap', () => {
      const big = writeTemp('big.json', `{"moves":"${'L'.repeat(9_000_000)}"}`);
      const { stderr, status } = run([big]);
      expect(status).toBe(1);
      tooLarge(stderr);
    });
  });

  it('names a file it cannot read, and flags that need --watch', () => {
    const missing = run([join(dir, 'missing.json')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe(
      `error: cannot read ${join(dir, 'missing.json')}: no such file (ERR_READ)\n`,
    );
    expect(run([dir]).stderr).toBe(`error: cannot read ${dir}: it is a directory (ERR_READ)\n`);
    const plain = run([file, '--plain']);
    expect(plain.status).toBe(2);
    expect(plain.stderr).toBe('error: --plain and --delay only apply with --watch (ERR_USAGE)\n');
    const delay = run([file, '--watch', '--delay', 'soon']);
    expect(delay.status).toBe(2);
    expect(delay.stderr).toMatch(/delay must be a whole number \(ERR_INVALID_ARGUMENT\)\n$/);
  });
});
