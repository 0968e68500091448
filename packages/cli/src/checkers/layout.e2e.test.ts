/**
 * The full-screen checkers layout in a real pseudo-terminal at each size and colour mode the
 * issue names: `(help)` never moves the board (it shows under it, or as a page in its place),
 * answers keep their column, and a window too small gets a short request that fits it.
 */
import { describe, expect, it } from 'vitest';
import { Screen, trackScreens } from '../testing/ptyScreen.js';

const track = trackScreens();

const MODES: Record<string, Record<string, string>> = {
  truecolor: { COLORTERM: 'truecolor' },
  '256': { TERM: 'xterm-256color' },
  '16': { TERM: 'xterm' },
  NO_COLOR: { NO_COLOR: '1' },
};

const SIZES: [number, number][] = [
  [40, 12],
  [60, 20],
  [100, 32],
  [200, 60],
];

const header = (screen: Screen): number =>
  screen.lines().findIndex((line) => /^\s+1 +2 +3 +4/.test(line));

describe('the checkers layout in a real terminal', { timeout: 120_000 }, () => {
  for (const [cols, rows] of SIZES) {
    for (const [mode, env] of Object.entries(MODES)) {
      it(`keeps the board in place and fits at ${cols}x${rows} (${mode})`, async () => {
        const screen = track(Screen.checkers([], { cols, rows, env }));
        await screen.waitFor(() => /\(help\)|at least/.test(screen.text()), 'the view');
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
          await screen.waitFor(() => screen.text().includes('(ROW COL)'), 'the help');
          // Under the board with the board where it was, or a page in its place.
          const now = header(screen);
          if (now >= 0) expect(now).toBe(board);
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
          await screen.waitFor(() => screen.text().includes('Game over'), 'the result');
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
