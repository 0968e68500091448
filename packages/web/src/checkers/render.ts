/**
 * The checkers page drawn from the model's state: the board (64 cells, a button on each dark
 * square named for screen readers), the marks, the status, the notice and the move list. The
 * cells are built once; each render only updates them.
 */

import {
  announcement,
  coordsOf,
  type Game,
  moveToPdn,
  opponent,
  type Position,
  pieceAt,
  SQUARE_COUNT,
  type Square,
  sideWord,
} from '@twenty48/checkers';
import { byId, inside } from '../dom.js';
import {
  bottomSide,
  type CheckersState,
  LEVEL_WORDS,
  mustCapture,
  shownGame,
  shownPly,
  statusLine,
  targetsOf,
} from './model.js';
import { slide } from './motion.js';
import { betterMove } from './review.js';
import { moveMark, renderReview } from './reviewView.js';

/** The buttons of the dark squares, by square number (index 0 unused). */
let buttons: HTMLButtonElement[] = [];
/** The board's rows as built (square 1's row first), and whether Black is drawn at the bottom. */
let rowsBuilt: HTMLElement[] = [];
let blackBelow = false;
/** The position drawn last, for the slide to the next one. */
let drawn: Position | null = null;

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
  rowsBuilt = rows;
  blackBelow = false;
  for (let square = 1; square <= SQUARE_COUNT; square++) {
    const { row, col } = coordsOf(square);
    const cell = rows[row - 1]?.children[col - 1];
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
    cell?.append(button);
    buttons[square] = button;
  }
}

/** The square's accessible name: "square 11, black man, must capture". */
function labelOf(position: Position, square: Square, marks: readonly string[]): string {
  const piece = pieceAt(position, square);
  const what = piece === null ? 'empty' : `${piece.side} ${piece.king ? 'king' : 'man'}`;
  return [`square ${square}`, what, ...marks].join(', ');
}

/** Turns the board round (rows and cells in reverse) so `side` is drawn at the bottom. */
function orient(board: HTMLElement, side: 'black' | 'red'): void {
  const below = side === 'black';
  if (below === blackBelow) return;
  blackBelow = below;
  const rows = below ? [...rowsBuilt].reverse() : rowsBuilt;
  for (const row of rowsBuilt) row.replaceChildren(...[...row.children].reverse());
  board.replaceChildren(...rows);
  board.dataset.bottom = side;
}

/** The squares of the last move shown (or of the capture under way), and those it captured. */
function lastMarks(state: CheckersState, game: Game): { path: Set<number>; captured: Set<number> } {
  if (state.view === null && game.jump !== null)
    return { path: new Set(game.jump.path), captured: new Set(game.jump.captured) };
  const move = game.moves[game.moves.length - 1];
  return { path: new Set(move?.path ?? []), captured: new Set(move?.captured ?? []) };
}

export function render(state: CheckersState, focusCursor: boolean): void {
  document.documentElement.dataset.theme = state.theme;
  const game = shownGame(state);
  const live = state.view === null;
  orient(byId('board'), bottomSide(state));
  const targets = new Set(live ? targetsOf(state) : []);
  const capture = new Set(live ? mustCapture(state.game) : []);
  const hint = new Set(state.hint?.path ?? []);
  const better = new Set(betterMove(state, shownPly(state))?.bestPath ?? []);
  const marks = lastMarks(state, game);
  const lastMove = game.moves[game.moves.length - 1];
  const crowned = live && game.jump === null && lastMove?.crowned ? lastMove.to : null;
  if (drawn !== null && drawn !== game.position) slide(buttons, drawn, game.position);
  drawn = game.position;
  for (let square = 1; square <= SQUARE_COUNT; square++) {
    const button = buttons[square];
    if (button === undefined) continue;
    const piece = pieceAt(game.position, square);
    const labels: string[] = [];
    if (square === state.selected) labels.push('selected');
    if (targets.has(square)) labels.push('legal target');
    if (capture.has(square) && piece !== null) labels.push('must capture');
    if (hint.has(square)) labels.push('hint');
    if (better.has(square)) labels.push('better move');
    if (marks.path.has(square)) labels.push('last move');
    if (marks.captured.has(square)) labels.push('captured');
    button.setAttribute('aria-label', labelOf(game.position, square, labels));
    button.dataset.piece =
      piece === null ? 'empty' : `${piece.side}-${piece.king ? 'king' : 'man'}`;
    button.classList.toggle('selected', square === state.selected);
    button.classList.toggle('target', targets.has(square));
    button.classList.toggle('must-capture', capture.has(square) && piece !== null);
    button.classList.toggle('hinted', hint.has(square));
    button.classList.toggle('better', better.has(square));
    button.classList.toggle('last', marks.path.has(square));
    button.classList.toggle('captured', marks.captured.has(square));
    button.classList.toggle('crowned', square === crowned);
    button.classList.toggle('cursor', square === state.cursor);
    button.tabIndex = square === state.cursor ? 0 : -1;
    const glyph = inside(button, '.piece:not(.fading)');
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
  byId<HTMLButtonElement>('flip').setAttribute('aria-pressed', String(state.flipped));
  byId<HTMLInputElement>('sound').checked = state.sound;
  byId<HTMLInputElement>('analysis').checked = state.analysis;
  byId<HTMLSelectElement>('opening').value = String(state.opening);
  byId('level-words').textContent = `Level ${state.level}: ${LEVEL_WORDS[state.level]}.`;
  renderMoves(state);
  renderResult(state);
  renderConfirm(state);
  renderAnalysis(state, game);
  renderReview(state, shownPly(state));
}

/** The moves as buttons in numbered pairs, the one shown marked; the steps' buttons. */
function renderMoves(state: CheckersState): void {
  const list = byId('moves');
  const { game } = state;
  const shown = shownPly(state);
  const offset = game.start.turn === 'red' ? 1 : 0;
  const items: HTMLLIElement[] = [];
  game.moves.forEach((move, i) => {
    const number = Math.floor((i + offset) / 2) + 1;
    let item = items[items.length - 1];
    if (item === undefined || (i + offset) % 2 === 0) {
      item = document.createElement('li');
      item.value = number;
      items.push(item);
      if ((i + offset) % 2 === 1) item.append(document.createTextNode('… '));
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'move';
    button.dataset.ply = String(i + 1);
    const mark = moveMark(state, i);
    button.textContent = `${moveToPdn(move)}${mark?.suffix ?? ''}`;
    if (mark !== null && mark.className !== '') button.classList.add(mark.className);
    button.setAttribute(
      'aria-label',
      `${number}. ${sideWord(i % 2 === offset % 2 ? game.start.turn : opponent(game.start.turn))} ${moveToPdn(move)}${mark?.words ?? ''}`,
    );
    if (i + 1 === shown) button.setAttribute('aria-current', 'step');
    if (
      item.childNodes.length > 0 &&
      (i + offset) % 2 === 1 &&
      item.lastChild?.textContent !== '… '
    )
      item.append(document.createTextNode(' '));
    item.append(button);
  });
  list.replaceChildren(...items);
  const last = game.moves.length;
  byId<HTMLButtonElement>('nav-first').disabled = shown === 0;
  byId<HTMLButtonElement>('nav-previous').disabled = shown === 0;
  byId<HTMLButtonElement>('nav-next').disabled = shown === last;
  byId<HTMLButtonElement>('nav-last').disabled = shown === last;
}

/** The panel at the end: who won and why, Rematch, Download PDN. */
function renderResult(state: CheckersState): void {
  const { status } = state.game;
  const panel = byId('result');
  panel.hidden = status.kind === 'playing';
  if (status.kind === 'playing') return;
  let title = 'Draw';
  if (status.kind === 'won') {
    title =
      state.mode === 'computer'
        ? status.winner === state.computerSide
          ? 'The computer wins'
          : 'You win'
        : `${sideWord(status.winner)} wins`;
  }
  byId('result-title').textContent = title;
  // "Black wins: red has no pieces left" -> "Red has no pieces left" (the title says who won).
  const why = (announcement(status) ?? '').replace(/^[^:]*:\s*/, '');
  byId('result-why').textContent = why.charAt(0).toUpperCase() + why.slice(1);
}

function renderConfirm(state: CheckersState): void {
  const box = byId('confirm');
  const { confirm } = state;
  box.hidden = confirm === null;
  if (confirm === null) return;
  byId('confirm-text').textContent =
    confirm.kind === 'new'
      ? 'Start a new game? This one is not finished.'
      : `Play on from move ${state.view ?? 0}? The moves after it will be cut.`;
}

/** The evaluation bar (Black's share) and the best line, for the position shown. */
function renderAnalysis(state: CheckersState, game: Game): void {
  const panel = byId('analysis-panel');
  panel.hidden = !state.analysis;
  if (!state.analysis) return;
  const evaluation = state.evaluation;
  const text = byId('eval-text');
  const fill = byId('eval-fill');
  if (game.status.kind !== 'playing') {
    text.textContent = announcement(game.status) ?? '';
    return;
  }
  if (evaluation === null) {
    text.textContent = 'Thinking…';
    return;
  }
  // A man's worth moves the bar about a fifth of the way; a win fills it.
  const share = Math.round(100 / (1 + Math.exp(-evaluation.black / 150)));
  fill.style.height = `${share}%`;
  byId('eval-bar').setAttribute('aria-valuenow', String(share));
  // Rounded to tenths of a man before the sign is chosen: a few points either way read 0.0, not -0.0.
  const tenths = Math.round(evaluation.black / 10);
  const pawns = (tenths / 10).toFixed(1);
  const sign = tenths > 0 ? '+' : '';
  const value =
    Math.abs(evaluation.black) > 20_000
      ? `${evaluation.black > 0 ? 'Black' : 'Red'} wins`
      : `${sign}${pawns} for Black`;
  text.textContent = `${value} (depth ${evaluation.depth}) · best line: ${evaluation.pv.slice(0, 8).join(' ')}`;
}
