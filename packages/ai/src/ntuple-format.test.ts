import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  crc32,
  fromHalf,
  int16Quantum,
  makeNetwork,
  type NetworkFile,
  parseNetwork,
  toHalf,
  toInt16,
} from './ntuple-format.js';
import { type NetworkShape, newNetwork } from './ntuple-network.js';
import { readNetwork } from './ntuple-node.js';

const SHAPE: NetworkShape = {
  tuples: [
    [0, 1, 2],
    [4, 5],
  ],
  stages: [0, 9],
};

function sample(training: unknown = { seed: 's', rng: [[1, 2]] }): NetworkFile {
  const network = newNetwork(SHAPE);
  network.weights.forEach((_, i) => {
    network.weights[i] = Math.sin(i) * 1000 + (i % 3 === 0 ? 0.1 : 0);
  });
  return { network, games: 12345, training };
}

const code = (bytes: Uint8Array) => {
  const parsed = parseNetwork(bytes);
  return parsed.ok ? 'ok' : parsed.error.code;
};

describe('the network file', () => {
  it('round-trips float32 weights, shape, stages, games and training state exactly', () => {
    const file = sample();
    const parsed = parseNetwork(makeNetwork(file));
    expect(parsed.ok && parsed.value).toEqual(file);
  });

  it('round-trips a checkpoint with temporal coherence (E and A after the weights)', () => {
    const base = sample({ seed: 's', rng: [[1, 2]], coherence: true });
    const coherence = Float32Array.from({ length: 2 * base.network.weights.length }, (_, i) =>
      i % 2 === 0 ? Math.cos(i) * 50 : i / 3,
    );
    const file = { ...base, coherence };
    const bytes = makeNetwork(file);
    // The plain checkpoint's bytes, the longer JSON, then E and A: 8 bytes a weight.
    const longer = ',"coherence":true'.length;
    expect(bytes.length).toBe(
      makeNetwork(sample()).length + longer + 8 * base.network.weights.length,
    );
    const parsed = parseNetwork(bytes);
    expect(parsed.ok && parsed.value).toEqual(file);
    // Cut inside the coherence: truncated, named as such.
    const cut = parseNetwork(bytes.subarray(0, bytes.length - 40));
    expect(!cut.ok && cut.error.code).toBe('ERR_NETWORK_TRUNCATED');
    expect(!cut.ok && cut.error.message).toMatch(/coherence/);
    // A state that says coherence with no coherence to write is a programming error, not a file.
    expect(() => makeNetwork(base)).toThrow(/coherence/);
  });

  it('round-trips float16 weights to the nearest half', () => {
    const file = sample(null);
    const parsed = parseNetwork(makeNetwork(file, 'float16'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.training).toBeNull();
    parsed.value.network.weights.forEach((w, i) => {
      const exact = file.network.weights[i] as number;
      expect(w).toBe(fromHalf(toHalf(exact)));
      expect(Math.abs(w - exact)).toBeLessThanOrEqual(Math.abs(exact) / 2048);
    });
  });

  it('round-trips int16 weights to the nearest multiple of the quantum, stored in the file', () => {
    const file = sample(null);
    const quantum = int16Quantum(file.network.weights);
    // The sample's weights reach about ±1000: 2^-5 is the finest power of two that holds them.
    expect(quantum).toBe(2 ** -5);
    const bytes = makeNetwork(file, 'int16');
    expect(bytes.length).toBe(makeNetwork(file, 'float16').length + 4);
    const parsed = parseNetwork(bytes);
    if (!parsed.ok) throw new Error(parsed.error.message);
    parsed.value.network.weights.forEach((w, i) => {
      const exact = file.network.weights[i] as number;
      expect(w).toBe(toInt16(exact, quantum) * quantum);
      expect(Math.abs(w - exact)).toBeLessThanOrEqual(quantum / 2);
    });
    // A coarser quantum given by the caller is kept; weights beyond ±32767 quanta are clamped.
    const coarse = parseNetwork(makeNetwork(file, 'int16', 0.01));
    expect(
      coarse.ok &&
        coarse.value.network.weights.some((w) => w === Math.fround(32767 * Math.fround(0.01))),
    ).toBe(true);
    expect(int16Quantum(Float32Array.of(-1000, 42990.7))).toBe(2);
    expect(toInt16(1e9, 1)).toBe(32767);
    expect(toInt16(-1e9, 1)).toBe(-32767);
  });

  it('round-trips int16-delta to exactly the int16 weights, a late stage near the first mostly zeros', () => {
    const file = sample(null);
    const { weights } = file.network;
    const stage = weights.length / 2;
    // The late stage: a copy of the first with a few weights moved, one across the int16 range.
    weights.copyWithin(stage, 0, stage);
    weights[stage + 3] = (weights[3] as number) + 77.3;
    weights[stage + 10] = -1000;
    weights[10] = 1000;
    const quantum = int16Quantum(weights);
    const plain = parseNetwork(makeNetwork(file, 'int16'));
    const bytes = makeNetwork(file, 'int16-delta');
    const delta = parseNetwork(bytes);
    if (!plain.ok || !delta.ok) throw new Error('not parsed');
    expect(delta.value.network.weights).toEqual(plain.value.network.weights);
    expect(delta.value.network.weights[stage + 10]).toBe(toInt16(-1000, quantum) * quantum);
    // A quantum that is not a power of two gives back the int16 weights all the same.
    const odd = parseNetwork(makeNetwork(file, 'int16-delta', 0.01));
    const oddPlain = parseNetwork(makeNetwork(file, 'int16', 0.01));
    expect(odd.ok && oddPlain.ok && odd.value.network.weights).toEqual(
      oddPlain.ok && oddPlain.value.network.weights,
    );
    // The late stage is stored as differences: all zero but the two weights that moved.
    const stored = new Int16Array(
      bytes.slice(bytes.length - 4 - 2 * stage, bytes.length - 4).buffer,
    );
    expect(stored.filter((d) => d !== 0).length).toBe(2);
    expect(gzipSync(bytes).length).toBeLessThan(gzipSync(makeNetwork(file, 'int16')).length);
  });

  it('refuses an int16 file whose quantum is not a positive number: ERR_NETWORK_DAMAGED', () => {
    const bytes = makeNetwork(sample(null), 'int16');
    // The quantum sits just before the weights: header, tuples, stages, games, length 0.
    const at = bytes.length - 4 - 2 * newNetwork(SHAPE).weights.length - 4;
    for (const bad of [0, -2, Number.NaN, Number.POSITIVE_INFINITY]) {
      const copy = bytes.slice();
      const view = new DataView(copy.buffer);
      view.setFloat32(at, bad, true);
      view.setUint32(copy.length - 4, crc32(copy.subarray(0, copy.length - 4)), true);
      const parsed = parseNetwork(copy);
      expect(!parsed.ok && parsed.error.code).toBe('ERR_NETWORK_DAMAGED');
      expect(!parsed.ok && parsed.error.message).toMatch(/quantum/);
    }
  });

  it('rounds halves to nearest even and keeps the edges', () => {
    expect(toHalf(1)).toBe(0x3c00);
    expect(toHalf(-2)).toBe(0xc000);
    expect(toHalf(65504)).toBe(0x7bff);
    expect(toHalf(1e6)).toBe(0x7c00);
    expect(toHalf(1 + 2 ** -11)).toBe(0x3c00); // a tie: stays even
    expect(toHalf(1 + 3 * 2 ** -11)).toBe(0x3c02); // a tie: rounds up to even
    expect(fromHalf(toHalf(2 ** -24))).toBe(2 ** -24);
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('refuses a file that is not a network: ERR_NETWORK_FOREIGN', () => {
    expect(code(new TextEncoder().encode('{"hello": "world"}'))).toBe('ERR_NETWORK_FOREIGN');
    expect(code(new Uint8Array(0))).toBe('ERR_NETWORK_FOREIGN');
  });

  it('refuses another version or encoding: ERR_NETWORK_VERSION', () => {
    const bytes = makeNetwork(sample());
    bytes[8] = 2;
    expect(code(bytes)).toBe('ERR_NETWORK_VERSION');
    const other = makeNetwork(sample());
    other[10] = 4;
    expect(code(other)).toBe('ERR_NETWORK_VERSION');
    const refused = parseNetwork(other);
    expect(!refused.ok && refused.error.message).toMatch(/encodings 0-3/);
  });

  it('refuses a file cut anywhere: ERR_NETWORK_TRUNCATED', () => {
    const bytes = makeNetwork(sample());
    for (const length of [9, 12, 15, 20, 40, bytes.length - 100, bytes.length - 1]) {
      expect(code(bytes.subarray(0, length))).toBe('ERR_NETWORK_TRUNCATED');
    }
  });

  it('refuses a changed byte (checksum), extra bytes or a bad shape: ERR_NETWORK_DAMAGED', () => {
    const bytes = makeNetwork(sample());
    const flipped = bytes.slice();
    flipped[bytes.length - 50] = (flipped[bytes.length - 50] as number) ^ 1;
    expect(code(flipped)).toBe('ERR_NETWORK_DAMAGED');
    const longer = new Uint8Array(bytes.length + 1);
    longer.set(bytes);
    expect(code(longer)).toBe('ERR_NETWORK_DAMAGED');
    const badCell = bytes.slice();
    badCell[13] = 16; // the first tuple's first cell
    expect(code(badCell)).toBe('ERR_NETWORK_DAMAGED');
  });

  it('is read from disk gzip or not, and a missing file or bad gzip is named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ntuple-'));
    const bytes = makeNetwork(sample(), 'float16');
    writeFileSync(join(dir, 'plain.t48n'), bytes);
    writeFileSync(join(dir, 'packed.t48n.gz'), gzipSync(bytes));
    const packed = gzipSync(bytes);
    packed[packed.length - 12] = (packed[packed.length - 12] as number) ^ 0xff;
    writeFileSync(join(dir, 'broken.t48n.gz'), packed);
    const plain = readNetwork(join(dir, 'plain.t48n'));
    const unpacked = readNetwork(join(dir, 'packed.t48n.gz'));
    expect(plain.ok && unpacked.ok && plain.value.weights).toEqual(
      unpacked.ok && unpacked.value.weights,
    );
    expect(plain.ok && plain.games).toBe(12345);
    const broken = readNetwork(join(dir, 'broken.t48n.gz'));
    expect(!broken.ok && broken.error.code).toBe('ERR_NETWORK_DAMAGED');
    const missing = readNetwork(join(dir, 'nothing.t48n'));
    expect(!missing.ok && missing.error.code).toBe('ERR_NETWORK_MISSING');
  });
});
