import { describe, expect, it } from 'vitest';
import { movesDigest, NO_MOVES_DIGEST, nextMovesDigest } from './movesDigest.js';

describe('the digest of the moves', () => {
  // Python: d = ''; for l in 'LR': d = hashlib.sha256((d + l).encode()).hexdigest()
  it('chains hex SHA-256: d(0) = "", d(n+1) = sha256(d(n) + letter)', () => {
    expect(movesDigest('')).toBe(NO_MOVES_DIGEST);
    expect(movesDigest('L')).toBe(
      '72dfcfb0c470ac255cde83fb8fe38de8a128188e03ea5ba5b2a93adbea1062fa',
    );
    expect(movesDigest('LR')).toBe(
      'bc8b681802243381918fb9c028c493caf00ab0c08b6ae670ceade1ed51328b85',
    );
    expect(nextMovesDigest(movesDigest('L'), 'R')).toBe(movesDigest('LR'));
  });

  it('tells apart moves of the same count', () => {
    expect(movesDigest('DR')).not.toBe(movesDigest('LR'));
    expect(movesDigest('UD')).not.toBe(movesDigest('DU'));
  });
});
