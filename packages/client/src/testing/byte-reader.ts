import type { ByteReader } from '../http.js';

/** A reader over byte chunks, as `response.body.getReader()` gives. */
export function readerOf(chunks: readonly Uint8Array[]): ByteReader & { cancelled: boolean } {
  let next = 0;
  const reader = {
    cancelled: false,
    read: async () =>
      reader.cancelled || next >= chunks.length
        ? { done: true }
        : { done: false, value: chunks[next++] as Uint8Array },
    cancel: async () => {
      reader.cancelled = true;
    },
  };
  return reader;
}
