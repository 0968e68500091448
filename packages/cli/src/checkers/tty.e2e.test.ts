/**
 * The full-screen checkers game in a real pseudo-terminal (node-pty), its output rendered by a
 * real terminal emulator (@xterm/headless); assertions read the emulator's screen.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newGame, type Position, parseFen } from '@twenty48/checkers';
import { CHECKERS_BOARD } from '@twenty48/common';
import { describe, expect, it } from 'vitest';
import {
  CHECKERS_MAIN,
  RESTORED,
  Screen,
  shellThenStty,
  terminalAfter,
  trackScreens,
} from '../testing/ptyScreen.js';
import { formatBoard } from './textBoard.js';

const track = trackScreens();

const positionOf = (fen: string): Position => {
  const position = parseFen(fen);
  if (!position.ok) throw new Error(position.error.message);
  return position.value;
};

/**
 * The board on screen as the text board writes it (row lines only), read without colour: each
 * piece letter sits in the middle of its cell, under its column number, on its row's line.
 */
function boardOnScreen(screen: Screen): string[] | null {
  const lines = screen.lines();
  const header = lines.findIndex((line) => /^\s+1 +2 +3 +4 +5 +6 +7 +8\s*$/.test(line));
  if (header < 0) return null;
  const column1 = (lines[header] ?? '').indexOf('1');
  const width = (lines[header] ?? '').indexOf('2') - column1;
  return Array.from({ length: 8 }, (_, r) => {
    const line = lines.find((l, i) => i > header && new RegExp(`^\\s+${r + 1} `).test(l)) ?? '';
    const cells = Array.from({ length: 8 }, (_, c) => line[column1 + c * width] ?? ' ');
    return `${r + 1} ${cells.join(' ')}`.trimEnd();
  });
}

const textRows = (position: Position): string[] => formatBoard(position).slice(1);

const shows = (screen: Screen, position: Position): boolean =>
  JSON.stringify(boardOnScreen(screen)) === JSON.stringify(textRows(position));

const noColor = { env: { NO_COLOR: '1' } };

describe('checkers in a real terminal', { timeout: 60_000 }, () => {
  it('draws the board with coordinates on the edges, and updates it as commands are typed', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'checkers-tty-'));
    const screen = track(Screen.checkers([], { cwd, ...noColor }));
    await screen.waitFor(() => shows(screen, newGame().position), 'the first board');
    const text = screen.text();
    expect(text).toContain('Black (p1) to move · move 1');
    expect(text).toContain('(help) commands');
    // Row numbers down both sides.
    for (let row = 1; row <= 8; row++) {
      expect(
        screen.lines().some((line) => new RegExp(`^\\s+${row} .* ${row}\\s*$`).test(line)),
      ).toBe(true);
    }

    // The piece being typed lights its targets; Enter plays the move.
    screen.proc.write('(move (3 2) ');
    await screen.waitFor(() => screen.text().includes('> b <'), 'the selected piece');
    expect(boardOnScreen(screen)?.[3]).toBe('4 *   *   .   .');
    screen.proc.write('southeast)\r');
    const after = positionOf('W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,14');
    await screen.waitFor(() => shows(screen, after), 'the board after 9-14');
    expect(screen.text()).toContain('Black moves (3 2) to (4 3) [9-14].');
    expect(screen.text()).toContain('Red (p2) to move · move 1');
    expect(screen.text()).toContain('last move 9-14');
    expect(screen.text()).toContain('[ . ]');

    // A bad command: one answer, the board as it was. Ctrl-U clears a line; up recalls one.
    screen.proc.write('(move (6 1) south)\r');
    await screen.waitFor(
      () => screen.text().includes('You must enter a valid direction'),
      'the refusal',
    );
    expect(shows(screen, after)).toBe(true);
    screen.proc.write('(scor\x15(save "t")\r');
    await screen.waitFor(
      () => screen.text().includes('Saved t.xlsx: Red (p2) to move.'),
      'the save',
    );
    expect(readdirSync(cwd)).toEqual(['t.xlsx']);
    screen.proc.write('\x1b[A\x1b[A');
    await screen.waitFor(() => screen.text().includes('> (move (6 1) south)'), 'the history');
    screen.proc.write('\x15(exit)\r');
    await screen.waitFor(() => screen.exitCode !== null, 'the exit');
    expect(screen.exitCode).toBe(0);
    expect(screen.term.buffer.active.type).toBe('normal');
    expect(screen.cursorShown()).toBe(true);
  });

  it('colours the pieces and marks kings', async () => {
    const screen = track(
      Screen.checkers(['--fen', 'B:WK23,22:BK9,10'], { env: { COLORTERM: 'truecolor' } }),
    );
    await screen.waitFor(() => screen.text().includes('Black (p1) to move'), 'the board');
    const lines = screen.lines();
    const header = lines.findIndex((line) => /^\s+1 {4}2 {4}3/.test(line));
    const column1 = (lines[header] ?? '').indexOf('1');
    const cell = (row: number, col: number) =>
      screen.term.buffer.active.getLine(header + row)?.getCell(column1 + (col - 1) * 5);
    expect(cell(3, 2)?.getChars()).toBe('K'); // black king on (3 2)
    expect(cell(3, 4)?.getChars()).toBe('●'); // black man on (3 4)
    expect(cell(6, 5)?.getChars()).toBe('K'); // red king on (6 5)
    // The shared checkers palette's light theme, the browser's colours.
    const hex = (code: string): number => Number.parseInt(code.slice(1), 16);
    expect(cell(3, 4)?.getBgColor()).toBe(hex(CHECKERS_BOARD.light.blackPiece));
    expect(cell(6, 3)?.getBgColor()).toBe(hex(CHECKERS_BOARD.light.redPiece));
    expect(cell(1, 1)?.getBgColor()).toBe(hex(CHECKERS_BOARD.light.lightSquare)); // a light square
  });

  it('marks a multi-jump under way and plays it as two commands', async () => {
    const screen = track(Screen.checkers(['--fen', 'B:W14,23,29:B1,9'], noColor));
    await screen.waitFor(() => screen.text().includes('Black (p1) to move'), 'the board');
    screen.proc.write('(move (3 2) southeast)\r');
    await screen.waitFor(
      () => screen.text().includes('Black (p1): keep jumping with (5 4)'),
      'the jump under way',
    );
    expect(screen.text()).toContain('Keep jumping with (5 4).');
    expect(screen.text()).toContain('> b <');
    screen.proc.write('(move (5 4) southeast)\r');
    await screen.waitFor(() => shows(screen, positionOf('W:W29:B1,27')), 'the jump done');
    expect(screen.text()).toContain('[9x18x27]');
  });

  it('shows a result screen at the end, then restores the terminal and leaves the final board on it', async () => {
    const screen = track(Screen.checkers(['--fen', 'B:W14:B9'], noColor));
    await screen.waitFor(() => screen.text().includes('Black (p1) to move'), 'the board');
    screen.proc.write('(move (3 2) southeast)\r');
    await screen.waitFor(() => screen.text().includes('Game over · Black wins'), 'the result');
    expect(screen.text()).toMatch(/PDN: .*9x18 2-0/);
    expect(screen.text()).toContain('n and Enter: a new game');
    expect(screen.exitCode).toBeNull();
    screen.proc.write('q\r');
    await screen.waitFor(() => screen.exitCode !== null, 'the end');
    expect(screen.exitCode).toBe(0);
    expect(screen.term.buffer.active.type).toBe('normal');
    expect(screen.raw).toContain('Black wins: red has no pieces left');
    expect(screen.text()).toContain(formatBoard(positionOf('W:W:B18'))[5]);
  });

  it('re-centres the board when the terminal is resized', async () => {
    const screen = track(Screen.checkers([], noColor));
    await screen.waitFor(() => shows(screen, newGame().position), 'the first board');
    const titleColumn = (): number =>
      screen
        .lines()
        .find((line) => line.includes('Checkers ·'))
        ?.indexOf('Checkers') ?? -1;
    const before = titleColumn();
    screen.term.resize(120, 40);
    screen.proc.resize(120, 40);
    // Big cells now (three lines a row), the pieces still where the game says.
    await screen.waitFor(
      () =>
        titleColumn() === before + 20 &&
        /1 {6}2 {6}3/.test(screen.text()) &&
        shows(screen, newGame().position) &&
        screen.text().includes('(help) commands'),
      'the board centred in 120x40',
    );
    const rows = screen.lines();
    const titleRow = rows.findIndex((line) => line.includes('Checkers ·'));
    const lastRow = rows.findLastIndex((line) => line.trim() !== '');
    expect(Math.abs(titleRow - (rows.length - 1 - lastRow))).toBeLessThanOrEqual(1);
  });

  it('restores the terminal on Ctrl-C: cooked mode, cursor shown, alternate screen left', async () => {
    const screen = track(shellThenStty(`"${process.execPath}" "${CHECKERS_MAIN}"`));
    await screen.waitFor(() => screen.text().includes('Black (p1) to move'), 'the game');
    expect(screen.term.buffer.active.type).toBe('alternate');
    screen.proc.write('(move (3 2)\x03');
    expect(await terminalAfter(screen)).toEqual(RESTORED(130));
  });

  it('restores the terminal on SIGTERM', async () => {
    const screen = track(Screen.checkers([]));
    await screen.waitFor(() => screen.text().includes('Black (p1) to move'), 'the game');
    screen.proc.kill('SIGTERM');
    await screen.waitFor(() => screen.exitCode !== null, 'the exit');
    expect(screen.term.buffer.active.type).toBe('normal');
    expect(screen.cursorShown()).toBe(true);
  });

  it("plays the computer's moves as they come, lit as the last move", async () => {
    const screen = track(Screen.checkers(['--ai', 'red', '--level', '2'], noColor));
    await screen.waitFor(() => screen.text().includes('you play Black (p1)'), 'the game');
    screen.proc.write('(move (3 2) southeast)\r');
    await screen.waitFor(
      () =>
        /Red \(computer\) plays \(move \(6 \d\) north(east|west)\) \[\d+-\d+\]/.test(screen.text()),
      "the computer's move",
    );
    expect(screen.text()).toContain('Black (p1) to move · move 2');
    expect(screen.text()).toContain('[ r ]');
  });

  it('keeps answering while the computer thinks, and (exit) leaves before its move', async () => {
    const screen = track(Screen.checkers(['--ai', 'black', '--ms', '5000'], noColor));
    await screen.waitFor(
      () => screen.text().includes('Black (computer) is thinking…'),
      'the computer thinking',
    );
    screen.proc.write('(score)\r');
    await screen.waitFor(
      () => screen.text().includes('Black (p1): 12 pieces (0 kings) · Red (p2): 12 pieces'),
      'the score while it thinks',
    );
    screen.proc.write('(move (6 1) northeast)\r');
    await screen.waitFor(() => screen.text().includes("Wait: Black is the computer's"), 'the wait');
    expect(screen.text()).toContain('Black (computer) is thinking…');
    screen.proc.write('(exit)\r');
    await screen.waitFor(() => screen.exitCode !== null, 'the exit');
    expect(screen.exitCode).toBe(0);
    expect(screen.raw).not.toContain('(computer) plays');
    expect(screen.term.buffer.active.type).toBe('normal');
  });
});
