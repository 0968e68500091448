/**
 * The evaluation network on disk: the rules package's network file (`networkFormat.ts`),
 * gzipped or not. Reading names every refusal (`ERR_NETWORK_MISSING`, `ERR_NETWORK_FOREIGN`,
 * `ERR_NETWORK_VERSION`, `ERR_NETWORK_TRUNCATED`, `ERR_NETWORK_DAMAGED`) and never throws: an
 * engine without its network plays on with the hand-written evaluation alone.
 */
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import {
  type EvalNetworkFile,
  type NetworkFileErrorCode,
  parseNetworkFile,
} from '@twenty48/checkers';
import { type DataFileRead, readDataFile } from './dataFile.js';

/**
 * The network that comes with checkers: the rules package's networks/eval.t48c.gz (the browser
 * fetches the same file).
 */
export const DEFAULT_NETWORK_PATH = createRequire(import.meta.url).resolve(
  '@twenty48/checkers/networks/eval.t48c.gz',
);

/** A network file read, or why not. */
export type NetworkFileRead = DataFileRead<
  EvalNetworkFile,
  NetworkFileErrorCode | 'ERR_NETWORK_MISSING'
>;

/**
 * The network file at `path` (gzipped or not), checked.
 *
 * @example
 * readNetworkFile(DEFAULT_NETWORK_PATH) // { ok: true, value: { network, provenance } }
 */
export function readNetworkFile(path: string): NetworkFileRead {
  const bytes = readDataFile(path, 'ERR_NETWORK_MISSING', 'the evaluation network');
  if (!bytes.ok) return bytes;
  let raw: Uint8Array = bytes.value;
  if (raw[0] === 0x1f && raw[1] === 0x8b) {
    try {
      raw = gunzipSync(raw);
    } catch (error) {
      const truncated = /unexpected end/i.test(String(error));
      return {
        ok: false,
        code: truncated ? 'ERR_NETWORK_TRUNCATED' : 'ERR_NETWORK_DAMAGED',
        message: 'the network file’s gzip stream cannot be read',
      };
    }
  }
  return parseNetworkFile(raw);
}
