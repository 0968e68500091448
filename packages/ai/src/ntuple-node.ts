/**
 * The shipped n-tuple network in Node: read from the package's `networks/` folder (or the file
 * `TWENTY48_NETWORK` names), gzip or not, through `parseNetwork`'s named refusals.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { isGzip, parseNetwork } from './ntuple-format.js';
import { type NetworkLoad, provideNetwork } from './ntuple-player.js';

/** The network that ships with the package (classic rules), relative to this file in dist/. */
export const SHIPPED_NETWORK = fileURLToPath(
  new URL('../networks/classic.t48n.gz', import.meta.url),
);

/** The network file the players read: `TWENTY48_NETWORK` when set, else the shipped one. */
export const networkPath = (): string => process.env.TWENTY48_NETWORK || SHIPPED_NETWORK;

/**
 * A network file from disk: the network, or a named refusal (missing file, foreign, truncated,
 * damaged — a bad gzip stream counts as damaged).
 *
 * @example
 * const load = readNetwork('net.t48n.gz'); if (!load.ok) console.error(load.error.code);
 */
export function readNetwork(
  path: string,
): NetworkLoad & { games?: number; training?: unknown; coherence?: Float32Array } {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch {
    return {
      ok: false,
      error: { code: 'ERR_NETWORK_MISSING', message: `no network file at ${path.slice(-200)}` },
    };
  }
  if (isGzip(bytes)) {
    try {
      bytes = gunzipSync(bytes);
    } catch {
      return {
        ok: false,
        error: {
          code: 'ERR_NETWORK_DAMAGED',
          message: 'the network file’s gzip stream is damaged',
        },
      };
    }
  }
  const parsed = parseNetwork(bytes);
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    value: parsed.value.network,
    games: parsed.value.games,
    training: parsed.value.training,
    ...(parsed.value.coherence ? { coherence: parsed.value.coherence } : {}),
  };
}

/** Let this thread's n-tuple players read `networkPath()` on first use. */
export function useShippedNetwork(): void {
  provideNetwork(() => readNetwork(networkPath()));
}
