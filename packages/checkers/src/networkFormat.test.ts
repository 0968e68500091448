/** The evaluation network file: a round trip, exact, and every refusal named. */
import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32.js';
import { NETWORK_INPUTS } from './network.js';
import { makeNetworkFile, parseNetworkFile } from './networkFormat.js';

const hidden = 6;
const network = {
  hidden,
  w1: new Float32Array(NETWORK_INPUTS * hidden).map((_, i) => Math.sin(i) / 3),
  b1: new Float32Array(hidden).map((_, i) => i / 7),
  w2: new Float32Array(hidden).map((_, i) => -i / 5),
  b2: 0.125,
};
const hidden2 = 3;
const twoLayers = {
  ...network,
  hidden2,
  wMid: new Float32Array(hidden2 * hidden).map((_, i) => Math.cos(i) / 4),
  bMid: new Float32Array(hidden2).map((_, i) => -i / 9),
  w2: new Float32Array(hidden2).map((_, i) => (i + 1) / 6),
};
const provenance = { command: 'tune.js network --in x.tsv', summary: 'rms 131 → 76' };
const good = makeNetworkFile(network, provenance);

const code = (bytes: Uint8Array) => {
  const read = parseNetworkFile(bytes);
  return read.ok ? 'ok' : read.code;
};

/** The bytes with their checksum made right again after a change. */
const resealed = (bytes: Uint8Array): Uint8Array => {
  const copy = bytes.slice();
  new DataView(copy.buffer).setUint32(
    copy.length - 4,
    crc32(copy.subarray(0, copy.length - 4)),
    true,
  );
  return copy;
};

/** Where the weights start: the 18-byte header, then the provenance. */
const WEIGHTS_AT = 18 + JSON.stringify(provenance).replace(/[^\x20-\x7e]/g, '\\u0000').length;

describe('the evaluation network file', () => {
  it('reads back every weight exactly, and the provenance as written', () => {
    const read = parseNetworkFile(good);
    if (!read.ok) throw new Error(read.message);
    expect(read.value.network).toEqual(network);
    expect(read.value.provenance).toEqual(provenance);
    // One hidden layer is written as version 1; two as version 2, with the second layer's size.
    expect(good[8]).toBe(1);
    const two = makeNetworkFile(twoLayers, provenance);
    expect(two[8]).toBe(2);
    const readTwo = parseNetworkFile(two);
    if (!readTwo.ok) throw new Error(readTwo.message);
    expect(readTwo.value.network).toEqual(twoLayers);
  });

  it('refuses what is not a network file: ERR_NETWORK_FOREIGN', () => {
    expect(code(new Uint8Array(0))).toBe('ERR_NETWORK_FOREIGN');
    expect(code(new TextEncoder().encode('T48NTUPL, the 2048 network, not this'))).toBe(
      'ERR_NETWORK_FOREIGN',
    );
  });

  it('refuses another version or other inputs: ERR_NETWORK_VERSION', () => {
    for (const v of [0, 3]) {
      const version = good.slice();
      version[8] = v;
      expect(code(version)).toBe('ERR_NETWORK_VERSION');
    }
    const inputs = good.slice();
    inputs[10] = 64;
    expect(code(resealed(inputs))).toBe('ERR_NETWORK_VERSION');
  });

  it('refuses a file cut anywhere: ERR_NETWORK_TRUNCATED', () => {
    for (const length of [9, 17, WEIGHTS_AT + 3, good.length / 2, good.length - 1]) {
      expect(code(good.subarray(0, Math.floor(length)))).toBe('ERR_NETWORK_TRUNCATED');
    }
    const two = makeNetworkFile(twoLayers, provenance);
    for (const length of [15, 19, two.length - 13, two.length - 1]) {
      expect(code(two.subarray(0, length))).toBe('ERR_NETWORK_TRUNCATED');
    }
  });

  it('refuses a changed file: ERR_NETWORK_DAMAGED', () => {
    const flipped = good.slice();
    flipped[WEIGHTS_AT + 40] = (flipped[WEIGHTS_AT + 40] as number) ^ 1;
    expect(code(flipped)).toBe('ERR_NETWORK_DAMAGED');
    const none = good.slice();
    none[12] = 0;
    none[13] = 0;
    expect(code(resealed(none))).toBe('ERR_NETWORK_DAMAGED');
    const nan = good.slice();
    new DataView(nan.buffer).setFloat32(WEIGHTS_AT + 8, Number.NaN, true);
    expect(code(resealed(nan))).toBe('ERR_NETWORK_DAMAGED');
    const prose = good.slice();
    prose[18] = '}'.charCodeAt(0);
    expect(code(resealed(prose))).toBe('ERR_NETWORK_DAMAGED');
    // A second layer of no units.
    const empty = makeNetworkFile(twoLayers, provenance);
    empty[14] = 0;
    expect(code(resealed(empty))).toBe('ERR_NETWORK_DAMAGED');
    const longer = new Uint8Array(good.length + 4);
    longer.set(good.subarray(0, good.length - 4));
    expect(code(resealed(longer))).toBe('ERR_NETWORK_DAMAGED');
  });

  it('will not write layers that disagree with the hidden units', () => {
    expect(() => makeNetworkFile({ ...network, w2: new Float32Array(2) }, {})).toThrow(RangeError);
    expect(() => makeNetworkFile({ ...network, hidden: 0 }, {})).toThrow(RangeError);
    expect(() => makeNetworkFile({ ...twoLayers, bMid: new Float32Array(2) }, {})).toThrow(
      RangeError,
    );
  });
});
