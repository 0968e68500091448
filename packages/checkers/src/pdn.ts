import { makeFen } from './fen.js';
import type { Game } from './game.js';
import { legalMoves } from './moves.js';
import { initialPosition, samePosition } from './position.js';
import { isSquare } from './squares.js';
import { fail, type Move, ok, type Position, type Result, type Status } from './types.js';

/**
 * A move in PDN: `11-15` for a simple move, `22x15` for a single jump, `22x15x6` for a
 * multi-jump (every landing square).
 *
 * @example
 * moveToPdn({ from: 22, to: 6, path: [22, 15, 6], captured: [18, 10], crowned: false }) // '22x15x6'
 */
export const moveToPdn = (move: Move): string =>
  move.path.join(move.captured.length > 0 ? 'x' : '-');

export type PdnMoveError =
  | 'ERR_PDN_MOVE'
  | 'ERR_SQUARE'
  | 'ERR_ILLEGAL_MOVE'
  | 'ERR_AMBIGUOUS_MOVE'
  | 'ERR_CAPTURE_REQUIRED';

/**
 * The legal move that PDN text names in `position`: `11-15`, `22x15`, `22x15x6`, or a capture
 * shortened to its start and end (`22x6`) or to some of its landing squares, in order, when
 * that names one move. Fails with `ERR_PDN_MOVE` (syntax), `ERR_SQUARE`, `ERR_ILLEGAL_MOVE`,
 * `ERR_CAPTURE_REQUIRED` (a simple move while a capture is compulsory) or
 * `ERR_AMBIGUOUS_MOVE`.
 *
 * @example
 * parsePdnMove(initialPosition(), '11-15') // ok: { from: 11, to: 15, path: [11, 15], ... }
 */
export function parsePdnMove(position: Position, text: string): Result<Move, PdnMoveError> {
  const trimmed = text.trim();
  const match = /^(\d{1,2})(?:([-x])(\d{1,2}))((?:x\d{1,2})*)$/.exec(trimmed);
  if (match === null)
    return fail('ERR_PDN_MOVE', `"${text}" is not a PDN move like 11-15, 22x15 or 22x15x6`);
  const capture = match[2] === 'x';
  if (!capture && match[4] !== '') return fail('ERR_PDN_MOVE', `"${text}" mixes - and x`);
  const squares = trimmed.split(/[-x]/).map(Number);
  const wrong = squares.find((s) => !isSquare(s));
  if (wrong !== undefined) return fail('ERR_SQUARE', `${wrong} is not a square 1-32`);
  const moves = legalMoves(position);
  const [first] = moves;
  if (!capture && first !== undefined && first.captured.length > 0)
    return fail('ERR_CAPTURE_REQUIRED', `a capture is compulsory: ${moveToPdn(first)}`);
  const matching = moves.filter((move) => names(move, squares));
  const [found, other] = matching;
  if (found === undefined) {
    // The start of a capture that must go on: name the whole moves it begins.
    const longer = moves.filter(
      (move) => move.path.length > squares.length && squares.every((sq, i) => move.path[i] === sq),
    );
    const hint =
      longer.length > 0 ? `: the capture goes on (${longer.map(moveToPdn).join(' or ')})` : '';
    return fail('ERR_ILLEGAL_MOVE', `${trimmed} is not legal here${hint}`);
  }
  if (other !== undefined)
    return fail(
      'ERR_AMBIGUOUS_MOVE',
      `${trimmed} could be ${matching.map(moveToPdn).join(' or ')}: give every landing square`,
    );
  return ok(found);
}

// True when `squares` starts and ends where the move does and lists landing squares in order.
function names(move: Move, squares: readonly number[]): boolean {
  if (squares[0] !== move.from || squares[squares.length - 1] !== move.to) return false;
  let i = 1;
  for (const square of squares.slice(1, -1)) {
    while (i < move.path.length - 1 && move.path[i] !== square) i++;
    if (i >= move.path.length - 1) return false;
    i++;
  }
  return true;
}

/** The PDN result of a status: `2-0` black won, `0-2` red won, `1-1` draw, `*` unfinished. */
export function resultOf(status: Status): string {
  if (status.kind === 'playing') return '*';
  if (status.kind === 'draw') return '1-1';
  return status.winner === 'black' ? '2-0' : '0-2';
}

/** Tags for `gameToPdn`; `white` names the red player, as PDN calls that side White. */
export interface PdnTags {
  readonly event?: string;
  readonly site?: string;
  readonly date?: string;
  readonly round?: string;
  readonly black?: string;
  readonly white?: string;
  /** Defaults to the game's status (`2-0`, `0-2`, `1-1`, `*`). */
  readonly result?: string;
}

const tag = (name: string, value: string): string =>
  `[${name} "${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`;

/**
 * The game so far in PDN: the tags (`Event`, `Black`, `White`, `Result`, and `FEN` when the
 * game did not start from the standard position), a blank line, then the numbered moves and
 * the result, e.g. `1. 11-15 22-18 2. 15x22 25x18 *`. A capture under way is left out.
 *
 * @example
 * gameToPdn(game, { event: 'Club night', black: 'Ann', white: 'Bob' })
 */
export function gameToPdn(game: Game, tags: PdnTags = {}): string {
  const result = tags.result ?? resultOf(game.status);
  const lines = [
    tag('Event', tags.event ?? '?'),
    ...(tags.site === undefined ? [] : [tag('Site', tags.site)]),
    ...(tags.date === undefined ? [] : [tag('Date', tags.date)]),
    ...(tags.round === undefined ? [] : [tag('Round', tags.round)]),
    tag('Black', tags.black ?? '?'),
    tag('White', tags.white ?? '?'),
    tag('Result', result),
  ];
  if (!samePosition(game.start, initialPosition())) lines.push(tag('FEN', makeFen(game.start)));
  return `${lines.join('\n')}\n\n${movetextOf(game, result)}\n`;
}

/**
 * The movetext of `game`: numbered moves, after each the tokens `notes` gives for its index
 * (a NAG, a `{comment}`), then `result`, in lines of at most 79 characters (a token longer than
 * that stands alone). A capture under way is left out.
 *
 * @example
 * movetextOf(game, '*') // '1. 11-15 22-18 2. 15x22 25x18 *'
 * movetextOf(game, '*', (i) => (i === 1 ? ['$2'] : [])) // '1. 11-15 22-18 $2 2. …'
 */
export function movetextOf(
  game: Game,
  result: string,
  notes: (index: number) => readonly string[] = () => [],
): string {
  const tokens: string[] = [];
  let number = 1;
  let black = game.start.turn === 'black';
  game.moves.forEach((move, i) => {
    if (black) tokens.push(`${number}.`);
    else if (i === 0 || notes(i - 1).length > 0) tokens.push(`${number}...`);
    tokens.push(moveToPdn(move), ...notes(i));
    if (!black) number++;
    black = !black;
  });
  tokens.push(result);
  const movetext: string[] = [];
  let line = '';
  for (const token of tokens) {
    if (line !== '' && line.length + 1 + token.length > 79) {
      movetext.push(line);
      line = token;
    } else line = line === '' ? token : `${line} ${token}`;
  }
  movetext.push(line);
  return movetext.join('\n');
}
