/**
 * The colour mode each terminal announces, read from the escape codes the full-screen 2048 game
 * and checkers really write to a pseudo-terminal, at each size the issue names.
 */
import { describe, expect, it } from 'vitest';
import { CHECKERS_MAIN, MAIN, Screen, trackScreens } from './testing/ptyScreen.js';

const track = trackScreens();

const ESC = String.fromCharCode(27);
const has = (raw: string, source: string): boolean =>
  new RegExp(source.split('ESC').join(ESC)).test(raw);

/** The environment that announces each mode, and what its escapes must and must not hold. */
const MODES = [
  { mode: 'truecolor', env: { COLORTERM: 'truecolor' }, must: 'ESC\\[48;2;', not: 'ESC\\[48;5;' },
  { mode: '256', env: { TERM: 'xterm-256color' }, must: 'ESC\\[48;5;', not: 'ESC\\[48;2;' },
  { mode: '16', env: { TERM: 'xterm' }, must: 'ESC\\[(4[0-7]|10[0-7])m', not: 'ESC\\[48;[25];' },
  {
    mode: 'NO_COLOR',
    env: { NO_COLOR: '1' },
    must: null,
    not: 'ESC\\[(3[0-9]|4[0-9]|9[0-7]|10[0-7])(;[0-9;]*)?m',
  },
] as const;

const SIZES: [number, number][] = [
  [40, 12],
  [60, 20],
  [100, 32],
  [200, 60],
];

describe('colour modes in a real terminal', { timeout: 120_000 }, () => {
  for (const [cols, rows] of SIZES) {
    for (const { mode, env, must, not } of MODES) {
      it(`2048 and checkers paint in ${mode} at ${cols}x${rows}`, async () => {
        const game = track(
          new Screen(process.execPath, [MAIN, 'play', '--seed', 'colours'], cols, rows, env),
        );
        // The key line is the frame's last, under the coloured board.
        await game.waitFor(() => /arrows|at least/.test(game.text()), 'the 2048 screen');
        const checkers = track(new Screen(process.execPath, [CHECKERS_MAIN], cols, rows, env));
        // The frame comes in pieces, top first: wait for its last line, under the coloured board.
        await checkers.waitFor(
          () => /Enter for the commands|at least/.test(checkers.text()),
          'the whole checkers screen',
        );
        for (const screen of [game, checkers]) {
          // Below the size a board needs there is no board to paint, only words.
          if (must !== null && !/at least/.test(screen.text()))
            expect(has(screen.raw, must)).toBe(true);
          expect(has(screen.raw, not)).toBe(false);
        }
      });
    }
  }
});
