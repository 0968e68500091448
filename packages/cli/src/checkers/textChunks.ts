/**
 * A text file's bytes as strings of `chunkBytes` bytes or a little more each (up to the next
 * newline), every one but the last cut just after a newline, so no line (and no UTF-8 sequence:
 * a newline byte is never inside one) is split; joined, they are the whole text. For files of millions of lines, longer than the
 * longest string the engine makes (`tune.js` reads label files this way).
 *
 * @example
 * [...textChunks(Buffer.from('a\nbc\nd'), 1)] // ['a\n', 'bc\n', 'd']
 */
export function* textChunks(bytes: Uint8Array, chunkBytes = 1 << 26): Generator<string> {
  const decoder = new TextDecoder();
  for (let from = 0; from < bytes.length; ) {
    // The first newline at or after from + chunkBytes - 1 ends the piece (the whole rest if none).
    const cut = bytes.indexOf(10, Math.min(from + Math.max(chunkBytes, 1) - 1, bytes.length - 1));
    const to = cut < 0 ? bytes.length : cut + 1;
    yield decoder.decode(bytes.subarray(from, to));
    from = to;
  }
}
