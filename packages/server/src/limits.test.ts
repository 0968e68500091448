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

  it('tells a refused client how long until a slot frees', () => {
    const limiter = createRateLimiter(3);
    expect(limiter.waitMs('a', 0)).toBe(0);
    for (const t of [0, 10, 20]) limiter.allow('a', t);
    expect(limiter.waitMs('a', 30)).toBe(59_970); // the request at 0 leaves the window at 60 000
    expect(limiter.waitMs('a', 59_999)).toBe(1);
    expect(limiter.allow('a', 60_000)).toBe(true);
    expect(limiter.waitMs('a', 60_000)).toBe(10); // now the one at 10 must leave
    expect(limiter.waitMs('b', 60_000)).toBe(0);
  });

  it('never limits when the limit is infinite', () => {
    const limiter = createRateLimiter(Number.POSITIVE_INFINITY);
    expect(Array.from({ length: 1000 }, () => limiter.allow('a', 0)).every(Boolean)).toBe(true);
    expect(limiter.waitMs('a', 0)).toBe(0);
  });

  it('takes any window: a burst of 4 in any 2 s is 2 a second on average', () => {
    const limiter = createRateLimiter(4, 2000);
    const at = (ms: number) => limiter.allow('a', ms);
    expect([at(0), at(1), at(2), at(3), at(4)]).toEqual([true, true, true, true, false]);
    expect(limiter.waitMs('a', 4)).toBe(1996);
    expect(at(1999)).toBe(false);
    expect(at(2000)).toBe(true); // the request at 0 has left the window
    // A steady 2 a second goes on for ever.
    const steady = createRateLimiter(4, 2000);
    for (let t = 0; t < 60_000; t += 500) expect(steady.allow('b', t)).toBe(true);
  });
});
