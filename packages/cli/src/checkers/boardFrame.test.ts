import { type Game, newGame, parseFen } from '@twenty48/checkers';
import { CHECKERS_BOARD } from '@twenty48/common';
import { describe, expect, it } from 'vitest';
import { background, rgbOf } from '../toolkit/colors.js';
import { answerPageCount, type BoardView, CHECKERS_KEYS, renderBoardFrame } from './boardFrame.js';
import { HELP_LINES } from './commands.js';
import { formatBoard } from './textBoard.js';

const ESCAPE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const plain = (lines: string[]): string[] => lines.map((line) => line.replace(ESCAPE, ''));

const gameAt = (fen: string): Game => {
  const position = parseFen(fen);
  if (!position.ok) throw new Error(position.error.message);
  return newGame(position.value);
};

const viewOf = (game: Game, extra: Partial<BoardView> = {}): BoardView => ({
  game,
  mode: 'none',
  title: 'Checkers',
  status: 'Black (p1) to move · move 1',
  score: 'Black 12 · Red 12',
  selected: null,
  targets: [],
  lastMove: [],
  answer: ['Type a command'],
  input: { text: '(sc', cursor: 3 },
  ...extra,
});

/** The letters of the board in a frame without colour, as the text board writes them. */
function boardIn(frame: string[]): string[] {
  const header = frame.findIndex((line) => /^\s+1 {4}2 {4}3/.test(line));
  // The header's "1" stands over the middle of column 1: 5 columns from the board's left edge.
  const column1 = (frame[header] ?? '').indexOf('1');
  return frame.slice(header + 1, header + 9).map((line, r) => {
    const cells = Array.from({ length: 8 }, (_, c) => line[column1 + c * 5] ?? ' ');
    return `${r + 1} ${cells.join(' ')}`.trimEnd();
  });
}

describe('renderBoardFrame', () => {
  it('fills the terminal: title, status, numbered board, score, answer, command line, keys', () => {
    const frame = plain(renderBoardFrame(viewOf(newGame()), 80, 24));
    expect(frame).toHaveLength(24);
    expect(frame.every((line) => [...line].length <= 80)).toBe(true);
    const text = frame.join('\n');
    for (const part of ['Checkers', 'Black (p1) to move · move 1', 'Black 12 · Red 12']) {
      expect(text).toContain(part);
    }
    expect(text).toContain('Type a command');
    expect(text).toContain('> (sc ');
    expect(text).toContain(CHECKERS_KEYS);
    expect(boardIn(frame)).toEqual(formatBoard(newGame().position).slice(1));
    // Rows are numbered down both sides.
    const row3 = frame.find((line) => /^\s+3 /.test(line)) ?? '';
    expect(row3.trimEnd().endsWith(' 3')).toBe(true);
  });

  it('marks the last move, the selected piece and its targets without colour', () => {
    const game = gameAt('B:W14,23,29:B1,9');
    const frame = plain(
      renderBoardFrame(viewOf(game, { selected: 9, targets: [18], lastMove: [29] }), 80, 24),
    );
    const lines = frame.join('\n');
    expect(lines).toContain('> b <');
    expect(lines).toContain('[ r ]');
    expect(boardIn(frame)[4]).toBe('5   .   *   .   .');
  });

  it('paints the board in colour, kings marked K, and draws big cells when there is room', () => {
    const game = gameAt('W:WK14:BK9,1');
    const frame = renderBoardFrame(viewOf(game, { mode: 'truecolor' }), 120, 50);
    const joined = frame.join('\n');
    // The shared checkers palette's light theme, as the browser draws it.
    expect(joined).toContain(background('truecolor', rgbOf(CHECKERS_BOARD.light.lightSquare)));
    expect(joined).toContain(background('truecolor', rgbOf(CHECKERS_BOARD.light.redPiece)));
    expect(joined).toContain(background('truecolor', rgbOf(CHECKERS_BOARD.light.blackPiece)));
    expect(plain(frame).join('\n').match(/K/g)).toHaveLength(2);
    expect(plain(frame).join('\n')).toContain('▄▄▄▄▄');
    const small = plain(renderBoardFrame(viewOf(game, { mode: '256' }), 80, 24)).join('\n');
    expect(small).not.toContain('▄');
    expect(small.match(/●/g)).toHaveLength(1);
  });

  it('shows an answer too long for the room under the board as pages in its place', () => {
    const answer = Array.from({ length: 30 }, (_, i) => `line ${i}`);
    expect(answerPageCount(answer, 80, 24)).toBe(2);
    expect(answerPageCount(answer.slice(0, 2), 80, 24)).toBe(0);
    const seen: string[] = [];
    for (const page of [0, 1]) {
      const frame = plain(renderBoardFrame(viewOf(newGame(), { answer, page }), 80, 24));
      expect(frame).toHaveLength(24);
      const text = frame.join('\n');
      expect(text).toContain(page === 0 ? 'page 1/2 · PgDn more' : 'page 2/2 · PgUp back');
      expect(text).toContain(CHECKERS_KEYS);
      expect(text).not.toContain('…');
      seen.push(...frame.filter((line) => /^\s*line \d+\s*$/.test(line)).map((l) => l.trim()));
    }
    // Every line on one page, none twice, none cut.
    expect(seen).toEqual(answer);
  });

  it('asks for the size it needs in words that fit the window, and that size is enough', () => {
    for (const [cols, rows] of [
      [12, 4],
      [29, 12],
      [40, 11],
    ] as const) {
      const frame = plain(renderBoardFrame(viewOf(newGame()), cols, rows));
      expect(frame).toHaveLength(rows);
      expect(frame.every((line) => line.length <= cols)).toBe(true);
      expect(frame.join(' ').replace(/\s+/g, ' ')).toContain('Make the window at least 30x12');
    }
    for (const [cols, rows] of [
      [30, 12],
      [40, 12],
    ] as const) {
      // A compact board: every piece, the coordinates, the status, the answer, the command line.
      const fits = plain(renderBoardFrame(viewOf(newGame()), cols, rows));
      expect(fits).toHaveLength(rows);
      expect(fits.every((line) => line.length <= cols)).toBe(true);
      const text = fits.join('\n');
      expect(text).not.toContain('at least');
      expect(text.match(/\bb\b/g)).toHaveLength(12);
      expect(text.match(/\br\b/g)).toHaveLength(12);
      expect(fits.findIndex((line) => /^\s+1 {2}2 {2}3 {2}4/.test(line))).toBe(1);
      for (const part of ['Black (p1) to move', 'Type a command', '> (sc']) {
        expect(text).toContain(part);
      }
    }
  });

  it('draws a larger board in a large window', () => {
    const height = (cols: number, rows: number) => {
      const frame = plain(renderBoardFrame(viewOf(newGame()), cols, rows));
      const header = frame.findIndex((line) => /^\s+1 +2 +3/.test(line));
      return frame.findIndex((line) => line.includes('Black 12')) - header;
    };
    // 5-line cells at 200x60, 3-line cells at 120x40, 1-line cells at 60x20.
    expect(height(200, 60)).toBeGreaterThan(height(120, 40));
    expect(height(120, 40)).toBeGreaterThan(height(60, 20));
    const big = renderBoardFrame(viewOf(newGame(), { mode: 'truecolor' }), 200, 60);
    expect(big).toHaveLength(60);
    expect(plain(big).join('\n').match(/●/g)).toHaveLength(24);
  });

  it.each([
    [60, 20],
    [100, 32],
    [200, 60],
  ])(
    'keeps the board and the lines under it in place when the help shows (%ix%i)',
    (cols, rows) => {
      const where = (answer: string[]) => {
        const frame = plain(renderBoardFrame(viewOf(newGame(), { answer }), cols, rows));
        const header = frame.findIndex((line) => /^\s+1 +2 +3/.test(line));
        const score = frame.find((line) => line.includes('Black 12'));
        return { header, scoreColumn: score?.search(/\S/), frame };
      };
      const quiet = where(['Black moves (3 2) to (4 3) [9-14].']);
      const twoLines = where(['Black moves (3 2) to (4 3) [9-14].', 'Keep jumping with (5 4).']);
      expect(twoLines.header).toBe(quiet.header);
      expect(twoLines.scoreColumn).toBe(quiet.scoreColumn);
      // The help: under the board with the board in place, or a page of its own in its place.
      const help = where([...HELP_LINES]);
      if (help.header >= 0) {
        expect(help.header).toBe(quiet.header);
        expect(help.scoreColumn).toBe(quiet.scoreColumn);
      }
      // Nothing of the help cut off the side: it is wrapped to the window.
      expect(help.frame.every((line) => line.length <= cols)).toBe(true);
      expect(help.frame.join(' ')).toContain('Rows 1-8 go down');
    },
  );
});
