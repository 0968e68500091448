/**
 * One frame of the full-screen game, as lines of text with colour escapes: the title, the
 * score line, the board centred in the terminal, and below it the question or message of the
 * moment and the keys. Pure: the same view and terminal size give the same frame.
 */
import type { Game } from '@twenty48/engine';
import { BOARD_COLOR } from './colors.js';
import { type CellShape, drawCell, type TileTheme } from './tileArt.js';
import { BOLD, background, type ColorMode, RESET } from './toolkit/colors.js';
import { centreFrom, centreLines, fit, wrap } from './toolkit/text.js';

/** What sits below the board: nothing, help, a question, the end of a game, the name entry. */
export type FrameOverlay =
  | { readonly kind: 'none' }
  /** The help; `page` (from 0) where it takes more than one in a small window. */
  | { readonly kind: 'help'; readonly page?: number }
  | { readonly kind: 'confirmQuit' }
  | { readonly kind: 'confirmNew' }
  | { readonly kind: 'won' }
  | { readonly kind: 'lost' }
  /** A name being typed; `prompt` says what for (a local high score when absent). */
  | { readonly kind: 'name'; readonly text: string; readonly prompt?: string }
  /** Lines a program says below the board (a ranked game's rank and record). */
  | { readonly kind: 'lines'; readonly lines: readonly string[] };

/** The part of a game a frame draws (a ranked game's board has no seed on this side). */
export type FrameGame = Pick<Game, 'rules' | 'board' | 'score'> & { readonly seed?: string };

/** Everything a frame shows: the game, the score line's numbers, what is below the board. */
export interface FrameView {
  readonly game: FrameGame;
  /** The top line; the rules, the size and the seed when absent. */
  readonly title?: string;
  readonly lastGain: number;
  readonly best: number;
  readonly moveCount: number;
  readonly overlay: FrameOverlay;
  /** A one-line message: a notice about saves, the result of the last action. */
  readonly message: string | null;
  readonly mode: ColorMode;
  /** The keys line at the bottom; the game's keys (`KEY_HINT`) when absent. */
  readonly keys?: string;
}

/** The footer: the keys, always on screen. */
export const KEY_HINT = 'arrows/wasd/hjkl move · u undo · i hint · n new · q quit · ? help';

/** The footer in a narrow window: the keys to move, and where the rest are. */
export const KEY_HINT_SHORT = 'arrows move · u undo · i hint · ? help';

/** What `?` shows below the board. */
export const HELP_LINES = [
  'Move: arrow keys, W A S D, or h j k l (vim).',
  'u  undo the last move        n  new game (asks first)',
  'q  quit (asks first)         ?  this help (any key closes it)',
  'i  hint: the move the AI (n-tuple network) would play; keep playing while it thinks',
  'Ctrl-C quits at once; the game in progress is kept for `2048 play --resume`.',
];

function overlayLines(view: FrameView): string[] {
  const { overlay, game } = view;
  switch (overlay.kind) {
    case 'help':
      return HELP_LINES;
    case 'confirmQuit':
      return ['Quit this game?  [y] yes   [n] no'];
    case 'confirmNew':
      return ['A game is under way. Start a new one?  [y] yes   [n] no'];
    case 'won':
      return ['You win!', '[c] keep going (or just move)   [n] new game'];
    case 'lost':
      return [`Game over! Final score ${game.score}`, '[n] new game   [u] undo   [q] quit'];
    case 'name':
      return [
        overlay.prompt ?? 'New high score! Your name:',
        `> ${overlay.text}_`,
        'Enter saves it, Esc skips',
      ];
    case 'lines':
      return [...overlay.lines];
    case 'none':
      return [];
  }
}

/** The board's lines for one cell shape and gutter height. */
function boardLines(
  game: FrameGame,
  shape: CellShape,
  gutterLines: number,
  theme: TileTheme,
  mode: ColorMode,
): string[] {
  const size = game.rules.size;
  const gutter = mode === 'none' ? ' ' : `${background(mode, BOARD_COLOR)} ${RESET}`;
  const width = size * shape.width + size + 1;
  const gutterRow =
    mode === 'none'
      ? ' '.repeat(width)
      : `${background(mode, BOARD_COLOR)}${' '.repeat(width)}${RESET}`;
  const lines: string[] = [];
  for (let g = 0; g < Math.max(1, gutterLines); g++) lines.push(gutterRow);
  for (const row of game.board) {
    const cells = row.map((value) => drawCell(value, shape, theme, mode));
    for (let line = 0; line < shape.height; line++) {
      lines.push(gutter + cells.map((cell) => cell[line] ?? '').join(gutter) + gutter);
    }
    for (let g = 0; g < Math.max(1, gutterLines); g++) lines.push(gutterRow);
  }
  if (gutterLines === 0) {
    // Compact: keep the outer border, drop the lines between rows.
    return lines.filter((line, i) => line !== gutterRow || i === 0 || i === lines.length - 1);
  }
  return lines;
}

/** Help lines in two columns, the key column padded to one width so the columns align. */
function alignedHelp(lines: readonly string[]): string[] {
  const width = Math.max(...lines.map((line) => [...line].length));
  return lines.map((line) => line + ' '.repeat(width - [...line].length));
}

/** Where the board stands in a window: the head above it, its lines, its first row. */
interface Placed {
  readonly head: string[];
  readonly board: string[];
  readonly top: number;
}

/** The help's lines, wrapped to the window and padded to one width so its columns align. */
const helpLines = (cols: number): string[] =>
  alignedHelp(HELP_LINES.flatMap((line) => wrap(line, cols)));

/**
 * The largest board that fits `cols` x `rows` (5-line cells on large terminals, 3-line cells,
 * else 1-line cells) and where it stands: placed as if nothing were below it but a blank, the
 * message and the keys, so that what shows below never moves it. A string: the window is below
 * what the smallest needs, and this says so.
 */
function placeBoard(view: FrameView, cols: number, rows: number): Placed | string {
  const { game, mode } = view;
  const theme: TileTheme = game.rules.scoring === 'levelCubes' ? 'tiers' : 'numbers';
  const digits = String(Math.max(2, ...game.board.flat())).length;
  const size = game.rules.size;
  // A cell shape and the gutter lines between rows, largest first.
  const large: [CellShape, number] = [{ width: Math.max(11, digits + 4), height: 5 }, 1];
  const smallest: [CellShape, number] = [
    { width: theme === 'tiers' ? 6 : Math.max(5, digits + 2), height: 1 },
    0,
  ];
  const layouts: [CellShape, number][] = [
    ...(theme === 'numbers' ? [large] : []),
    [{ width: theme === 'tiers' ? 8 : Math.max(7, digits + 2), height: 3 }, 1],
    smallest,
  ];
  const need = (shape: CellShape, gutterLines: number) => ({
    width: size * shape.width + size + 1,
    height: (gutterLines === 1 ? size * (shape.height + 1) + 1 : size + 2) + 4 + FOOTER,
  });
  for (const [shape, gutterLines] of layouts) {
    const { width, height } = need(shape, gutterLines);
    // The large cells only where they leave the board room to breathe.
    const roomy = shape.height < 5 || (width * 2.5 <= cols && height + 15 <= rows);
    if (width <= cols && height <= rows && roomy) {
      const board = boardLines(game, shape, gutterLines, theme, mode);
      const title = view.title ?? `2048 · ${game.rules.name} ${size}x${size} · seed ${game.seed}`;
      const gain = view.lastGain > 0 ? ` (+${view.lastGain})` : '';
      const score = `Score ${game.score}${gain}   Best ${view.best}   Moves ${view.moveCount}`;
      const bold = mode === 'none' ? '' : BOLD;
      const head = [
        bold ? bold + fit(title, cols) + RESET : fit(title, cols),
        fit(score, cols),
        '',
      ];
      const standard = head.length + board.length + 1 + FOOTER;
      return { head, board, top: Math.floor(Math.max(0, rows - standard) / 2) };
    }
  }
  const { width, height } = need(...smallest);
  return `Make the window at least ${width}x${height}`;
}

/** The message row and the key row: always below the board. */
const FOOTER = 2;

/** How the help shows: under the board, or as pages of `size` lines in the board's place. */
function helpLayout(placed: Placed, cols: number, rows: number) {
  const help = helpLines(cols);
  const below = rows - placed.top - placed.head.length - placed.board.length;
  if (help.length + FOOTER <= below) return { underBoard: true, size: help.length, pages: 1 };
  // A page: the head, the page, its line of keys and the game's keys.
  const size = Math.max(1, rows - placed.top - placed.head.length - FOOTER);
  return { underBoard: false, size, pages: Math.ceil(help.length / size) };
}

/**
 * How many pages the help takes in a window of `cols` x `rows`: 1 where it shows whole (under
 * the board or in its place), more where the window is too small for it.
 *
 * @example
 * helpPageCount(view, 80, 24) // 1
 */
export function helpPageCount(view: FrameView, cols: number, rows: number): number {
  const placed = placeBoard(view, cols, rows);
  return typeof placed === 'string' ? 1 : helpLayout(placed, cols, rows).pages;
}

/**
 * What shows below the board in the rows there are, the board staying where it is: a blank,
 * the overlay, the message and the keys; where that is too much, without the blank, then
 * without the keys (a question or the end names its own keys), then without an empty message
 * row; at last what fits, its last line saying that more is cut.
 */
function footerIn(overlay: string[], message: string | null, keys: string, room: number) {
  const said = message ?? '';
  const tries = [
    ['', ...overlay, said, keys],
    [...overlay, said, keys],
  ];
  if (overlay.length > 0) tries.push([...overlay, said]);
  if (overlay.length > 0 && message === null) tries.push([...overlay]);
  const fits = tries.find((lines) => lines.length <= room);
  if (fits !== undefined) return fits;
  const lines = [...overlay, ...(message === null ? [] : [said])];
  return [...lines.slice(0, Math.max(0, room - 1)), '…'];
}

/**
 * The frame for a terminal of `cols` x `rows`: exactly `rows` lines, the content centred, the
 * largest board that fits, or, below what the smallest needs, "Make the window at least WxH"
 * wrapped to the window. What shows below the board never moves it; the help, where it does
 * not fit under the board, shows as pages in its place (`view.overlay.page`).
 *
 * @example
 * renderFrame(view, 80, 24).length // 24
 */
export function renderFrame(view: FrameView, cols: number, rows: number): string[] {
  const placed = placeBoard(view, cols, rows);
  if (typeof placed === 'string') return centreLines(wrap(placed, cols), cols, rows);
  const { head, board, top } = placed;
  const keys = view.keys ?? ([...KEY_HINT].length <= cols ? KEY_HINT : KEY_HINT_SHORT);
  const below = rows - top - head.length - board.length;
  let content: string[];
  const help = view.overlay.kind === 'help' ? helpLayout(placed, cols, rows) : null;
  if (view.overlay.kind === 'help' && help !== null && !help.underBoard) {
    const { size, pages } = help;
    const page = Math.min(Math.max(0, view.overlay.page ?? 0), pages - 1);
    const shown = helpLines(cols).slice(page * size, (page + 1) * size);
    const turn = pages === 1 ? '' : page + 1 < pages ? ' · ↓ more' : ' · ↑ back';
    const nav =
      [`help ${page + 1}/${pages}${turn} · other keys close`, `${page + 1}/${pages}${turn}`].find(
        (line) => [...line].length <= cols,
      ) ?? '';
    const filler = Array.from({ length: size - shown.length }, () => '');
    content = [...head, ...shown, ...filler, ...[nav, keys].map((line) => fit(line, cols))];
  } else {
    // Wrapped, not cut, to the window.
    const overlay =
      view.overlay.kind === 'help'
        ? helpLines(cols)
        : overlayLines(view).flatMap((line) => wrap(line, cols));
    const footer = footerIn(overlay, view.message, keys, below).map((line) => fit(line, cols));
    content = [...head, ...board, ...footer];
  }
  return centreFrom(content, top, cols, rows);
}
