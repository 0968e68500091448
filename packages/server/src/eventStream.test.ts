import { describe, expect, it } from 'vitest';
import { type EventSink, eventStream } from './eventStream.js';

const decoder = new TextDecoder();

/** Everything the stream gives until it closes. */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += decoder.decode(chunk);
  return text;
}

describe('eventStream', () => {
  it('lets a reader that lets too much wait go: the dropped event last, its end run once', async () => {
    let finished = 0;
    let sink: EventSink | undefined;
    const stream = eventStream({
      queueBytes: 64,
      keepAliveMs: 60_000,
      droppedText: 'event: dropped\ndata: {}\n\n',
      onFinish: () => finished++,
      start: (given) => {
        sink = given;
        given.write('event: a\ndata: 1\n\n');
      },
    });
    if (!sink) throw new Error('start was not called');
    // Nothing is read: the queue fills past 64 bytes.
    sink.write(`event: b\ndata: "${'x'.repeat(80)}"\n\n`);
    sink.write('event: c\ndata: 3\n\n'); // after the drop: not sent
    sink.end();
    const text = await readAll(stream);
    expect(text.startsWith('event: a\ndata: 1\n\nevent: b\n')).toBe(true);
    expect(text.endsWith('event: dropped\ndata: {}\n\n')).toBe(true);
    expect(text).not.toContain('event: c');
    expect(finished).toBe(1);
  });

  it('ends once, however often it is ended, and a reader leaving ends it too', async () => {
    let finished = 0;
    const ended = eventStream({
      queueBytes: 1024,
      keepAliveMs: 60_000,
      droppedText: '',
      onFinish: () => finished++,
      start: (sink) => {
        sink.write('event: end\ndata: {}\n\n');
        sink.end();
        sink.end();
        sink.keepAlive(); // ended: no timer is started
      },
    });
    expect(await readAll(ended)).toBe('event: end\ndata: {}\n\n');
    expect(finished).toBe(1);

    let left = 0;
    const open = eventStream({
      queueBytes: 1024,
      keepAliveMs: 60_000,
      droppedText: '',
      onFinish: () => left++,
      start: (sink) => sink.keepAlive(),
    });
    await open.cancel();
    expect(left).toBe(1);
  });
});
