/**
 * The checkers page drawn from the model's state: the board (64 cells, a button on each dark
 * square named for screen readers), the marks, the status, the notice and the move list. The
 * cells are built once; each render only updates them.
 */
import { coordsOf, opponent, pieceAt, SQUARE_COUNT, type Square } from '@twenty48/checkers';
import { type CheckersState, moveList, mustCapture, statusLine, targetsOf } from './model.js';

const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

/** The buttons of the dark squares, by square number (index 0 unused). */
let buttons: HTMLButtonElement[] = [];

/** Builds the 8 rows of 8 cells once; light squares are plain cells. */
export function buildBoard(board: HTMLElement): void {
  buttons = [];
  const rows: HTMLElement[] = [];
  for (let row = 1; row <= 8; row++) {
    const line = document.createElement('div');
    line.setAttribute('role', 'row');
    line.className = 'row';
    for (let col = 1; col <= 8; col++) {
      const cell = document.createElement('div');
      cell.setAttribute('role', 'gridcell');
      cell.className = (row + col) % 2 === 1 ? 'cell dark' : 'cell light';
      line.append(cell);
    }
    rows.push(line);
  }
  board.replaceChildren(...rows);
  for (let square = 1; square <= SQUARE_COUNT; square++) {
    const { row, col } = coordsOf(square);
    const cell = rows[row - 1]?.children[col - 1] as HTMLElement;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'square';
    button.dataset.square = String(square);
    button.tabIndex = -1;
    const number = document.createElement('span');
    number.className = 'number';
    number.textContent = String(square);
    number.setAttribute('aria-hidden', 'true');
    const piece = document.createElement('span');
    piece.className = 'piece';
    piece.setAttribute('aria-hidden', 'true');
    button.append(number, piece);
    cell.append(button);
    buttons[square] = button;
  }
}

/** The square's accessible name: "square 11, black man, must capture". */
function labelOf(state: CheckersState, square: Square, marks: readonly string[]): string {
  const piece = pieceAt(state.game.position, square);
  const what = piece === null ? 'empty' : `${piece.side} ${piece.king ? 'king' : 'man'}`;
  return [`square ${square}`, what, ...marks].join(', ');
}

export function render(state: CheckersState, focusCursor: boolean): void {
  document.documentElement.dataset.theme = state.theme;
  const targets = new Set(targetsOf(state));
  const capture = new Set(mustCapture(state.game));
  const hint = new Set(state.hint?.path ?? []);
  const last = state.lastMove;
  const crowned = last?.crowned ? last.to : null;
  for (let square = 1; square <= SQUARE_COUNT; square++) {
    const button = buttons[square];
    if (button === undefined) continue;
    const piece = pieceAt(state.game.position, square);
    const marks: string[] = [];
    if (square === state.selected) marks.push('selected');
    if (targets.has(square)) marks.push('legal target');
    if (capture.has(square) && piece !== null) marks.push('must capture');
    if (hint.has(square)) marks.push('hint');
    button.setAttribute('aria-label', labelOf(state, square, marks));
    button.dataset.piece =
      piece === null ? 'empty' : `${piece.side}-${piece.king ? 'king' : 'man'}`;
    button.classList.toggle('selected', square === state.selected);
    button.classList.toggle('target', targets.has(square));
    button.classList.toggle('must-capture', capture.has(square) && piece !== null);
    button.classList.toggle('hinted', hint.has(square));
    button.classList.toggle('last', last?.path.includes(square) === true);
    button.classList.toggle('crowned', square === crowned);
    button.classList.toggle('cursor', square === state.cursor);
    button.tabIndex = square === state.cursor ? 0 : -1;
    const glyph = button.lastElementChild as HTMLElement;
    glyph.className = piece === null ? 'piece' : `piece ${piece.side}${piece.king ? ' king' : ''}`;
    glyph.textContent = piece?.king ? '♛' : '';
  }
  if (focusCursor) buttons[state.cursor]?.focus();
  byId('status').textContent = statusLine(state);
  byId('notice').textContent = state.notice;
  byId<HTMLSelectElement>('mode').value = state.mode;
  byId<HTMLSelectElement>('level').value = String(state.level);
  byId<HTMLSelectElement>('level').disabled = state.mode !== 'computer';
  byId<HTMLSelectElement>('side').value = opponent(state.computerSide);
  byId<HTMLSelectElement>('side').disabled = state.mode !== 'computer';
  byId<HTMLSelectElement>('theme').value = state.theme;
  byId<HTMLButtonElement>('undo').disabled = state.past.length === 0 && state.game.jump === null;
  const list = byId('moves');
  const rows = moveList(state.game);
  list.replaceChildren(
    ...rows.map((row) => {
      const item = document.createElement('li');
      item.textContent = [row.black || '…', row.red].filter((text) => text !== '').join(' ');
      return item;
    }),
  );
}
