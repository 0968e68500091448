/**
 * `2048 play --server URL` in a terminal: the edge of the full-screen ranked game. The game is
 * the pure `stepRankedScreen` (rankedScreen.ts), run by the screen loop; this file hands its
 * moves to `@twenty48/client`'s ranked game (the slide at once, the move pipelined), brings the
 * client's changes back as inputs, and ranks the game when it asks.
 */
import type { ReadStream, WriteStream } from 'node:tty';
import type { ClientResult, RankedGame } from '@twenty48/client';
import type { GameShelf } from './gameShelf.js';
import {
  type RankedEffect,
  type RankedExit,
  type RankedInput,
  type RankedScreenState,
  startRankedScreen,
  stepRankedScreen,
} from './rankedScreen.js';
import { describeError } from './rankedStart.js';
import type { ColorMode } from './toolkit/colors.js';
import { type Answers, runScreenLoop, type ScreenEffect } from './toolkit/screenLoop.js';
import { enterFullScreen } from './toolkit/terminal.js';

/** The ranked game, its server and where it is kept, the terminal and its colour mode. */
export interface RankedScreenOptions {
  readonly game: RankedGame;
  readonly server: string;
  readonly shelf: GameShelf;
  /** The shelf's key of this game (`rankedKey`). */
  readonly key: string;
  readonly notice: string | null;
  readonly input: ReadStream;
  readonly output: WriteStream;
  readonly mode: ColorMode;
  /** The title line, when it is not a ranked game's (a day's game, a race). */
  readonly title?: string;
  /** Whether a lost game asks for a name (default true; a race's does not). */
  readonly naming?: boolean;
  /** The table the name is asked for (default "the ranked table"). */
  readonly tableName?: string;
  /** What a skipped name says (default: the game stays on the server, ranked next time). */
  readonly notRanked?: string;
  /** Rank the game elsewhere than the ranked table (a day's table): what to say, or why not. */
  readonly rank?: (name: string) => Promise<ClientResult<readonly string[]>>;
  /** News from around the game (a race's), sent as inputs; returns the function that stops it. */
  readonly news?: (send: (news: Extract<RankedInput, { kind: 'news' }>) => void) => () => void;
}

/** How the screen was left, and its last state. */
export interface RankedScreenEnd {
  readonly exit: RankedExit;
  readonly state: RankedScreenState;
}

/**
 * Play a ranked game full-screen until the player leaves; the terminal is restored before the
 * promise settles (the game itself is the caller's to close).
 *
 * @example
 * const { exit } = await playRankedScreen({ game, server, shelf, key, notice: null, input: process.stdin, output: process.stdout, mode: '256' });
 */
export async function playRankedScreen(options: RankedScreenOptions): Promise<RankedScreenEnd> {
  const { game, shelf, input, output } = options;
  const screen = enterFullScreen(input, output);
  let stop = (): void => {};
  /** The client's changes as inputs; a slide is answered at once by the move itself. */
  const follow = (answers: Answers<RankedInput>): void => {
    stop = game.subscribe((change, snapshot) => {
      if (change.type === 'slid') return;
      answers.later({
        kind: 'changed',
        position: snapshot.position,
        connection: snapshot.connection,
        ...(snapshot.error ? { reason: describeError(snapshot.error) } : {}),
      });
    });
  };

  const perform = (
    effect: Exclude<RankedEffect, ScreenEffect<RankedExit>>,
    answers: Answers<RankedInput>,
  ): void => {
    if (effect.kind === 'follow') {
      follow(answers);
      const stopNews = options.news?.((news) => answers.later(news));
      if (stopNews) {
        const stopGame = stop;
        stop = () => {
          stopGame();
          stopNews();
        };
      }
      return;
    }
    if (effect.kind === 'move') {
      const outcome = game.move(effect.direction);
      if (outcome.sent) {
        const { position } = game.snapshot();
        answers.now({ kind: 'moved', position, gained: outcome.gained });
      } else {
        answers.now({ kind: 'refused', direction: effect.direction, reason: outcome.reason });
      }
      return;
    }
    const { name } = effect;
    if (options.rank) {
      options.rank(name).then((ranked) => {
        if (ranked.ok) shelf.setLastName(name);
        const result = ranked.ok
          ? { ok: true as const, lines: ranked.value }
          : { ok: false as const, reason: `Cannot rank the game: ${describeError(ranked.error)}` };
        answers.later({ kind: 'ranked', name, result });
      });
      return;
    }
    game.rank(name).then((ranked) => {
      if (ranked.ok) {
        shelf.keepRankedGame(options.key, null);
        shelf.setLastName(name);
        const { rank, id } = ranked.value;
        answers.later({ kind: 'ranked', name, result: { ok: true, rank, id } });
      } else {
        const reason = `Cannot rank the game: ${describeError(ranked.error)}`;
        answers.later({ kind: 'ranked', name, result: { ok: false, reason } });
      }
    });
  };

  const start = startRankedScreen({
    position: game.snapshot().position,
    server: options.server,
    lastName: shelf.lastName(),
    notice: options.notice,
    mode: options.mode,
    ...(options.title === undefined ? {} : { title: options.title }),
    ...(options.naming === undefined ? {} : { naming: options.naming }),
    ...(options.tableName === undefined ? {} : { tableName: options.tableName }),
    ...(options.notRanked === undefined ? {} : { notRanked: options.notRanked }),
    ...screen.size(),
  });
  try {
    const { how, state } = await runScreenLoop<
      RankedScreenState,
      RankedInput,
      RankedEffect,
      RankedExit
    >({
      screen,
      input,
      output,
      start,
      step: stepRankedScreen,
      perform: (effect, answers) => perform(effect, answers),
    });
    return { exit: how, state };
  } finally {
    stop();
  }
}
