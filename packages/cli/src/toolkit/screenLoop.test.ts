/**
 * The screen loop with a fake terminal: events in, frames and calls out. The programs here are
 * tiny step functions that record what they see.
 */
import { EventEmitter } from 'node:events';
import type { ReadStream, WriteStream } from 'node:tty';
import { describe, expect, it } from 'vitest';
import { type Answers, runScreenLoop, type ScreenEffect, type ScreenInput } from './screenLoop.js';
import type { FullScreen } from './terminal.js';

/** A terminal that keeps what is drawn and whether it was given back. */
function fakeTerminal() {
  const input = new EventEmitter();
  const output = new EventEmitter();
  const drawn: string[][] = [];
  let size = { cols: 80, rows: 24 };
  let restored = 0;
  const screen: FullScreen = {
    size: () => size,
    draw: (lines) => {
      drawn.push([...lines]);
    },
    restore: () => {
      restored += 1;
    },
  };
  return {
    screen,
    input: input as unknown as ReadStream,
    output: output as unknown as WriteStream,
    type: (data: string) => input.emit('data', data),
    resize: (cols: number, rows: number) => {
      size = { cols, rows };
      output.emit('resize');
    },
    end: () => input.emit('end'),
    drawn,
    restored: () => restored,
    listeners: () => input.listenerCount('data') + output.listenerCount('resize'),
  };
}

/** A program whose state is the log of what it was given. */
type Input = ScreenInput | { readonly kind: 'answer'; readonly text: string };
type Effect =
  | ScreenEffect<string>
  | { readonly kind: 'ask'; readonly text: string; readonly later: boolean };

const frame = (log: readonly string[]): Effect => ({ kind: 'draw', lines: [log.join(' ')] });

function step(log: readonly string[], input: Input): { state: string[]; effects: Effect[] } {
  const seen =
    input.kind === 'key'
      ? input.key.kind === 'char'
        ? input.key.char
        : input.key.kind
      : input.kind === 'resize'
        ? `${input.cols}x${input.rows}`
        : input.kind === 'answer'
          ? `<${input.text}>`
          : 'end';
  const state = [...log, seen];
  if (seen === 'q' || seen === 'end') return { state, effects: [{ kind: 'exit', how: seen }] };
  if (seen === 'n' || seen === 'l') {
    const ask: Effect = { kind: 'ask', text: seen, later: seen === 'l' };
    return { state, effects: [ask, frame(state)] };
  }
  return { state, effects: [frame(state)] };
}

function start(terminal: ReturnType<typeof fakeTerminal>) {
  const later: ((text: string) => void)[] = [];
  const perform = (effect: Exclude<Effect, ScreenEffect<string>>, answers: Answers<Input>) => {
    if (effect.later) later.push((text) => answers.later({ kind: 'answer', text }));
    else answers.now({ kind: 'answer', text: `now ${effect.text}` });
  };
  const ended = runScreenLoop<string[], Input, Effect, string>({
    screen: terminal.screen,
    input: terminal.input,
    output: terminal.output,
    start: { state: [], effects: [frame(['start'])] },
    step,
    perform,
  });
  return { ended, later };
}

describe('the screen loop', () => {
  it('draws the first frame, then the last frame of each batch of keys', async () => {
    const terminal = fakeTerminal();
    const { ended } = start(terminal);
    expect(terminal.drawn).toEqual([['start']]);
    terminal.type('ab');
    expect(terminal.drawn.at(-1)).toEqual(['a b']);
    expect(terminal.drawn).toHaveLength(2);
    terminal.resize(100, 30);
    expect(terminal.drawn.at(-1)).toEqual(['a b 100x30']);
    terminal.type('q');
    expect(await ended).toEqual({ how: 'q', state: ['a', 'b', '100x30', 'q'] });
    expect(terminal.restored()).toBe(1);
    expect(terminal.drawn).toHaveLength(3);
  });

  it('steps an answer given at once before the next key, and a later one when it comes', async () => {
    const terminal = fakeTerminal();
    const { ended, later } = start(terminal);
    terminal.type('nx');
    expect(terminal.drawn.at(-1)).toEqual(['n <now n> x']);
    terminal.type('l');
    expect(later).toHaveLength(1);
    later[0]?.('found');
    expect(terminal.drawn.at(-1)).toEqual(['n <now n> x l <found>']);
    terminal.end();
    expect((await ended).how).toBe('end');
  });

  it('stops at the exit: the rest of the batch, later answers and events are dropped', async () => {
    const terminal = fakeTerminal();
    const { ended, later } = start(terminal);
    terminal.type('lqab');
    const { state } = await ended;
    expect(state).toEqual(['l', 'q']);
    expect(terminal.listeners()).toBe(0);
    later[0]?.('too late');
    terminal.end();
    expect(terminal.restored()).toBe(1);
    expect(terminal.drawn).toEqual([['start']]);
  });
});
