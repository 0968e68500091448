import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './limits.js';

describe('createRateLimiter', () => {
  it('allows the limit per sliding minute, per client', () => {
    const limiter = createRateLimiter(3);
    const at = (ms: number, client = 'a') => limiter.allow(client, ms);
    expect([at(0), at(10), at(20), at(30)]).toEqual([true, true, true, false]);
    expect(at(40, 'b')).toBe(true);
    expect(at(59_999)).toBe(false);
    expect(at(60_001)).toBe(true); // the request at 0 has left the window
    expect(at(60_005)).toBe(false);
  });

  it('does not count refused requests', () => {
    const limiter = createRateLimiter(1);
    expect(limiter.allow('a', 0)).toBe(true);
    for (let t = 1; t < 60_000; t += 1000) expect(limiter.allow('a', t)).toBe(false);
    expect(limiter.allow('a', 60_000)).toBe(true);
  });

  it('never limits when the limit is infinite', () => {
    const limiter = createRateLimiter(Number.POSITIVE_INFINITY);
    expect(Array.from({ length: 1000 }, () => limiter.allow('a', 0)).every(Boolean)).toBe(true);
  });
});
