import { describe, expect, it } from 'vitest';
import {
  RANKED_DIRECTIONS,
  RANKED_ERROR_STATUS,
  RANKED_GAMES_PER_CLIENT,
  RANKED_IDLE_EXPIRY_MS,
  RANKED_MOVE_BURST,
  RANKED_MOVES_PER_SECOND,
  RANKED_REPLACE_IDLE_MS,
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
    expect(RANKED_GAMES_PER_CLIENT).toBeGreaterThan(1);
    expect(RANKED_REPLACE_IDLE_MS).toBeLessThan(RANKED_IDLE_EXPIRY_MS);
  });
});
