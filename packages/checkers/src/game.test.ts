import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFen } from './fen.js';
import {
  type Game,
  legalSteps,
  newGame,
  playMove,
  playStep,
  resolveDirection,
  stepInDirection,
} from './game.js';
import { choicesArb } from './games.testkit.js';
import { legalMoves } from './moves.js';
import { moveToPdn } from './pdn.js';
import type { Position, Result, Square } from './types.js';

const fen = (text: string): Position => {
  const parsed = parseFen(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const value = <T>(result: Result<T>): T => {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
};
const steps = (game: Game, ...pairs: [Square, Square][]): Game =>
  pairs.reduce((g, [from, to]) => value(playStep(g, from, to)), game);
const code = (result: Result<unknown>) => (result.ok ? 'ok' : result.error.code);
const message = (result: Result<unknown>) => (result.ok ? '' : result.error.message);

describe('a game', () => {
  it('starts with black to move and no moves played', () => {
    const game = newGame();
    expect(game.status).toEqual({ kind: 'playing' });
    expect(game.position.turn).toBe('black');
    expect(game.moves).toEqual([]);
    expect(game.jump).toBeNull();
    expect(game.repetitions).toBe(1);
    expect(legalSteps(game).length).toBe(7);
  });

  it('plays a whole move, or refuses an illegal one', () => {
    const game = newGame();
    const [first] = legalMoves(game.position);
    const next = value(playMove(game, first as NonNullable<typeof first>));
    expect(next.position.turn).toBe('red');
    expect(next.moves.map(moveToPdn)).toEqual(['9-13']);
    const bogus = { from: 9, to: 18, path: [9, 18], captured: [], crowned: false };
    expect(code(playMove(game, bogus))).toBe('ERR_ILLEGAL_MOVE');
  });

  it('plays a multi-jump one jump at a time, the same side moving again', () => {
    // Black 14 jumps 18 to 23, then 27 to 32; or 17 to 21.
    const start = newGame(fen('B:W17,18,27,30:B14'));
    expect(legalMoves(start.position).map(moveToPdn)).toEqual(['14x21', '14x23x32']);
    const half = value(playStep(start, 14, 23));
    expect(half.jump).toEqual({ before: start.position, path: [14, 23], captured: [18] });
    expect(half.position.turn).toBe('black');
    expect(half.moves).toEqual([]);
    expect(legalSteps(half)).toEqual([{ from: 23, to: 32, captured: 27 }]);
    const must = playStep(half, 17, 21);
    expect(code(must)).toBe('ERR_MUST_CONTINUE');
    expect(message(must)).toContain('(6 5)');
    expect(code(playStep(half, 23, 26))).toBe('ERR_MUST_CONTINUE');
    const done = value(playStep(half, 23, 32));
    expect(done.jump).toBeNull();
    expect(done.moves.map(moveToPdn)).toEqual(['14x23x32']);
    expect(done.position).toEqual(fen('W:W17,30:BK32'));
    // The whole move is also accepted in the middle of it.
    const whole = legalMoves(start.position)[1];
    expect(value(playMove(half, whole as NonNullable<typeof whole>))).toEqual(done);
  });

  it('names every error of a step', () => {
    const game = newGame();
    expect(code(playStep(game, 0, 15))).toBe('ERR_SQUARE');
    expect(code(playStep(game, 15, 19))).toBe('ERR_NO_PIECE');
    expect(code(playStep(game, 22, 18))).toBe('ERR_NOT_YOUR_PIECE');
    expect(code(playStep(game, 11, 19))).toBe('ERR_NOT_DIAGONAL');
    expect(code(playStep(game, 1, 19))).toBe('ERR_NOT_DIAGONAL');
    expect(code(playStep(game, 11, 7))).toBe('ERR_BACKWARD');
    expect(code(playStep(game, 7, 11))).toBe('ERR_BLOCKED');
    expect(code(playStep(game, 11, 18))).toBe('ERR_NOTHING_TO_JUMP');
    expect(code(playStep(game, 10, 19))).toBe('ERR_NOTHING_TO_JUMP');
    const capture = newGame(fen('B:W18:B14,9'));
    const required = playStep(capture, 9, 13);
    expect(code(required)).toBe('ERR_CAPTURE_REQUIRED');
    expect(message(required)).toContain('(4 3) to (6 5)');
    const over = newGame(fen('W:W5:B1'));
    expect(over.status).toEqual({ kind: 'won', winner: 'black', reason: 'no-moves' });
    expect(code(playStep(over, 5, 1))).toBe('ERR_GAME_OVER');
    expect(
      code(playMove(over, { from: 5, to: 1, path: [5, 1], captured: [], crowned: true })),
    ).toBe('ERR_GAME_OVER');
  });

  it('resolves a direction to a step or a jump over an adjacent opponent', () => {
    const game = newGame();
    expect(resolveDirection(game, 11, 'southwest')).toEqual({ ok: true, value: 15 });
    expect(code(resolveDirection(game, 7, 'southwest'))).toBe('ERR_BLOCKED');
    expect(code(resolveDirection(game, 5, 'northwest'))).toBe('ERR_OFF_BOARD');
    expect(code(resolveDirection(game, 16, 'southwest'))).toBe('ERR_NO_PIECE');
    expect(code(resolveDirection(game, 0, 'southwest'))).toBe('ERR_SQUARE');
    const played = value(stepInDirection(game, 11, 'southwest'));
    expect(played.moves.map(moveToPdn)).toEqual(['11-15']);
    const jump = newGame(fen('B:W17,18,27,30:B14'));
    expect(resolveDirection(jump, 14, 'southeast')).toEqual({ ok: true, value: 23 });
    const half = value(stepInDirection(jump, 14, 'southeast'));
    const done = value(stepInDirection(half, 23, 'southeast'));
    expect(done.moves.map(moveToPdn)).toEqual(['14x23x32']);
    // A piece on the edge cannot be jumped.
    expect(code(resolveDirection(newGame(fen('B:W13:B9')), 9, 'southwest'))).toBe('ERR_OFF_BOARD');
    expect(code(stepInDirection(newGame(fen('B:W32:B14')), 14, 'northwest'))).toBe('ERR_BACKWARD');
  });

  it('is won when the other side has no pieces left', () => {
    const game = steps(newGame(fen('B:W18:B14')), [14, 23]);
    expect(game.status).toEqual({ kind: 'won', winner: 'black', reason: 'no-pieces' });
  });

  it('is won when the other side cannot move', () => {
    const game = steps(newGame(fen('B:W29:B18,25')), [18, 22]);
    expect(game.status).toEqual({ kind: 'won', winner: 'black', reason: 'no-moves' });
  });

  it('is drawn when the same position comes a third time, same side to move', () => {
    let game = newGame(fen('B:WK32:BK1'));
    const shuffle: [Square, Square][] = [
      [1, 5],
      [32, 28],
      [5, 1],
      [28, 32],
    ];
    game = steps(game, ...shuffle);
    expect(game.repetitions).toBe(2);
    game = steps(game, ...shuffle.slice(0, 3));
    expect(game.status).toEqual({ kind: 'playing' });
    game = steps(game, [28, 32]);
    expect(game.repetitions).toBe(3);
    expect(game.status).toEqual({ kind: 'draw', reason: 'repetition' });
  });

  it('is drawn after 40 moves each without a capture or a man moving', () => {
    // Two kings go round cycles of 6 and 8 squares: no position comes a third time in 80 plies.
    const black = [5, 9, 14, 10, 6, 1];
    const red = [20, 24, 27, 31, 26, 23, 19, 16];
    let game = newGame(fen('B:WK20,29:BK5,4'));
    for (let ply = 0; ply < 80; ply++) {
      expect(game.status).toEqual({ kind: 'playing' });
      const k = Math.floor(ply / 2);
      const cycle = ply % 2 === 0 ? black : red;
      game = steps(game, [
        cycle[k % cycle.length] as Square,
        cycle[(k + 1) % cycle.length] as Square,
      ]);
      expect(game.quietPlies).toBe(ply + 1);
    }
    expect(game.repetitions).toBeLessThan(3);
    expect(game.status).toEqual({ kind: 'draw', reason: 'forty-moves' });
  });

  it('a man moving or a capture resets the count and the repetitions', () => {
    let game = newGame(fen('B:WK32:BK1,9'));
    game = steps(game, [1, 5], [32, 28]);
    expect(game.quietPlies).toBe(2);
    expect(game.history.length).toBe(3);
    game = steps(game, [9, 13]);
    expect(game.quietPlies).toBe(0);
    expect(game.history.length).toBe(1);
  });

  it('playing step by step gives the same game as playing whole moves', () => {
    fc.assert(
      fc.property(choicesArb(120), (choices) => {
        let byMove = newGame();
        let byStep = newGame();
        for (const choice of choices) {
          if (byMove.status.kind !== 'playing') break;
          const moves = legalMoves(byMove.position);
          const move = moves[choice % moves.length];
          if (move === undefined) break;
          byMove = value(playMove(byMove, move));
          for (let i = 1; i < move.path.length; i++) {
            expect(legalSteps(byStep)).toContainEqual({
              from: move.path[i - 1],
              to: move.path[i],
              captured: move.captured[i - 1] ?? null,
            });
            byStep = value(playStep(byStep, move.path[i - 1] as Square, move.path[i] as Square));
            expect(byStep.jump === null).toBe(i === move.path.length - 1);
          }
          expect(byStep).toEqual(byMove);
        }
      }),
      { numRuns: 60 },
    );
  });
});
