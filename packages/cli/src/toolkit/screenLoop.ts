/**
 * The edge of a full-screen program written as a pure step, `(state, input) -> { state,
 * effects }`: the loop feeds it keys, resizes and the end of the input, draws the last frame
 * of each batch, hands every other effect to the program's `perform` (whose answers come back
 * as inputs, at once or later), and gives the terminal back when an effect says to exit. Both
 * terminal games (2048 and checkers) run on it.
 */
import type { ReadStream, WriteStream } from 'node:tty';
import { decodeKeys, type Key } from './keys.js';
import type { FullScreen } from './terminal.js';

/** What the loop itself feeds every program. */
export type ScreenInput =
  | { readonly kind: 'key'; readonly key: Key }
  | { readonly kind: 'resize'; readonly cols: number; readonly rows: number }
  /** The input ended (the terminal went away). */
  | { readonly kind: 'end' };

/** What the loop itself performs for every program: a frame to draw, the end. */
export type ScreenEffect<End> =
  | { readonly kind: 'draw'; readonly lines: readonly string[] }
  | { readonly kind: 'exit'; readonly how: End };

/** A state and the effects that go with it. */
export interface ScreenStep<State, Effect> {
  readonly state: State;
  readonly effects: readonly Effect[];
}

/** How `perform` answers an effect: with an input stepped next, or one that comes later. */
export interface Answers<Input> {
  /** The world answered at once (a store, the session): stepped before the next key. */
  now(input: Input): void;
  /** The answer comes later (a worker thread, a file): stepped when it does. */
  later(input: Input): void;
}

/** A program for the loop: its first step, its step function and its own effects' edge. */
export interface ScreenLoop<State, Input, Effect extends { readonly kind: string }, End> {
  readonly screen: FullScreen;
  readonly input: ReadStream;
  readonly output: WriteStream;
  readonly start: ScreenStep<State, Effect>;
  step(state: State, input: Input | ScreenInput): ScreenStep<State, Effect>;
  perform(effect: Exclude<Effect, ScreenEffect<End>>, answers: Answers<Input>): void;
}

/** How the program ended, and its last state. */
export interface ScreenLoopEnd<State, End> {
  readonly how: End;
  readonly state: State;
}

const isScreenEffect = <End>(effect: { readonly kind: string }): effect is ScreenEffect<End> =>
  effect.kind === 'draw' || effect.kind === 'exit';

/**
 * Run a program until one of its effects exits; the terminal is restored before the promise
 * settles. The program's `perform` never sees a draw or an exit.
 *
 * @example
 * const { how, state } = await runScreenLoop({ screen, input, output, start, step, perform });
 */
export function runScreenLoop<State, Input, Effect extends { readonly kind: string }, End>(
  loop: ScreenLoop<State, Input, Effect, End>,
): Promise<ScreenLoopEnd<State, End>> {
  const { screen, input, output } = loop;
  let state = loop.start.state;
  /** The frame to draw once the inputs at hand are through. */
  let frame: readonly string[] | null = null;
  let ended: { how: End } | null = null;
  let active = true;

  return new Promise((resolve) => {
    const run = (effects: readonly Effect[], queue: (Input | ScreenInput)[]): void => {
      const answers: Answers<Input> = { now: (answer) => queue.push(answer), later: deliver };
      for (const effect of effects) {
        if (!isScreenEffect<End>(effect))
          loop.perform(effect as Exclude<Effect, ScreenEffect<End>>, answers);
        else if (effect.kind === 'draw') frame = effect.lines;
        else ended = { how: effect.how };
      }
    };
    /** Step the program through `cause` and every answer it gets at once. */
    const dispatch = (cause: Input | ScreenInput): void => {
      const queue = [cause];
      for (let next = queue.shift(); next !== undefined && ended === null; next = queue.shift()) {
        const stepped = loop.step(state, next);
        state = stepped.state;
        run(stepped.effects, queue);
      }
    };
    /** After a batch of inputs: leave, or draw the last frame asked for. */
    const settle = (): void => {
      if (ended !== null) finish(ended.how);
      else if (frame !== null) screen.draw(frame);
      frame = null;
    };
    function deliver(answer: Input | ScreenInput): void {
      if (!active) return;
      dispatch(answer);
      settle();
    }
    const onData = (data: string | Buffer): void => {
      for (const key of decodeKeys(String(data))) {
        dispatch({ kind: 'key', key });
        if (ended !== null) break;
      }
      settle();
    };
    const onResize = (): void => deliver({ kind: 'resize', ...screen.size() });
    const onEnd = (): void => deliver({ kind: 'end' });
    function finish(how: End): void {
      if (!active) return;
      active = false;
      input.off('data', onData);
      input.off('end', onEnd);
      output.off('resize', onResize);
      screen.restore();
      resolve({ how, state });
    }

    input.on('data', onData);
    output.on('resize', onResize);
    input.once('end', onEnd);
    const queue: (Input | ScreenInput)[] = [];
    run(loop.start.effects, queue);
    for (const answer of queue) dispatch(answer);
    settle();
  });
}
