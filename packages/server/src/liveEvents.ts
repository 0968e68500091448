import type { DroppedEvent, RankedEventName } from '@twenty48/common';
import { eventStream } from './eventStream.js';
import { type RankedGame, stateEventOf, type Watcher } from './rankedGame.js';

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
  const dropped: DroppedEvent = {
    error: 'ERR_WATCHER_TOO_SLOW',
    message: `more than ${options.queueBytes} bytes of events were waiting for this watcher; connect again to watch from the game as it is now`,
  };
  return eventStream({
    queueBytes: options.queueBytes,
    keepAliveMs: options.keepAliveMs,
    lingerMs: options.lingerMs,
    droppedText: eventText('dropped', dropped),
    onFinish: () => {
      if (watcher) ranked.watchers.delete(watcher);
      options.onClose();
    },
    start: (sink) => {
      sink.write(eventText('state', stateEventOf(ranked)));
      const end = ranked.closed ?? (ranked.game.status === 'lost' ? 'lost' : null);
      if (end) {
        const scoreId = ranked.scoreId === null ? {} : { scoreId: ranked.scoreId };
        sink.write(eventText('end', { status: end, score: ranked.game.score, ...scoreId }));
        sink.end();
        return;
      }
      watcher = {
        from: ranked.letters.length,
        move: (event) => sink.write(eventText('move', event)),
        end: (event) => sink.write(eventText('end', event)),
        close: sink.end,
      };
      ranked.watchers.add(watcher);
      sink.keepAlive();
    },
  });
}
