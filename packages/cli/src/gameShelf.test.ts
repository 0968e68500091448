import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Game, makeRules, newGame, step } from '@twenty48/engine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type GameShelf, openGameShelf } from './gameShelf.js';
import { createMatch } from './match.js';
import { PLAIN_KEYS } from './plainBoard.js';
import { directionAt, greedyStates, lastOf } from './testing/games.js';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const tempDir = (): string => mkdtempSync(join(tmpdir(), 'twenty48-saves-'));
const opened: GameShelf[] = [];
const open = (dir: string | undefined): GameShelf => {
  const shelf = openGameShelf(dir);
  opened.push(shelf);
  return shelf;
};
afterEach(() => {
  for (const shelf of opened.splice(0)) shelf.close();
});

const rulesOf = (...args: Parameters<typeof makeRules>) => {
  const rules = makeRules(...args);
  if (!rules.ok) throw new Error(rules.error.message);
  return rules.value;
};
const small = rulesOf('classic', { size: 2 });

/** The moves greedy plays on a 2x2 board from `seed` until the game is lost. */
function finish(seed: string): { game: Game; letters: string[] } {
  const game = lastOf(greedyStates(newGame(small, seed)));
  const letters = Array.from(game.moves, (_, i) => PLAIN_KEYS[directionAt(game, i)]);
  return { game, letters };
}

describe('saves against a real SQLite file', () => {
  it('takes the data directory from the flag, then TWENTY48_DATA_DIR (the store looks it up)', () => {
    const [flagDir, envDir] = [tempDir(), tempDir()];
    const game = newGame('classic', 'where');
    vi.stubEnv('TWENTY48_DATA_DIR', envDir);
    try {
      expect(open(flagDir).save('by flag', game).ok).toBe(true);
      expect(open(undefined).save('by env', game).ok).toBe(true);
    } finally {
      vi.unstubAllEnvs();
    }
    const names = (dir: string) => {
      const listed = open(dir).list();
      return listed.ok ? listed.value.map((line) => line.split('  ')[0]) : listed.error.code;
    };
    expect(names(flagDir)).toEqual(['by flag']);
    expect(names(envDir)).toEqual(['by env']);
  });

  it('round-trips a saved game: rules, seed and moves come back as the same game', () => {
    const dir = tempDir();
    let game = newGame(rulesOf('fiveTwelve', { size: 5 }), 'rt');
    for (const direction of ['left', 'up', 'up', 'right', 'down'] as const) {
      game = step(game, direction).game;
    }
    expect(open(dir).save('round trip', game)).toEqual({ ok: true, value: 'Saved "round trip".' });
    const loaded = open(dir).load('round trip');
    expect(loaded).toEqual({ ok: true, value: game });
    expect(open(dir).load('missing')).toMatchObject({
      ok: false,
      error: { code: 'ERR_NOT_FOUND' },
    });
  });

  it('orders the high-score table best first and remembers the last name', () => {
    const dir = tempDir();
    const shelf = open(dir);
    const ended = ['s1', 's2', 's3', 's4'].map((seed) => finish(seed).game);
    const names = ['Ada', 'Bob', 'Cy', 'Di'];
    ended.forEach((game, i) => {
      const match = createMatch(game, shelf);
      expect(match.wantsName()).toBe(true);
      expect(match.enterScore(names[i] as string).ok).toBe(true);
      expect(match.wantsName()).toBe(false);
    });
    const table = shelf.topScores('classic', 2);
    expect(table.ok).toBe(true);
    const rows = table.ok ? table.value : [];
    expect(rows.map((row) => row.score)).toEqual(
      ended.map((game) => game.score).sort((a, b) => b - a),
    );
    expect(rows.map((row) => row.rank)).toEqual([1, 2, 3, 4]);
    expect(shelf.lastName()).toBe('Di');
    expect(open(dir).best(newGame(small, 'x'))).toBe(rows[0]?.score);
  });

  it('keeps the game in progress for --resume and clears it when the game is lost', () => {
    const dir = tempDir();
    const shelf = open(dir);
    const match = createMatch(newGame('classic', 'auto-1'), shelf);
    match.move('left');
    match.move('up');
    expect(shelf.resume()).toEqual({ ok: true, value: match.game });
    const lost = finish('auto-2').game;
    match.restart(lost);
    expect(shelf.resume()).toEqual({ ok: true, value: null });
  });

  it('turns saves off with a notice on a corrupt file, never overwriting it', () => {
    const dir = tempDir();
    const file = join(dir, 'twenty48.db');
    const garbage = Buffer.from('SQLite format 3\0 and then nothing sensible'.repeat(100));
    writeFileSync(file, garbage);
    const shelf = open(dir);
    expect(shelf.store).toBeNull();
    expect(shelf.notice).toMatch(/Saves and high scores are off: .*ERR_DB_CORRUPT/);
    expect(shelf.save('x', newGame('classic', 1))).toMatchObject({
      ok: false,
      error: { code: 'ERR_STORE_OFF' },
    });
    expect(shelf.best(newGame('classic', 1))).toBe(0);
    expect(shelf.isHighScore(finish('s1').game)).toBe(false);
    expect(readFileSync(file).equals(garbage)).toBe(true);
  });

  it('asks for a name at a top-10 game over in plain mode, then `2048 scores` lists it', () => {
    const dir = tempDir();
    const { game, letters } = finish('plain-end');
    const env = { ...process.env, TWENTY48_DATA_DIR: dir };
    const played = spawnSync(
      process.execPath,
      [MAIN, 'play', '--plain', '--size', '2', '--seed', 'plain-end'],
      { input: `${letters.join('\n')}\nAda Lovelace\n`, encoding: 'utf8', env },
    );
    expect(played.stdout).toContain(`Game over! Final score: ${game.score}.`);
    expect(played.stdout).toContain('New high score! Your name: Ada Lovelace\n');
    expect(played.stdout).toContain('Ada Lovelace is number 1 for classic 2x2.');
    const scores = spawnSync(process.execPath, [MAIN, 'scores', '--size', '2'], {
      encoding: 'utf8',
      env,
    });
    expect(scores.status).toBe(0);
    const lines = scores.stdout.trim().split('\n');
    expect(lines[0]).toBe('High scores · classic 2x2');
    expect(lines[2]).toMatch(new RegExp(`^ {2}1 {2}Ada Lovelace +${game.score} `));
    const again = spawnSync(
      process.execPath,
      [MAIN, 'play', '--plain', '--size', '2', '--seed', 'plain-end'],
      { input: `${letters.join('\n')}\n\n`, encoding: 'utf8', env },
    );
    // The last name is offered and an empty answer takes it.
    expect(again.stdout).toContain('New high score! Your name [Ada Lovelace]: \n');
    expect(again.stdout).toContain('Ada Lovelace is number 2 for classic 2x2.');
  });
});

describe('the line mode asks for the name by the shared rule', () => {
  it('refuses a name the rule refuses, asks again, and keeps the name as the rule gives it', () => {
    const dir = tempDir();
    const { letters } = finish('plain-rule');
    const played = spawnSync(
      process.execPath,
      [MAIN, 'play', '--plain', '--size', '2', '--seed', 'plain-rule'],
      {
        input: `${letters.join('\n')}\n<b>Ada</b>\n${'x'.repeat(25)}\n  Zoe\u0308  \n`,
        encoding: 'utf8',
        env: { ...process.env, TWENTY48_DATA_DIR: dir },
      },
    );
    expect(played.stdout).toContain(
      'That name cannot be used: a name may not contain < or > (ERR_NAME).',
    );
    expect(played.stdout).toContain(
      'That name cannot be used: a name is 1 to 24 characters after trimming (ERR_NAME).',
    );
    expect(played.stdout).toContain('Zoë is number 1 for classic 2x2.');
    expect(open(dir).lastName()).toBe('Zoë');
  });
});
