/**
 * `(move (ROW COL) DIRECTION)` and `(move (ROW COL) (ROW COL))`, checked in the order of the
 * original Racket checkers' `move-command`: the arguments, the starting coordinate, the piece on
 * it, then the direction or destination; each refusal is the original's line. Ours on top: a
 * multi-jump must go on with the same piece, and a plain move while a capture is compulsory names
 * a capture.
 */
import {
  DIRECTIONS,
  type Direction,
  formatCoords,
  type Game,
  legalSteps,
  pieceAt,
  playStep,
  resolveDirection,
  type Square,
  type Step,
  squareAt,
} from '@twenty48/checkers';
import { fail, ok, type Result } from '@twenty48/common';
import { coordinateOf, RACKET_MESSAGES } from './commands.js';
import { jumpingSquare, stepCommand } from './moveText.js';
import type { Expr } from './sexp.js';

/** A step played: the game after it and the step itself. */
export interface PlayedStep {
  readonly game: Game;
  readonly step: Step;
}

/** The short directions players type: `(move (3 2) se)`. */
const SHORT_DIRECTIONS: Readonly<Record<string, Direction>> = {
  ne: 'northeast',
  nw: 'northwest',
  se: 'southeast',
  sw: 'southwest',
};

const isDirection = (expr: Expr | undefined): Direction | null =>
  expr?.kind === 'symbol'
    ? (DIRECTIONS.find((d) => d === expr.name) ?? SHORT_DIRECTIONS[expr.name] ?? null)
    : null;

/** The steps `square`'s piece may take now, as the commands that take them. */
export function stepsFrom(game: Game, square: Square): Step[] {
  return legalSteps(game).filter((step) => step.from === square);
}

/** The capture to name when a plain move is refused: one by the same piece when it has one. */
function captureToName(game: Game, from: Square): string {
  const steps = legalSteps(game);
  const step = steps.find((s) => s.from === from) ?? steps[0];
  return step ? stepCommand(step.from, step.to) : '';
}

/**
 * Play the step a `(move …)` command's arguments name, or say in one line why not; the game
 * is never changed by a refusal.
 *
 * @example
 * const [start, direction] = readExpressions('(3 2) southeast').value;
 * playMoveCommand(newGame(), [start, direction]) // ok: 9-14 played, red to move
 */
export function playMoveCommand(game: Game, args: readonly Expr[]): Result<PlayedStep, 'ERR_MOVE'> {
  const refuse = (message: string) => fail('ERR_MOVE', message);
  if (args.length !== 2) return refuse(RACKET_MESSAGES.moveArguments);
  const [startExpr, targetExpr] = args;
  const start = coordinateOf(startExpr);
  if (start === null) return refuse(RACKET_MESSAGES.badCoordinate);
  const from = squareAt(start.row, start.col);
  const piece = from === null ? null : pieceAt(game.position, from);
  if (from === null || piece === null || piece.side !== game.position.turn)
    return refuse(RACKET_MESSAGES.noPiece);
  const jumping = jumpingSquare(game);
  if (jumping !== null && from !== jumping)
    return refuse(`Keep jumping with ${formatCoords(jumping)}: ${captureToName(game, jumping)}`);

  const direction = isDirection(targetExpr);
  const destination = coordinateOf(targetExpr);
  let to: Square | null = null;
  if (direction !== null) {
    const resolved = resolveDirection(game, from, direction);
    if (!resolved.ok) return refuse(RACKET_MESSAGES.cannotMove);
    to = resolved.value;
  } else if (destination !== null) {
    to = squareAt(destination.row, destination.col);
    if (to === null) return refuse(RACKET_MESSAGES.notADirection);
  } else {
    return refuse(RACKET_MESSAGES.badDirection);
  }

  const played = playStep(game, from, to);
  // A step the rules played is one of the legal steps; the find only names it.
  const step = legalSteps(game).find((s) => s.from === from && s.to === to);
  if (played.ok && step !== undefined) return ok({ game: played.value, step });
  if (played.ok) return refuse(RACKET_MESSAGES.cannotMove);
  if (played.error.code === 'ERR_CAPTURE_REQUIRED')
    return refuse(`You must capture: ${captureToName(game, from)}`);
  if (played.error.code === 'ERR_MUST_CONTINUE')
    return refuse(`Keep jumping with ${formatCoords(from)}: ${captureToName(game, from)}`);
  return refuse(direction !== null ? RACKET_MESSAGES.cannotMove : RACKET_MESSAGES.notADirection);
}

/**
 * What the piece on `(row col)` can do, in one line: its steps as commands, or why none.
 *
 * @example
 * describePiece(newGame(), 3, 2) // '(3 2) can go: (move (3 2) southwest), (move (3 2) southeast)'
 */
export function describePiece(game: Game, row: number, col: number): string {
  const square = squareAt(row, col);
  const piece = square === null ? null : pieceAt(game.position, square);
  if (square === null || piece === null) return `There is no piece on (${row} ${col})`;
  const steps = stepsFrom(game, square);
  if (piece.side !== game.position.turn)
    return `(${row} ${col}) is ${piece.side}'s; ${game.position.turn} is to move`;
  if (steps.length > 0)
    return `(${row} ${col}) can go: ${steps.map((s) => stepCommand(s.from, s.to)).join(', ')}`;
  const any = legalSteps(game)[0];
  const jumping = jumpingSquare(game);
  if (jumping !== null) return `Keep jumping with ${formatCoords(jumping)}`;
  if (any?.captured != null)
    return `(${row} ${col}) cannot capture, and a capture is compulsory: ${stepCommand(any.from, any.to)}`;
  return `(${row} ${col}) cannot move`;
}
