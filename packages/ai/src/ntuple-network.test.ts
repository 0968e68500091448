import { describe, expect, it } from 'vitest';
import { addStage, type NetworkShape, stageOfExponent, stageSize } from './ntuple-network.js';

const SHAPE: NetworkShape = { tuples: [[0, 1], [5]], stages: [0, 10] };

describe('addStage', () => {
  const size = stageSize(SHAPE);
  const values = Float32Array.from({ length: 2 * size }, (_, i) => i);

  it('inserts a stage whose weights copy the stage that valued its boards', () => {
    const { shape, values: grown } = addStage(SHAPE, values, 13);
    expect(shape.stages).toEqual([0, 10, 13]);
    expect(grown.subarray(0, 2 * size)).toEqual(values);
    expect(grown.subarray(2 * size)).toEqual(values.subarray(size));
    // Below the old stages too: a stage from 4 copies stage 0.
    const early = addStage(SHAPE, values, 4);
    expect(early.shape.stages).toEqual([0, 4, 10]);
    expect(early.values.subarray(size, 2 * size)).toEqual(values.subarray(0, size));
    expect(early.values.subarray(2 * size)).toEqual(values.subarray(size));
    // Every exponent reads the same weights as before.
    for (let e = 0; e < 16; e++) {
      const was = stageOfExponent(SHAPE, e);
      const now = stageOfExponent(early.shape, e);
      expect(early.values.subarray(now * size, (now + 1) * size)).toEqual(
        values.subarray(was * size, (was + 1) * size),
      );
    }
  });

  it('copies two values per weight (temporal coherence) the same way', () => {
    const pairs = Float32Array.from({ length: 4 * size }, (_, i) => -i);
    const { values: grown } = addStage(SHAPE, pairs, 12, 2);
    expect(grown.length).toBe(6 * size);
    expect(grown.subarray(4 * size)).toEqual(pairs.subarray(2 * size));
  });

  it('changes nothing for a stage the network has, and refuses an exponent out of range', () => {
    const same = addStage(SHAPE, values, 10);
    expect(same.shape).toBe(SHAPE);
    expect(same.values).toBe(values);
    expect(() => addStage(SHAPE, values, 16)).toThrow(/a stage from exponent 16/);
  });
});
