import { crc32 } from './crc32.js';
import { type EvalNetwork, NETWORK_INPUTS } from './network.js';

// The evaluation network file (README: "The evaluation network file"), as bytes (compression is
// the caller's), little-endian:
//
//   0   8 bytes  magic "T48CKNET"
//   8   u16      version: 1 (one hidden layer) or 2 (two)
//   10  u16      inputs (128: network.ts' own), u16 hidden units H (1..1024)
//   14  version 2 only: u16 second-layer units H2 (1..1024)
//   ..  u32      N, then N bytes of JSON in ASCII: how the file was made (command, fit)
//   ..           float32 weights: inputs x H first layer (input-major), H biases; version 2:
//                H2 x H second layer (unit-major), H2 biases; the output weights (H, or H2),
//                the output bias; every one finite
//   end u32      CRC-32 (IEEE) of every byte before it

/** Why bytes are not an evaluation network. */
export type NetworkFileErrorCode =
  | 'ERR_NETWORK_FOREIGN'
  | 'ERR_NETWORK_VERSION'
  | 'ERR_NETWORK_TRUNCATED'
  | 'ERR_NETWORK_DAMAGED';

export const EVAL_NETWORK_MAGIC = 'T48CKNET';
/** The newest version this program reads and writes (version 1, one hidden layer, is read
 * too and written for a network of one layer). */
export const EVAL_NETWORK_VERSION = 2;
/** The most hidden units a file may have. */
export const MAX_HIDDEN = 1024;

/** An evaluation network file read: the network and how it was made. */
export interface EvalNetworkFile {
  readonly network: EvalNetwork;
  readonly provenance: unknown;
}

type NetworkRead =
  | { readonly ok: true; readonly value: EvalNetworkFile }
  | { readonly ok: false; readonly code: NetworkFileErrorCode; readonly message: string };

const refuse = (code: NetworkFileErrorCode, message: string): NetworkRead => ({
  ok: false,
  code,
  message,
});

// The header's length by version.
const headOf = (version: number): number => (version === 1 ? 18 : 20);
const weightCount = (hidden: number, hidden2: number): number =>
  NETWORK_INPUTS * hidden +
  hidden +
  (hidden2 > 0 ? hidden2 * hidden + hidden2 : 0) +
  (hidden2 > 0 ? hidden2 : hidden) +
  1;

/**
 * The bytes of a network file holding `network` and `provenance` (any JSON).
 *
 * @example
 * parseNetworkFile(makeNetworkFile(network, { command: '…' })).ok // true
 */
export function makeNetworkFile(network: EvalNetwork, provenance: unknown): Uint8Array {
  const { hidden, hidden2 = 0, wMid, bMid } = network;
  const layers = (units: number, most: number) =>
    Number.isInteger(units) && units >= 1 && units <= most;
  if (
    !layers(hidden, MAX_HIDDEN) ||
    !(hidden2 === 0 || layers(hidden2, MAX_HIDDEN)) ||
    network.w1.length !== NETWORK_INPUTS * hidden ||
    network.b1.length !== hidden ||
    network.w2.length !== (hidden2 > 0 ? hidden2 : hidden) ||
    (hidden2 > 0 && (wMid?.length !== hidden2 * hidden || bMid?.length !== hidden2))
  ) {
    throw new RangeError('the network’s layers do not agree with its hidden units');
  }
  const version = hidden2 > 0 ? 2 : 1;
  const head = headOf(version);
  // JSON in ASCII: anything beyond it written as \u escapes, which JSON reads back.
  const json = JSON.stringify(provenance).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const about = Uint8Array.from(json, (c) => c.charCodeAt(0));
  const bytes = new Uint8Array(head + about.length + 4 * weightCount(hidden, hidden2) + 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 8; i++) bytes[i] = EVAL_NETWORK_MAGIC.charCodeAt(i);
  view.setUint16(8, version, true);
  view.setUint16(10, NETWORK_INPUTS, true);
  view.setUint16(12, hidden, true);
  if (version === 2) view.setUint16(14, hidden2, true);
  view.setUint32(head - 4, about.length, true);
  bytes.set(about, head);
  let at = head + about.length;
  const middle = hidden2 > 0 && wMid && bMid ? [wMid, bMid] : [];
  for (const part of [network.w1, network.b1, ...middle, network.w2, Float32Array.of(network.b2)]) {
    for (const w of part) {
      view.setFloat32(at, w, true);
      at += 4;
    }
  }
  view.setUint32(at, crc32(bytes.subarray(0, at)), true);
  return bytes;
}

/**
 * A network file's bytes (uncompressed) read, every refusal named: not a network file
 * (ERR_NETWORK_FOREIGN), another version or inputs this program does not use
 * (ERR_NETWORK_VERSION), cut short (ERR_NETWORK_TRUNCATED), changed since it was written: the
 * checksum, the length, the provenance, no hidden units or a weight that is not a number
 * (ERR_NETWORK_DAMAGED).
 *
 * @example
 * parseNetworkFile(new Uint8Array(3)) // { ok: false, code: 'ERR_NETWORK_FOREIGN', … }
 */
export function parseNetworkFile(bytes: Uint8Array): NetworkRead {
  if (bytes.length < 8 || [...EVAL_NETWORK_MAGIC].some((c, i) => bytes[i] !== c.charCodeAt(0))) {
    return refuse('ERR_NETWORK_FOREIGN', 'not a checkers evaluation network (no T48CKNET magic)');
  }
  if (bytes.length < 12) {
    return refuse('ERR_NETWORK_TRUNCATED', 'the network file ends in its header');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint16(8, true);
  const inputs = view.getUint16(10, true);
  if (version < 1 || version > EVAL_NETWORK_VERSION || inputs !== NETWORK_INPUTS) {
    return refuse(
      'ERR_NETWORK_VERSION',
      `network file version ${version} with ${inputs} inputs: this program reads versions 1 to ${EVAL_NETWORK_VERSION} with ${NETWORK_INPUTS}`,
    );
  }
  const head = headOf(version);
  if (bytes.length < head) {
    return refuse('ERR_NETWORK_TRUNCATED', 'the network file ends in its header');
  }
  const hidden = view.getUint16(12, true);
  const hidden2 = version === 2 ? view.getUint16(14, true) : 0;
  if (
    hidden < 1 ||
    hidden > MAX_HIDDEN ||
    (version === 2 && (hidden2 < 1 || hidden2 > MAX_HIDDEN))
  ) {
    return refuse(
      'ERR_NETWORK_DAMAGED',
      `the network file has ${version === 2 ? `${hidden} and ${hidden2}` : hidden} hidden units`,
    );
  }
  const aboutLength = view.getUint32(head - 4, true);
  const expected = head + aboutLength + 4 * weightCount(hidden, hidden2) + 4;
  if (bytes.length < expected) {
    return refuse('ERR_NETWORK_TRUNCATED', 'the network file ends before its weights do');
  }
  if (bytes.length > expected) {
    return refuse('ERR_NETWORK_DAMAGED', 'the network file is longer than its layers say');
  }
  if (crc32(bytes.subarray(0, bytes.length - 4)) !== view.getUint32(bytes.length - 4, true)) {
    return refuse('ERR_NETWORK_DAMAGED', 'the network file’s checksum does not match');
  }
  let provenance: unknown;
  try {
    let json = '';
    for (const b of bytes.subarray(head, head + aboutLength)) json += String.fromCharCode(b);
    provenance = JSON.parse(json);
  } catch {
    return refuse('ERR_NETWORK_DAMAGED', 'the network file’s provenance is not JSON');
  }
  let at = head + aboutLength;
  const take = (count: number): Float32Array => {
    const part = new Float32Array(count);
    for (let i = 0; i < count; i++, at += 4) part[i] = view.getFloat32(at, true);
    return part;
  };
  const w1 = take(NETWORK_INPUTS * hidden);
  const b1 = take(hidden);
  const wMid = take(hidden2 * hidden);
  const bMid = take(hidden2);
  const w2 = take(hidden2 > 0 ? hidden2 : hidden);
  const b2 = take(1)[0] as number;
  if (
    ![w1, b1, wMid, bMid, w2].every((part) => part.every(Number.isFinite)) ||
    !Number.isFinite(b2)
  ) {
    return refuse('ERR_NETWORK_DAMAGED', 'the network file holds a weight that is not a number');
  }
  const network =
    hidden2 > 0 ? { hidden, w1, b1, hidden2, wMid, bMid, w2, b2 } : { hidden, w1, b1, w2, b2 };
  return { ok: true, value: { network, provenance } };
}
