import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFen } from './fen.js';
import { type Game, newGame, playMove, playStep } from './game.js';
import { pliesArb } from './games.testkit.js';
import { legalMoves } from './moves.js';
import { gameToPdn, moveToPdn, parsePdnMove, resultOf } from './pdn.js';
import { initialPosition } from './position.js';
import type { Move, Position, Square } from './types.js';

const fen = (text: string): Position => {
  const parsed = parseFen(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const code = (position: Position, text: string) => {
  const parsed = parsePdnMove(position, text);
  return parsed.ok ? moveToPdn(parsed.value) : parsed.error.code;
};
const play = (game: Game, ...pairs: [Square, Square][]) =>
  pairs.reduce((g, [a, b]) => {
    const next = playStep(g, a, b);
    if (!next.ok) throw new Error(next.error.message);
    return next.value;
  }, game);

describe('PDN moves', () => {
  it('writes simple moves with - and captures with every landing square', () => {
    expect(moveToPdn({ from: 11, to: 15, path: [11, 15], captured: [], crowned: false })).toBe(
      '11-15',
    );
    expect(
      moveToPdn({ from: 22, to: 6, path: [22, 15, 6], captured: [18, 10], crowned: false }),
    ).toBe('22x15x6');
  });

  it('reads moves, and a capture shortened to its ends when that is unambiguous', () => {
    const start = initialPosition();
    expect(code(start, '11-15')).toBe('11-15');
    expect(code(start, ' 9-13 ')).toBe('9-13');
    const jump = fen('W:W22:B18,10');
    expect(code(jump, '22x15x6')).toBe('22x15x6');
    expect(code(jump, '22x6')).toBe('22x15x6');
    expect(code(jump, '22x15')).toBe('ERR_ILLEGAL_MOVE'); // the capture goes on
    const short = parsePdnMove(jump, '22x15');
    if (!short.ok) expect(short.error.message).toContain('the capture goes on (22x15x6)');
    const fork = fen('W:W22:B18,10,11');
    expect(code(fork, '22x6')).toBe('22x15x6');
    expect(code(fork, '22x8')).toBe('22x15x8');
    // A king loop: the ends alone are ambiguous, a middle square decides.
    const loop = fen('B:W10,11,18,19:BK14');
    expect(code(loop, '14x14')).toBe('ERR_AMBIGUOUS_MOVE');
    expect(code(loop, '14x7x14')).toBe('ERR_AMBIGUOUS_MOVE'); // both pass 7
    expect(code(loop, '14x7x16x14')).toBe('14x7x16x23x14');
    expect(code(loop, '14x23x16x7x14')).toBe('14x23x16x7x14');
  });

  it.each([
    ['11', 'ERR_PDN_MOVE'],
    ['11-15-19', 'ERR_PDN_MOVE'],
    ['11x15-19', 'ERR_PDN_MOVE'],
    ['a-b', 'ERR_PDN_MOVE'],
    ['11-33', 'ERR_SQUARE'],
    ['0-4', 'ERR_SQUARE'],
    ['11-16x', 'ERR_PDN_MOVE'],
    ['11-18', 'ERR_ILLEGAL_MOVE'],
    ['22-18', 'ERR_ILLEGAL_MOVE'],
    ['11x18', 'ERR_ILLEGAL_MOVE'],
  ])('refuses %j at the start with %s', (text, expected) => {
    expect(code(initialPosition(), text)).toBe(expected);
  });

  it('refuses a simple move while a capture is compulsory', () => {
    expect(code(fen('B:W18:B14,9'), '9-13')).toBe('ERR_CAPTURE_REQUIRED');
  });

  it('reads back every move it writes', () => {
    fc.assert(
      fc.property(pliesArb(), (plies) => {
        for (const { position, move } of plies)
          expect(parsePdnMove(position, moveToPdn(move))).toEqual({ ok: true, value: move });
      }),
      { numRuns: 50 },
    );
  });
});

describe('PDN games', () => {
  it('numbers the moves and ends with the result', () => {
    const game = play(newGame(), [11, 15], [22, 18], [15, 22], [25, 18]);
    expect(gameToPdn(game, { event: 'Club "night"', black: 'Ann', white: 'Bob' })).toBe(
      [
        '[Event "Club \\"night\\""]',
        '[Black "Ann"]',
        '[White "Bob"]',
        '[Result "*"]',
        '',
        '1. 11-15 22-18 2. 15x22 25x18 *',
        '',
      ].join('\n'),
    );
  });

  it('gives the FEN of a game that did not start at the start, and its result', () => {
    const game = play(newGame(fen('W:W22:B18')), [22, 15]);
    const text = gameToPdn(game);
    expect(text).toContain('[FEN "W:W22:B18"]');
    expect(text).toContain('[Result "0-2"]');
    expect(text.trimEnd().endsWith('1... 22x15 0-2')).toBe(true);
  });

  it('writes results', () => {
    expect(resultOf({ kind: 'playing' })).toBe('*');
    expect(resultOf({ kind: 'won', winner: 'black', reason: 'no-moves' })).toBe('2-0');
    expect(resultOf({ kind: 'won', winner: 'red', reason: 'no-pieces' })).toBe('0-2');
    expect(resultOf({ kind: 'draw', reason: 'repetition' })).toBe('1-1');
  });

  it('wraps long games at 79 columns', () => {
    let game = newGame();
    for (let i = 0; i < 60 && game.status.kind === 'playing'; i++) {
      const moves = legalMoves(game.position);
      const next = playMove(game, moves[(i * 7) % moves.length] as Move);
      if (next.ok) game = next.value;
    }
    const lines = gameToPdn(game).split('\n');
    expect(lines.length).toBeGreaterThan(8);
    expect(lines.every((line) => line.length <= 79)).toBe(true);
  });
});
