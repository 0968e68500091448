/**
 * A `text/event-stream` body with the server's rules for every stream (a game's watchers, a
 * race's): what the connection cannot take yet waits, counted in bytes, and a reader that lets
 * more than `queueBytes` wait is sent the `dropped` event and let go; a `: keep-alive` comment
 * every `keepAliveMs` keeps proxies from closing it; its end, however it comes, is run once.
 */

const encoder = new TextEncoder();

/** What a stream's owner writes to it. */
export interface EventSink {
  /** Sends events' text (ignored once the stream has ended). */
  write(text: string): void;
  /** Ends the stream: what was written is still read, then it closes. Once; later calls do nothing. */
  end(): void;
  /** Starts the keep-alive comments. */
  keepAlive(): void;
}

export interface EventStreamOptions {
  /** The most bytes waiting for this reader; past it, `droppedText` and the stream ends. */
  readonly queueBytes: number;
  readonly keepAliveMs: number;
  /** The `dropped` event, as text, for a reader too slow. */
  readonly droppedText: string;
  /** How long a dropped reader may take to read its last events before it is cut off (none: not cut). */
  readonly lingerMs?: number;
  /** Sends the first events and attaches the stream to what it follows. */
  readonly start: (sink: EventSink) => void | Promise<void>;
  /** Called once, when the stream ends (ended by its owner, too slow a reader, the reader gone). */
  readonly onFinish: () => void;
}

/**
 * A stream whose owner writes events through an `EventSink`.
 *
 * @example
 * eventStream({ queueBytes, keepAliveMs, droppedText, onFinish, start: (sink) => sink.write(text) })
 */
export function eventStream(options: EventStreamOptions): ReadableStream<Uint8Array> {
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  let closed = false;
  const finish = (): void => {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    options.onFinish();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const end = (): void => {
          if (closed) return;
          finish();
          controller.close();
        };
        const drop = (): void => {
          controller.enqueue(encoder.encode(options.droppedText));
          end();
          const { lingerMs } = options;
          if (lingerMs === undefined) return;
          // Still unread after the linger: the connection is cut and what waits is let go.
          setTimeout(() => controller.error(new Error('the reader was dropped')), lingerMs).unref();
        };
        const sink: EventSink = {
          write(text) {
            if (closed) return;
            controller.enqueue(encoder.encode(text));
            if ((controller.desiredSize ?? 0) < 0) drop();
          },
          end,
          keepAlive() {
            if (closed) return;
            keepAlive = setInterval(() => sink.write(': keep-alive\n\n'), options.keepAliveMs);
            keepAlive.unref();
          },
        };
        return options.start(sink);
      },
      cancel: finish,
    },
    // The queue is counted in bytes; `desiredSize` goes below 0 past `queueBytes`.
    new ByteLengthQueuingStrategy({ highWaterMark: options.queueBytes }),
  );
}
