/**
 * The checkers page's colours per theme. The page and its text are the 2048 page's surfaces
 * (common's palette), so the two pages look like one site; the board and pieces are its own.
 * main.ts copies them into CSS variables; palette.test.ts checks every text pair's contrast.
 */
import { SURFACES, THEMES, type Theme } from '@twenty48/common';

export interface CheckersColours {
  readonly page: string;
  readonly text: string;
  readonly accent: string;
  readonly onAccent: string;
  readonly focus: string;
  readonly lightSquare: string;
  readonly darkSquare: string;
  /** The square numbers printed on the dark squares. */
  readonly onDarkSquare: string;
  readonly blackPiece: string;
  readonly onBlackPiece: string;
  readonly redPiece: string;
  readonly onRedPiece: string;
  /** The ring round a legal target, a selected piece, a piece that must capture. */
  readonly target: string;
  readonly selected: string;
  readonly mustCapture: string;
  /** The keyboard's cursor on the board. */
  readonly cursor: string;
}

export const CHECKERS_COLOURS: Readonly<Record<Theme, CheckersColours>> = {
  light: {
    page: SURFACES.light.page,
    text: SURFACES.light.text,
    accent: SURFACES.light.accent,
    onAccent: SURFACES.light.onAccent,
    focus: SURFACES.light.focus,
    lightSquare: '#f0e2c8',
    darkSquare: '#6b4a2f',
    onDarkSquare: '#f7efe2',
    blackPiece: '#1c1c1c',
    onBlackPiece: '#f5d76e',
    redPiece: '#b3261e',
    onRedPiece: '#ffffff',
    target: '#7fdc6b',
    selected: '#ffd54f',
    mustCapture: '#ff8a65',
    cursor: '#64b5f6',
  },
  dark: {
    page: SURFACES.dark.page,
    text: SURFACES.dark.text,
    accent: SURFACES.dark.accent,
    onAccent: SURFACES.dark.onAccent,
    focus: SURFACES.dark.focus,
    lightSquare: '#8a7a66',
    darkSquare: '#3b2a1c',
    onDarkSquare: '#efe6d8',
    blackPiece: '#0d0d0d',
    onBlackPiece: '#f5d76e',
    redPiece: '#a11f18',
    onRedPiece: '#ffffff',
    target: '#7fdc6b',
    selected: '#ffd54f',
    mustCapture: '#ff8a65',
    cursor: '#64b5f6',
  },
};

/** Text and the colour behind it: each pair must reach 4.5:1. */
export const TEXT_PAIRS: readonly (readonly [keyof CheckersColours, keyof CheckersColours])[] = [
  ['text', 'page'],
  ['onAccent', 'accent'],
  ['onDarkSquare', 'darkSquare'],
  ['onBlackPiece', 'blackPiece'],
  ['onRedPiece', 'redPiece'],
];

/** Marks drawn on the dark squares (rings; the cursor visits only those): 3:1 against the square, as WCAG asks of graphics. */
export const MARK_PAIRS: readonly (readonly [keyof CheckersColours, keyof CheckersColours])[] = [
  ['target', 'darkSquare'],
  ['selected', 'darkSquare'],
  ['mustCapture', 'darkSquare'],
  ['cursor', 'darkSquare'],
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
