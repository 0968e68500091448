/**
 * `checkers` in a terminal: the edge of the full-screen game. The game itself is the pure
 * `stepCheckersScreen` (fullScreenCheckers.ts), run by the screen loop; this file performs what
 * it asks of the session: run a command, let the computer think on its worker thread (so the
 * line keeps answering), play the move it found. The terminal is restored on every way out.
 */
import type { ReadStream, WriteStream } from 'node:tty';
import type { ColorMode } from '../toolkit/colors.js';
import { type Answers, runScreenLoop, type ScreenEffect } from '../toolkit/screenLoop.js';
import { enterFullScreen } from '../toolkit/terminal.js';
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
export async function playFullScreenCheckers({
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

  /** What the game asks of the session; commands and the search answer later. */
  const perform = (
    effect: Exclude<CheckersEffect, ScreenEffect<CheckersEnd>>,
    answers: Answers<CheckersInput>,
  ): void => {
    switch (effect.kind) {
      case 'runCommand':
        session.run(effect.expr).then((answer) => {
          answers.later({ kind: 'commandRan', answer, session: viewOf() });
        });
        return;
      case 'think': {
        const { game } = effect;
        session.searcher.best(game, session.limits).then(
          (found) => answers.later({ kind: 'searched', game, found }),
          (error: Error) => answers.later({ kind: 'searchFailed', game, reason: error.message }),
        );
        return;
      }
      case 'playComputer': {
        const answer = session.playComputer(effect.move);
        answers.now({ kind: 'computerPlayed', answer, session: viewOf() });
        return;
      }
    }
  };

  const { how } = await runScreenLoop<
    CheckersScreenState,
    CheckersInput,
    CheckersEffect,
    CheckersEnd
  >({
    screen,
    input,
    output,
    start: startCheckersScreen({ session: viewOf(), mode, ...screen.size() }),
    step: stepCheckersScreen,
    perform,
  });
  return how;
}
