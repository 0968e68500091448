import { applyMove, legalMoves, movesMan, sameMove } from './moves.js';
import { initialPosition, pieceAt, piecesOf, positionKey } from './position.js';
import {
  bitOf,
  directionBetween,
  formatCoords,
  forwardDirections,
  isSquare,
  neighbor,
  opponent,
} from './squares.js';
import {
  type Direction,
  fail,
  type Move,
  ok,
  type Position,
  type Result,
  type Square,
  type Status,
} from './types.js';

/** Plies without a capture or a man's move after which the game is drawn (40 moves each). */
export const QUIET_PLY_LIMIT = 80;
/** How many times the same position (same side to move) must occur for a draw. */
export const REPETITION_LIMIT = 3;

/** A capture under way, played one jump at a time with `playStep`. */
export interface JumpInProgress {
  /** The position when the move began. */
  readonly before: Position;
  /** The squares the piece has stood on, from where it started to where it stands now. */
  readonly path: readonly Square[];
  /** The squares jumped so far, in order. */
  readonly captured: readonly Square[];
}

/**
 * A game: plain, immutable data. `position` is the board as it stands: during a capture played
 * jump by jump it shows the piece where it has landed and the jumped pieces gone, with the
 * same side still to move, and `jump` records the partial move.
 */
export interface Game {
  /** Where the game began (the FEN tag of its PDN when not the standard start). */
  readonly start: Position;
  readonly position: Position;
  /** Every whole move played, in order. */
  readonly moves: readonly Move[];
  /** The capture in progress, or `null` between moves. */
  readonly jump: JumpInProgress | null;
  /** Plies since the last capture or man's move; 80 draws. */
  readonly quietPlies: number;
  /** The keys (`positionKey`) of the positions since the last capture or man's move, ending
   * with the current one: only those can repeat. */
  readonly history: readonly string[];
  /** How many times the current position has occurred (1 the first time); 3 draws. */
  readonly repetitions: number;
  readonly status: Status;
}

/** One step of a move: a simple move, or one jump of a capture (`captured` is the square jumped). */
export interface Step {
  readonly from: Square;
  readonly to: Square;
  readonly captured: Square | null;
}

export type StepError =
  | 'ERR_GAME_OVER'
  | 'ERR_SQUARE'
  | 'ERR_NO_PIECE'
  | 'ERR_NOT_YOUR_PIECE'
  | 'ERR_NOT_DIAGONAL'
  | 'ERR_BACKWARD'
  | 'ERR_BLOCKED'
  | 'ERR_NOTHING_TO_JUMP'
  | 'ERR_OFF_BOARD'
  | 'ERR_CAPTURE_REQUIRED'
  | 'ERR_MUST_CONTINUE'
  | 'ERR_ILLEGAL_MOVE';

function statusOf(position: Position, repetitions: number, quietPlies: number): Status {
  const winner = opponent(position.turn);
  if (piecesOf(position, position.turn) === 0) return { kind: 'won', winner, reason: 'no-pieces' };
  if (legalMoves(position).length === 0) return { kind: 'won', winner, reason: 'no-moves' };
  if (repetitions >= REPETITION_LIMIT) return { kind: 'draw', reason: 'repetition' };
  if (quietPlies >= QUIET_PLY_LIMIT) return { kind: 'draw', reason: 'forty-moves' };
  return { kind: 'playing' };
}

/**
 * A new game from the standard start, or from any position (which may already be over).
 *
 * @example
 * newGame().status // { kind: 'playing' }
 */
export function newGame(position: Position = initialPosition()): Game {
  return {
    start: position,
    position,
    moves: [],
    jump: null,
    quietPlies: 0,
    history: [positionKey(position)],
    repetitions: 1,
    status: statusOf(position, 1, 0),
  };
}

function finish(game: Game, before: Position, move: Move): Game {
  const position = applyMove(before, move);
  const key = positionKey(position);
  const reversible = move.captured.length === 0 && !movesMan(before, move);
  const history = reversible ? [...game.history, key] : [key];
  const repetitions = history.filter((k) => k === key).length;
  const quietPlies = reversible ? game.quietPlies + 1 : 0;
  return {
    start: game.start,
    position,
    moves: [...game.moves, move],
    jump: null,
    quietPlies,
    history,
    repetitions,
    status: statusOf(position, repetitions, quietPlies),
  };
}

const startsWith = (move: Move, prefix: readonly Square[]): boolean =>
  prefix.every((square, i) => move.path[i] === square);

/**
 * Plays a whole move (from `legalMoves`, or parsed with `parsePdnMove`). During a capture
 * played jump by jump, a move that completes it (the whole path, from its start) is accepted.
 * Fails with `ERR_GAME_OVER` or `ERR_ILLEGAL_MOVE`.
 *
 * @example
 * const game = newGame();
 * const next = playMove(game, legalMoves(game.position)[0]); // ok: 9-13 played, red to move
 */
export function playMove(
  game: Game,
  move: Move,
): Result<Game, 'ERR_GAME_OVER' | 'ERR_ILLEGAL_MOVE'> {
  if (game.status.kind !== 'playing') return fail('ERR_GAME_OVER', 'the game is over');
  const before = game.jump?.before ?? game.position;
  const prefix = game.jump?.path ?? [];
  const legal = legalMoves(before).find((m) => sameMove(m, move) && startsWith(m, prefix));
  if (legal === undefined)
    return fail(
      'ERR_ILLEGAL_MOVE',
      `${move.path.join(move.captured.length > 0 ? 'x' : '-')} is not legal here`,
    );
  return ok(finish(game, before, legal));
}

/**
 * What may be played next, one step each: the first steps of every legal move, or, during a
 * capture, the next jumps of the piece that is jumping. Empty when the game is over.
 *
 * @example
 * legalSteps(newGame()).length // 7
 */
export function legalSteps(game: Game): Step[] {
  if (game.status.kind !== 'playing') return [];
  const before = game.jump?.before ?? game.position;
  const prefix = game.jump?.path ?? [];
  const index = Math.max(prefix.length - 1, 0);
  const steps: Step[] = [];
  for (const move of legalMoves(before)) {
    if (!startsWith(move, prefix)) continue;
    const from = move.path[index] as Square;
    const to = move.path[index + 1] as Square;
    if (steps.some((s) => s.from === from && s.to === to)) continue;
    steps.push({ from, to, captured: move.captured[index] ?? null });
  }
  return steps;
}

// Says why from -> to is not a legal step (it is known not to be one).
function refuse(game: Game, from: Square, to: Square): Result<never, StepError> {
  const { position } = game;
  const at = (s: Square) => pieceAt(position, s);
  const piece = at(from);
  if (piece === null) return fail('ERR_NO_PIECE', `there is no piece on ${formatCoords(from)}`);
  if (piece.side !== position.turn)
    return fail(
      'ERR_NOT_YOUR_PIECE',
      `the piece on ${formatCoords(from)} is ${piece.side}'s; ${position.turn} is to move`,
    );
  const direction = directionBetween(from, to);
  const distance = Math.abs(Math.floor((to - 1) / 4) - Math.floor((from - 1) / 4));
  if (direction === null || distance > 2)
    return fail(
      'ERR_NOT_DIAGONAL',
      `${formatCoords(from)} to ${formatCoords(to)} is not one diagonal step or jump`,
    );
  if (!piece.king && !forwardDirections(piece.side).includes(direction))
    return fail(
      'ERR_BACKWARD',
      `a man moves forward only; ${formatCoords(from)} to ${formatCoords(to)} goes back`,
    );
  if (at(to) !== null) return fail('ERR_BLOCKED', `${formatCoords(to)} is occupied`);
  const steps = legalSteps(game);
  const example = steps[0];
  const named = example ? `${formatCoords(example.from)} to ${formatCoords(example.to)}` : 'none';
  if (game.jump !== null)
    return fail(
      'ERR_MUST_CONTINUE',
      `the piece on ${formatCoords(from)} must jump again: ${named}`,
    );
  if (distance === 1) {
    if (example?.captured != null)
      return fail('ERR_CAPTURE_REQUIRED', `a capture is compulsory: ${named}`);
    return fail('ERR_ILLEGAL_MOVE', `${formatCoords(from)} to ${formatCoords(to)} is not legal`);
  }
  const over = neighbor(from, direction) as Square;
  const jumped = at(over);
  if (jumped === null || jumped.side === position.turn)
    return fail(
      'ERR_NOTHING_TO_JUMP',
      `there is no ${opponent(position.turn)} piece on ${formatCoords(over)} to jump`,
    );
  return fail('ERR_ILLEGAL_MOVE', `${formatCoords(from)} to ${formatCoords(to)} is not legal`);
}

/**
 * Plays ONE step: a simple move, or one jump of a capture. After a jump that can go on, the
 * same side moves again with the same piece (`game.jump` records the partial move and
 * `legalSteps` lists the next jumps); the move is recorded when it ends. Errors name what is
 * wrong: `ERR_NOT_YOUR_PIECE`, `ERR_CAPTURE_REQUIRED` (naming a capture to make),
 * `ERR_MUST_CONTINUE` (naming the jumping piece), `ERR_BLOCKED`, `ERR_BACKWARD`, …
 *
 * @example
 * playStep(newGame(), 11, 15) // ok: 11-15 played, red to move
 * playStep(newGame(), 22, 18) // fails with ERR_NOT_YOUR_PIECE
 */
export function playStep(game: Game, from: Square, to: Square): Result<Game, StepError> {
  if (game.status.kind !== 'playing') return fail('ERR_GAME_OVER', 'the game is over');
  if (!isSquare(from) || !isSquare(to)) return fail('ERR_SQUARE', 'squares are 1-32');
  const jump = game.jump;
  if (jump !== null) {
    const at = jump.path[jump.path.length - 1] as Square;
    if (from !== at) {
      const next = legalSteps(game)[0];
      const named = next ? `, e.g. to ${formatCoords(next.to)}` : '';
      return fail(
        'ERR_MUST_CONTINUE',
        `the piece on ${formatCoords(at)} must keep jumping${named}`,
      );
    }
  }
  const before = jump?.before ?? game.position;
  const path = [...(jump?.path ?? [from]), to];
  const candidates = legalMoves(before).filter((m) => startsWith(m, path));
  const first = candidates[0];
  if (first === undefined) return refuse(game, from, to);
  const done = candidates.find((m) => m.path.length === path.length);
  if (done !== undefined) return ok(finish(game, before, done));
  const captured = first.captured.slice(0, path.length - 1);
  return ok({
    ...game,
    position: partial(before, path, captured),
    jump: { before, path, captured },
  });
}

// The board in the middle of a capture: the piece on its latest square, the jumped pieces gone.
function partial(before: Position, path: readonly Square[], captured: readonly Square[]): Position {
  const from = bitOf(path[0] as Square);
  const to = bitOf(path[path.length - 1] as Square);
  const gone = captured.reduce((mask, s) => mask | bitOf(s), 0);
  const own = ((before.turn === 'black' ? before.black : before.red) & ~from) | to;
  const opp = (before.turn === 'black' ? before.red : before.black) & ~gone;
  const kings = ((before.kings & from) !== 0 ? (before.kings & ~from) | to : before.kings) & ~gone;
  return {
    black: (before.turn === 'black' ? own : opp) >>> 0,
    red: (before.turn === 'black' ? opp : own) >>> 0,
    kings: kings >>> 0,
    turn: before.turn,
  };
}

/**
 * Where a step from `square` toward `direction` lands: the adjacent square when it is empty, or
 * the square beyond an adjacent opponent piece (a jump's direction is that of the piece
 * jumped). Fails with `ERR_SQUARE`, `ERR_NO_PIECE`, `ERR_OFF_BOARD` or `ERR_BLOCKED` (own
 * piece in the way).
 *
 * @example
 * resolveDirection(newGame(), 11, 'southwest') // { ok: true, value: 15 }
 */
export function resolveDirection(
  game: Game,
  square: Square,
  direction: Direction,
): Result<Square, 'ERR_SQUARE' | 'ERR_NO_PIECE' | 'ERR_OFF_BOARD' | 'ERR_BLOCKED'> {
  if (!isSquare(square)) return fail('ERR_SQUARE', 'squares are 1-32');
  const piece = pieceAt(game.position, square);
  if (piece === null) return fail('ERR_NO_PIECE', `there is no piece on ${formatCoords(square)}`);
  const next = neighbor(square, direction);
  if (next === null)
    return fail('ERR_OFF_BOARD', `${direction} of ${formatCoords(square)} is off the board`);
  const there = pieceAt(game.position, next);
  if (there === null) return ok(next);
  if (there.side === piece.side)
    return fail('ERR_BLOCKED', `${formatCoords(next)} holds a ${piece.side} piece`);
  const land = neighbor(next, direction);
  if (land === null)
    return fail(
      'ERR_OFF_BOARD',
      `the piece on ${formatCoords(next)} is on the edge: no square beyond it`,
    );
  return ok(land);
}

/**
 * Plays one step given as a direction, as the terminal's `(move (ROW COL) DIRECTION)` does:
 * `resolveDirection`, then `playStep`.
 *
 * @example
 * stepInDirection(newGame(), 11, 'southwest') // ok: 11-15 played
 */
export function stepInDirection(
  game: Game,
  square: Square,
  direction: Direction,
): Result<Game, StepError> {
  if (game.status.kind !== 'playing') return fail('ERR_GAME_OVER', 'the game is over');
  // During a capture only the jumping piece may move: say so before looking where it would go.
  const jumping = game.jump?.path[game.jump.path.length - 1];
  if (jumping !== undefined && square !== jumping) return playStep(game, square, square);
  const to = resolveDirection(game, square, direction);
  return to.ok ? playStep(game, square, to.value) : to;
}
