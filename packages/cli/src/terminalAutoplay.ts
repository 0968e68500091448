/**
 * `2048 auto`: the labwork's solitary mode. A player (greedy, random, expectimax) plays alone and
 * every state is shown: full-screen, or printed in the labwork's plain format with the chosen move
 * after the prompt, as if typed. The player answers asynchronously (expectimax on a worker
 * thread), and every wait races the stop signal, so stopping never waits for a search.
 */
import type { Writable } from 'node:stream';
import type { ReadStream, WriteStream } from 'node:tty';
import { type Direction, type Game, maxTile, step } from '@twenty48/engine';
import type { AsyncPlayer } from './aiPlayer.js';
import { renderFrame } from './frame.js';
import { formatPlainBlock, PLAIN_KEYS, PLAIN_PROMPT } from './plainBoard.js';
import { type ColorMode, detectColorMode } from './toolkit/colors.js';
import { decodeKeys } from './toolkit/keys.js';
import { enterFullScreen } from './toolkit/terminal.js';

/** How an autoplay went: the game it reached and how fast it played. */
export interface AutoSummary {
  readonly game: Game;
  readonly maxTile: number;
  readonly moves: number;
  readonly seconds: number;
  readonly movesPerSecond: number;
  /** True when it was stopped (q, Ctrl-C, SIGTERM) before the game ended. */
  readonly stopped: boolean;
}

/** Why autoplay stopped early: the reason given to the stop controller's `abort`. */
export type StopReason = 'quit' | 'interrupt' | 'terminate';

/** The exit code after a stop: as if the signal had ended the process (Ctrl-C, SIGTERM). */
const STOP_EXIT_CODES: Readonly<Record<StopReason, number>> = {
  quit: 0,
  interrupt: 130,
  terminate: 143,
};

/** What a wait settles with when the stop signal came first. */
const STOPPED = Symbol('stopped');

/** Settle with `promise`'s value, or with `STOPPED` as soon as `signal` aborts. */
function unlessStopped<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | typeof STOPPED> {
  if (signal.aborted) return Promise.resolve(STOPPED);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve(STOPPED);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));

/**
 * The closing line: score, max tile, moves and speed.
 *
 * @example
 * formatSummary(summary) // 'Score: 2312  Max tile: 256  Moves: 211  Moves/s: 5120.4'
 */
export const formatSummary = (summary: AutoSummary): string =>
  `Score: ${summary.game.score}  Max tile: ${summary.maxTile}  Moves: ${summary.moves}  ` +
  `Moves/s: ${summary.movesPerSecond.toFixed(1)}${summary.stopped ? '  (stopped)' : ''}`;

/** How `playAlone` runs: its pace, its stop signal, and what to do after each move. */
export interface AutoRun {
  /** Milliseconds between moves (0: as fast as the player answers). */
  readonly delay: number;
  /** Aborting it stops the game at once, even while the player is still thinking. */
  readonly signal: AbortSignal;
  /** Called after every move that counted. */
  readonly onMove?: (game: Game, direction: Direction, gained: number) => void;
}

/**
 * Let `player` play `initial` until the game is lost, the player has no move, or `run.signal`
 * aborts. Both front ends are views around this loop.
 *
 * @example
 * const summary = await playAlone(game, openPlayer('greedy'), { delay: 0, signal });
 */
export async function playAlone(
  initial: Game,
  player: AsyncPlayer,
  run: AutoRun,
): Promise<AutoSummary> {
  const started = performance.now();
  let game = initial;
  let stopped = false;
  while (game.status !== 'lost') {
    const direction = await unlessStopped(player.choose(game), run.signal);
    if (direction === STOPPED) {
      stopped = true;
      break;
    }
    if (direction === null) break;
    const result = step(game, direction);
    if (result.game === game) break; // a player naming a move that changes nothing would loop
    game = result.game;
    run.onMove?.(game, direction, result.gained);
    if (game.status === 'lost') break;
    if ((await unlessStopped(sleep(run.delay), run.signal)) === STOPPED) {
      stopped = true;
      break;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const moves = game.moves.length - initial.moves.length;
  return {
    game,
    maxTile: maxTile(game.board),
    moves,
    seconds,
    movesPerSecond: seconds > 0 ? moves / seconds : 0,
    stopped,
  };
}

/**
 * Let `player` finish `game`, printing every state in the labwork's plain format.
 *
 * @example
 * const stop = new AbortController();
 * const summary = await autoplayPlain(newGame('classic', 'a'), ai, process.stdout, 0, stop);
 */
export function autoplayPlain(
  initial: Game,
  player: AsyncPlayer,
  output: Writable,
  delay: number,
  stop: AbortController,
): Promise<AutoSummary> {
  output.write(formatPlainBlock(initial));
  return playAlone(initial, player, {
    delay,
    signal: stop.signal,
    onMove: (game, direction) =>
      output.write(`${PLAIN_PROMPT}${PLAIN_KEYS[direction]}\n\n${formatPlainBlock(game)}`),
  });
}

/** The terminal, the look and the stop controller of a full-screen autoplay. */
export interface FullScreenAutoOptions {
  readonly input: ReadStream;
  readonly output: WriteStream;
  readonly mode: ColorMode;
  readonly delay: number;
  /** The bottom line, in place of the game's keys, e.g. `Autoplay: expectimax · q stops`. */
  readonly caption: string;
  /** `q` aborts it with `quit`, Ctrl-C with `interrupt`. */
  readonly stop: AbortController;
}

/**
 * Let `player` finish `game` on the full screen; `q` or Ctrl-C stops it at once. The terminal
 * is restored before the promise settles.
 *
 * @example
 * const summary = await autoplayFullScreen(game, ai, { input, output, mode: '256', delay: 50,
 *   caption: 'Autoplay: expectimax · q stops', stop: new AbortController() });
 */
export async function autoplayFullScreen(
  initial: Game,
  player: AsyncPlayer,
  options: FullScreenAutoOptions,
): Promise<AutoSummary> {
  const screen = enterFullScreen(options.input, options.output);
  let game = initial;
  let lastGain = 0;
  let drawnAt = 0;
  const redraw = (): void => {
    drawnAt = performance.now();
    const { cols, rows } = screen.size();
    const view = {
      game,
      lastGain,
      best: game.score,
      moveCount: game.moves.length,
      overlay: { kind: 'none' } as const,
      message: null,
      // The game's keys do nothing here: the bottom line says what does.
      keys: options.caption,
      mode: options.mode,
    };
    screen.draw(renderFrame(view, cols, rows));
  };
  const onData = (data: string | Buffer): void => {
    for (const key of decodeKeys(String(data))) {
      if (key.kind === 'interrupt') options.stop.abort('interrupt' satisfies StopReason);
      if (key.kind === 'char' && key.char.toLowerCase() === 'q') {
        options.stop.abort('quit' satisfies StopReason);
      }
    }
  };
  options.input.on('data', onData);
  options.output.on('resize', redraw);
  try {
    redraw();
    const summary = await playAlone(initial, player, {
      delay: options.delay,
      signal: options.stop.signal,
      onMove: (next, _direction, gained) => {
        game = next;
        lastGain = gained;
        // At full speed, draw at most about 60 frames a second; the last frame is drawn below.
        if (options.delay > 0 || performance.now() - drawnAt > 16) redraw();
      },
    });
    redraw();
    return summary;
  } finally {
    options.input.off('data', onData);
    options.output.off('resize', redraw);
    screen.restore();
  }
}

/** What the command line asked of an autoplay on this terminal. */
export interface AutoplayHereOptions {
  /** `--plain`: the labwork's plain format even in a terminal. */
  readonly plain: boolean;
  /** `--delay`; by default 50 ms full-screen (to be watched) and none in plain mode. */
  readonly delay: number | undefined;
  /** False for `--no-color`. */
  readonly color: boolean;
  readonly caption: string;
}

/** What `autoplayHere` did: the summary, whether it was full-screen, the exit code to use. */
export interface AutoplayHereResult {
  readonly summary: AutoSummary;
  readonly fullScreen: boolean;
  /** 130 after Ctrl-C, 143 after SIGTERM, else 0. */
  readonly exitCode: number;
}

/**
 * Autoplay on this process's terminal: full-screen when stdin and stdout are terminals and
 * `--plain` was not asked, else the plain format on stdout. Ctrl-C (as a key or SIGINT) and
 * SIGTERM stop it like `q`, so the caller can still report; a second signal ends the process.
 *
 * @example
 * const { summary, stopped } = await autoplayHere(game, ai, { plain: false, delay: undefined,
 *   color: true, caption: 'Autoplay: greedy · q stops' });
 */
export async function autoplayHere(
  game: Game,
  player: AsyncPlayer,
  options: AutoplayHereOptions,
): Promise<AutoplayHereResult> {
  const { stdin, stdout } = process;
  const fullScreen = !options.plain && stdin.isTTY && stdout.isTTY;
  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void =>
    stop.abort((signal === 'SIGTERM' ? 'terminate' : 'interrupt') satisfies StopReason);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const summary = fullScreen
      ? await autoplayFullScreen(game, player, {
          input: stdin,
          output: stdout,
          mode: detectColorMode(process.env, !options.color),
          delay: options.delay ?? 50,
          caption: options.caption,
          stop,
        })
      : await autoplayPlain(game, player, stdout, options.delay ?? 0, stop);
    const stopped = (stop.signal.reason as StopReason | undefined) ?? null;
    return { summary, fullScreen, exitCode: stopped ? STOP_EXIT_CODES[stopped] : 0 };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
