import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { directionOfLetter, type Game, MOVE_LETTERS, newGame, step } from './game.js';
import { makeRecord, parseRecord, recordOf, replay } from './record.js';
import { makeRules, PRESETS } from './rules.js';
import { DIRECTIONS, type Rules } from './types.js';

const presetArb = fc.constantFrom(...Object.values(PRESETS));
const customArb = fc
  .record({
    size: fc.integer({ min: 2, max: 8 }),
    goal: fc.constantFrom(null, 8, 64, 2048),
    merge: fc.constantFrom('once' as const, 'chain' as const, 'cascade' as const),
  })
  .map((overrides): Rules => {
    const made = makeRules('classic', overrides);
    if (!made.ok) throw new Error(made.error.message);
    return made.value;
  });
const seedArb = fc.oneof(fc.nat().map(String), fc.stringMatching(/^[A-Za-z0-9_.:-]{1,64}$/));
const directionsArb = fc.array(fc.constantFrom(...DIRECTIONS), { maxLength: 120 });

const play = (
  rules: Rules,
  seed: string,
  directions: readonly (typeof DIRECTIONS)[number][],
): Game => directions.reduce((game, d) => step(game, d).game, newGame(rules, seed));

describe('records', () => {
  // One generated game serves both properties: the text round-trips, and the record replays.
  it('parseRecord(makeRecord(r)) round-trips and replay gives the same game, every time', () => {
    fc.assert(
      fc.property(
        fc.oneof(presetArb, customArb),
        seedArb,
        directionsArb,
        (rules, seed, directions) => {
          const game = play(rules, seed, directions);
          const record = recordOf(game);
          expect(parseRecord(makeRecord(record))).toEqual({ ok: true, value: record });
          const again = replay(record);
          expect(again).toEqual({ ok: true, value: game });
          expect(replay(record)).toEqual(again);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('writes presets by name', () => {
    const text = makeRecord(recordOf(step(newGame('classic', 7), 'left').game));
    expect(JSON.parse(text)).toEqual({ version: 2, rules: 'classic', seed: '7', moves: 'L' });
  });

  // The boards the engine gave before version 2 existed (its xoshiro128** path, unchanged).
  it.each([
    [
      'classic',
      [
        [2, 4, 4, 2],
        [0, 0, 64, 8],
        [0, 2, 0, 4],
        [0, 0, 0, 0],
      ],
      336,
    ],
    [
      'fiveTwelve',
      [
        [0, 4, 32, 2],
        [0, 0, 0, 4],
        [2, 0, 0, 32],
        [0, 0, 0, 8],
      ],
      84,
    ],
    [
      'tiers',
      [
        [2, 8, 8, 2],
        [32, 0, 2, 16],
        [2, 0, 2, 2],
        [0, 0, 0, 8],
      ],
      276,
    ],
  ])('replays a version 1 record (%s) exactly as it was played', (rules, board, score) => {
    const moves = 'LDRU'.repeat(10);
    const record = parseRecord({ version: 1, rules, seed: 'v1-pin', moves });
    if (!record.ok) throw new Error(record.error.message);
    const game = replay(record.value);
    expect(game.ok && game.value.board).toEqual(board);
    expect(game.ok && game.value.score).toBe(score);
    expect(game.ok && recordOf(game.value).version).toBe(1);
    expect(game.ok && game.value.rng).toEqual({
      version: 1,
      state: [2665932376, 1698738996, 2403404265, 581705698],
    });
    // The same moves dealt by version 2 are another game.
    const v2 = replay({ ...record.value, version: 2 });
    expect(v2.ok && v2.value.board).not.toEqual(board);
  });

  it.each([
    ['not json', 'ERR_JSON'],
    ['{"version":1', 'ERR_JSON'],
    ['[]', 'ERR_SHAPE'],
    ['null', 'ERR_SHAPE'],
    ['"classic"', 'ERR_SHAPE'],
    ['{"version":3,"rules":"classic","seed":"1","moves":""}', 'ERR_VERSION'],
    ['{"version":"2","rules":"classic","seed":"1","moves":""}', 'ERR_VERSION'],
    ['{"rules":"classic","seed":"1","moves":""}', 'ERR_VERSION'],
    ['{"version":1,"rules":"chess","seed":"1","moves":""}', 'ERR_UNKNOWN_RULES'],
    ['{"version":1,"rules":{"name":"x","size":40},"seed":"1","moves":""}', 'ERR_SIZE'],
    ['{"version":1,"rules":"classic","seed":"","moves":""}', 'ERR_SEED'],
    ['{"version":1,"rules":"classic","seed":-3,"moves":""}', 'ERR_SEED'],
    ['{"version":1,"rules":"classic","seed":"a b","moves":""}', 'ERR_SEED'],
    ['{"version":1,"rules":"classic","seed":"1","moves":"LURX"}', 'ERR_MOVES'],
    ['{"version":1,"rules":"classic","seed":"1","moves":["L"]}', 'ERR_MOVES'],
    ['{"version":1,"rules":"classic","seed":"1","moves":"lu"}', 'ERR_MOVES'],
    [
      `{"version":1,"rules":"classic","seed":"1","moves":"${'L'.repeat(2_100_000)}"}`,
      'ERR_TOO_LARGE',
    ],
  ])('parseRecord(%s) fails with %s', (text, code) => {
    const result = parseRecord(text);
    expect(result).toMatchObject({ ok: false, error: { code } });
  });

  it('names the bad move', () => {
    const result = parseRecord('{"version":1,"rules":"classic","seed":"1","moves":"LURX"}');
    expect(!result.ok && result.error.message).toMatch(/move 4 is "X"/);
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.jsonValue(), fc.anything()), (input) => {
        const result = parseRecord(input);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });

  it('replay refuses a move that changes nothing, and a move after the end', () => {
    const game = newGame('classic', 5);
    const stuck = DIRECTIONS.find((d) => step(game, d).game === game);
    const moves = stuck === 'up' ? 'U' : stuck === 'down' ? 'D' : stuck === 'left' ? 'L' : 'R';
    if (stuck) {
      expect(replay({ ...recordOf(game), moves })).toMatchObject({
        ok: false,
        error: { code: 'ERR_ILLEGAL_MOVE' },
      });
    }
    let end = game;
    for (let i = 0; end.status !== 'lost' && i < 5000; i++) {
      const next = DIRECTIONS.map((d) => step(end, d).game).find((g) => g !== end);
      if (!next) break;
      end = next;
    }
    expect(end.status).toBe('lost');
    expect(replay({ ...recordOf(end), moves: `${end.moves}L` })).toMatchObject({
      ok: false,
      error: { code: 'ERR_MOVE_AFTER_END' },
    });
  });
});

describe('directionOfLetter', () => {
  it('reads every MOVE_LETTERS letter back to its direction, and nothing else', () => {
    for (const direction of DIRECTIONS)
      expect(directionOfLetter(MOVE_LETTERS[direction])).toBe(direction);
    for (const bad of ['u', 'X', '', 'UD', undefined])
      expect(directionOfLetter(bad)).toBeUndefined();
  });

  it('refuses to replay a hand-built record holding another letter', () => {
    const record = { ...recordOf(newGame(PRESETS.classic, 'seed-1')), moves: 'X' };
    const replayed = replay(record);
    expect(replayed.ok).toBe(false);
    if (!replayed.ok) expect(replayed.error.code).toBe('ERR_ILLEGAL_MOVE');
  });
});
