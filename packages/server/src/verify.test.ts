import {
  DIRECTIONS,
  type Direction,
  type GameRecord,
  MOVE_LETTERS,
  makeRecord,
  makeRules,
  newGame,
  recordOf,
  replay,
  step,
} from '@twenty48/engine';
import type { IssuedGame } from '@twenty48/store';
import { describe, expect, it } from 'vitest';
import { playCorner } from './corner-player.js';
import { verifyGame } from './verify.js';

const issued = (seed: string, rules = 'classic', size = 4): IssuedGame => ({
  gameId: 'g',
  seed,
  rules,
  size,
  expiresAt: '2100-01-01T00:00:00.000Z',
});

const asSent = (record: GameRecord): unknown => JSON.parse(makeRecord(record));
const codeOf = (result: ReturnType<typeof verifyGame>): string =>
  result.ok ? 'accepted' : result.error.code;

describe('verifyGame', () => {
  it('accepts a finished game and takes every figure from its own replay', () => {
    const game = playCorner('classic', 'v1');
    const verified = verifyGame(issued('v1'), {
      record: asSent(recordOf(game)),
      score: game.score,
    });
    expect(verified.ok && verified.value).toMatchObject({
      score: game.score,
      maxTile: Math.max(...game.board.flat()),
      moves: game.moves.length,
      finished: true,
    });
  });

  it('accepts every preset at sizes 3 to 8, as text or as an object', () => {
    for (const preset of ['classic', 'fiveTwelve', 'tiers'] as const) {
      for (const size of [3, 8]) {
        const rules = makeRules(preset, { size });
        if (!rules.ok) throw new Error(rules.error.message);
        const game = playCorner(rules.value, `s${size}`, 300);
        const claim = { record: makeRecord(recordOf(game)), unfinished: true };
        expect(codeOf(verifyGame(issued(`s${size}`, preset, size), claim))).toBe('accepted');
      }
    }
  });

  it('refuses a game that has not ended unless it says so, and ranks it unfinished', () => {
    const game = playCorner('tiers', 'open', 40);
    const record = asSent(recordOf(game));
    expect(codeOf(verifyGame(issued('open', 'tiers'), { record }))).toBe('ERR_NOT_FINISHED');
    const unfinished = verifyGame(issued('open', 'tiers'), { record, unfinished: true });
    expect(unfinished.ok && unfinished.value.finished).toBe(false);
  });

  it('refuses an edited score', () => {
    const game = playCorner('classic', 'edit');
    const claim = { record: asSent(recordOf(game)), score: game.score + 4 };
    expect(codeOf(verifyGame(issued('edit'), claim))).toBe('ERR_SCORE_MISMATCH');
  });

  it('refuses a move appended to a finished game', () => {
    const game = playCorner('classic', 'after');
    const record = { ...recordOf(game), moves: `${game.moves}L` };
    expect(codeOf(verifyGame(issued('after'), { record: asSent(record) }))).toBe(
      'ERR_MOVE_AFTER_END',
    );
  });

  it('refuses an appended move that changes nothing', () => {
    // The first position of a corner game where some move slides nothing.
    let game = newGame('classic', 'still');
    let idle: Direction | undefined;
    for (let moves = 1; !idle && moves < 100; moves++) {
      game = playCorner('classic', 'still', moves);
      idle = DIRECTIONS.find((direction) => !step(game, direction).moved);
    }
    if (!idle) throw new Error('every move slides in this game; pick another seed');
    const record = { ...recordOf(game), moves: game.moves + MOVE_LETTERS[idle] };
    const claim = { record: asSent(record), unfinished: true };
    expect(codeOf(verifyGame(issued('still'), claim))).toBe('ERR_ILLEGAL_MOVE');
  });

  it('refuses moves that only fit spawns the issued seed never makes', () => {
    // A client that pretends other tiles appeared plays another seed's game; replayed from the
    // issued seed, its moves sooner or later push against a wall.
    const forged = ['x1', 'x2', 'x3', 'x4', 'x5']
      .map((seed) => playCorner('classic', seed))
      .find((game) => {
        const replayed = replay({ ...recordOf(game), seed: 'issued' });
        return !replayed.ok && replayed.error.code === 'ERR_ILLEGAL_MOVE';
      });
    if (!forged) throw new Error('no forged game found');
    const claim = { record: asSent({ ...recordOf(forged), seed: 'issued' }), score: forged.score };
    expect(codeOf(verifyGame(issued('issued'), claim))).toBe('ERR_ILLEGAL_MOVE');
  });

  it('refuses another seed, other rules, another size, custom rules and broken records', () => {
    const game = playCorner('classic', 'mine');
    const record = asSent(recordOf(game));
    expect(codeOf(verifyGame(issued('yours'), { record }))).toBe('ERR_SEED_MISMATCH');
    expect(codeOf(verifyGame(issued('mine', 'tiers'), { record }))).toBe('ERR_RULES_MISMATCH');
    expect(codeOf(verifyGame(issued('mine', 'classic', 5), { record }))).toBe('ERR_RULES_MISMATCH');
    const easier = makeRules('classic', { spawn: [{ value: 8, weight: 1 }] });
    if (!easier.ok) throw new Error(easier.error.message);
    const custom = asSent(recordOf(playCorner(easier.value, 'mine')));
    expect(codeOf(verifyGame(issued('mine'), { record: custom }))).toBe('ERR_RULES_MISMATCH');
    // the engine itself refuses rules that borrow a preset's name
    const renamed = { ...recordOf(game), rules: { ...easier.value, name: 'classic' } };
    const renamedAsSent: unknown = JSON.parse(JSON.stringify(renamed));
    expect(codeOf(verifyGame(issued('mine'), { record: renamedAsSent }))).toBe('ERR_NAME');
    const cases: [unknown, string][] = [
      [{ ...recordOf(game), rules: 'chess' }, 'ERR_UNKNOWN_RULES'],
      [{ ...(asSent(recordOf(game)) as object), moves: 'LRX' }, 'ERR_MOVES'],
      [{ ...(asSent(recordOf(game)) as object), version: 2 }, 'ERR_VERSION'],
      ['{"version":1,', 'ERR_JSON'],
      [[1, 2, 3], 'ERR_SHAPE'],
    ];
    for (const [forged, code] of cases) {
      expect(codeOf(verifyGame(issued('mine'), { record: forged }))).toBe(code);
    }
  });

  it('refuses games of rules the server never issues', () => {
    const game = newGame('classic', 'z');
    expect(codeOf(verifyGame(issued('z', 'custom'), { record: asSent(recordOf(game)) }))).toBe(
      'ERR_RULES_MISMATCH',
    );
  });
});
