/**
 * The checkers board's colours as data: the squares, the pieces and the ink on them, and the
 * marks the browser draws on the board. The terminal draws the light theme's squares and pieces
 * (`cli/src/checkers/boardFrame.ts` converts them), the browser both themes
 * (`web/src/checkers/palette.ts` adds the page's surfaces), so a position looks the same in each;
 * the contrast of every pair drawn one on the other is checked with the one formula.
 */
import type { Theme } from './palette.js';

export interface CheckersBoardColours {
  readonly lightSquare: string;
  readonly darkSquare: string;
  /** The square numbers printed on the dark squares. */
  readonly onDarkSquare: string;
  readonly blackPiece: string;
  /** The mark on a black piece (a king's crown, the terminal's dot and K). */
  readonly onBlackPiece: string;
  readonly redPiece: string;
  readonly onRedPiece: string;
  /** The rim round every piece, so a piece stands out from the dark square it stands on. */
  readonly pieceEdge: string;
  /** The ring round a legal target, a selected piece, a piece that must capture. */
  readonly target: string;
  readonly selected: string;
  readonly mustCapture: string;
  /** The keyboard's cursor on the board. */
  readonly cursor: string;
  /** The ring round the squares of the last move (where it started and every landing). */
  readonly lastMove: string;
  /** The dashed ring round the squares whose pieces the last move captured. */
  readonly captured: string;
}

export const CHECKERS_BOARD: Readonly<Record<Theme, CheckersBoardColours>> = {
  light: {
    lightSquare: '#f0e2c8',
    darkSquare: '#6b4a2f',
    onDarkSquare: '#f7efe2',
    blackPiece: '#1c1c1c',
    onBlackPiece: '#f5d76e',
    redPiece: '#b3261e',
    onRedPiece: '#ffffff',
    pieceEdge: '#e8d9bf',
    target: '#7fdc6b',
    selected: '#ffd54f',
    mustCapture: '#ff8a65',
    cursor: '#64b5f6',
    lastMove: '#ce93d8',
    captured: '#eeeeee',
  },
  dark: {
    lightSquare: '#8a7a66',
    darkSquare: '#3b2a1c',
    onDarkSquare: '#efe6d8',
    blackPiece: '#0d0d0d',
    onBlackPiece: '#f5d76e',
    redPiece: '#a11f18',
    onRedPiece: '#ffffff',
    pieceEdge: '#b5a58f',
    target: '#7fdc6b',
    selected: '#ffd54f',
    mustCapture: '#ff8a65',
    cursor: '#64b5f6',
    lastMove: '#ce93d8',
    captured: '#eeeeee',
  },
};

type BoardPair = readonly [keyof CheckersBoardColours, keyof CheckersBoardColours];

/** Text and the colour behind it on the board: each pair must reach 4.5:1. */
export const CHECKERS_INK_PAIRS: readonly BoardPair[] = [
  ['onDarkSquare', 'darkSquare'],
  ['onBlackPiece', 'blackPiece'],
  ['onRedPiece', 'redPiece'],
];

/**
 * Marks drawn on the dark squares (the pieces' rim, rings; the cursor visits only those): 3:1
 * against the square, as WCAG asks of graphics.
 */
export const CHECKERS_MARK_PAIRS: readonly BoardPair[] = [
  ['pieceEdge', 'darkSquare'],
  ['target', 'darkSquare'],
  ['selected', 'darkSquare'],
  ['mustCapture', 'darkSquare'],
  ['cursor', 'darkSquare'],
  ['lastMove', 'darkSquare'],
  ['captured', 'darkSquare'],
];
