import type { RankedEventName } from '@twenty48/common';
import { type RankedGame, stateEventOf, type Watcher } from './rankedGame.js';

const encoder = new TextEncoder();

/** One Server-Sent Event: its name and its data, JSON on one line. */
const eventText = (name: RankedEventName, data: unknown): string =>
  `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export interface LiveStreamOptions {
  readonly keepAliveMs: number;
  /** Called once, when the stream ends (the game ended, the watcher left, the server closed). */
  readonly onClose: () => void;
}

/**
 * A game's live stream as a `text/event-stream` body: `state` now, then a `move` per applied
 * move and `end` when the game ends (the stream then closes), with `: keep-alive` every
 * `keepAliveMs` so proxies keep it open. A watcher that disconnects is removed from the game.
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
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string): void => {
        if (!closed) controller.enqueue(encoder.encode(text));
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
  });
}
