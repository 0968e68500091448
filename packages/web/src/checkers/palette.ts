/**
 * The checkers page's colours per theme: the 2048 page's surfaces (common's palette), so the two
 * pages look like one site, and the board's colours (common's checkers palette, the terminal's
 * too). main.ts copies them into CSS variables; palette.test.ts checks the page's text pairs,
 * common's own test the board's.
 */
import {
  CHECKERS_BOARD,
  type CheckersBoardColours,
  SURFACES,
  THEMES,
  type Theme,
} from '@twenty48/common';

export interface CheckersColours extends CheckersBoardColours {
  readonly page: string;
  readonly text: string;
  readonly accent: string;
  readonly onAccent: string;
  readonly focus: string;
  /** The 2048 page's board and the text on it: the selects' fill, the footer's rule. */
  readonly board: string;
  readonly onBoard: string;
}

const coloursOf = (theme: Theme): CheckersColours => {
  const { page, text, accent, onAccent, focus, board, onBoard } = SURFACES[theme];
  return { page, text, accent, onAccent, focus, board, onBoard, ...CHECKERS_BOARD[theme] };
};

export const CHECKERS_COLOURS: Readonly<Record<Theme, CheckersColours>> = {
  light: coloursOf('light'),
  dark: coloursOf('dark'),
};

/** The page's own text and the colour behind it: each pair must reach 4.5:1. */
export const TEXT_PAIRS: readonly (readonly [keyof CheckersColours, keyof CheckersColours])[] = [
  ['text', 'page'],
  ['onAccent', 'accent'],
  ['onBoard', 'board'],
];

/** The colours as CSS variables: `--light-darkSquare: #6b4a2f`, … */
export function cssVariables(): [string, string][] {
  return THEMES.flatMap((theme) =>
    Object.entries(CHECKERS_COLOURS[theme]).map(([name, colour]): [string, string] => [
      `--${theme}-${name}`,
      colour,
    ]),
  );
}
