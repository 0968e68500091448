/**
 * One frame of the full-screen checkers game, as lines with colour escapes: the title, whose
 * turn it is, the board with its coordinates (columns along the top, rows down both sides), the
 * pieces coloured (kings marked K; the squares and pieces in the shared checkers palette), the last move, the selected piece and its targets lit, the
 * score, the last answer and the command line. Pure: the same view and size give the same frame.
 */
import { type Game, type Piece, pieceAt, type Square, squareAt } from '@twenty48/checkers';
import { CHECKERS_BOARD } from '@twenty48/common';
import {
  BOLD,
  background,
  type ColorMode,
  foreground,
  RESET,
  type Rgb,
  rgbOf,
} from '../toolkit/colors.js';
import { centreFrom, centreLines, fit, wrap } from '../toolkit/text.js';
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
  /** Which page of an answer too long for the room under the board shows (from 0). */
  readonly page?: number;
}

/** The footer: the keys of the command line. */
export const CHECKERS_KEYS = '(help) commands · ↑↓ history · Ctrl-U clears · Ctrl-C quits';
/** The footer in a narrow window. */
const CHECKERS_KEYS_SHORT = '(help) · ↑↓ history · Ctrl-C quits';
const INPUT_PROMPT = '> ';

/**
 * The checkers board's lit dark squares in 16 colours (offsets from SGR 40): the nearest
 * standard colour of each tint is the dark square's own grey, so each gets a colour of its own.
 */
const CHECKERS_LIGHTS_16 = { lastMove: 3, selected: 4, target: 2 } as const;

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
const HUGE: CellShape = { width: 11, height: 5 };
const BIG: CellShape = { width: 7, height: 3 };
const SMALL: CellShape = { width: 5, height: 1 };
const TINY: CellShape = { width: 3, height: 1 };

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
  const blank = ' '.repeat(shape.width);
  const core =
    shape.width < 5
      ? `${open}${middle}${close}`
      : `${' '.repeat((shape.width - 5) / 2)}${open} ${middle} ${close}${' '.repeat((shape.width - 5) / 2)}`;
  return Array.from({ length: shape.height }, (_, i) =>
    i === (shape.height - 1) / 2 ? core : blank,
  );
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
    return Array.from({ length: shape.height }, (_, i) =>
      i === (shape.height - 1) / 2 ? middle : blank,
    );
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
  if (shape.height === 3) return [rim('▄'), body, rim('▀')];
  // Five lines: a disc three lines and two halves tall, about as high as it is wide.
  const full = `${square}${edge}${background(mode, colors.body)}${' '.repeat(shape.width - 2)}${square}${edge}`;
  return [rim('▄'), full, body, full, rim('▀')];
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
 * One way to lay the frame out: the cell shape, and whether it is the compact one (no title,
 * score or key line, for the smallest windows) or the large one (only where the help still
 * fits under it).
 */
interface Layout {
  readonly shape: CellShape;
  readonly compact: boolean;
  readonly large: boolean;
}

/** The smallest: the compact board. */
const COMPACT: Layout = { shape: TINY, compact: true, large: false };

const LAYOUTS: readonly Layout[] = [
  { shape: HUGE, compact: false, large: true },
  { shape: BIG, compact: false, large: false },
  { shape: SMALL, compact: false, large: false },
  COMPACT,
];

/** The lines a layout takes without the answer: above the board, the board, below it. */
const fixedRows = ({ shape, compact }: Layout): number =>
  // Title, status, blank, the board (header and rows), blank, score, blank; the command line
  // and the keys. Compact: the status, the board, the command line.
  compact ? 1 + 1 + 8 * shape.height + 1 : 3 + 1 + 8 * shape.height + 3 + 2;

/** Where a frame's parts go in a window: the layout, the block's width, the answer's room. */
interface Placement {
  readonly layout: Layout;
  readonly block: number;
  readonly top: number;
  /** Lines under the board for the answer. */
  readonly room: number;
  /** Lines of a page in the board's place, for an answer longer than `room`. */
  readonly pageRoom: number;
}

function place(cols: number, rows: number): Placement | null {
  for (const layout of LAYOUTS) {
    const width = 8 * layout.shape.width + 6;
    const fixed = fixedRows(layout);
    if (width > cols || fixed + 1 > rows) continue;
    if (layout.large && (fixed + HELP_LINES.length + 1 > rows || width * 2 > cols)) continue;
    // Below the board, the lines share one width whatever the answer, so they never shift.
    const block = Math.min(cols, Math.max(width, CHECKERS_KEYS.length, HELP_WIDTH));
    const top = Math.floor((rows - fixed - 1) / 2);
    const room = Math.max(1, rows - top - fixed);
    // A page: the head (compact: the status), the page, its turn line, the command line, keys.
    const pageRoom = Math.max(1, rows - (layout.compact ? 3 : 6));
    return { layout, block, top, room, pageRoom };
  }
  return null;
}

/**
 * How many pages `answer` takes in a window of `cols` x `rows`: 0 where it fits under the
 * board, else the pages it shows as in the board's place (Page Down and Page Up turn them).
 *
 * @example
 * answerPageCount(['Black moves (3 2) to (4 3) [9-14].'], 80, 24) // 0
 */
export function answerPageCount(answer: readonly string[], cols: number, rows: number): number {
  const placed = place(cols, rows);
  if (placed === null) return 0;
  const wrapped = answer.flatMap((line) => wrap(line, placed.block));
  if (wrapped.length <= placed.room) return 0;
  // One page needs no turn line: it has that row too.
  if (wrapped.length <= placed.pageRoom + 1) return 1;
  return Math.ceil(wrapped.length / placed.pageRoom);
}

/**
 * The frame for a terminal of `cols` x `rows`: exactly `rows` lines, the largest board that fits
 * (5-line cells in a large window, 3-line cells, 1-line cells, else a compact board without the
 * title, score and key lines), or, below what that needs, "Make the window at least WxH" wrapped
 * to the window. The board is placed for a one-line answer, and a longer one (the help) grows
 * downward, wrapped to the lines' one width, so the board never moves; an answer longer than
 * the room under the board shows as pages in its place (`view.page`), until the next command.
 *
 * @example
 * renderBoardFrame(view, 80, 24).length // 24
 */
export function renderBoardFrame(view: BoardView, cols: number, rows: number): string[] {
  const placed = place(cols, rows);
  if (placed === null) {
    const needs = `Make the window at least ${8 * COMPACT.shape.width + 6}x${fixedRows(COMPACT) + 1}`;
    return centreLines(wrap(needs, cols), cols, rows);
  }
  const { layout, block, top, pageRoom } = placed;
  const bold = view.mode === 'none' ? '' : BOLD;
  const titled = bold ? `${bold}${fit(view.title, cols)}${RESET}` : fit(view.title, cols);
  const head = layout.compact ? [fit(view.status, cols)] : [titled, fit(view.status, cols), ''];
  const keys = padTo(block, cols < CHECKERS_KEYS.length ? CHECKERS_KEYS_SHORT : CHECKERS_KEYS);
  const tail = layout.compact ? [inputLine(view, block)] : [inputLine(view, block), keys];
  const wrapped = view.answer.flatMap((line) => wrap(line, block));
  const pages = answerPageCount(view.answer, cols, rows);
  if (pages > 0) {
    // In the board's place; the next command brings the board back.
    const page = Math.min(Math.max(0, view.page ?? 0), pages - 1);
    const shown = pages === 1 ? wrapped : wrapped.slice(page * pageRoom, (page + 1) * pageRoom);
    const turn = page + 1 < pages ? ' · PgDn more' : '';
    const back = page > 0 ? ' · PgUp back' : '';
    const nav = pages === 1 ? [] : [fit(`page ${page + 1}/${pages}${turn}${back}`, block)];
    const lines = [...head, ...[...shown, ...nav].map((line) => padTo(block, line))];
    return centreLines([...lines, ...tail], cols, rows);
  }
  const answer = wrapped.length > 0 ? wrapped : [''];
  const content = [
    ...head,
    ...boardLines(view, layout.shape),
    ...(layout.compact ? [] : ['', padTo(block, view.score), '']),
    ...answer.map((line) => padTo(block, line)),
    ...tail,
  ];
  return centreFrom(content, top, cols, rows);
}
