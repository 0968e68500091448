import { describe, expect, it } from 'vitest';
import { newGame } from './game.js';
import {
  classic,
  fiveTwelve,
  isPresetName,
  isSquareBoard,
  isTileValue,
  MAX_TILE,
  makeRules,
  PRESETS,
  parseRules,
  tiers,
} from './rules.js';
import type { Rules, RulesData } from './types.js';

describe('presets', () => {
  it('classic is 2048', () => {
    expect(classic).toMatchObject({
      size: 4,
      goal: 2048,
      merge: 'once',
      ineffectiveMoves: 'ignore',
      startTiles: 2,
    });
    expect(classic.spawn).toEqual([
      { value: 2, weight: 0.9 },
      { value: 4, weight: 0.1 },
    ]);
  });
  it('FiveTwelve cascades and tiers chains', () => {
    expect(fiveTwelve).toMatchObject({
      goal: null,
      merge: 'cascade',
      ineffectiveMoves: 'spawn',
      scoring: 'tileSum',
    });
    expect(tiers).toMatchObject({ goal: null, merge: 'chain', scoring: 'levelCubes' });
    expect(fiveTwelve.spawn).toEqual([{ value: 2, weight: 1 }]);
  });
  it('every preset passes its own validation', () => {
    for (const preset of Object.values(PRESETS))
      expect(parseRules(preset)).toEqual({ ok: true, value: preset });
  });
  it('presets are frozen', () => {
    expect(Object.isFrozen(classic)).toBe(true);
    expect(Object.isFrozen(classic.spawn)).toBe(true);
  });
});

describe('only checked rules reach the engine', () => {
  it('a spread or a literal is RulesData, not Rules (the type check of the tests proves it)', () => {
    const unchecked: RulesData = { ...classic, size: 9 };
    const playUnchecked = (): Rules =>
      // @ts-expect-error: rules that skipped parseRules and makeRules are not Rules
      newGame(unchecked, 'seed').rules;
    const play = (rules: Rules): number => newGame(rules, 'seed').rules.size;
    expect(typeof playUnchecked).toBe('function');
    const checked = makeRules('classic', { size: 5 });
    expect(checked.ok && play(checked.value)).toBe(5);
    expect(parseRules(unchecked).ok).toBe(false);
  });
});

describe('parseRules', () => {
  it.each([
    ['not-a-preset', 'ERR_UNKNOWN_RULES'],
    [42, 'ERR_RULES'],
    [null, 'ERR_RULES'],
    [[], 'ERR_RULES'],
    [{ ...classic, name: '' }, 'ERR_NAME'],
    [{ ...classic, size: 1 }, 'ERR_SIZE'],
    [{ ...classic, size: 9 }, 'ERR_SIZE'],
    [{ ...classic, size: 4.5 }, 'ERR_SIZE'],
    [{ ...classic, size: 1_000_000 }, 'ERR_SIZE'],
    [{ ...classic, goal: 1000 }, 'ERR_GOAL'],
    [{ ...classic, goal: 2 }, 'ERR_GOAL'],
    [{ ...classic, goal: '2048' }, 'ERR_GOAL'],
    [{ ...classic, merge: 'twice' }, 'ERR_MERGE'],
    [{ ...classic, ineffectiveMoves: 'maybe' }, 'ERR_INEFFECTIVE'],
    [{ ...classic, spawn: [] }, 'ERR_SPAWN'],
    [{ ...classic, spawn: [{ value: 3, weight: 1 }] }, 'ERR_SPAWN'],
    [{ ...classic, spawn: [{ value: 2, weight: 0 }] }, 'ERR_SPAWN'],
    [{ ...classic, spawn: [{ value: 2, weight: -1 }] }, 'ERR_SPAWN'],
    [{ ...classic, spawn: [{ value: 2, weight: Number.NaN }] }, 'ERR_SPAWN'],
    [{ ...classic, spawn: [null] }, 'ERR_SPAWN'],
    [{ ...classic, startTiles: 17 }, 'ERR_START_TILES'],
    [{ ...classic, startTiles: -1 }, 'ERR_START_TILES'],
    [{ ...classic, scoring: 'vibes' }, 'ERR_SCORING'],
    [{ ...classic, merge: 'cascade' }, 'ERR_NAME'],
    [{ ...fiveTwelve, scoring: 'merges' }, 'ERR_NAME'],
    [{ ...tiers, spawn: [{ value: 4, weight: 1 }] }, 'ERR_NAME'],
  ])('%j is refused with %s', (input, code) => {
    const result = parseRules(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe(code);
      expect(result.error.message.length).toBeGreaterThan(5);
    }
  });

  it('lets a preset name keep its meaning when only size and goal change', () => {
    expect(parseRules({ ...classic, size: 6, goal: 4096 }).ok).toBe(true);
    expect(parseRules({ ...fiveTwelve, size: 3 }).ok).toBe(true);
    expect(parseRules({ ...classic, name: 'mine', merge: 'cascade' }).ok).toBe(true);
  });

  it('accepts a goal of null and any board from 2 to 8', () => {
    for (let size = 2; size <= 8; size++) {
      expect(parseRules({ ...classic, size, goal: null }).ok).toBe(true);
    }
  });
});

describe('makeRules', () => {
  it('keeps the preset name for a size or goal change', () => {
    const rules = makeRules('classic', { size: 5, goal: 4096 });
    expect(rules).toEqual({ ok: true, value: { ...classic, size: 5, goal: 4096 } });
  });
  it('names other changes custom', () => {
    const rules = makeRules('tiers', { merge: 'once' });
    expect(rules.ok && rules.value.name).toBe('custom');
  });
  it('checks the result', () => {
    expect(makeRules('classic', { size: 12 })).toMatchObject({
      ok: false,
      error: { code: 'ERR_SIZE' },
    });
  });
});

describe('isTileValue', () => {
  it('takes 0 and the powers of two from 2 to MAX_TILE, nothing else', () => {
    for (const good of [0, 2, 4, 2048, MAX_TILE]) expect(isTileValue(good)).toBe(true);
    for (const bad of [1, 3, -2, 2.5, MAX_TILE * 2, 2 ** 32, '2', null, Number.NaN]) {
      expect(isTileValue(bad)).toBe(false);
    }
  });
});

describe('isSquareBoard', () => {
  it('takes size rows of size cells, each 0 or a tile, and nothing else', () => {
    expect(
      isSquareBoard(
        [
          [0, 2],
          [4, 0],
        ],
        2,
      ),
    ).toBe(true);
    expect(
      isSquareBoard(
        [
          [0, 2],
          [4, 0],
        ],
        3,
      ),
    ).toBe(false);
    expect(isSquareBoard([[0, 2], [4]], 2)).toBe(false);
    expect(
      isSquareBoard(
        [
          [0, 3],
          [4, 0],
        ],
        2,
      ),
    ).toBe(false);
    expect(
      isSquareBoard(
        [
          [0, '2'],
          [4, 0],
        ],
        2,
      ),
    ).toBe(false);
    for (const bad of [null, 'board', {}, [0, 2]]) expect(isSquareBoard(bad, 2)).toBe(false);
  });
});

describe('isPresetName', () => {
  it('takes the presets by name and nothing else', () => {
    for (const name of Object.keys(PRESETS)) expect(isPresetName(name)).toBe(true);
    for (const bad of ['toString', 'Classic', '', 4, null]) expect(isPresetName(bad)).toBe(false);
  });
});
