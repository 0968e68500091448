// The browser's player token: made once from 128 random bits and kept in localStorage, so the
// server counts this browser's games and rates apart from others behind the same address
// (a family, a class). Without storage (private mode, storage refused) a token lives as long
// as the page.

import { isPlayerToken, makePlayerToken } from '@twenty48/common';

/** Where the token is kept. */
export const PLAYER_TOKEN_KEY = 'twenty48.player';

/** The little of `Storage` the token needs. */
export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * The player token kept in `storage`, made and kept there when it has none (or a damaged
 * one); a fresh one when the storage cannot be read or written.
 *
 * @example
 * const player = playerToken(() => window.localStorage, (bytes) => crypto.getRandomValues(bytes));
 */
export function playerToken(
  storage: () => TokenStorage,
  fill: (bytes: Uint8Array<ArrayBuffer>) => unknown,
): string {
  const fresh = (): string => {
    const bytes = new Uint8Array(16);
    fill(bytes);
    return makePlayerToken(bytes);
  };
  try {
    const kept = storage().getItem(PLAYER_TOKEN_KEY);
    if (isPlayerToken(kept)) return kept;
    const made = fresh();
    storage().setItem(PLAYER_TOKEN_KEY, made);
    return made;
  } catch {
    return fresh();
  }
}
