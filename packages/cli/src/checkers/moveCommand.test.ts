import { type Game, makeFen, newGame, parseFen } from '@twenty48/checkers';
import { describe, expect, it } from 'vitest';
import { RACKET_MESSAGES } from './commands.js';
import { describePiece, playMoveCommand } from './moveCommand.js';
import { type Expr, readExpressions } from './sexp.js';

const gameAt = (fen?: string): Game => {
  if (fen === undefined) return newGame();
  const position = parseFen(fen);
  if (!position.ok) throw new Error(position.error.message);
  return newGame(position.value);
};

/** The arguments of `(move …)`, as the reader gives them. */
const argsOf = (text: string): Expr[] => {
  const read = readExpressions(`(${text})`);
  if (!read.ok) throw new Error(read.error.message);
  const [list] = read.value;
  return list?.kind === 'list' ? [...list.items] : [];
};

const refusal = (game: Game, args: string): string => {
  const played = playMoveCommand(game, argsOf(args));
  if (played.ok) throw new Error(`(move ${args}) was played`);
  return played.error.message;
};

// After 9-14 21-17, black must capture 14x21.
const CAPTURE_DUE = 'B:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,14';
// Black's man on (3 2) jumps (4 3), then (6 5).
const DOUBLE_JUMP = 'B:W14,23,29:B1,9';

describe("(move …) checked in the Racket original's order", () => {
  it.each([
    ['', RACKET_MESSAGES.moveArguments],
    ['(3 2)', RACKET_MESSAGES.moveArguments],
    ['(3 2) southeast extra', RACKET_MESSAGES.moveArguments],
    ['3 southeast', RACKET_MESSAGES.badCoordinate],
    ['(3) southeast', RACKET_MESSAGES.badCoordinate],
    ['(9 2) southeast', RACKET_MESSAGES.badCoordinate],
    ['(3 2.5) southeast', RACKET_MESSAGES.badCoordinate],
    ['(1 1) southeast', RACKET_MESSAGES.noPiece],
    ['(4 1) southeast', RACKET_MESSAGES.noPiece],
    ['(6 1) northeast', RACKET_MESSAGES.noPiece],
    ['(3 2) (5 4)', RACKET_MESSAGES.notADirection],
    ['(3 2) (4 4)', RACKET_MESSAGES.notADirection],
    ['(3 2) (3 2)', RACKET_MESSAGES.notADirection],
    ['(3 2) south', RACKET_MESSAGES.badDirection],
    ['(3 2) 5', RACKET_MESSAGES.badDirection],
    ['(3 2) "southeast"', RACKET_MESSAGES.badDirection],
    ['(3 2) northeast', RACKET_MESSAGES.cannotMove],
    ['(2 1) southeast', RACKET_MESSAGES.cannotMove],
    ['(1 8) southeast', RACKET_MESSAGES.cannotMove],
  ])('(move %s) at the start: %s', (args, message) => {
    expect(refusal(newGame(), args)).toBe(message);
  });

  it('checks the start before the direction, as the Racket original does', () => {
    expect(refusal(newGame(), '(9 9) nowhere')).toBe(RACKET_MESSAGES.badCoordinate);
    expect(refusal(newGame(), '(1 1) nowhere')).toBe(RACKET_MESSAGES.noPiece);
  });

  it('names a capture when a plain move is refused for one, by the same piece if it has one', () => {
    const game = gameAt(CAPTURE_DUE);
    expect(refusal(game, '(3 4) southeast')).toBe('You must capture: (move (4 3) southwest)');
    expect(refusal(game, '(4 3) southeast')).toBe('You must capture: (move (4 3) southwest)');
    expect(refusal(game, '(3 4) (4 5)')).toBe('You must capture: (move (4 3) southwest)');
  });

  it('plays a direction, a destination and a jump given as the direction of the piece jumped', () => {
    const byDirection = playMoveCommand(newGame(), argsOf('(3 2) southeast'));
    const byDestination = playMoveCommand(newGame(), argsOf('(3 2) (4 3)'));
    expect(byDirection.ok && byDestination.ok).toBe(true);
    if (!byDirection.ok || !byDestination.ok) return;
    expect(byDirection.value.step).toEqual({ from: 9, to: 14, captured: null });
    expect(makeFen(byDestination.value.game.position)).toBe(
      makeFen(byDirection.value.game.position),
    );
    const jump = playMoveCommand(gameAt(CAPTURE_DUE), argsOf('(4 3) southwest'));
    expect(jump.ok && jump.value.step).toEqual({ from: 14, to: 21, captured: 17 });
  });

  it('plays a multi-jump one command per jump, with the same piece only', () => {
    const first = playMoveCommand(gameAt(DOUBLE_JUMP), argsOf('(3 2) southeast'));
    if (!first.ok) throw new Error(first.error.message);
    const midway = first.value.game;
    expect(midway.jump?.path).toEqual([9, 18]);
    expect(midway.position.turn).toBe('black');
    expect(refusal(midway, '(1 2) southeast')).toBe(
      'Keep jumping with (5 4): (move (5 4) southeast)',
    );
    expect(refusal(midway, '(5 4) southwest')).toBe(
      'Keep jumping with (5 4): (move (5 4) southeast)',
    );
    const second = playMoveCommand(midway, argsOf('(5 4) (7 6)'));
    if (!second.ok) throw new Error(second.error.message);
    expect(second.value.game.jump).toBeNull();
    expect(second.value.game.moves.map((m) => m.path)).toEqual([[9, 18, 27]]);
    expect(second.value.game.position.turn).toBe('red');
  });
});

describe('(ROW COL): what a piece can do', () => {
  it.each([
    ['(3 2) can go: (move (3 2) southwest), (move (3 2) southeast)', 3, 2],
    ['(2 1) cannot move', 2, 1],
    ['There is no piece on (4 1)', 4, 1],
    ['There is no piece on (1 1)', 1, 1],
    ["(6 1) is red's; black is to move", 6, 1],
  ])('%s', (text, row, col) => {
    expect(describePiece(newGame(), row, col)).toBe(text);
  });

  it('says when a capture is due elsewhere', () => {
    expect(describePiece(gameAt(CAPTURE_DUE), 3, 4)).toBe(
      '(3 4) cannot capture, and a capture is compulsory: (move (4 3) southwest)',
    );
  });
});
