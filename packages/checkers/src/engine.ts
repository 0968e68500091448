import { escapeAndCut } from '@twenty48/common';
import { type Book, bookMove } from './book.js';
import { makeFen, parseFen } from './fen.js';
import { applyMove } from './moves.js';
import { moveToPdn, parsePdnMove } from './pdn.js';
import { initialPosition } from './position.js';
import { clearSearchTable, type SearchIteration, searchBest } from './search.js';
import type { Position } from './types.js';

/**
 * The persistent engine's protocol (`checkers engine`), modelled on UCI: one command a line in,
 * answers a line each out. The session is plain state and `handleEngineLine` a step from a line
 * to the lines it answers (written through `write` as they come, so a search's `info` lines are
 * seen while it deepens) and whether the engine goes on. The transposition table is kept from
 * one `go` to the next and cleared by `newgame`.
 *
 * - `isready` → `readyok`; `newgame` forgets the last game; `quit` ends.
 * - `position startpos|fen <FEN> [moves <m1> <m2> …]`, moves in PDN (`11-15`, `22x15x6`).
 * - `go movetime <ms>` | `go depth <n>` | `go nodes <n>` → `info depth <d> score <s> nodes <n>
 *   pv <…>` lines, then one `bestmove <move>` (`bestmove none` when the side to move has no legal
 *   move); a fixed depth or node budget still stops after `MAX_MOVETIME`. `go nodes` (UCI's)
 *   gives the same answer on any machine at any load: matches on it repeat exactly.
 * - Anything malformed or unknown → one `error <CODE> <message>` line; the engine goes on.
 */

/** Every code an `error` line can carry. */
export const ENGINE_ERROR_CODES = [
  'ERR_UNKNOWN_COMMAND',
  'ERR_SYNTAX',
  'ERR_LINE_TOO_LONG',
  'ERR_FEN',
  'ERR_MOVE',
  'ERR_TOO_MANY_MOVES',
  'ERR_GO',
] as const;
export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

/** The longest line the engine reads; a longer one is refused whole. */
export const MAX_ENGINE_LINE = 65_536;
/** The most moves a `position` line may carry. */
export const MAX_POSITION_MOVES = 2048;
/** The longest `go movetime`: ten minutes. */
export const MAX_MOVETIME = 600_000;
/** The deepest `go depth`. */
export const MAX_GO_DEPTH = 64;
/** The largest `go nodes`: about a minute's search. */
export const MAX_GO_NODES = 100_000_000;
/** The longest piece of outside text an error message shows. */
const SHOWN_LENGTH = 40;
/** A `go` is answered a little before its budget: the answer must reach the other side. */
const MOVETIME_MARGIN_MS = 2;

/** The warm-up search's depth and its time limit (a loaded machine may be slow). */
const WARM_UP_DEPTH = 9;
const WARM_UP_MS = 1000;

/**
 * One short search from the start position, its table then forgotten: the JIT compiles the
 * search before the first `go`, whose budget would otherwise go on interpreting it (a cold
 * search visits a quarter of the nodes a warm one does in the same time). A program calls it
 * once at start, before it answers `isready`.
 *
 * @example
 * warmUpEngine(); // at most 1 s (0.95 s at load average 16)
 */
export function warmUpEngine(): void {
  searchBest(initialPosition(), { depth: WARM_UP_DEPTH, ms: WARM_UP_MS });
  clearSearchTable();
}

/** The engine between lines: the position to search, the game's positions before it, and the
 * opening book it plays from (null: none). */
export interface EngineSession {
  position: Position;
  history: Position[];
  book: Book | null;
}

/** A fresh session, at the start position, with `book` if given. */
export function newEngineSession(book: Book | null = null): EngineSession {
  return { position: initialPosition(), history: [], book };
}

/**
 * Outside text as an error message shows it: in quotes, escaped and cut to 40 characters by
 * common's `escapeAndCut` (the one rule every program of ours shows outside text by).
 *
 * @example
 * shownText('bad\u001b[2J') // '"bad\\e[2J"'
 */
export function shownText(text: string): string {
  return `"${escapeAndCut(text, SHOWN_LENGTH)}"`;
}

// Outside text reaches a message only through `shownText`, so a message is always one line.
const errorLine = (code: EngineErrorCode, message: string): string => `error ${code} ${message}`;

/** How `handleEngineLine` reaches the outside: lines out and the clock. */
export interface EngineIo {
  readonly write: (line: string) => void;
  readonly now?: () => number;
}

/**
 * One line of input handled: its answers written, the session updated in place. Returns
 * `'quit'` after `quit`, else `'go-on'`. Never throws for bad input: it answers `error`.
 *
 * @example
 * const session = newEngineSession();
 * handleEngineLine(session, 'position startpos moves 11-15', { write: console.log });
 * handleEngineLine(session, 'go depth 6', { write: console.log }); // info …, bestmove 22-18
 */
export function handleEngineLine(
  session: EngineSession,
  line: string,
  io: EngineIo,
): 'quit' | 'go-on' {
  if (line.length > MAX_ENGINE_LINE) {
    io.write(errorLine('ERR_LINE_TOO_LONG', `a line is at most ${MAX_ENGINE_LINE} characters`));
    return 'go-on';
  }
  const words = line
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  const [command, ...rest] = words;
  switch (command) {
    case undefined:
      return 'go-on';
    case 'quit':
      return 'quit';
    case 'isready':
      io.write('readyok');
      return 'go-on';
    case 'newgame':
      Object.assign(session, newEngineSession(session.book));
      clearSearchTable();
      return 'go-on';
    case 'position':
      setPosition(session, rest, io);
      return 'go-on';
    case 'go':
      go(session, rest, io);
      return 'go-on';
    default:
      io.write(
        errorLine(
          'ERR_UNKNOWN_COMMAND',
          `unknown command ${shownText(command)}: isready, newgame, position, go, quit`,
        ),
      );
      return 'go-on';
  }
}

function setPosition(session: EngineSession, words: readonly string[], io: EngineIo): void {
  const [kind, ...rest] = words;
  let start: Position;
  let tail: readonly string[];
  if (kind === 'startpos') {
    start = initialPosition();
    tail = rest;
  } else if (kind === 'fen') {
    const at = rest.indexOf('moves');
    const fenWords = at < 0 ? rest : rest.slice(0, at);
    const [fen] = fenWords;
    if (fen === undefined || fenWords.length !== 1) {
      io.write(errorLine('ERR_SYNTAX', 'position fen takes one FEN without spaces, e.g. W:W21:B1'));
      return;
    }
    const parsed = parseFen(fen);
    if (!parsed.ok) {
      io.write(errorLine('ERR_FEN', `${shownText(fen)} is not a PDN FEN (${parsed.error.code})`));
      return;
    }
    start = parsed.value;
    tail = at < 0 ? [] : rest.slice(at);
  } else {
    io.write(
      errorLine(
        'ERR_SYNTAX',
        `position startpos or position fen <FEN>, then moves …; not ${shownText(kind ?? '')}`,
      ),
    );
    return;
  }
  const [movesWord, ...moves] = tail;
  if (movesWord !== undefined && movesWord !== 'moves') {
    io.write(
      errorLine('ERR_SYNTAX', `expected moves after the position, not ${shownText(movesWord)}`),
    );
    return;
  }
  if (moves.length > MAX_POSITION_MOVES) {
    io.write(
      errorLine('ERR_TOO_MANY_MOVES', `at most ${MAX_POSITION_MOVES} moves, not ${moves.length}`),
    );
    return;
  }
  const history: Position[] = [];
  let position = start;
  for (const [i, text] of moves.entries()) {
    const move = parsePdnMove(position, text);
    if (!move.ok) {
      io.write(
        errorLine(
          'ERR_MOVE',
          `move ${i + 1} ${shownText(text)} in ${makeFen(position)}: ${move.error.code}`,
        ),
      );
      return;
    }
    history.push(position);
    position = applyMove(position, move.value);
  }
  session.position = position;
  session.history = history;
}

function whole(text: string | undefined, max: number): number | null {
  if (text === undefined || !/^\d{1,9}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= max ? value : null;
}

const infoLine = (info: SearchIteration): string =>
  `info depth ${info.depth} score ${info.score} nodes ${info.nodes} pv ${info.pv.map(moveToPdn).join(' ')}`.trimEnd();

function go(session: EngineSession, words: readonly string[], io: EngineIo): void {
  const [kind, amount, extra] = words;
  const usage = `go movetime <ms> (1 to ${MAX_MOVETIME}), go depth <n> (1 to ${MAX_GO_DEPTH}) or go nodes <n> (1 to ${MAX_GO_NODES})`;
  if (extra !== undefined || (kind !== 'movetime' && kind !== 'depth' && kind !== 'nodes')) {
    io.write(errorLine('ERR_GO', `${usage}; not ${shownText(words.join(' '))}`));
    return;
  }
  const value = whole(
    amount,
    kind === 'movetime' ? MAX_MOVETIME : kind === 'depth' ? MAX_GO_DEPTH : MAX_GO_NODES,
  );
  if (value === null) {
    io.write(errorLine('ERR_GO', `${usage}; not ${shownText(amount ?? '')}`));
    return;
  }
  const booked = session.book === null ? null : bookMove(session.book, session.position);
  if (booked !== null) {
    const entry = session.book?.moves.get(makeFen(session.position));
    io.write(
      `info depth ${entry?.depth ?? 0} score ${entry?.score ?? 0} nodes 0 pv ${moveToPdn(booked)}`,
    );
    io.write(`bestmove ${moveToPdn(booked)}`);
    return;
  }
  const found = searchBest(session.position, {
    // A fixed depth or node budget still stops at the longest movetime: the engine never
    // searches unbounded.
    ...(kind === 'depth'
      ? { depth: value, ms: MAX_MOVETIME }
      : kind === 'nodes'
        ? { nodes: value, ms: MAX_MOVETIME }
        : { ms: Math.max(1, value - MOVETIME_MARGIN_MS) }),
    history: session.history,
    keepTable: true,
    ...(io.now === undefined ? {} : { now: io.now }),
    onIteration: (info) => io.write(infoLine(info)),
  });
  io.write(`bestmove ${found.move === null ? 'none' : moveToPdn(found.move)}`);
}
