/**
 * `2048 play` in a terminal: the edge of the full-screen game. The game itself is the pure
 * `stepFullScreen` (fullScreenGame.ts), run by the screen loop; this file performs what it asks
 * of the world: saves and scores on the game shelf, a new game, hints from expectimax on a
 * worker thread (so keys keep working while it thinks).
 */
import type { ReadStream, WriteStream } from 'node:tty';
import { DEFAULT_AI } from '@twenty48/ai';
import type { Game } from '@twenty48/engine';
import { type AsyncPlayer, openPlayer } from './aiPlayer.js';
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
import type { MatchState } from './matchState.js';
import type { ColorMode } from './toolkit/colors.js';
import { type Answers, runScreenLoop, type ScreenEffect } from './toolkit/screenLoop.js';
import { enterFullScreen } from './toolkit/terminal.js';

/** The game to play, where it is kept, the terminal's streams and its colour mode. */
export interface FullScreenOptions {
  readonly game: Game;
  readonly shelf: GameShelf;
  readonly input: ReadStream;
  readonly output: WriteStream;
  readonly mode: ColorMode;
  /** Opens the player behind the hint key, on its first use (default: `DEFAULT_AI` on a worker). */
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
export async function playFullScreen({
  game,
  shelf,
  input,
  output,
  mode,
  openAdviser = () => openPlayer(DEFAULT_AI),
}: FullScreenOptions): Promise<FullScreenEnd> {
  const screen = enterFullScreen(input, output);
  // Opened on the first hint; `as` keeps the type from narrowing to null here.
  let adviser = null as AsyncPlayer | null;

  /** What the game asks of the world; the shelf answers at once, the adviser later. */
  const perform = (
    effect: Exclude<PlayEffect, ScreenEffect<PlayExit>>,
    answers: Answers<PlayInput>,
  ): void => {
    switch (effect.kind) {
      case 'autosave':
        shelf.autosave(effect.game);
        return;
      case 'checkHighScore':
        if (shelf.isHighScore(effect.game)) {
          answers.now({ kind: 'highScore', game: effect.game, lastName: shelf.lastName() });
        }
        return;
      case 'enterScore': {
        const rank = shelf.addScore(effect.name, effect.game);
        answers.now({ kind: 'scoreEntered', name: effect.name, rank });
        return;
      }
      case 'startNewGame': {
        const next = startGame(effect.rules);
        answers.now({ kind: 'newGame', game: next, best: shelf.best(next) });
        return;
      }
      case 'askHint': {
        const position = effect.game;
        adviser ??= openAdviser();
        const asked = adviser;
        asked.choose(position).then(
          (direction) =>
            answers.later({
              kind: 'hint',
              game: position,
              direction,
              notice: asked.notice?.() ?? null,
            }),
          (error: Error) =>
            answers.later({ kind: 'hintFailed', game: position, reason: error.message }),
        );
        return;
      }
    }
  };

  const { how, state } = await runScreenLoop<PlayState, PlayInput, PlayEffect, PlayExit>({
    screen,
    input,
    output,
    start: startFullScreen({
      game,
      best: shelf.best(game),
      notice: shelf.notice,
      mode,
      ...screen.size(),
    }),
    step: stepFullScreen,
    perform,
  });
  // Close the hint's worker (stopping any search) before the caller goes on.
  await adviser?.close().catch(() => {});
  return { exit: how, match: state.match };
}
