/**
 * Moves as players type them, beside the seed's list form: PDN (`11-15`, `22x15`, `22x15x6` for
 * a whole multi-jump in one command), read by the rules package's `parsePdnMove` (the one home of
 * PDN move parsing), and square pairs in the seed's (row col) coordinates (`3 2 4 3`, `32 43`,
 * `6 3 4 5 2 3`). A typed move reaches the session as `(move "TEXT")`, so both front ends queue
 * it, and hold it while the computer thinks, as any `(move …)`.
 */
import {
  coordsOf,
  formatCoords as fmt,
  type Game,
  isSquare,
  legalSteps,
  parsePdnMove,
  pieceAt,
  playStep,
  type Square,
  type Step,
  squareAt,
} from '@twenty48/checkers';
import { fail, ok, type Result } from '@twenty48/common';
import { describePiece } from './moveCommand.js';
import { jumpingSquare } from './moveText.js';
import type { Expr } from './sexp.js';

/** A typed move's squares as written: PDN numbers or (row col) pairs. */
type TypedForm =
  | { readonly kind: 'pdn'; readonly text: string }
  | { readonly kind: 'pairs'; readonly coords: readonly { row: number; col: number }[] };

const PDN_LINE = /^\d{1,2}(?:[-x]\d{1,2})+$/;

/** The typed form `text` is written in, or null when it is not a typed move. */
function typedFormOf(text: string): TypedForm | null {
  const trimmed = text.trim();
  if (PDN_LINE.test(trimmed)) return { kind: 'pdn', text: trimmed };
  const tokens = trimmed.split(/\s+/);
  if (tokens.length < 2 || !tokens.every((token) => /^[1-8]{1,2}$/.test(token))) return null;
  const digits = tokens.join('');
  if (digits.length < 4 || digits.length % 2 !== 0) return null;
  const coords = [];
  for (let i = 0; i < digits.length; i += 2) {
    coords.push({ row: Number(digits[i]), col: Number(digits[i + 1]) });
  }
  return { kind: 'pairs', coords };
}

/**
 * `(move "TEXT")` for a line that is a typed move, or null.
 *
 * @example
 * typedMoveLine('22x15x6') // (move "22x15x6")
 * typedMoveLine('3 2 4 3') // (move "3 2 4 3")
 * typedMoveLine('(score)') // null
 */
export function typedMoveLine(text: string): Expr | null {
  if (typedFormOf(text) === null) return null;
  return {
    kind: 'list',
    items: [
      { kind: 'symbol', name: 'move' },
      { kind: 'string', value: text.trim() },
    ],
  };
}

/** A step in PDN: `22-18`, or `22x15` for a jump. */
const stepPdn = (step: Step): string =>
  `${step.from}${step.captured === null ? '-' : 'x'}${step.to}`;

/**
 * Why `from` cannot go to `to`, naming the moves it has: "(6 3) cannot reach (5 5): its moves
 * are (5 2) [22-17], (5 4) [22-18]".
 */
export function cannotReach(game: Game, from: Square, to: Square): string {
  const steps = legalSteps(game).filter((step) => step.from === from);
  const head = `${fmt(from)} cannot reach ${fmt(to)}`;
  if (steps.length > 0) {
    const moves = steps.map((step) => `${fmt(step.to)} [${stepPdn(step)}]`).join(', ');
    return `${head}: its ${steps.length === 1 ? 'move is' : 'moves are'} ${moves}`;
  }
  const { row, col } = coordsOf(from);
  return `${head}: ${describePiece(game, row, col)}`;
}

/** The squares a typed form walks, or the line that says why it names none. */
function pathOf(game: Game, form: TypedForm): Result<Square[], 'ERR_MOVE'> {
  if (form.kind === 'pairs') {
    const squares: Square[] = [];
    for (const { row, col } of form.coords) {
      const square = squareAt(row, col);
      if (square === null)
        return fail('ERR_MOVE', `(${row} ${col}) is a light square: pieces stand on dark ones`);
      squares.push(square);
    }
    return ok(squares);
  }
  const numbers = form.text.split(/[-x]/).map(Number);
  if (game.jump !== null) {
    const squares = numbers.filter(isSquare);
    if (squares.length < numbers.length) {
      const wrong = numbers.find((n) => !isSquare(n));
      return fail('ERR_MOVE', `${wrong} is not a square 1-32`);
    }
    return ok(squares);
  }
  const parsed = parsePdnMove(game.position, form.text);
  if (parsed.ok) return ok([...parsed.value.path]);
  const [from, to] = numbers.filter(isSquare);
  if (
    from !== undefined &&
    from === numbers[0] &&
    pieceAt(game.position, from)?.side !== game.position.turn
  )
    return fail('ERR_MOVE', `You do not have a piece on ${fmt(from)}`);
  if (
    parsed.error.code === 'ERR_ILLEGAL_MOVE' &&
    numbers.length === 2 &&
    from !== undefined &&
    to !== undefined &&
    pieceAt(game.position, from)?.side === game.position.turn &&
    !parsed.error.message.includes('goes on')
  ) {
    return fail('ERR_MOVE', cannotReach(game, from, to));
  }
  const { message, code } = parsed.error;
  return fail('ERR_MOVE', `${message.charAt(0).toUpperCase()}${message.slice(1)} (${code})`);
}

/** The game after a typed move and the steps it took, one per square after the first. */
export interface PlayedSteps {
  readonly game: Game;
  readonly steps: readonly Step[];
}

/**
 * Play a typed move (PDN or square pairs) step by step, all or nothing: the game is unchanged
 * when any step is refused, and the one line says what is wrong. A path that stops in the middle
 * of a capture leaves the jump under way, as one `(move …)` per jump does.
 *
 * @example
 * playTypedMove(newGame(), '11-15') // ok: { steps: [{ from: 11, to: 15, captured: null }] }
 * playTypedMove(newGame(), '6 3 5 5') // fails: '(6 3) cannot reach (5 5): …'
 */
export function playTypedMove(game: Game, text: string): Result<PlayedSteps, 'ERR_MOVE'> {
  const form = typedFormOf(text);
  if (form === null) return fail('ERR_MOVE', `"${text}" is not a move like 11-15 or 3 2 4 3`);
  const path = pathOf(game, form);
  if (!path.ok) return path;
  const [first] = path.value;
  if (first === undefined) return fail('ERR_MOVE', 'A move needs two squares');
  const piece = pieceAt(game.position, first);
  if (piece === null || piece.side !== game.position.turn)
    return fail('ERR_MOVE', `You do not have a piece on ${fmt(first)}`);
  const jumping = jumpingSquare(game);
  if (jumping !== null && first !== jumping) {
    const next = legalSteps(game)[0];
    return fail(
      'ERR_MOVE',
      `Keep jumping with ${fmt(jumping)}${next ? `: ${fmt(next.from)} to ${fmt(next.to)}` : ''}`,
    );
  }
  let current = game;
  const steps: Step[] = [];
  const squares = path.value;
  for (let i = 1; i < squares.length; i++) {
    const from = squares[i - 1] as Square;
    const to = squares[i] as Square;
    if (i > 1 && current.jump === null)
      return fail('ERR_MOVE', `The move ends at ${fmt(from)}: ${fmt(to)} is one square too many`);
    const step = legalSteps(current).find((s) => s.from === from && s.to === to);
    const played = playStep(current, from, to);
    if (!played.ok || step === undefined) {
      const due = legalSteps(current).find((s) => s.captured !== null);
      if (due !== undefined && !legalSteps(current).some((s) => s.from === from))
        return fail(
          'ERR_MOVE',
          `You must capture: ${fmt(due.from)} to ${fmt(due.to)} [${stepPdn(due)}]`,
        );
      return fail('ERR_MOVE', cannotReach(current, from, to));
    }
    steps.push(step);
    current = played.value;
  }
  return ok({ game: current, steps });
}
