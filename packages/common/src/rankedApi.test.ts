import { describe, expect, it } from 'vitest';
import {
  isPlayerToken,
  isRankedId,
  isRankedRules,
  makePlayerToken,
  RANKED_DIRECTIONS,
  RANKED_ERROR_STATUS,
  RANKED_GAMES_PER_ADDRESS,
  RANKED_GAMES_PER_PLAYER,
  RANKED_MOVE_BURST,
  RANKED_MOVES_PER_SECOND,
} from './rankedApi.js';

describe('the ranked API on the wire', () => {
  it('names the four directions as the engine does', () => {
    expect([...RANKED_DIRECTIONS].sort()).toEqual(['down', 'left', 'right', 'up']);
  });

  it('answers every error with a 4xx or 5xx status', () => {
    for (const [code, status] of Object.entries(RANKED_ERROR_STATUS)) {
      expect(code).toMatch(/^ERR_[A-Z_]+$/);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
  });

  it('limits a flood, not a human', () => {
    expect(RANKED_MOVES_PER_SECOND).toBeGreaterThan(10);
    expect(RANKED_MOVE_BURST).toBeGreaterThanOrEqual(RANKED_MOVES_PER_SECOND);
    expect(RANKED_GAMES_PER_PLAYER).toBeGreaterThan(1);
    expect(RANKED_GAMES_PER_ADDRESS).toBeGreaterThanOrEqual(RANKED_GAMES_PER_PLAYER);
  });
});

describe('player tokens', () => {
  it('are 22 base64url characters from 16 random bytes, one for one', () => {
    expect(makePlayerToken(new Uint8Array(16))).toBe('AAAAAAAAAAAAAAAAAAAAAA');
    const bytes = Uint8Array.from({ length: 16 }, (_, i) => i * 17);
    expect(makePlayerToken(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
    expect(isPlayerToken(makePlayerToken(bytes))).toBe(true);
    for (const bad of ['', 'me', 'A'.repeat(21), 'A'.repeat(23), `${'A'.repeat(21)}=`, 42]) {
      expect(isPlayerToken(bad)).toBe(false);
    }
  });
});

describe('isRankedId and isRankedRules (the server and the client check with these)', () => {
  it('takes 1 to 64 letters, digits, _ or -, and nothing else', () => {
    for (const good of ['a', 'L7Db04WyctE0dy2blS9cAw', 'x'.repeat(64), 'a_b-c']) {
      expect(isRankedId(good)).toBe(true);
    }
    for (const bad of ['', 'x'.repeat(65), 'a b', 'a/b', 'é', 7, null]) {
      expect(isRankedId(bad)).toBe(false);
    }
  });

  it('knows the ranked rules by name', () => {
    expect(['classic', 'fiveTwelve', 'tiers'].every(isRankedRules)).toBe(true);
    for (const bad of ['Classic', 'checkers', '', 1, undefined])
      expect(isRankedRules(bad)).toBe(false);
  });
});
