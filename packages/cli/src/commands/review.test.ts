import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type GameReview, gradePosition, ntuplePlayer } from '@twenty48/ai';
import { useShippedNetwork } from '@twenty48/ai/node';
import { type Direction, type Game, makeRecord, newGame, recordOf, step } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { PROGRESS_LOG_MS, PROGRESS_MS, progressLine } from './review.js';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

const run = (args: string[], input = '') =>
  spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8', input, timeout: 120_000 });

const dir = mkdtempSync(join(tmpdir(), 'twenty48-review-'));
const writeTemp = (name: string, text: string): string => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

const parseReview = (text: string): GameReview => JSON.parse(text) as GameReview;

useShippedNetwork();
const player = ntuplePlayer({ depth: 1 });

/** The default AI at depth 1 plays `moves` more moves of `game` (or to its end). */
function play(game: Game, moves: number): Game {
  let at = game;
  for (let i = 0; i < moves && at.status !== 'lost'; i++) {
    const direction = player(at);
    if (direction === null) break;
    at = step(at, direction).game;
  }
  return at;
}

// Each run loads the network (tens of MB) in a child process: slow on a busy machine. The limit
// is there to catch a hang, not to judge speed.
const SLOW = 180_000;

describe('2048 review', () => {
  it(
    "finds no loss in the engine's own game, reviewed at the depth it was played",
    () => {
      // The default AI at depth 1, 300 moves, recorded as `2048 auto --record` records.
      const game = play(newGame('classic', 'own'), 300);
      const file = writeTemp('own.json', makeRecord(recordOf(game)));
      const result = run(['review', file, '--depth', '1', '--json']);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const review = parseReview(result.stdout);
      expect(review.moves).toHaveLength(game.moves.length);
      expect(review.moves.map((move) => move.played).join('')).toBe(game.moves);
      expect(review.moves.map((move) => move.index)).toEqual([...game.moves].map((_, i) => i));
      expect(review.moves.every((move) => move.loss === 0 && move.best === move.played)).toBe(true);
      expect(review.accuracy).toBe(1);
      expect(review.costliest).toHaveLength(5);
      const text = run(['review', file, '--depth', '1']);
      expect(text.stdout).toContain('Accuracy: 100.0 %');
      expect(text.stdout).toContain('No costly moves: every move played was the best.');
      expect(text.stdout).toContain('Loss over the game');
    },
    SLOW,
  );

  it(
    'names a deliberately bad move the costliest, with its board and the better move',
    () => {
      let before = play(newGame('classic', 'blunder'), 80);
      let worst: Direction | null = null;
      const words = { U: 'up', D: 'down', L: 'left', R: 'right' } as const;
      while (worst === null) {
        const graded = gradePosition(
          { index: 0, board: before.board, score: 0, played: 'up' },
          { depth: 1 },
        );
        if (!graded.ok) throw new Error(graded.error.message);
        const entries = Object.entries(graded.value.values).sort((a, b) => a[1] - b[1]);
        const low = entries[0];
        const high = entries[entries.length - 1];
        if (low && high && high[1] - low[1] > 200) worst = words[low[0] as keyof typeof words];
        else before = play(before, 1);
      }
      const bad = before.moves.length;
      const game = play(step(before, worst).game, 50);
      const file = writeTemp('blunder.json', makeRecord(recordOf(game)));
      const json = run(['review', file, '--depth', '1', '--json']);
      expect(json.status).toBe(0);
      const review = parseReview(json.stdout);
      expect(review.costliest[0]).toBe(bad);
      expect(review.moves[bad]?.played).toBe(game.moves[bad]);
      expect(review.moves[bad]?.loss).toBeGreaterThan(200);
      const text = run(['review', file, '--depth', '1']).stdout;
      const heading = text.split('\n').find((line) => line.startsWith('Move '));
      expect(heading).toMatch(
        new RegExp(
          `^Move ${bad + 1}, loss [\\d,.]+: played ${worst}, better (up|down|left|right)$`,
        ),
      );
      const boardRow = before.board[0]?.map((v) => (v === 0 ? '.' : String(v)));
      expect(text).toContain(`|${boardRow?.map((cell) => cell.padEnd(3)).join('|')}|`);
    },
    SLOW,
  );

  it(
    'reads the record from stdin with -',
    () => {
      const game = newGame('classic', 'stdin');
      const record = makeRecord(recordOf(step(step(game, 'left').game, 'up').game));
      const result = run(['review', '-', '--depth', '0', '--json'], record);
      expect(result.status).toBe(0);
      expect(parseReview(result.stdout).moves.map((move) => move.played)).toEqual(['L', 'U']);
    },
    SLOW,
  );

  it(
    'refuses bad records by name, with the move number, and bad flags',
    () => {
      const cases: [string, string, RegExp][] = [
        ['not-json.json', '{"version":', /\(ERR_JSON\)$/],
        [
          'stuck.json',
          makeRecord({ ...recordOf(newGame('classic', 'stuck')), moves: 'U'.repeat(40) }),
          /^error: move \d+ \(up\) changes nothing.*\(ERR_ILLEGAL_MOVE\)$/,
        ],
        [
          'letters.json',
          '{"version":2,"rules":"classic","seed":"7","moves":"LX"}',
          /^error: move 2 is "X".*\(ERR_MOVES\)$/,
        ],
        [
          'rules.json',
          makeRecord(recordOf(newGame('fiveTwelve', 'other'))),
          /classic 4x4.*\(ERR_REVIEW_RULES\)$/,
        ],
      ];
      for (const [name, text, expected] of cases) {
        const result = run(['review', writeTemp(name, text), '--json']);
        expect(result.status, name).toBe(1);
        expect(result.stdout, name).toBe('');
        expect(result.stderr.trim(), name).toMatch(expected);
      }
      const missing = run(['review', join(dir, 'nothing.json')]);
      expect(missing.stderr.trim()).toMatch(/no such file \(ERR_READ\)$/);
      const both = run(['review', '-', '--depth', '2', '--ms', '50']);
      expect(both.status).toBe(2);
      expect(both.stderr.trim()).toMatch(/--depth or --ms.*\(ERR_USAGE\)$/);
      const deep = run(['review', '-', '--depth', '99']);
      expect(deep.status).toBe(2);
      expect(deep.stderr).toContain('ERR_INVALID_ARGUMENT');
    },
    SLOW,
  );
});

describe('progress', () => {
  it('says nothing for a second, then the moves done, then again after each interval', () => {
    const start = { started: 1000, shown: null };
    expect(progressLine(start, 1000 + PROGRESS_MS - 1, 10, 1000, PROGRESS_LOG_MS)).toBeNull();
    const first = progressLine(start, 1000 + PROGRESS_MS, 250, 1000, PROGRESS_LOG_MS);
    expect(first?.line).toBe('review: move 250 of 1,000 (25 %)');
    if (!first) throw new Error('no line');
    const soon = 1000 + PROGRESS_MS + PROGRESS_LOG_MS - 1;
    expect(progressLine(first.state, soon, 300, 1000, PROGRESS_LOG_MS)).toBeNull();
    expect(progressLine(first.state, soon + 1, 999, 1000, PROGRESS_LOG_MS)?.line).toBe(
      'review: move 999 of 1,000 (99 %)',
    );
  });
});
