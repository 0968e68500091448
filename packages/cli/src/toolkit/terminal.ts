/**
 * The terminal while the full-screen game owns it: raw keys, the alternate screen, a hidden
 * cursor, and the promise to give all of it back on every way out (quit, Ctrl-C, SIGTERM,
 * SIGHUP, an uncaught error, `process.exit`).
 */
import { writeSync } from 'node:fs';
import type { ReadStream, WriteStream } from 'node:tty';

const ENTER = '\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J';
/** Colours reset, cursor shown, alternate screen left. */
export const LEAVE = '\x1b[0m\x1b[?25h\x1b[?1049l';

/** The terminal while the full-screen game owns it. */
export interface FullScreen {
  /** Columns and rows right now. */
  size(): { cols: number; rows: number };
  /** Replace the screen with these lines (one per terminal row). */
  draw(lines: readonly string[]): void;
  /** Give the terminal back as it was; safe to call more than once. */
  restore(): void;
}

const SIGNAL_EXIT_CODES: Readonly<Record<string, number>> = {
  SIGINT: 130,
  SIGTERM: 143,
  SIGHUP: 129,
};

/**
 * Take over the terminal. Until `restore` runs, any signal, uncaught error or exit restores it
 * first: the player never gets a terminal in raw mode, without a cursor, or stuck on the
 * alternate screen. `program` names the program in the one line a crash prints.
 *
 * @example
 * const screen = enterFullScreen(process.stdin, process.stdout);
 * screen.draw(['hello']);
 * screen.restore();
 */
export function enterFullScreen(
  input: ReadStream,
  output: WriteStream,
  program = '2048',
): FullScreen {
  let active = true;
  const onSignal = (signal: NodeJS.Signals): void => {
    restore();
    process.exit(SIGNAL_EXIT_CODES[signal] ?? 1);
  };
  const onError = (error: unknown): void => {
    restore();
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`${program}: unexpected error, the terminal was restored.\n${text}\n`);
    process.exit(1);
  };
  const onExit = (): void => restore();

  function restore(): void {
    if (!active) return;
    active = false;
    try {
      // Synchronous, so the sequence is out before the process can end.
      // tty.WriteStream has an fd, which its types leave out; a test's stream has none.
      writeSync('fd' in output && typeof output.fd === 'number' ? output.fd : 1, LEAVE);
    } catch {
      // The terminal is gone (hung up): nothing left to restore on it.
    }
    if (input.isTTY) input.setRawMode(false);
    input.pause();
    for (const signal of Object.keys(SIGNAL_EXIT_CODES)) process.off(signal, onSignal);
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
    process.off('exit', onExit);
  }

  for (const signal of Object.keys(SIGNAL_EXIT_CODES)) process.on(signal, onSignal);
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  process.on('exit', onExit);
  if (input.isTTY) input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  output.write(ENTER);

  return {
    size: () => ({ cols: output.columns || 80, rows: output.rows || 24 }),
    draw(lines) {
      if (!active) return;
      // Home, each line then clear to its end, clear below: no flicker from a full clear.
      output.write(`\x1b[H${lines.map((line) => `${line}\x1b[0m\x1b[K`).join('\r\n')}\x1b[J`);
    },
    restore,
  };
}
