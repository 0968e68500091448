/**
 * The full-screen checkers layout in a real pseudo-terminal at each size and colour mode the
 * issue names: `(help)` never moves the board (it shows under it, or as a page in its place),
 * answers keep their column, the help turns pages where it does not fit, every size has a
 * board (compact at 40x12, large at 200x60).
 */
import { describe, expect, it } from 'vitest';
import { COLOUR_MODES, Screen, trackScreens, WINDOW_SIZES } from '../testing/ptyScreen.js';

const track = trackScreens();

const MODES = COLOUR_MODES;

const SIZES = WINDOW_SIZES;

const header = (screen: Screen): number =>
  screen.lines().findIndex((line) => /^\s+1 +2 +3 +4/.test(line));

describe('the checkers layout in a real terminal', { timeout: 120_000 }, () => {
  for (const [cols, rows] of SIZES) {
    for (const [mode, env] of Object.entries(MODES)) {
      it(`keeps the board in place and fits at ${cols}x${rows} (${mode})`, async () => {
        const screen = track(Screen.checkers([], { cols, rows, env }));
        await screen.waitFor(() => /\(help\)|at least/.test(screen.text()), 'the view');
        // Every size the issue names has a board: a compact one at 40x12, 5-line cells at 200x60.
        expect(screen.text()).not.toContain('at least');
        if (cols >= 200) {
          const rowOf8 = screen.lines().findIndex((line) => /^\s+8 /.test(line));
          expect(rowOf8 - header(screen)).toBeGreaterThan(8 * 3);
        }
        if (screen.text().includes('at least')) {
          expect(screen.text().replace(/\s+/g, ' ')).toMatch(/Make the window at least \d+x\d+/);
          expect(screen.lines().every((line) => line.trimEnd().length <= cols)).toBe(true);
        } else {
          const board = header(screen);
          expect(board).toBeGreaterThanOrEqual(0);
          screen.proc.write('(score)\r');
          await screen.waitFor(() => screen.text().includes('12 pieces'), 'the score');
          const column = screen
            .lines()
            .find((line) => line.includes('12 pieces'))
            ?.search(/\S/);
          screen.proc.write('(help)\r');
          // Read until the frame is whole: the help's last line, or its first page's turn line.
          await screen.waitFor(
            () => /A capture is compulsory|page 1\/\d/.test(screen.text()),
            'the help',
          );
          // Under the board with the board where it was, or pages in its place that Page Down
          // turns, nothing of it cut.
          const now = header(screen);
          if (now >= 0) expect(now).toBe(board);
          const pages = Number(/page 1\/(\d+)/.exec(screen.text())?.[1] ?? 1);
          if (cols <= 40) expect(pages).toBeGreaterThan(1);
          let seen = screen.text();
          for (let page = 2; page <= pages; page++) {
            screen.proc.write('\x1b[6~');
            await screen.waitFor(() => screen.text().includes(`page ${page}/`), `page ${page}`);
            seen += screen.text();
          }
          const words = seen.replace(/\s+/g, ' ');
          expect(words).toContain('(ROW COL) what the piece on that square can do');
          expect(words).toContain('give the direction of the piece you jump.');
          screen.proc.write('(move (3 2) se)\r');
          await screen.waitFor(() => screen.text().includes('[9-14]'), 'the move');
          expect(header(screen)).toBe(board);
          const moved = screen
            .lines()
            .find((line) => line.includes('[9-14]'))
            ?.search(/\S/);
          expect(moved).toBe(column);
        }
        screen.proc.write('(exit)\r');
        await screen.waitFor(() => screen.exitCode !== null, 'the exit');
        expect(screen.exitCode).toBe(0);
      });

      it(`shows the result screen at ${cols}x${rows} (${mode}); n starts anew`, async () => {
        const screen = track(Screen.checkers(['--fen', 'B:W14:B9'], { cols, rows, env }));
        await screen.waitFor(() => /\(help\)|at least/.test(screen.text()), 'the view');
        screen.proc.write('9x18\r');
        if (!screen.text().includes('at least')) {
          // The board's status says it first; the result screen (with the PDN) follows.
          await screen.waitFor(
            () => screen.text().replace(/\s+/g, ' ').includes('9x18 2-0'),
            'the result screen',
          );
          const words = screen.text().replace(/\s+/g, ' ');
          expect(words).toContain('Game over · Black wins: red has no pieces left');
          expect(words).toContain('9x18 2-0');
          screen.proc.write('n\r');
          await screen.waitFor(() => screen.text().includes('Black (p1) to move · move 1'), 'anew');
        }
        screen.proc.write('(exit)\r');
        await screen.waitFor(() => screen.exitCode !== null, 'the exit');
        expect(screen.exitCode).toBe(0);
      });
    }
  }
});
