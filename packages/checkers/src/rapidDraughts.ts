/**
 * rapid-draughts (npm, a TypeScript checkers engine; a devDependency) as an opponent for our
 * search in the match harness: its engine is set up from OUR position, and its move is
 * translated back into our legal move. Our rules drive the game; its own draw rules never play.
 *
 * Its package types do not resolve under our `nodenext` settings (its declaration files import
 * without extensions), so the small part we use is declared here. Its square layout is not
 * hard-coded either: it is read at load time from its own board rendering (which square of the
 * 8x8 picture each of its bits lights up), so a mapping error cannot hide in a table.
 */
import * as english from 'rapid-draughts/english';
import { legalMoves } from './moves.js';
import { squareAt } from './squares.js';
import type { Move, Position, Square } from './types.js';

interface RapidMove {
  /** Its square index 0-31, as its board lists them. */
  readonly origin: number;
  readonly destination: number;
  readonly captures: readonly number[];
}

interface RapidSquare {
  readonly dark: boolean;
  readonly position?: number;
  readonly piece?: { readonly king: boolean; readonly player: string };
}

interface RapidGame {
  readonly moves: readonly RapidMove[];
  readonly board: readonly RapidSquare[];
  readonly player: string;
}

interface RapidSetup {
  readonly player: 'light' | 'dark';
  readonly board: { readonly light: number; readonly dark: number; readonly king: number };
  readonly stats: { readonly sinceCapture: number; readonly sinceNonKingAdvance: number };
}

interface RapidEnglish {
  readonly EnglishDraughts: { setup(data?: Partial<RapidSetup>): RapidGame };
  readonly EnglishDraughtsComputerFactory: {
    alphaBeta(options: {
      maxDepth: number;
      quiescence?: boolean;
    }): (game: RapidGame) => Promise<RapidMove>;
  };
}

const rapid = english as unknown as RapidEnglish;

// Which of its bits stands on each of our squares, and which of our squares each of its square
// indices is, read from its 8x8 board: one king placed on each bit in turn.
const BIT_OF_SQUARE: number[] = [];
const SQUARE_OF_INDEX: Square[] = [];
for (let bit = 0; bit < 32; bit++) {
  const mask = 2 ** bit;
  const game = rapid.EnglishDraughts.setup({
    player: 'dark',
    board: { light: 0, dark: mask, king: mask },
  });
  const cell = game.board.findIndex((square) => square.piece !== undefined);
  const square = squareAt(Math.floor(cell / 8) + 1, (cell % 8) + 1);
  const index = game.board[cell]?.position;
  if (square === null || index === undefined)
    throw new Error(`rapid-draughts bit ${bit} lit a light square (${cell})`);
  BIT_OF_SQUARE[square - 1] = mask;
  SQUARE_OF_INDEX[index] = square;
}

function toRapidMask(mask: number): number {
  let out = 0;
  for (let square = 1; square <= 32; square++)
    if ((mask & (2 ** (square - 1))) !== 0) out += BIT_OF_SQUARE[square - 1] as number;
  return out;
}

/**
 * Its game set up on our position: black is its "dark" side (which starts on squares 1-12 and
 * moves first), red its "light". Its draw counters start at 0: our rules judge draws.
 */
export function rapidGameOf(position: Position): RapidGame {
  return rapid.EnglishDraughts.setup({
    player: position.turn === 'black' ? 'dark' : 'light',
    board: {
      dark: toRapidMask(position.black),
      light: toRapidMask(position.red),
      king: toRapidMask(position.kings),
    },
    stats: { sinceCapture: 0, sinceNonKingAdvance: 0 },
  });
}

const keyOf = (from: Square, to: Square, captured: readonly Square[]): string =>
  `${from}-${to}x${[...captured].sort((a, b) => a - b).join(',')}`;

const ourSquare = (index: number): Square => {
  const square = SQUARE_OF_INDEX[index];
  if (square === undefined) throw new Error(`rapid-draughts square index ${index} is unknown`);
  return square;
};

/** Its legal moves in our squares, each as `from-to x captured squares`, sorted, distinct. */
export function rapidMoveKeys(position: Position): string[] {
  const keys = rapidGameOf(position).moves.map((m) =>
    keyOf(ourSquare(m.origin), ourSquare(m.destination), m.captures.map(ourSquare)),
  );
  return [...new Set(keys)].sort();
}

/** Our legal moves in the same form as `rapidMoveKeys`. */
export function ourMoveKeys(position: Position): string[] {
  return [...new Set(legalMoves(position).map((m) => keyOf(m.from, m.to, m.captured)))].sort();
}

interface Parsed {
  readonly from: number;
  readonly to: number;
  readonly captured: readonly number[];
}

const parseKey = (key: string): Parsed => {
  const [squares = '', captured = ''] = key.split('x');
  const [from = 0, to = 0] = squares.split('-').map(Number);
  return { from, to, captured: captured === '' ? [] : captured.split(',').map(Number) };
};

// A king's capture that comes round to the square it left: legal for us (the square is empty
// once the king leaves), impossible for rapid-draughts, which keeps the square occupied and
// so offers the same jumps stopped one short of it.
const isCircular = (key: string): boolean => {
  const { from, to, captured } = parseKey(key);
  return from === to && captured.length > 0;
};

const stopsShortOf = (theirs: string, circular: string): boolean => {
  const short = parseKey(theirs);
  const full = parseKey(circular);
  return short.from === full.from && short.captured.every((s) => full.captured.includes(s));
};

/**
 * Where the two move generators disagree on a position, leaving out the one known difference:
 * our king capture that ends on its own square, which rapid-draughts offers instead stopped a
 * jump short of it (see `isCircular`).
 */
export function compareMoves(position: Position): { onlyOurs: string[]; onlyTheirs: string[] } {
  const ours = ourMoveKeys(position);
  const theirs = rapidMoveKeys(position);
  const circular = ours.filter((k) => !theirs.includes(k) && isCircular(k));
  return {
    onlyOurs: ours.filter((k) => !theirs.includes(k) && !isCircular(k)),
    onlyTheirs: theirs.filter(
      (k) => !ours.includes(k) && !circular.some((full) => stopsShortOf(k, full)),
    ),
  };
}

/**
 * Our legal move that its move names (the same squares, the same pieces taken), or, for a king
 * capture it stopped short of the king's own square, that capture completed as our rules say.
 */
export function ourMoveOf(position: Position, move: RapidMove): Move {
  const key = keyOf(
    ourSquare(move.origin),
    ourSquare(move.destination),
    move.captures.map(ourSquare),
  );
  const moves = legalMoves(position);
  const found =
    moves.find((m) => keyOf(m.from, m.to, m.captured) === key) ??
    moves.find((m) => {
      const full = keyOf(m.from, m.to, m.captured);
      return isCircular(full) && stopsShortOf(key, full);
    });
  if (found === undefined) throw new Error(`rapid-draughts played ${key}, not legal here`);
  return found;
}

/**
 * Its strongest player: alpha-beta to `maxDepth` plies with its quiescence search, as a
 * function from our position to our move.
 */
export function rapidPlayer(maxDepth: number): (position: Position) => Promise<Move> {
  const computer = rapid.EnglishDraughtsComputerFactory.alphaBeta({ maxDepth, quiescence: true });
  return async (position) => ourMoveOf(position, await computer(rapidGameOf(position)));
}
