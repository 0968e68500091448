import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Direction, newGame, step } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { formatPlainBlock, PLAIN_PROMPT } from './plainBoard.js';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const LETTERS: Record<string, Direction> = { w: 'up', a: 'left', s: 'down', d: 'right' };

/** Run the built `2048` with this input through a pipe, in its own data directory. */
function run(
  args: string[],
  input: string,
  dataDir = mkdtempSync(join(tmpdir(), 'twenty48-pipe-')),
) {
  if (!existsSync(MAIN)) throw new Error(`build first: ${MAIN} is missing (npm run build)`);
  const result = spawnSync(process.execPath, [MAIN, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, TWENTY48_DATA_DIR: dataDir, NO_COLOR: '' },
    timeout: 30_000,
  });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status, dataDir };
}

describe('2048 play --plain through a pipe', () => {
  it('prints every state exactly as the engine plays the same seed and moves', () => {
    const moves = 'wasdsdsawdsdsasdwdsadsdsadwassdsadwdsaasdwsdsd'.split('');
    const { stdout, status } = run(['play', '--plain', '--seed', 'pipe-1'], moves.join('\n'));
    expect(status).toBe(0);

    // The transcript the engine implies: a state after each move that counts, a one-line
    // answer (and no new tile) after a move that changes nothing; input is echoed.
    let game = newGame('classic', 'pipe-1');
    let expected = formatPlainBlock(game) + PLAIN_PROMPT;
    let counted = 0;
    for (const letter of moves) {
      expected += `${letter}\n`;
      const direction = LETTERS[letter] as Direction;
      const result = step(game, direction);
      if (result.events.length === 0) {
        expected += `Nothing can move ${direction}: no new tile. Try another direction.\n${PLAIN_PROMPT}`;
      } else {
        counted++;
        game = result.game;
        expected += `\n${formatPlainBlock(game)}${PLAIN_PROMPT}`;
      }
    }
    expected += `\nFinal score: ${game.score}\n`;
    expect(counted).toBeGreaterThan(20);
    expect(game.status).toBe('playing');
    expect(stdout).toBe(expected);
  });

  it('answers every bad line with one line and the prompt, and ends cleanly at end of input', () => {
    const script = ['jump', '', 'save', 'load nowhere', 'w w', 'score', 'undo', 'exit', 'd'];
    const { stdout, status, stderr } = run(
      ['play', '--plain', '--seed', 'bad-1'],
      script.join('\n'),
    );
    expect(status).toBe(0);
    expect(stderr).toBe('');
    const lines = stdout.split('\n');
    const answerTo = (input: string): string | undefined =>
      lines[lines.indexOf(`${PLAIN_PROMPT}${input}`) + 1];
    expect(answerTo('jump')).toBe('Unknown command "jump": type w/a/s/d to move, or help.');
    expect(answerTo('')).toBe('Type w, a, s or d and Enter to move, or help.');
    expect(answerTo('save')).toBe('save needs a name: save NAME');
    expect(answerTo('load nowhere')).toMatch(/^Cannot load "nowhere": .*\(ERR_NOT_FOUND\)\.$/);
    expect(answerTo('w w')).toMatch(/^Unknown command "w w"/);
    expect(answerTo('score')).toBe(`Score: 0  Best: 0  Moves: 0`);
    expect(answerTo('undo')).toBe('Nothing to undo.');
    // `exit` ends the game: the `d` after it is never read.
    expect(stdout.endsWith(`${PLAIN_PROMPT}exit\nFinal score: 0\n`)).toBe(true);
  });

  it('shows control characters from the input escaped, never raw', () => {
    const script = ['go\x1b[2J\x07', 'load \x1b]0;owned\x07', '\x9b31m\x7f\tx'];
    const { stdout, status } = run(['play', '--plain', '--seed', 'ctl-1'], script.join('\n'));
    expect(status).toBe(0);
    // Only newlines: no escape, bell, tab, DEL or C1 control reaches the terminal.
    const controls = Array.from(stdout).filter((char) => {
      const code = char.charCodeAt(0);
      return (code < 0x20 && char !== '\n') || (code >= 0x7f && code <= 0x9f);
    });
    expect(controls).toEqual([]);
    const lines = stdout.split('\n');
    const answerTo = (shown: string): string | undefined =>
      lines[lines.indexOf(`${PLAIN_PROMPT}${shown}`) + 1];
    expect(answerTo('go\\e[2J\\x07')).toBe(
      'Unknown command "go\\e[2J\\x07": type w/a/s/d to move, or help.',
    );
    expect(answerTo('load \\e]0;owned\\x07')).toMatch(/^Cannot load "\\e\]0;owned\\x07": /);
    expect(answerTo('\\x9b31m\\x7f\\x09x')).toBe(
      'Unknown command "\\x9b31m\\x7f\\x09x": type w/a/s/d to move, or help.',
    );
  });

  it('shows bidi controls from the input escaped, never raw', () => {
    const { stdout, status } = run(['play', '--plain', '--seed', 'bidi-1'], '\u202Eevil\u2066x\n');
    expect(status).toBe(0);
    expect(stdout).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(stdout).toContain(
      'Unknown command "\\u{202E}evil\\u{2066}x": type w/a/s/d to move, or help.',
    );
  });

  it('keeps a saved game across runs: save, then load in a new process resumes it exactly', () => {
    const first = run(['play', '--plain', '--seed', 'keep-1'], 'a\nw\nd\nsave mine\n');
    expect(first.stdout).toContain('Saved "mine".');
    const second = run(['play', '--plain', '--seed', 'other'], 'load mine\ns\n', first.dataDir);
    let game = newGame('classic', 'keep-1');
    for (const direction of ['left', 'up', 'right'] as const) game = step(game, direction).game;
    expect(second.stdout).toContain(`${PLAIN_PROMPT}load mine\n\n${formatPlainBlock(game)}`);
    const after = step(game, 'down').game;
    expect(second.stdout).toContain(`${PLAIN_PROMPT}s\n\n${formatPlainBlock(after)}`);
  });

  it('resumes the last unfinished game with --resume', () => {
    const first = run(['play', '--plain', '--seed', 'resume-1'], 'd\ns\n');
    const second = run(['play', '--plain', '--resume'], '', first.dataDir);
    let game = newGame('classic', 'resume-1');
    game = step(step(game, 'right').game, 'down').game;
    expect(second.stdout.startsWith(formatPlainBlock(game))).toBe(true);
  });

  it('starts the game on a corrupt database, says so on stderr and leaves the file alone', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'twenty48-corrupt-'));
    const file = join(dataDir, 'twenty48.db');
    const garbage = 'this is not a database, it is a shopping list\n'.repeat(200);
    writeFileSync(file, garbage);
    const { stdout, stderr, status } = run(
      ['play', '--plain', '--seed', 'c-1'],
      'a\nsave x\n',
      dataDir,
    );
    expect(status).toBe(0);
    expect(stderr).toContain('Saves and high scores are off');
    expect(stderr).toContain(file);
    expect(stdout.startsWith(formatPlainBlock(newGame('classic', 'c-1')))).toBe(true);
    expect(stdout).toMatch(/Cannot save: .*ERR_STORE_OFF/);
    expect(readFileSync(file, 'utf8')).toBe(garbage);
  });

  it('refuses an over-long line as it arrives and goes on with the next line', () => {
    // 32 MB without a newline, then a command: one named answer, nothing of the line echoed.
    const { stdout, status } = run(
      ['play', '--plain', '--seed', 'long-1'],
      `${'w'.repeat(32 * 1024 * 1024)}\nscore\nexit\n`,
    );
    expect(status).toBe(0);
    expect(stdout).toContain('That line is longer than 1024 characters (ERR_TOO_LONG).');
    expect(stdout).not.toContain('w'.repeat(100));
    expect(stdout).toMatch(/ERR_TOO_LONG\)\.\nscore\nScore: 0 /);
  }, 60_000);
});
