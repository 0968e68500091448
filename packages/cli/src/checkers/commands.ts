/**
 * The checkers commands, from the reader's data: the original Racket checkers' `(move …)`,
 * `(score)`, `(save)`, `(load)`, `(default-board)`, `(exit)`, and ours: `(undo)`, `(help)`,
 * `(hint)`, `(pdn)`, and a bare `(ROW COL)` that shows what the piece there can do. What needs the
 * game to check (a move) is checked in moveCommand.ts; here only the shape.
 */
import { fail, ok, type Result } from '@twenty48/common';
import type { Expr } from './sexp.js';

/** The original Racket checkers' answers, word for word. */
export const RACKET_MESSAGES = {
  notAList: 'Commands must be given in list form',
  invalid: 'invalid command',
  moveArguments: 'You must enter starting co-ordinates and a direction/destination co-ordinates',
  badCoordinate: 'You must enter a valid coordinate',
  noPiece: 'You do not have a piece on that square!',
  notADirection: 'You must enter a direction (e.g (move ([#] [#]) [direction]))',
  badDirection: 'You must enter a valid direction (e.g northeast, southwest, etc.)',
  cannotMove: 'You cannot move in that direction',
} as const;

/** What `(help)` prints. */
export const HELP_LINES = [
  '(move (ROW COL) DIRECTION)   northeast, northwest, southeast, southwest; ne nw se sw',
  '(move (ROW COL) (ROW COL))   or the square to land on; one (move …) per jump',
  '11-15   22x15   22x15x6      a move in PDN; a whole multi-jump at once',
  '3 2 4 3   32 43              (ROW COL) from, then to (and on, for a multi-jump)',
  '(ROW COL)                    what the piece on that square can do',
  '(save) (load)                checkers.xlsx here; (save "name") for name.xlsx',
  '(undo) (hint) (score) (pdn) (default-board) (help) (exit)',
  'Rows 1-8 go down, columns 1-8 across; Black (p1) starts on top, moves first.',
  'A capture is compulsory: to jump, give the direction of the piece you jump.',
];

/** A command, its arguments' shape checked. */
export type Command =
  | { readonly kind: 'move'; readonly args: readonly Expr[] }
  | { readonly kind: 'select'; readonly row: number; readonly col: number }
  | { readonly kind: 'save' | 'load'; readonly name: string | undefined }
  | {
      readonly kind: 'exit' | 'default-board' | 'score' | 'undo' | 'help' | 'hint' | 'pdn';
    };

const NO_ARGUMENTS = ['exit', 'default-board', 'score', 'undo', 'help', 'hint', 'pdn'] as const;

/**
 * `expr` as `(ROW COL)` with both 1-8, or null: the Racket original's `coordinate?`.
 *
 * @example
 * coordinateOf(readExpressions('(3 2)').value[0]) // { row: 3, col: 2 }
 */
export function coordinateOf(expr: Expr | undefined): { row: number; col: number } | null {
  if (expr?.kind !== 'list' || expr.items.length !== 2) return null;
  const [row, col] = expr.items.map((item) =>
    item.kind === 'number' && Number.isInteger(item.value) && item.value >= 1 && item.value <= 8
      ? item.value
      : null,
  );
  return row == null || col == null ? null : { row, col };
}

/**
 * The command a datum names, or the one line that refuses it (the Racket original's words
 * where it has them).
 *
 * @example
 * parseCommand(readExpressions('(save "tuesday")').value[0]) // ok({ kind: 'save', name: 'tuesday' })
 * parseCommand(readExpressions('exit').value[0]) // fails: 'Commands must be given in list form'
 */
export function parseCommand(expr: Expr): Result<Command, 'ERR_COMMAND'> {
  const refuse = (message: string) => fail('ERR_COMMAND', message);
  if (expr.kind !== 'list' || expr.items.length === 0) return refuse(RACKET_MESSAGES.notAList);
  const [tag, ...args] = expr.items;
  const selected = coordinateOf(expr);
  if (selected !== null) return ok({ kind: 'select', ...selected });
  if (tag?.kind !== 'symbol') return refuse(RACKET_MESSAGES.invalid);
  const name = tag.name;
  if (name === 'move') return ok({ kind: 'move', args });
  if (name === 'save' || name === 'load') {
    const [file, ...extra] = args;
    if (file === undefined) return ok({ kind: name, name: undefined });
    if (file.kind !== 'string' || extra.length > 0)
      return refuse(`Give the file name as one "string": (${name} "name") for name.xlsx`);
    return ok({ kind: name, name: file.value });
  }
  const plain = NO_ARGUMENTS.find((word) => word === name);
  if (plain === undefined) return refuse(RACKET_MESSAGES.invalid);
  if (args.length > 0) return refuse(`(${plain}) takes nothing after it`);
  return ok({ kind: plain });
}
