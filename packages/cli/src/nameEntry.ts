/**
 * Typing a name below the board, the same for a local high score and a ranked game: one key
 * at a time, capped by the shared rule's `nameLength`, and checked by `parseName` on Enter.
 */
import { MAX_NAME_LENGTH, nameLength, parseName, type Result } from '@twenty48/common';
import type { Key } from './toolkit/keys.js';

/** What a key does to a name being typed. */
export type NameEdit =
  /** The text after the key (unchanged for a key that means nothing here). */
  | { readonly kind: 'typing'; readonly text: string }
  /** Esc: no name. */
  | { readonly kind: 'skip' }
  /** Enter: the name as the shared rule keeps it ("player" for none), or why not. */
  | { readonly kind: 'enter'; readonly name: Result<string> };

/**
 * The name entry's answer to one key.
 *
 * @example
 * editName('Ad', { kind: 'char', char: 'a' }) // { kind: 'typing', text: 'Ada' }
 */
export function editName(text: string, key: Key): NameEdit {
  if (key.kind === 'char') {
    const longer = text + key.char;
    return { kind: 'typing', text: nameLength(longer) <= MAX_NAME_LENGTH ? longer : text };
  }
  if (key.kind === 'backspace') return { kind: 'typing', text: [...text].slice(0, -1).join('') };
  if (key.kind === 'escape') return { kind: 'skip' };
  if (key.kind !== 'enter') return { kind: 'typing', text };
  return { kind: 'enter', name: parseName(text.trim() === '' ? 'player' : text) };
}
