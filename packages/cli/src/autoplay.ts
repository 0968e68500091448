/**
 * `2048 auto`: the seed's solitary mode. A player (greedy, random, expectimax) plays alone and
 * every state is shown: full-screen, or printed in the seed's plain format with the chosen move
 * after the prompt, as if typed.
 */
import type { Writable } from 'node:stream';
import type { ReadStream, WriteStream } from 'node:tty';
import { type Direction, type Game, maxTile, step } from '@twenty48/engine';
import type { ColorMode } from './colors.js';
import { renderFrame } from './frame.js';
import { decodeKeys } from './keys.js';
import { formatPlainBlock, PLAIN_PROMPT } from './plainBoard.js';
import { enterFullScreen } from './terminal.js';

/** A player as `@twenty48/ai` makes them: the move to play, or null when none counts. */
export type AutoPlayer = (game: Game) => Direction | null;

export interface AutoSummary {
  readonly game: Game;
  readonly maxTile: number;
  readonly moves: number;
  readonly seconds: number;
  readonly movesPerSecond: number;
  /** True when the player stopped it (q, Ctrl-C) before the game ended. */
  readonly stopped: boolean;
}

const KEY_OF: Readonly<Record<Direction, string>> = { up: 'w', left: 'a', down: 's', right: 'd' };

const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));

function summarize(game: Game, started: number, stopped: boolean): AutoSummary {
  const seconds = (performance.now() - started) / 1000;
  const moves = game.moves.length;
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
 * The closing lines: score, max tile, moves and speed.
 *
 * @example
 * formatSummary(summary) // 'Score: 2312  Max tile: 256  Moves: 211  Moves/s: 5120.4'
 */
export const formatSummary = (summary: AutoSummary): string =>
  `Score: ${summary.game.score}  Max tile: ${summary.maxTile}  Moves: ${summary.moves}  ` +
  `Moves/s: ${summary.movesPerSecond.toFixed(1)}${summary.stopped ? '  (stopped)' : ''}`;

/**
 * Let `player` finish `game`, printing every state in the seed's format.
 *
 * @example
 * const summary = await autoplayPlain(newGame('classic', 'a'), greedyPlayer, process.stdout, 0);
 */
export async function autoplayPlain(
  initial: Game,
  player: AutoPlayer,
  output: Writable,
  delay: number,
): Promise<AutoSummary> {
  const started = performance.now();
  let game = initial;
  output.write(formatPlainBlock(game));
  for (;;) {
    const direction = game.status === 'lost' ? null : player(game);
    if (direction === null) break;
    const next = step(game, direction).game;
    if (next === game) break; // a player naming a move that changes nothing would loop forever
    game = next;
    output.write(`${PLAIN_PROMPT}${KEY_OF[direction]}\n\n${formatPlainBlock(game)}`);
    if (delay > 0) await sleep(delay);
  }
  return summarize(game, started, false);
}

/**
 * Let `player` finish `game` on the full screen; `q` or Ctrl-C stops it.
 *
 * @example
 * const summary = await autoplayFullScreen(game, player, { input, output, mode: '256', delay: 50 });
 */
export async function autoplayFullScreen(
  initial: Game,
  player: AutoPlayer,
  options: {
    input: ReadStream;
    output: WriteStream;
    mode: ColorMode;
    delay: number;
    label: string;
  },
): Promise<AutoSummary> {
  const screen = enterFullScreen(options.input, options.output);
  const started = performance.now();
  let game = initial;
  let lastGain = 0;
  let stopped = false;
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
      message: `Autoplay: ${options.label} · q stops`,
      mode: options.mode,
    };
    screen.draw(renderFrame(view, cols, rows));
  };
  const onData = (data: string | Buffer): void => {
    const keys = decodeKeys(String(data));
    if (keys.some((key) => key.kind === 'interrupt' || (key.kind === 'char' && key.char === 'q'))) {
      stopped = true;
    }
  };
  options.input.on('data', onData);
  options.output.on('resize', redraw);
  try {
    redraw();
    while (!stopped && game.status !== 'lost') {
      const direction = player(game);
      if (direction === null) break;
      const result = step(game, direction);
      if (result.game === game) break;
      game = result.game;
      lastGain = result.gained;
      // At full speed, draw at most about 60 frames a second; the last frame is always drawn.
      if (options.delay > 0 || performance.now() - drawnAt > 16) redraw();
      await sleep(options.delay);
    }
    redraw();
  } finally {
    options.input.off('data', onData);
    options.output.off('resize', redraw);
    screen.restore();
  }
  return summarize(game, started, stopped);
}
