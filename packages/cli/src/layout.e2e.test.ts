/**
 * The full-screen 2048 game's layout in a real pseudo-terminal, at each size and colour mode the
 * issue names: the score line stays put when a hint or the help shows, the help's columns line
 * up (in pages that ↓ turns where it does not fit), a window too small gets a short request that fits it, a large one a larger board, and `q`
 * before the first move leaves without asking.
 */
import { describe, expect, it } from 'vitest';
import {
  ARROW,
  COLOUR_MODES,
  MAIN,
  movesShown,
  Screen,
  trackScreens,
  WINDOW_SIZES,
} from './testing/ptyScreen.js';

const track = trackScreens();

const MODES = COLOUR_MODES;

/** The help's last words, which must show on its last page. */
const HELP_END = 'kept for `2048 play --resume`.';

const SIZES = WINDOW_SIZES;

const rowOf = (screen: Screen, part: string): number =>
  screen.lines().findIndex((line) => line.includes(part));

describe('the 2048 layout in a real terminal', { timeout: 120_000 }, () => {
  for (const [cols, rows] of SIZES) {
    for (const [mode, env] of Object.entries(MODES)) {
      it(`keeps its place and fits at ${cols}x${rows} (${mode})`, async () => {
        const screen = track(
          new Screen(process.execPath, [MAIN, 'play', '--seed', 'layout'], cols, rows, env),
        );
        await screen.waitFor(() => /arrows|at least/.test(screen.text()), 'the game');
        if (screen.text().includes('at least')) {
          // Too small: the request, whole, on lines no wider than the window.
          const words = screen.text().replace(/\s+/g, ' ');
          expect(words).toMatch(/Make the window at least \d+x\d+/);
          expect(screen.lines().every((line) => line.trimEnd().length <= cols)).toBe(true);
        } else {
          const score = rowOf(screen, 'Score 0');
          const keys = rowOf(screen, 'arrows');
          expect(keys).toBeGreaterThan(score);
          if (cols >= 200) expect(keys - score).toBeGreaterThan(25); // 5-line cells, not 3 (21)
          screen.proc.write('i');
          await screen.waitFor(() => screen.text().includes('Hint:'), 'the hint');
          expect(rowOf(screen, 'Score 0')).toBe(score);
          screen.proc.write('?');
          // The help whole, not a snapshot taken mid-frame: its last line, or on a first page
          // the line that turns the pages (drawn below the page's lines).
          await screen.waitFor(() => {
            const text = screen.text();
            return (
              text.includes('u  undo') &&
              (text.includes(' · ↓ more') || text.replace(/\s+/g, ' ').includes(HELP_END))
            );
          }, 'the help');
          expect(rowOf(screen, 'Score 0')).toBe(score);
          const help = screen.lines().filter((line) => /(u {2}undo|q {2}quit)/.test(line));
          expect(new Set(help.map((line) => line.search(/\S/))).size).toBe(1);
          expect(screen.lines().every((line) => !line.includes('…') || cols < 80)).toBe(true);
          // Where the help does not fit it is pages that ↓ turns, none cut, the score line put.
          const pages = Number(/\b1\/(\d+) · ↓ more/.exec(screen.text())?.[1] ?? 1);
          if (cols <= 40) expect(pages).toBeGreaterThan(1);
          let seen = screen.text();
          for (let page = 2; page <= pages; page++) {
            screen.proc.write(ARROW.down);
            await screen.waitFor(() => screen.text().includes(`${page}/${pages}`), `page ${page}`);
            expect(rowOf(screen, 'Score 0')).toBe(score);
            seen += screen.text();
          }
          expect(seen.replace(/\s+/g, ' ')).toContain(HELP_END);
          screen.proc.write('x');
          // Read until the frame is whole (a snapshot may be taken mid-frame); a key line that
          // stays in another row times out with the screen.
          await screen.waitFor(
            () => !screen.text().includes('u  undo') && rowOf(screen, 'arrows') === keys,
            'the help closed and the key line back in its row',
          );
        }
        // Nothing played yet: q leaves at once, without "Quit this game?".
        screen.proc.write('q');
        await screen.waitFor(() => screen.exitCode !== null, 'the exit');
        expect(screen.exitCode).toBe(0);
        expect(screen.raw).not.toContain('Quit this game?');
      });

      if (cols === 40) {
        it(`keeps the board in its rows at ${cols}x${rows} when a question takes two lines (${mode})`, async () => {
          const screen = track(
            new Screen(process.execPath, [MAIN, 'play', '--seed', 'layout'], cols, rows, env),
          );
          await screen.waitFor(() => screen.text().includes('arrows'), 'the game');
          screen.proc.write(Object.values(ARROW).join(''));
          await screen.waitFor(() => movesShown(screen) > 0, 'a move');
          const keys = rowOf(screen, 'arrows');
          // Wait for the last move's frame: the moves shown stop changing.
          const moves = movesShown(screen);
          await screen.waitFor(() => movesShown(screen) === moves, 'the last move');
          const above = screen.lines().slice(0, keys - 2);
          // At 40 columns this question takes two lines.
          screen.proc.write('n');
          await screen.waitFor(() => screen.text().includes('[y] yes'), 'the question');
          expect(screen.text().replace(/\s+/g, ' ')).toContain('Start a new one? [y] yes [n] no');
          expect(screen.lines().slice(0, keys - 2)).toEqual(above);
          screen.proc.write('n');
          await screen.waitFor(() => rowOf(screen, 'arrows') === keys, 'the question gone');
          expect(screen.lines().slice(0, keys - 2)).toEqual(above);
          screen.proc.write('\x03');
          await screen.waitFor(() => screen.exitCode !== null, 'the exit');
        });
      }
    }
  }
});
