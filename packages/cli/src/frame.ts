/**
 * One frame of the full-screen game, as lines of text with colour escapes: the title, the
 * score line, the board centred in the terminal, and below it the question or message of the
 * moment and the keys. Pure: the same view and terminal size give the same frame.
 */
import type { Game } from '@twenty48/engine';
import { BOARD_COLOR, BOLD, background, type ColorMode, RESET } from './colors.js';
import { type CellShape, drawCell, type TileTheme } from './tileArt.js';

/** What sits below the board: nothing, help, a question, the end of a game, the name entry. */
export type FrameOverlay =
  | { readonly kind: 'none' }
  | { readonly kind: 'help' }
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
  'i  hint: the move the AI (expectimax) would play; keep playing while it thinks',
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

/**
 * How many columns a line takes on screen: its characters without the colour escapes.
 *
 * @example
 * visibleLength('\x1b[1mhi\x1b[0m') // 2
 */
export const visibleLength = (line: string): number =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escapes are what we strip
  [...line.replace(/\x1b\[[0-9;]*m/g, '')].length;

/**
 * Plain text cut to `cols` columns, with an ellipsis when it was longer.
 *
 * @example
 * fit('a long line', 6) // 'a lon…'
 */
export const fit = (text: string, cols: number): string =>
  [...text].length > cols ? `${[...text].slice(0, Math.max(0, cols - 1)).join('')}…` : text;

/**
 * A frame of exactly `rows` lines with `content` centred in it, each line on its own (lines of
 * one width, like a board's, stay aligned); what does not fit below is cut.
 *
 * @example
 * centreLines(['hi'], 10, 3) // ['', '    hi', '']
 */
export function centreLines(content: readonly string[], cols: number, rows: number): string[] {
  const top = Math.max(0, Math.floor((rows - content.length) / 2));
  const frame = Array.from({ length: rows }, () => '');
  content.slice(0, rows).forEach((line, i) => {
    const left = ' '.repeat(Math.max(0, Math.floor((cols - visibleLength(line)) / 2)));
    if (top + i < rows) frame[top + i] = line === '' ? '' : left + line;
  });
  return frame;
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

/**
 * `text` broken into lines of at most `cols` columns at spaces (a word longer than that is cut).
 *
 * @example
 * wrap('Make the window at least 25x13', 16) // ['Make the window', 'at least 25x13']
 */
export function wrap(text: string, cols: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if ([...next].length <= cols || line === '') line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  lines.push(line);
  return lines.map((l) => fit(l, Math.max(1, cols)));
}

/** Help lines in two columns, the key column padded to one width so the columns align. */
function alignedHelp(lines: readonly string[]): string[] {
  const width = Math.max(...lines.map((line) => [...line].length));
  return lines.map((line) => line + ' '.repeat(width - [...line].length));
}

/**
 * The frame for a terminal of `cols` x `rows`: exactly `rows` lines, the content centred, the
 * largest board that fits (5-line cells on large terminals, 3-line cells, else 1-line cells),
 * or, below what the smallest needs, "Make the window at least WxH" wrapped to the window.
 *
 * @example
 * renderFrame(view, 80, 24).length // 24
 */
export function renderFrame(view: FrameView, cols: number, rows: number): string[] {
  const { game, mode } = view;
  const theme: TileTheme = game.rules.scoring === 'levelCubes' ? 'tiers' : 'numbers';
  const digits = String(Math.max(2, ...game.board.flat())).length;
  const size = game.rules.size;
  const title = view.title ?? `2048 · ${game.rules.name} ${size}x${size} · seed ${game.seed}`;
  const gain = view.lastGain > 0 ? ` (+${view.lastGain})` : '';
  const scoreLine = `Score ${game.score}${gain}   Best ${view.best}   Moves ${view.moveCount}`;
  // Wrapped, not cut, to the window; the help's lines padded to one width so its columns align.
  const overlay =
    view.overlay.kind === 'help'
      ? alignedHelp(HELP_LINES.flatMap((line) => wrap(line, cols)))
      : overlayLines(view).flatMap((line) => wrap(line, cols));
  // The message has its own row and the keys theirs, always: a hint never moves the board.
  const standardFooter = 2;
  const keys = view.keys ?? ([...KEY_HINT].length <= cols ? KEY_HINT : KEY_HINT_SHORT);
  const footer = [...overlay, view.message ?? '', keys].map((line) => fit(line, cols));

  const layouts: [CellShape, number][] = [
    ...(theme === 'numbers'
      ? ([[{ width: Math.max(11, digits + 4), height: 5 }, 1]] as [CellShape, number][])
      : []),
    [{ width: theme === 'tiers' ? 8 : Math.max(7, digits + 2), height: 3 }, 1],
    [{ width: theme === 'tiers' ? 6 : Math.max(5, digits + 2), height: 1 }, 0],
  ];
  const need = (shape: CellShape, gutterLines: number) => ({
    width: size * shape.width + size + 1,
    height: (gutterLines === 1 ? size * (shape.height + 1) + 1 : size + 2) + 4 + standardFooter,
  });
  let board: string[] | null = null;
  for (const [shape, gutterLines] of layouts) {
    const { width, height } = need(shape, gutterLines);
    // The large cells only where they leave the board room to breathe.
    const roomy = shape.height < 5 || (width * 2.5 <= cols && height + 15 <= rows);
    if (width <= cols && height <= rows && roomy) {
      board = boardLines(game, shape, gutterLines, theme, mode);
      break;
    }
  }
  if (board === null) {
    const smallest = layouts[layouts.length - 1] as [CellShape, number];
    const { width, height } = need(...smallest);
    return centreLines(wrap(`Make the window at least ${width}x${height}`, cols), cols, rows);
  }
  const bold = mode === 'none' ? '' : BOLD;
  const head = [
    bold ? bold + fit(title, cols) + RESET : fit(title, cols),
    fit(scoreLine, cols),
    '',
  ];
  // Placed as if nothing were below the board but the message and the keys: what shows below
  // grows downward, into the blank line under the board first.
  const standard = head.length + board.length + 1 + standardFooter;
  let top = Math.floor(Math.max(0, rows - standard) / 2);
  // What shows below grows downward: into the blank under the board, then up the screen,
  // then into the blank under the score line; else (the help in a small window) it is a page.
  const tries = [
    [...head, ...board, '', ...footer],
    [...head, ...board, ...footer],
    [...head.slice(0, 2), ...board, ...footer],
  ];
  let content = tries.find((lines) => top + lines.length <= rows);
  // The help never moves the board: where it does not fit below, it is a page of its own.
  if (content === undefined && view.overlay.kind !== 'help') {
    content = tries.find((lines) => lines.length <= rows);
    if (content !== undefined) top = rows - content.length;
  }
  if (content === undefined) {
    top = Math.min(top, Math.max(0, rows - head.length - overlay.length - 2));
    const page = overlay;
    const room = Math.max(1, rows - top - head.length - 2);
    const more = fit('… (a larger window shows the rest)', cols);
    const shown = page.length > room ? [...page.slice(0, room - 1), more] : page;
    content = [...head, ...shown, ...footer.slice(-2)];
  }
  const frame = centreLines(content, cols, content.length);
  return [
    ...Array.from({ length: top }, () => ''),
    ...frame,
    ...Array.from({ length: rows }, () => ''),
  ].slice(0, rows);
}
