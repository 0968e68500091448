// Following a server-sent-events stream over fetch, for the game watcher and the race follower
// alike: connect, refuse an answer that is not a stream (with the server's named error), hand
// each event to the caller's step, end with a named error when the stream breaks or closes,
// and stop at once on close().

import { errorMessage } from '@twenty48/common';
import { MAX_EVENT_LINE, readEventStream, type StreamEvent } from './event-stream.js';
import { type ByteReader, type ClientError, clientError, type Fetch, readAnswer } from './http.js';

/** The last update of a followed stream that failed: it could not open, broke off or closed. */
export interface StreamError {
  readonly type: 'error';
  readonly error: ClientError;
}

/** A stream being followed: its updates, and a way to stop at once. */
export interface Followed<U> extends AsyncIterable<U> {
  /** Stop following: the stream is closed and the updates end. */
  close(): void;
}

/** What one event makes: an update to pass on (or none), and whether it is the last. */
export interface StepResult<U> {
  readonly update: U | null;
  readonly last: boolean;
}

/** The words of a follower's two own errors: `cannot` before a failed connection's cause. */
export interface StreamWords {
  readonly cannot: string;
  readonly ended: string;
}

/**
 * Follow the event stream at `url`: each event through `step`, its update passed on, until an
 * update `step` marks last, `close()`, or an `error` update (ERR_OFFLINE when it cannot
 * connect or breaks off, the server's own error when it answers otherwise, ERR_STREAM_CLOSED
 * when the server ends the stream first).
 *
 * @example
 * followEventStream(fetch, url, { cannot: 'cannot follow', ended: 'the stream ended' }, (event) => ({ update: event, last: false }))
 */
export function followEventStream<U>(
  fetcher: Fetch,
  url: string,
  words: StreamWords,
  step: (event: StreamEvent) => StepResult<U>,
  maxLine = MAX_EVENT_LINE,
): Followed<U | StreamError> {
  let reader: ByteReader | null = null;
  let closed = false;

  async function* updates(): AsyncGenerator<U | StreamError, void, undefined> {
    let response: Awaited<ReturnType<Fetch>>;
    try {
      response = await fetcher(url, { headers: { accept: 'text/event-stream' } });
    } catch (error) {
      const message = `${words.cannot}: ${errorMessage(error)}`;
      yield { type: 'error', error: clientError('ERR_OFFLINE', message) };
      return;
    }
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !type.includes('text/event-stream') || !response.body) {
      const text = await response.text().catch(() => '');
      const answer = readAnswer(response.status, text, null, () => null);
      if (!answer.ok) yield { type: 'error', error: answer.error };
      return;
    }
    reader = response.body.getReader();
    if (closed) await reader.cancel().catch(() => {});
    for await (const item of readEventStream(reader, maxLine)) {
      if (closed) return;
      if (!item.ok) {
        yield { type: 'error', error: item.error };
        return;
      }
      const next = step(item.value);
      if (next.update !== null) yield next.update;
      if (next.last) return;
    }
    if (!closed) yield { type: 'error', error: clientError('ERR_STREAM_CLOSED', words.ended) };
  }

  const iterator = updates();
  return {
    [Symbol.asyncIterator]: () => iterator,
    close() {
      closed = true;
      reader?.cancel().catch(() => {});
    },
  };
}
