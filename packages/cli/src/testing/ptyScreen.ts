/**
 * Test support for the end-to-end tests: a program in a real pseudo-terminal (node-pty) whose
 * output a real terminal emulator (@xterm/headless) renders, and readers for what the
 * full-screen game shows. Not part of the build (see tsconfig.json).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Direction, Game } from '@twenty48/engine';
import xterm from '@xterm/headless';
import pty from 'node-pty';
import { afterEach } from 'vitest';
import { directionAt } from './games.js';

/** The built `2048` program, and its terminal module (the tests run the build). */
export const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
export const TERMINAL_JS = fileURLToPath(
  new URL('../../dist/toolkit/terminal.js', import.meta.url),
);
/** The built `checkers` program. */
export const CHECKERS_MAIN = fileURLToPath(new URL('../../dist/checkers/main.js', import.meta.url));

/** The colour modes the issue names, as a terminal's environment announces each. */
export const COLOUR_MODES: Readonly<Record<string, Record<string, string>>> = {
  truecolor: { COLORTERM: 'truecolor' },
  '256': { TERM: 'xterm-256color' },
  '16': { TERM: 'xterm' },
  NO_COLOR: { NO_COLOR: '1' },
};

/** The window sizes the layout issue names, columns by rows: the smallest to a large one. */
export const WINDOW_SIZES: readonly (readonly [cols: number, rows: number])[] = [
  [40, 12],
  [60, 20],
  [100, 32],
  [200, 60],
];

/** A program running in a real pseudo-terminal, its output parsed by a real terminal emulator. */
export class Screen {
  readonly term: xterm.Terminal;
  readonly proc: pty.IPty;
  raw = '';
  exitCode: number | null = null;

  constructor(
    file: string,
    args: string[],
    cols = 80,
    rows = 24,
    env: Record<string, string> = {},
    cwd?: string,
  ) {
    if (!existsSync(MAIN)) throw new Error(`build first: ${MAIN} is missing (npm run build)`);
    this.term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
    this.proc = pty.spawn(file, args, {
      // node-pty sets TERM to the name: a test that announces another terminal names it here.
      name: env.TERM ?? 'xterm-256color',
      cols,
      rows,
      ...(cwd === undefined ? {} : { cwd }),
      env: {
        ...process.env,
        TERM: 'xterm-256color',
        COLORTERM: '',
        NO_COLOR: '',
        TWENTY48_DATA_DIR: mkdtempSync(join(tmpdir(), 'twenty48-tty-')),
        ...env,
      },
    });
    this.proc.onData((data) => {
      this.raw += data;
      this.term.write(data);
    });
    this.proc.onExit(({ exitCode }) => {
      this.exitCode = exitCode;
    });
  }

  static game(args: string[], env: Record<string, string> = {}): Screen {
    return new Screen(process.execPath, [MAIN, ...args], 80, 24, env);
  }

  /** The built `checkers` program in a terminal of `cols` x `rows`, run in `cwd`. */
  static checkers(
    args: string[],
    {
      cols = 80,
      rows = 24,
      cwd,
      env = {},
    }: { cols?: number; rows?: number; cwd?: string; env?: Record<string, string> } = {},
  ): Screen {
    if (!existsSync(CHECKERS_MAIN)) throw new Error(`build first: ${CHECKERS_MAIN} is missing`);
    return new Screen(process.execPath, [CHECKERS_MAIN, ...args], cols, rows, env, cwd);
  }

  lines(): string[] {
    const buffer = this.term.buffer.active;
    return Array.from(
      { length: this.term.rows },
      (_, i) => buffer.getLine(i)?.translateToString(true) ?? '',
    );
  }

  text(): string {
    return this.lines().join('\n');
  }

  /** Poll until the condition holds on the rendered screen; fail with the screen if it never does. */
  async waitFor(condition: () => boolean, what: string, timeout = 20_000): Promise<void> {
    const until = Date.now() + timeout;
    while (Date.now() < until) {
      // Let the emulator finish parsing what arrived.
      await new Promise<void>((resolve) => this.term.write('', resolve));
      if (condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    throw new Error(`timed out waiting for ${what}; the screen:\n${this.text()}`);
  }

  /**
   * Until the program exits, note the board shown at each move count (full-screen only; a
   * snapshot may be read mid-frame, so compare them with the engine, don't trust them all).
   */
  async boardsUntilExit(size: number): Promise<Map<number, string>> {
    const boards = new Map<number, string>();
    await this.waitFor(() => {
      if (this.term.buffer.active.type === 'alternate') {
        const moves = movesShown(this);
        if (moves >= 0 && !boards.has(moves)) {
          boards.set(moves, JSON.stringify(boardOnScreen(this, size)));
        }
      }
      return this.exitCode !== null;
    }, 'the program to end');
    return boards;
  }

  cursorShown(): boolean {
    return this.raw.lastIndexOf('\x1b[?25h') > this.raw.lastIndexOf('\x1b[?25l');
  }
}

/**
 * The tile values shown on screen, read from the middle line of each cell (3-line cells).
 *
 * @example
 * boardOnScreen(screen, 4) // [[0, 2, 0, 0], …] or null before the game is drawn
 */
export function boardOnScreen(screen: Screen, size: number, cellWidth = 7): number[][] | null {
  const lines = screen.lines();
  const titleRow = lines.findIndex((line) => line.includes('2048 · '));
  if (titleRow < 0) return null;
  const boardWidth = size * cellWidth + size + 1;
  const left = Math.floor((screen.term.cols - boardWidth) / 2);
  const top = titleRow + 3;
  return Array.from({ length: size }, (_, r) => {
    const line = lines[top + 1 + r * 4 + 1] ?? '';
    return Array.from({ length: size }, (_, c) => {
      const start = left + 1 + c * (cellWidth + 1);
      const cell = line.slice(start, start + cellWidth).trim();
      return cell === '' ? 0 : Number(cell);
    });
  });
}

/**
 * The move count on the score line, or -1 when none is shown.
 *
 * @example
 * movesShown(screen) // 12
 */
export const movesShown = (screen: Screen): number =>
  Number(/Moves (\d+)/.exec(screen.text())?.[1] ?? -1);

/** What a terminal sends for each arrow key. */
export const ARROW: Record<Direction, string> = {
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
};

/**
 * Kill, after each test, every screen this returns a tracker for that is still running.
 * Call once at the top of a test file.
 *
 * @example
 * const track = trackScreens();
 * const screen = track(Screen.game(['play']));
 */
export function trackScreens(): (screen: Screen) => Screen {
  let screens: Screen[] = [];
  afterEach(() => {
    for (const screen of screens) if (screen.exitCode === null) screen.proc.kill();
    screens = [];
  });
  return (screen) => {
    screens.push(screen);
    return screen;
  };
}

/**
 * A shell under a pty that runs `command`, then prints `exit=<code>`, `stty -a` and `END`, so a
 * test can see how the program left the terminal. The shell then waits a moment before it
 * exits: output written just before a pty's child exits can be lost (the host's `stty` and
 * `END` once never arrived after `exit=0`).
 *
 * @example
 * const screen = track(shellThenStty(`"${process.execPath}" "${MAIN}" play`));
 */
export const shellThenStty = (command: string): Screen =>
  new Screen('/bin/sh', ['-c', `${command}; echo "exit=$?"; stty -a; echo END; sleep 1`]);

/** How a program run by `shellThenStty` left the terminal. */
export interface TerminalAfter {
  readonly exit: number;
  /** Canonical (line) input and echo are back on. */
  readonly cooked: boolean;
  readonly normalScreen: boolean;
  readonly cursorShown: boolean;
}

/**
 * Wait for a `shellThenStty` screen to finish and read how the terminal was left.
 *
 * @example
 * expect(await terminalAfter(screen)).toEqual(RESTORED(130));
 */
export async function terminalAfter(screen: Screen): Promise<TerminalAfter> {
  await screen.waitFor(() => screen.raw.includes('END'), 'stty after the program');
  const at = screen.raw.lastIndexOf('exit=');
  const stty = screen.raw.slice(at);
  return {
    exit: Number(/^exit=(\d+)/.exec(stty)?.[1] ?? Number.NaN),
    cooked: /(^|\s)icanon(\s|$)/.test(stty) && /(^|\s)echo(\s|$)/.test(stty),
    normalScreen: screen.term.buffer.active.type === 'normal',
    cursorShown: screen.cursorShown(),
  };
}

/** A terminal given back as it was found, after an exit with `exit`. */
export const RESTORED = (exit: number): TerminalAfter => ({
  exit,
  cooked: true,
  normalScreen: true,
  cursorShown: true,
});

/**
 * The arrow keys that play `game`'s moves from its start.
 *
 * @example
 * screen.proc.write(arrowKeysFor(game));
 */
export const arrowKeysFor = (game: Game): string =>
  Array.from(game.moves, (_, i) => ARROW[directionAt(game, i)]).join('');
