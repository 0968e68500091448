// Server-Sent Events read from a fetch body, as the HTML standard's `text/event-stream` says:
// lines end in CR, LF or CRLF; `event:`, `data:` and `id:` fields; a blank line dispatches;
// a line starting with a colon is a comment (the server's keep-alive). A line longer than the
// cap ends the stream with a named error, so a broken or hostile server cannot fill memory.

import { errorMessage } from '@twenty48/common';
import { type ByteReader, type ClientResult, clientError, failWith, platform } from './http.js';

/** One event: its name (`message` when the server named none), its data, its id. */
export interface StreamEvent {
  readonly event: string;
  readonly data: string;
  readonly id: string | null;
}

/** The longest line read (a whole 8x8 board with large tiles is about 1,000 characters). */
export const MAX_EVENT_LINE = 64 * 1024;

/** A push parser: text in, in any pieces; the events completed by it out. */
export interface EventParser {
  /** Feed text; the events it completes, or `ERR_LINE_TOO_LONG`. */
  push(text: string): ClientResult<StreamEvent[]>;
}

/**
 * A parser of `text/event-stream` text that may arrive cut anywhere, even inside a CRLF.
 *
 * @example
 * const parser = createEventParser();
 * parser.push('event: move\ndata: {"a":1}\n'); // { ok: true, value: [] }
 * parser.push('\n');                          // { ok: true, value: [{ event: 'move', data: '{"a":1}', id: null }] }
 */
export function createEventParser(maxLine = MAX_EVENT_LINE): EventParser {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | null = null;
  /** A CR ended the last piece: an LF starting the next one belongs to it. */
  let afterCr = false;

  const field = (line: string, out: StreamEvent[]): void => {
    if (line === '') {
      if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n'), id });
      event = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    const raw = colon === -1 ? '' : line.slice(colon + 1);
    const value = raw.startsWith(' ') ? raw.slice(1) : raw;
    if (name === 'event') event = value;
    else if (name === 'data') data.push(value);
    else if (name === 'id' && !value.includes('\0')) id = value;
  };

  return {
    push(text) {
      if (text === '') return { ok: true, value: [] };
      const rest = afterCr && text.startsWith('\n') ? text.slice(1) : text;
      afterCr = false;
      buffer += rest;
      const out: StreamEvent[] = [];
      for (let end = buffer.search(/[\r\n]/); end !== -1; end = buffer.search(/[\r\n]/)) {
        if (end > maxLine) break;
        field(buffer.slice(0, end), out);
        const crlf = buffer[end] === '\r' && buffer[end + 1] === '\n';
        if (buffer[end] === '\r' && end + 1 === buffer.length) afterCr = true;
        buffer = buffer.slice(end + (crlf ? 2 : 1));
      }
      // Left over: a line not ended yet, or one too long that stopped the loop.
      if (buffer.length > maxLine) {
        return failWith(
          clientError(
            'ERR_LINE_TOO_LONG',
            `a line of the event stream is over ${maxLine} characters`,
          ),
        );
      }
      return { ok: true, value: out };
    },
  };
}

/**
 * Every event of a byte stream, in order, until it ends; a failure (a line too long, the
 * connection lost) comes last. The reader is cancelled on the way out.
 *
 * @example
 * for await (const item of readEventStream(response.body.getReader())) if (item.ok) show(item.value);
 */
export async function* readEventStream(
  reader: ByteReader,
  maxLine = MAX_EVENT_LINE,
): AsyncGenerator<ClientResult<StreamEvent>, void, undefined> {
  const parser = createEventParser(maxLine);
  const decoder = new platform.TextDecoder();
  try {
    for (;;) {
      let chunk: Awaited<ReturnType<ByteReader['read']>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        const message = errorMessage(error);
        yield failWith(clientError('ERR_OFFLINE', `the stream broke off: ${message}`));
        return;
      }
      const text = chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      // At the end, an event without its blank line is dropped, as the standard says.
      const parsed = parser.push(text);
      if (!parsed.ok) {
        yield parsed;
        return;
      }
      for (const event of parsed.value) yield { ok: true, value: event };
      if (chunk.done) return;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}
