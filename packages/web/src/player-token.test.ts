import { isPlayerToken } from '@twenty48/common';
import { describe, expect, it } from 'vitest';
import { PLAYER_TOKEN_KEY, playerToken, type TokenStorage } from './player-token.js';

const memory = (): TokenStorage & { items: Map<string, string> } => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
};
let counter = 0;
const fill = (bytes: Uint8Array) => bytes.fill(++counter);

describe('the browser’s player token', () => {
  it('is made once and kept', () => {
    const storage = memory();
    const first = playerToken(() => storage, fill);
    expect(isPlayerToken(first)).toBe(true);
    expect(storage.items.get(PLAYER_TOKEN_KEY)).toBe(first);
    expect(playerToken(() => storage, fill)).toBe(first);
  });

  it('replaces a damaged one, and lives without storage', () => {
    const storage = memory();
    storage.items.set(PLAYER_TOKEN_KEY, '<script>');
    const made = playerToken(() => storage, fill);
    expect(isPlayerToken(made)).toBe(true);
    expect(storage.items.get(PLAYER_TOKEN_KEY)).toBe(made);
    const refused = () => {
      throw new Error('SecurityError');
    };
    expect(isPlayerToken(playerToken(refused, fill))).toBe(true);
  });
});
