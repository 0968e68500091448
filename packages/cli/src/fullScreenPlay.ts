/**
 * `2048 play` in a terminal: the full-screen game. Keys go through a small state machine (what
 * is on screen below the board decides what a key means); every event redraws one frame.
 * The hint key `i` asks expectimax on a worker thread, so keys keep working while it thinks.
 */
import type { ReadStream, WriteStream } from 'node:tty';
import type { Direction, Game } from '@twenty48/engine';
import { type AsyncPlayer, openPlayer } from './aiPlayer.js';
import type { ColorMode } from './colors.js';
import { type FrameOverlay, renderFrame } from './frame.js';
import { decodeKeys, type Key, LETTER_MOVES } from './keys.js';
import type { Match } from './match.js';
import { enterFullScreen } from './terminal.js';

/** The match to play, the terminal's streams and its colour mode. */
export interface FullScreenOptions {
  readonly match: Match;
  readonly input: ReadStream;
  readonly output: WriteStream;
  readonly mode: ColorMode;
  /** Opens the player behind the hint key, on its first use (default: expectimax on a worker). */
  readonly openAdviser?: () => AsyncPlayer;
}

/** How the game ended: the player quit, or pressed Ctrl-C. */
export type FullScreenExit = 'quit' | 'interrupt';

const MAX_NAME = 24;

const ARROW_OF: Readonly<Record<Direction, string>> = {
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
};

/**
 * Play until the player quits; the terminal is restored before the promise settles.
 *
 * @example
 * await playFullScreen({ match, input: process.stdin, output: process.stdout, mode: '256' });
 */
export function playFullScreen({
  match,
  input,
  output,
  mode,
  openAdviser = () => openPlayer('expectimax'),
}: FullScreenOptions): Promise<FullScreenExit> {
  const screen = enterFullScreen(input, output);
  let active = true;
  let adviser: AsyncPlayer | null = null;
  /** The game a hint is being computed for, so an answer for an older position is dropped. */
  let hintFor: Game | null = null;
  let overlay: FrameOverlay = { kind: 'none' };
  let message: string | null = match.shelf.notice;

  const resting = (): FrameOverlay => {
    const { status } = match.game;
    if (status === 'won') return { kind: 'won' };
    if (status === 'lost') return { kind: 'lost' };
    return { kind: 'none' };
  };
  const afterGameChange = (): void => {
    if (match.game.status === 'lost' && match.wantsName()) {
      overlay = { kind: 'name', text: match.shelf.lastName() ?? '' };
    } else {
      overlay = resting();
    }
  };
  const redraw = (): void => {
    const { cols, rows } = screen.size();
    const view = {
      game: match.game,
      lastGain: match.lastGain,
      best: match.best,
      moveCount: match.moveCount,
      overlay,
      message,
      mode,
    };
    screen.draw(renderFrame(view, cols, rows));
  };
  const move = (direction: Direction): void => {
    if (match.game.status === 'lost') return;
    const result = match.move(direction);
    if (result.events.length === 0) message = `Nothing can move ${direction}.`;
    afterGameChange();
  };
  /** Ask the adviser on its worker; the answer is shown only if the position has not changed. */
  const askHint = (): void => {
    const game = match.game;
    if (hintFor === game) {
      message = 'Thinking…';
      return;
    }
    hintFor = game;
    message = 'Thinking…';
    adviser ??= openAdviser();
    adviser.choose(game).then(
      (direction) =>
        showHint(
          game,
          direction === null ? 'No move left.' : `Hint: ${direction} ${ARROW_OF[direction]}`,
        ),
      (error: Error) => showHint(game, `No hint: ${error.message} (ERR_HINT)`),
    );
  };
  const showHint = (game: Game, text: string): void => {
    if (hintFor !== game) return;
    hintFor = null;
    if (match.game !== game || !active) return;
    message = text;
    redraw();
  };
  const restart = (): void => {
    match.restart();
    overlay = { kind: 'none' };
  };
  const enterName = (key: Key): void => {
    if (overlay.kind !== 'name') return;
    if (key.kind === 'char' && [...overlay.text].length < MAX_NAME) {
      overlay = { kind: 'name', text: overlay.text + key.char };
    } else if (key.kind === 'backspace') {
      overlay = { kind: 'name', text: [...overlay.text].slice(0, -1).join('') };
    } else if (key.kind === 'escape') {
      match.declineScore();
      overlay = resting();
    } else if (key.kind === 'enter') {
      const name = overlay.text.trim() || 'player';
      const entered = match.enterScore(name);
      message = entered.ok
        ? `${name} is number ${entered.value} for ${match.game.rules.name} ${match.game.rules.size}x${match.game.rules.size}.`
        : `That name cannot be used: ${entered.error.message}`;
      overlay = entered.ok ? resting() : { kind: 'name', text: overlay.text };
    }
  };

  /** One key; returns how the game ends when it does. */
  const onKey = (key: Key): FullScreenExit | null => {
    if (key.kind === 'interrupt') return 'interrupt';
    if (overlay.kind === 'name') {
      enterName(key);
      return null;
    }
    message = null;
    const char = key.kind === 'char' ? key.char.toLowerCase() : '';
    if (overlay.kind === 'help') {
      overlay = resting();
      return null;
    }
    if (overlay.kind === 'confirmQuit' || overlay.kind === 'confirmNew') {
      const confirmed = char === 'y';
      const question = overlay.kind;
      overlay = resting();
      if (confirmed && question === 'confirmQuit') return 'quit';
      if (confirmed) restart();
      return null;
    }
    const direction = key.kind === 'arrow' ? key.direction : LETTER_MOVES[char];
    if (direction) move(direction);
    else if (char === 'u') {
      if (match.undo()) overlay = resting();
      else message = 'Nothing to undo.';
    } else if (char === 'n') {
      if (match.underWay && overlay.kind === 'none') overlay = { kind: 'confirmNew' };
      else restart();
    } else if (overlay.kind === 'won' && (char === 'c' || key.kind === 'enter')) {
      match.keepPlaying();
      overlay = resting();
    } else if (char === 'q') overlay = { kind: 'confirmQuit' };
    else if (char === '?') overlay = { kind: 'help' };
    else if (char === 'i') askHint();
    return null;
  };

  return new Promise((resolve) => {
    const finish = (how: FullScreenExit): void => {
      active = false;
      input.off('data', onData);
      output.off('resize', redraw);
      screen.restore();
      // Close the hint's worker (stopping any search) before the caller goes on.
      const closed = adviser ? adviser.close() : Promise.resolve();
      closed.then(
        () => resolve(how),
        () => resolve(how),
      );
    };
    const onData = (data: string | Buffer): void => {
      for (const key of decodeKeys(String(data))) {
        const ended = onKey(key);
        if (ended) {
          finish(ended);
          return;
        }
      }
      redraw();
    };
    input.on('data', onData);
    output.on('resize', redraw);
    input.once('end', () => finish('quit'));
    redraw();
  });
}
