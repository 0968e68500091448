/**
 * One frame of the full-screen checkers game, as lines with colour escapes: the title, whose
 * turn it is, the board with its coordinates (columns along the top, rows down both sides), the
 * pieces coloured (kings marked K; the squares and pieces in the shared checkers palette), the last move, the selected piece and its targets lit, the
 * score, the last answer and the command line. Pure: the same view and size give the same frame.
 */
import { type Game, type Piece, pieceAt, type Square, squareAt } from '@twenty48/checkers';
import { CHECKERS_BOARD } from '@twenty48/common';
import { BOLD, background, type ColorMode, foreground, RESET, type Rgb, rgbOf } from '../colors.js';
import { centreLines, fit, wrap } from '../frame.js';
import { CHECKERS_LIGHTS_16 } from '../terminalPalette.js';
import { HELP_LINES } from './commands.js';

/** Everything a frame shows. */
export interface BoardView {
  readonly game: Game;
  readonly mode: ColorMode;
  readonly title: string;
  /** Whose turn it is, a jump under way, the computer thinking. */
  readonly status: string;
  readonly score: string;
  /** The piece whose targets are lit, or null. */
  readonly selected: Square | null;
  readonly targets: readonly Square[];
  /** The squares of the last move (or of the jump under way), lit. */
  readonly lastMove: readonly Square[];
  /** The last answer, one or more lines. */
  readonly answer: readonly string[];
  readonly input: { readonly text: string; readonly cursor: number };
}

/** The footer: the keys of the command line. */
export const CHECKERS_KEYS = '(help) commands · ↑↓ history · Ctrl-U clears · Ctrl-C quits';
/** The footer in a narrow window. */
const CHECKERS_KEYS_SHORT = '(help) · ↑↓ history · Ctrl-C quits';
const INPUT_PROMPT = '> ';

// The squares and pieces are the shared checkers palette's light theme, the browser's too.
const BOARD = CHECKERS_BOARD.light;
const LIGHT_SQUARE = rgbOf(BOARD.lightSquare);
const DARK_SQUARE = rgbOf(BOARD.darkSquare);
// The terminal lights whole squares (the browser draws rings): its own tints for that.
const LAST_MOVE: Rgb = [205, 210, 106];
const SELECTED: Rgb = [106, 159, 201];
const TARGET: Rgb = [150, 200, 120];
const TARGET_DOT: Rgb = [30, 60, 20];
/** Each side's disc and the ink of its dot or K. */
const PIECE_COLORS: Readonly<Record<Piece['side'], { body: Rgb; mark: Rgb }>> = {
  black: { body: rgbOf(BOARD.blackPiece), mark: rgbOf(BOARD.onBlackPiece) },
  red: { body: rgbOf(BOARD.redPiece), mark: rgbOf(BOARD.onRedPiece) },
};

/** How a cell is drawn: its size, and how many lines the board needs around it. */
interface CellShape {
  readonly width: number;
  readonly height: number;
}
const BIG: CellShape = { width: 7, height: 3 };
const SMALL: CellShape = { width: 5, height: 1 };

type Light = 'lastMove' | 'selected' | 'target' | null;

/** What one square shows. */
interface SquareLook {
  readonly dark: boolean;
  readonly piece: Piece | null;
  readonly light: Light;
}

/** The lines of one cell without colour: letters as the text board has them, marks around. */
function plainCell(look: SquareLook, shape: CellShape): string[] {
  const { piece } = look;
  let middle = ' ';
  if (piece !== null) {
    const letter = piece.side === 'black' ? 'b' : 'r';
    middle = piece.king ? letter.toUpperCase() : letter;
  } else if (look.light === 'target') middle = '*';
  else if (look.dark) middle = '.';
  const [open, close] =
    look.light === 'lastMove' ? ['[', ']'] : look.light === 'selected' ? ['>', '<'] : [' ', ' '];
  const pad = ' '.repeat((shape.width - 5) / 2);
  const blank = ' '.repeat(shape.width);
  const core = `${pad}${open} ${middle} ${close}${pad}`;
  return shape.height === 1 ? [core] : [blank, core, blank];
}

/** The lines of one cell in colour: the square's colour, the piece as a disc, K on a king. */
function colorCell(look: SquareLook, shape: CellShape, mode: ColorMode): string[] {
  const squareColor = !look.dark
    ? LIGHT_SQUARE
    : look.light === 'lastMove'
      ? LAST_MOVE
      : look.light === 'selected'
        ? SELECTED
        : look.light === 'target'
          ? TARGET
          : DARK_SQUARE;
  // In 16 colours the nearest of the tints is the dark square's grey: lit squares get their own.
  const square =
    mode === '16' && look.dark && look.light !== null
      ? `\x1b[${40 + CHECKERS_LIGHTS_16[look.light]}m`
      : background(mode, squareColor);
  // The piece is a disc one column in from each side: 3 columns wide, or 5 in big cells.
  const edge = ' ';
  const { piece } = look;
  if (piece === null) {
    const dot = look.light === 'target' ? `${foreground(mode, TARGET_DOT)}•` : ' ';
    const middle = `${square}${' '.repeat((shape.width - 1) / 2)}${dot}${' '.repeat((shape.width - 1) / 2)}`;
    const blank = `${square}${' '.repeat(shape.width)}`;
    return shape.height === 1 ? [middle] : [blank, middle, blank];
  }
  const colors = PIECE_COLORS[piece.side];
  const mark = piece.king
    ? `${foreground(mode, colors.mark)}${BOLD}K`
    : `${foreground(mode, colors.mark)}●`;
  const inner = ' '.repeat((shape.width - 3) / 2);
  const body = `${square}${edge}${background(mode, colors.body)}${inner}${mark}${RESET}${background(mode, colors.body)}${inner}${square}${edge}`;
  if (shape.height === 1) return [body];
  const rim = (glyph: string): string =>
    `${square}${edge}${foreground(mode, colors.body)}${glyph.repeat(shape.width - 2 * edge.length)}${edge}`;
  return [rim('▄'), body, rim('▀')];
}

function lookAt(view: BoardView, row: number, col: number): SquareLook {
  const square = squareAt(row, col);
  if (square === null) return { dark: false, piece: null, light: null };
  const light: Light =
    square === view.selected
      ? 'selected'
      : view.targets.includes(square)
        ? 'target'
        : view.lastMove.includes(square)
          ? 'lastMove'
          : null;
  return { dark: true, piece: pieceAt(view.game.position, square), light };
}

/** The board's lines: column numbers on top, each row with its number on both sides. */
function boardLines(view: BoardView, shape: CellShape): string[] {
  const { mode } = view;
  const centre = (text: string): string => {
    const left = Math.floor((shape.width - text.length) / 2);
    return `${' '.repeat(left)}${text}${' '.repeat(shape.width - left - text.length)}`;
  };
  const header = `   ${Array.from({ length: 8 }, (_, i) => centre(String(i + 1))).join('')}   `;
  const lines = [header];
  for (let row = 1; row <= 8; row++) {
    const cells = Array.from({ length: 8 }, (_, i) => {
      const look = lookAt(view, row, i + 1);
      return mode === 'none' ? plainCell(look, shape) : colorCell(look, shape, mode);
    });
    for (let line = 0; line < shape.height; line++) {
      const label = line === (shape.height - 1) / 2 ? String(row) : ' ';
      const squares = cells.map((cell) => cell[line] ?? '').join('');
      lines.push(` ${label} ${squares}${mode === 'none' ? '' : RESET} ${label} `);
    }
  }
  return lines;
}

/** The command line with its cursor shown in reverse video (the terminal's cursor is hidden). */
function inputLine(view: BoardView, width: number): string {
  const letters = [...view.input.text];
  const room = Math.max(1, width - INPUT_PROMPT.length - 1);
  // Keep the cursor in view on a long line: show the part around it.
  const start = Math.max(0, view.input.cursor - room + 1);
  const shown = letters.slice(start, start + room);
  const at = view.input.cursor - start;
  const under = shown[at] ?? ' ';
  const before = shown.slice(0, at).join('');
  const after = shown.slice(at + 1).join('');
  const padding = ' '.repeat(Math.max(0, room - shown.length));
  return `${INPUT_PROMPT}${before}\x1b[7m${under}\x1b[27m${after}${padding}`;
}

/** Lines of one width, so that centring them keeps them left-aligned with each other. */
const padTo = (width: number, line: string): string => fit(line, width).padEnd(width);

/** The widest help line: the lines below the board take this width, whatever they say. */
const HELP_WIDTH = Math.max(...HELP_LINES.map((line) => [...line].length));

/**
 * The frame for a terminal of `cols` x `rows`: exactly `rows` lines, the largest board that fits
 * (3-line cells, else 1-line cells), or, below what the smallest needs, "Make the window at
 * least WxH" wrapped to the window. The board is placed for a one-line answer, and a longer one
 * (the help) grows downward, wrapped to the lines' one width, so the board never moves; what
 * does not fit is cut with a note.
 *
 * @example
 * renderBoardFrame(view, 80, 24).length // 24
 */
export function renderBoardFrame(view: BoardView, cols: number, rows: number): string[] {
  const bold = view.mode === 'none' ? '' : BOLD;
  const titled = bold ? `${bold}${fit(view.title, cols)}${RESET}` : fit(view.title, cols);
  for (const shape of [BIG, SMALL]) {
    const width = 8 * shape.width + 6;
    // Title, status, blank, the board (header and rows), blank, score, blank; then the answer,
    // the command line and the keys.
    const fixed = 3 + 1 + 8 * shape.height + 3 + 2;
    if (width > cols || fixed + 1 > rows) continue;
    // Below the board, the lines share one width whatever the answer, so they never shift.
    const block = Math.min(cols, Math.max(width, CHECKERS_KEYS.length, HELP_WIDTH));
    const top = Math.floor((rows - fixed - 1) / 2);
    const room = Math.max(1, rows - top - fixed);
    const wrapped = view.answer.flatMap((line) => wrap(line, block));
    const keys = padTo(block, cols < CHECKERS_KEYS.length ? CHECKERS_KEYS_SHORT : CHECKERS_KEYS);
    if (wrapped.length > room) {
      // An answer longer than the room under the board (the help in a small window) is a
      // page of its own in the board's place; the next command brings the board back.
      const pageRoom = Math.max(1, rows - 5);
      const page =
        wrapped.length <= pageRoom
          ? wrapped
          : [...wrapped.slice(0, pageRoom - 1), '… (a taller terminal shows the rest)'];
      const lines = [titled, fit(view.status, cols), '', ...page.map((line) => padTo(block, line))];
      return centreLines([...lines, inputLine(view, block), keys], cols, rows);
    }
    const answer = wrapped;
    const content = [
      titled,
      fit(view.status, cols),
      '',
      ...boardLines(view, shape),
      '',
      padTo(block, view.score),
      '',
      ...(answer.length > 0 ? answer : ['']).map((line) => padTo(block, line)),
      inputLine(view, block),
      keys,
    ];
    const frame = centreLines(content, cols, content.length);
    return [
      ...Array.from({ length: top }, () => ''),
      ...frame,
      ...Array.from({ length: rows }, () => ''),
    ].slice(0, rows);
  }
  const needs = `Make the window at least ${8 * SMALL.width + 6}x${3 + 1 + 8 * SMALL.height + 3 + 2 + 1}`;
  return centreLines(wrap(needs, cols), cols, rows);
}
