import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEventParser, readEventStream, type StreamEvent } from './event-stream.js';
import type { ByteReader } from './http.js';
import { readerOf } from './testing/byte-reader.js';

const parseAll = (pieces: readonly string[], maxLine?: number) => {
  const parser = createEventParser(maxLine);
  const events: StreamEvent[] = [];
  for (const piece of pieces) {
    const parsed = parser.push(piece);
    if (!parsed.ok) return parsed;
    events.push(...parsed.value);
  }
  return { ok: true as const, value: events };
};

const STREAM =
  ': keep-alive\n\nevent: state\ndata: {"a":1}\n\nevent: move\r\ndata: {"b":2}\r\n\r\n' +
  'data: line one\ndata:line two\nid: 7\n\n: keep-alive\n\n';
const EXPECTED: StreamEvent[] = [
  { event: 'state', data: '{"a":1}', id: null },
  { event: 'move', data: '{"b":2}', id: null },
  { event: 'message', data: 'line one\nline two', id: '7' },
];

describe('the event stream', () => {
  it('reads named events, multi-line data and ids, and skips comments', () => {
    expect(parseAll([STREAM])).toEqual({ ok: true, value: EXPECTED });
  });

  it('reads the same events however the text is cut, even inside a CRLF', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: STREAM.length }), { maxLength: 12 }),
        (cuts) => {
          const at = [0, ...[...cuts].sort((a, b) => a - b), STREAM.length];
          const pieces = at.slice(1).map((end, i) => STREAM.slice(at[i], end));
          expect(parseAll(pieces)).toEqual({ ok: true, value: EXPECTED });
        },
      ),
    );
  });

  it('keeps a CR at the end of a piece with the LF after an empty piece', () => {
    expect(parseAll(['data: x\r', '', '\n', 'data: y\n\n'])).toEqual({
      ok: true,
      value: [{ event: 'message', data: 'x\ny', id: null }],
    });
  });

  it('treats a lone CR as a line end', () => {
    expect(parseAll(['event: end\rdata: x\r\r'])).toEqual({
      ok: true,
      value: [{ event: 'end', data: 'x', id: null }],
    });
  });

  it('stops at a line over the cap, ended or not', () => {
    expect(parseAll([`data: ${'x'.repeat(100)}`], 50)).toMatchObject({
      ok: false,
      error: { code: 'ERR_LINE_TOO_LONG' },
    });
    expect(parseAll([`data: ${'x'.repeat(100)}\n\n`], 50)).toMatchObject({
      ok: false,
      error: { code: 'ERR_LINE_TOO_LONG' },
    });
    expect(parseAll([`data: ${'x'.repeat(40)}\n\n`], 50).ok).toBe(true);
  });

  it('decodes UTF-8 split across chunks, drops an unfinished last event and cancels the reader', async () => {
    const bytes = new TextEncoder().encode('data: é😀\n\ndata: half');
    const reader = readerOf([bytes.slice(0, 7), bytes.slice(7)]);
    const read: unknown[] = [];
    for await (const item of readEventStream(reader)) read.push(item);
    expect(read).toEqual([{ ok: true, value: { event: 'message', data: 'é😀', id: null } }]);
    expect(reader.cancelled).toBe(true);
  });

  it('ends with ERR_OFFLINE when the connection breaks', async () => {
    const reader: ByteReader = {
      read: async () => {
        throw new TypeError('terminated');
      },
      cancel: async () => {},
    };
    const read: unknown[] = [];
    for await (const item of readEventStream(reader)) read.push(item);
    expect(read).toMatchObject([{ ok: false, error: { code: 'ERR_OFFLINE' } }]);
  });
});
