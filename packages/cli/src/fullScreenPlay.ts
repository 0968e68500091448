/**
 * `2048 play` in a terminal: the edge of the full-screen game. The game itself is the pure
 * `stepFullScreen` (fullScreenGame.ts); this file feeds it keys, resizes and the adviser's
 * answers, and performs what it asks: frames on the terminal, saves and scores on the game
 * shelf, hints from expectimax on a worker thread (so keys keep working while it thinks).
 */
import type { ReadStream, WriteStream } from 'node:tty';
import type { Game } from '@twenty48/engine';
import { type AsyncPlayer, openPlayer } from './aiPlayer.js';
import type { ColorMode } from './colors.js';
import { startGame } from './flags.js';
import {
  type PlayEffect,
  type PlayExit,
  type PlayInput,
  type PlayState,
  startFullScreen,
  stepFullScreen,
} from './fullScreenGame.js';
import type { GameShelf } from './gameShelf.js';
import { decodeKeys } from './keys.js';
import type { MatchState } from './matchState.js';
import { enterFullScreen } from './terminal.js';

/** The game to play, where it is kept, the terminal's streams and its colour mode. */
export interface FullScreenOptions {
  readonly game: Game;
  readonly shelf: GameShelf;
  readonly input: ReadStream;
  readonly output: WriteStream;
  readonly mode: ColorMode;
  /** Opens the player behind the hint key, on its first use (default: expectimax on a worker). */
  readonly openAdviser?: () => AsyncPlayer;
}

/** How the game ended, and the match as it was then. */
export interface FullScreenEnd {
  readonly exit: PlayExit;
  readonly match: MatchState;
}

/**
 * Play until the player quits; the terminal is restored (and the hint's worker closed) before
 * the promise settles.
 *
 * @example
 * const { exit, match } = await playFullScreen({ game, shelf, input: process.stdin, output: process.stdout, mode: '256' });
 */
export function playFullScreen({
  game,
  shelf,
  input,
  output,
  mode,
  openAdviser = () => openPlayer('expectimax'),
}: FullScreenOptions): Promise<FullScreenEnd> {
  const screen = enterFullScreen(input, output);
  const first = startFullScreen({
    game,
    best: shelf.best(game),
    notice: shelf.notice,
    mode,
    ...screen.size(),
  });
  let state: PlayState = first.state;
  let adviser: AsyncPlayer | null = null;
  /** The frame to draw once the inputs at hand are through. */
  let frame: readonly string[] | null = null;
  let exit: PlayExit | null = null;
  let active = true;

  return new Promise((resolve) => {
    /** Answer one effect; what the world says back joins `queue`. */
    const perform = (effect: PlayEffect, queue: PlayInput[]): void => {
      switch (effect.kind) {
        case 'draw':
          frame = effect.lines;
          return;
        case 'autosave':
          shelf.autosave(effect.game);
          return;
        case 'checkHighScore':
          if (shelf.isHighScore(effect.game)) {
            queue.push({ kind: 'highScore', game: effect.game, lastName: shelf.lastName() });
          }
          return;
        case 'enterScore':
          queue.push({
            kind: 'scoreEntered',
            name: effect.name,
            rank: shelf.addScore(effect.name, effect.game),
          });
          return;
        case 'startNewGame': {
          const next = startGame(effect.rules);
          queue.push({ kind: 'newGame', game: next, best: shelf.best(next) });
          return;
        }
        case 'askHint':
          askAdviser(effect.game);
          return;
        case 'exit':
          exit = effect.how;
          return;
      }
    };
    /** Step the game through `cause` and every answer it leads to. */
    const dispatch = (cause: PlayInput): void => {
      const queue = [cause];
      for (let next = queue.shift(); next && exit === null; next = queue.shift()) {
        const stepped = stepFullScreen(state, next);
        state = stepped.state;
        for (const effect of stepped.effects) perform(effect, queue);
      }
    };
    /** After a batch of inputs: leave, or draw the last frame asked for. */
    const settle = (): void => {
      if (exit !== null) finish(exit);
      else if (frame !== null) screen.draw(frame);
      frame = null;
    };
    const askAdviser = (position: Game): void => {
      adviser ??= openAdviser();
      adviser.choose(position).then(
        (direction) => deliver({ kind: 'hint', game: position, direction }),
        (error: Error) => deliver({ kind: 'hintFailed', game: position, reason: error.message }),
      );
    };
    const deliver = (answer: PlayInput): void => {
      if (!active) return;
      dispatch(answer);
      settle();
    };
    const onData = (data: string | Buffer): void => {
      for (const key of decodeKeys(String(data))) {
        dispatch({ kind: 'key', key });
        if (exit !== null) break;
      }
      settle();
    };
    const onResize = (): void => deliver({ kind: 'resize', ...screen.size() });
    const onEnd = (): void => deliver({ kind: 'end' });
    function finish(how: PlayExit): void {
      if (!active) return;
      active = false;
      input.off('data', onData);
      input.off('end', onEnd);
      output.off('resize', onResize);
      screen.restore();
      // Close the hint's worker (stopping any search) before the caller goes on.
      const closed = adviser ? adviser.close() : Promise.resolve();
      const done = (): void => resolve({ exit: how, match: state.match });
      closed.then(done, done);
    }

    input.on('data', onData);
    output.on('resize', onResize);
    input.once('end', onEnd);
    for (const effect of first.effects) perform(effect, []);
    settle();
  });
}
