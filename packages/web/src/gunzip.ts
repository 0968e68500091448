// Fetching a gzipped data file in a worker: the bytes, decompressed by the browser when they are
// a gzip stream (1f 8b), or a named failure. The 2048 AI's network and the checkers evaluation
// network both come this way.

/** The bytes of a gzip stream, decompressed by the browser. */
export async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([new Uint8Array(bytes)])
    .stream()
    .pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A fetched file's bytes, or why not: `missing` (no answer, not 200) or `damaged` (bad gzip). */
export type Fetched =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly why: 'missing' | 'damaged'; readonly message: string };

/**
 * The file at `url`, decompressed when gzipped.
 *
 * @example
 * const file = await fetchGzipped(networkUrl); if (file.ok) parseNetwork(file.bytes);
 */
export async function fetchGzipped(url: string): Promise<Fetched> {
  let raw: Uint8Array;
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    raw = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    return { ok: false, why: 'missing', message: `it could not be fetched (${error})` };
  }
  if (raw[0] !== 0x1f || raw[1] !== 0x8b) return { ok: true, bytes: raw };
  try {
    return { ok: true, bytes: await gunzip(raw) };
  } catch {
    return { ok: false, why: 'damaged', message: 'its gzip stream is damaged' };
  }
}
