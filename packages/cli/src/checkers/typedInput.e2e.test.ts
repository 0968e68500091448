/**
 * Moves typed as players type them (PDN, square pairs, short directions), in a real
 * pseudo-terminal at each size and colour mode the issue names: the full-screen view where it
 * fits (the compact board at 40x12), the line loop (`--plain`) at 40x12.
 */
import { describe, expect, it } from 'vitest';
import { COLOUR_MODES, Screen, trackScreens, WINDOW_SIZES } from '../testing/ptyScreen.js';

const track = trackScreens();

const MODES = COLOUR_MODES;

// The full-screen view at 40x12 is the compact one, without the score line's last move: its
// own test below.
const SIZES = WINDOW_SIZES.filter(([cols]) => cols > 40);

// Black's man on (3 2) jumps (4 3), then (6 5): 9x18x27.
const DOUBLE_JUMP = 'B:W14,23,29:B1,9';

const count = (text: string, part: string): number => text.split(part).length - 1;

describe('typed moves in a real terminal', { timeout: 120_000 }, () => {
  for (const [cols, rows] of SIZES) {
    for (const [mode, env] of Object.entries(MODES)) {
      it(`plays PDN, pairs and short directions full-screen at ${cols}x${rows} (${mode})`, async () => {
        const screen = track(Screen.checkers(['--fen', DOUBLE_JUMP], { cols, rows, env }));
        await screen.waitFor(() => screen.text().includes('Black (p1) to move'), 'the board');
        // A whole multi-jump in one PDN command.
        screen.proc.write('9x18x27\r');
        await screen.waitFor(() => screen.text().includes('last move 9x18x27'), 'the jump');
        expect(screen.text()).toContain('Red (p2) to move');
        // A square pair that cannot be reached: what is wrong, said once.
        screen.proc.write('8 1 6 3\r');
        await screen.waitFor(() => screen.text().includes('cannot reach'), 'the refusal');
        expect(screen.text()).toContain('(8 1) cannot reach (6 3)');
        expect(count(screen.text(), 'cannot reach')).toBe(1);
        // Short direction in the list form.
        screen.proc.write('(move (8 1) ne)\r');
        await screen.waitFor(() => screen.text().includes('last move 29-25'), 'the step');
        // Bare words: the seed's refusal, once.
        screen.proc.write('3 2 4\r');
        await screen.waitFor(
          () => screen.text().includes('Commands must be given in list form'),
          'the list-form refusal',
        );
        expect(count(screen.raw, 'Commands must be given in list form')).toBe(1);
        screen.proc.write('(exit)\r');
        await screen.waitFor(() => screen.exitCode !== null, 'the exit');
        expect(screen.exitCode).toBe(0);
      });
    }
  }

  for (const [mode, env] of Object.entries(MODES)) {
    it(`plays typed moves full-screen on the compact board at 40x12 (${mode})`, async () => {
      const screen = track(Screen.checkers(['--fen', DOUBLE_JUMP], { cols: 40, rows: 12, env }));
      await screen.waitFor(() => screen.text().includes('Black (p1) to move'), 'the board');
      // No last-move line here: the turn passing and the answers are what the window shows.
      screen.proc.write('9x18x27\r');
      await screen.waitFor(() => screen.text().includes('Red (p2) to move'), 'the jump');
      screen.proc.write('8 1 6 3\r');
      await screen.waitFor(() => screen.text().includes('cannot reach'), 'the refusal');
      expect(screen.text()).toContain('Red (p2) to move');
      screen.proc.write('(move (8 1) ne)\r');
      await screen.waitFor(() => screen.text().includes('Black (p1) to move'), 'the step');
      screen.proc.write('3 2 4\r');
      await screen.waitFor(
        () => screen.raw.includes('Commands must be given in list form'),
        'the list-form refusal',
      );
      expect(count(screen.raw, 'Commands must be given in list form')).toBe(1);
      screen.proc.write('(exit)\r');
      await screen.waitFor(() => screen.exitCode !== null, 'the exit');
      expect(screen.exitCode).toBe(0);
    });

    it(`plays typed moves in the line loop at 40x12 (${mode})`, async () => {
      const screen = track(
        Screen.checkers(['--plain', '--fen', DOUBLE_JUMP], { cols: 40, rows: 12, env }),
      );
      await screen.waitFor(() => screen.text().includes('Black (p1) to move:'), 'the prompt');
      screen.proc.write('32 54 76\r');
      await screen.waitFor(() => screen.raw.includes('[9x18x27]'), 'the jump');
      screen.proc.write('29-26\r');
      await screen.waitFor(() => screen.raw.includes('cannot reach'), 'the refusal');
      expect(screen.raw).toContain('(8 1) cannot reach (7 4): its move is (7 2) [29-25]');
      screen.proc.write('(move (8 1) ne)\r');
      await screen.waitFor(() => screen.raw.includes('[29-25]'), 'the step');
      screen.proc.write('(exit)\r');
      await screen.waitFor(() => screen.exitCode !== null, 'the exit');
      expect(screen.exitCode).toBe(0);
    });
  }
});
