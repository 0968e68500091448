/**
 * `checkers` in a terminal: the edge of the full-screen game. The game itself is the pure
 * `stepCheckersScreen` (fullScreenCheckers.ts); this file feeds it keys, resizes and the answers
 * of the session and of the computer (thinking on its worker thread, so the line keeps
 * answering), and performs what it asks on the terminal and the session. The terminal is
 * restored on every way out.
 */
import type { ReadStream, WriteStream } from 'node:tty';
import type { ColorMode } from '../colors.js';
import { decodeKeys } from '../keys.js';
import { enterFullScreen } from '../terminal.js';
import {
  type CheckersEffect,
  type CheckersEnd,
  type CheckersInput,
  type CheckersScreenState,
  type SessionView,
  startCheckersScreen,
  stepCheckersScreen,
} from './fullScreenCheckers.js';
import type { Session } from './session.js';

/** The session to play, the terminal's streams and its colour mode. */
export interface FullScreenCheckersOptions {
  readonly session: Session;
  readonly input: ReadStream;
  readonly output: WriteStream;
  readonly mode: ColorMode;
}

/** How the game ended: `(exit)`, Ctrl-C, the end of the game, or the computer failing. */
export type FullScreenEnd = CheckersEnd;

/**
 * Play until `(exit)`, Ctrl-C or the end of the game; the terminal is restored before the
 * promise settles. The caller closes the session's searcher.
 *
 * @example
 * const end = await playFullScreenCheckers({ session, input: process.stdin, output: process.stdout, mode: '256' });
 */
export function playFullScreenCheckers({
  session,
  input,
  output,
  mode,
}: FullScreenCheckersOptions): Promise<FullScreenEnd> {
  const screen = enterFullScreen(input, output, 'checkers');
  const viewOf = (): SessionView => ({
    game: session.game,
    selected: session.selected,
    ai: session.ai,
  });
  const first = startCheckersScreen({ session: viewOf(), mode, ...screen.size() });
  let state: CheckersScreenState = first.state;
  /** The frame to draw once the inputs at hand are through. */
  let frame: readonly string[] | null = null;
  let end: CheckersEnd | null = null;
  let active = true;

  return new Promise((resolve) => {
    /** Answer one effect; what the session says back at once joins `queue`. */
    const perform = (effect: CheckersEffect, queue: CheckersInput[]): void => {
      switch (effect.kind) {
        case 'draw':
          frame = effect.lines;
          return;
        case 'runCommand':
          session.run(effect.expr).then((answer) => {
            deliver({ kind: 'commandRan', answer, session: viewOf() });
          });
          return;
        case 'think': {
          const { game } = effect;
          session.searcher.best(game, session.limits).then(
            (found) => deliver({ kind: 'searched', game, found }),
            (error: Error) => deliver({ kind: 'searchFailed', game, reason: error.message }),
          );
          return;
        }
        case 'playComputer': {
          const answer = session.playComputer(effect.move);
          queue.push({ kind: 'computerPlayed', answer, session: viewOf() });
          return;
        }
        case 'exit':
          end = effect.how;
          return;
      }
    };
    /** Step the game through `cause` and every answer it leads to at once. */
    const dispatch = (cause: CheckersInput): void => {
      const queue = [cause];
      for (let next = queue.shift(); next && end === null; next = queue.shift()) {
        const stepped = stepCheckersScreen(state, next);
        state = stepped.state;
        for (const effect of stepped.effects) perform(effect, queue);
      }
    };
    /** After a batch of inputs: leave, or draw the last frame asked for. */
    const settle = (): void => {
      if (end !== null) finish(end);
      else if (frame !== null) screen.draw(frame);
      frame = null;
    };
    const deliver = (answer: CheckersInput): void => {
      if (!active) return;
      dispatch(answer);
      settle();
    };
    const onData = (data: string | Buffer): void => {
      for (const key of decodeKeys(String(data))) {
        dispatch({ kind: 'key', key });
        if (end !== null) break;
      }
      settle();
    };
    const onResize = (): void => deliver({ kind: 'resize', ...screen.size() });
    const onEnd = (): void => deliver({ kind: 'end' });
    function finish(how: CheckersEnd): void {
      if (!active) return;
      active = false;
      input.off('data', onData);
      input.off('end', onEnd);
      output.off('resize', onResize);
      screen.restore();
      resolve(how);
    }

    input.on('data', onData);
    output.on('resize', onResize);
    input.once('end', onEnd);
    const queue: CheckersInput[] = [];
    for (const effect of first.effects) perform(effect, queue);
    for (const answer of queue) dispatch(answer);
    settle();
  });
}
