import type { DroppedEvent, RankedEventName } from '@twenty48/common';
import { type RankedGame, stateEventOf, type Watcher } from './rankedGame.js';

const encoder = new TextEncoder();

/** One Server-Sent Event: its name and its data, JSON on one line. */
const eventText = (name: RankedEventName, data: unknown): string =>
  `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export interface LiveStreamOptions {
  readonly keepAliveMs: number;
  /** The most bytes waiting for this watcher; past it, `dropped` and the stream closes. */
  readonly queueBytes: number;
  /** How long a dropped watcher may take to read its last events before it is cut off. */
  readonly lingerMs: number;
  /** Called once, when the stream ends (the game ended, the watcher left, the server closed). */
  readonly onClose: () => void;
}

/**
 * A game's live stream as a `text/event-stream` body: `state` now, then a `move` per applied
 * move and `end` when the game ends (the stream then closes), with `: keep-alive` every
 * `keepAliveMs` so proxies keep it open. A watcher that disconnects is removed from the game.
 *
 * What the connection cannot take yet waits in the stream's queue, counted in bytes: a watcher
 * that lets more than `queueBytes` wait (it stopped reading, or reads slower than the game is
 * played) is let go. It is sent `dropped` ({@link DroppedEvent}) after what waits, the stream
 * closes, and a connection that still has not read it all after `lingerMs` is cut, so a
 * watcher costs the server at most `queueBytes` and one timer.
 *
 * @example
 * return new Response(liveStream(ranked, { keepAliveMs: 15_000, onClose }), { headers });
 */
export function liveStream(ranked: RankedGame, options: LiveStreamOptions): ReadableStream {
  let watcher: Watcher | undefined;
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  let closed = false;
  const finish = (): void => {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    if (watcher) ranked.watchers.delete(watcher);
    options.onClose();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const drop = (): void => {
          const dropped: DroppedEvent = {
            error: 'ERR_WATCHER_TOO_SLOW',
            message: `more than ${options.queueBytes} bytes of events were waiting for this watcher; connect again to watch from the game as it is now`,
          };
          controller.enqueue(encoder.encode(eventText('dropped', dropped)));
          finish();
          controller.close();
          // Still unread after the linger: the connection is cut and what waits is let go.
          setTimeout(
            () => controller.error(new Error('the watcher was dropped')),
            options.lingerMs,
          ).unref();
        };
        const write = (text: string): void => {
          if (closed) return;
          controller.enqueue(encoder.encode(text));
          if ((controller.desiredSize ?? 0) < 0) drop();
        };
        write(eventText('state', stateEventOf(ranked)));
        const end = ranked.closed ?? (ranked.game.status === 'lost' ? 'lost' : null);
        if (end) {
          const scoreId = ranked.scoreId === null ? {} : { scoreId: ranked.scoreId };
          write(eventText('end', { status: end, score: ranked.game.score, ...scoreId }));
          finish();
          controller.close();
          return;
        }
        watcher = {
          from: ranked.letters.length,
          send: (name, data) => write(eventText(name, data)),
          close: () => {
            if (closed) return;
            finish();
            controller.close();
          },
        };
        ranked.watchers.add(watcher);
        keepAlive = setInterval(() => write(': keep-alive\n\n'), options.keepAliveMs);
        keepAlive.unref();
      },
      cancel() {
        finish();
      },
    },
    // The queue is counted in bytes; `desiredSize` goes below 0 past `queueBytes`.
    new ByteLengthQueuingStrategy({ highWaterMark: options.queueBytes }),
  );
}
