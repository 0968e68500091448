import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INITIAL_FEN, makeFen, parseFen } from './fen.js';
import { pliesArb } from './games.testkit.js';
import { initialPosition } from './position.js';

const code = (text: string) => {
  const parsed = parseFen(text);
  return parsed.ok ? 'ok' : parsed.error.code;
};

describe('PDN FEN', () => {
  it('writes the start with the side to move first, squares ascending', () => {
    expect(makeFen(initialPosition())).toBe(INITIAL_FEN);
    expect(parseFen(INITIAL_FEN)).toEqual({ ok: true, value: initialPosition() });
  });

  it('marks kings with K and reads either list first, ranges and spaces', () => {
    const parsed = parseFen('W:WK3,21:B1,K30');
    expect(parsed).toEqual({
      ok: true,
      value: { black: 1 | (2 ** 29), red: 4 | (2 ** 20), kings: 4 | (2 ** 29), turn: 'red' },
    });
    if (parsed.ok) expect(makeFen(parsed.value)).toBe('W:WK3,21:B1,K30');
    expect(parseFen('B:B1-12:W21-32')).toEqual({ ok: true, value: initialPosition() });
    expect(parseFen(' B : W21-32 : B1-12. ')).toEqual({ ok: true, value: initialPosition() });
    expect(parseFen('B:W:B1')).toMatchObject({ ok: true, value: { red: 0, black: 1 } });
  });

  it.each([
    ['', 'ERR_FEN'],
    ['B:W21', 'ERR_FEN'],
    ['X:W21:B1', 'ERR_FEN'],
    ['B:W21:W22', 'ERR_FEN'],
    ['B:W21:Q1', 'ERR_FEN'],
    ['B:W21:B1,1', 'ERR_FEN'],
    ['B:W21:B21', 'ERR_FEN'],
    ['B:W33:B1', 'ERR_FEN'],
    ['B:W0:B1', 'ERR_FEN'],
    ['B:W5-3:B1', 'ERR_FEN'],
    ['B:W21:Bx', 'ERR_FEN'],
    ['B:W1:BK30', 'ERR_UNCROWNED_MAN'],
    ['B:W5-17:BK32', 'ERR_TOO_MANY_PIECES'],
    ['B:W5:B29', 'ERR_UNCROWNED_MAN'],
  ])('refuses %j with %s', (text, expected) => {
    expect(code(text)).toBe(expected);
  });

  it('round-trips every position of random games', () => {
    fc.assert(
      fc.property(pliesArb(), (plies) => {
        for (const { position } of plies)
          expect(parseFen(makeFen(position))).toEqual({ ok: true, value: position });
      }),
      { numRuns: 50 },
    );
  });
});
