// The page without a page, for the view model's tests: its state, the effects it asked for, and
// the saving effects carried out on a memory store, as the page does with the browser's storage.

import type { Direction } from '@twenty48/engine';
import type { LaunchRequest } from '../launch.js';
import { readStoredPage, saveToStore } from '../page-storage.js';
import type { Variant } from '../saved-game.js';
import { type KeyValueStore, memoryStore } from '../storage.js';
import { startView, updateView } from '../view-model.js';
import type { ViewEffect, ViewInput, ViewState } from '../view-state.js';

/**
 * The page without a page: the model's state, every effect it asked for, and the saving
 * effects carried out on a memory store, as the page does with the browser's storage.
 */
export function openPage(
  store: KeyValueStore = memoryStore(),
  request: LaunchRequest = {},
  options: { persistent?: boolean } = {},
) {
  const opening = startView({
    stored: readStoredPage(store),
    launch: { request, errors: [] },
    persistent: options.persistent ?? true,
    seed: 'fresh',
  });
  let state = opening.state;
  let last: readonly ViewEffect[] = opening.effects;
  const all: ViewEffect[] = [...opening.effects];
  for (const effect of opening.effects) saveToStore(store, effect);
  return {
    store,
    get state(): ViewState {
      return state;
    },
    /** The effects of the last input. */
    get effects(): readonly ViewEffect[] {
      return last;
    },
    /** Every effect since the page opened. */
    all,
    send(input: ViewInput): readonly ViewEffect[] {
      const update = updateView(state, input);
      state = update.state;
      last = update.effects;
      all.push(...update.effects);
      for (const effect of update.effects) saveToStore(store, effect);
      return update.effects;
    },
    /** A move, with its animation run to the end. */
    move(direction: Direction): void {
      this.send({ type: 'move', direction });
      if (state.animating) this.send({ type: 'animationDone', game: state.game });
    },
    /** A new game as the page starts it once the server (or no server) gave the seed. */
    newGame(variant: Variant, seed = 'fresh'): void {
      this.send({ type: 'gameIssued', purpose: 'new', variant, seed, refusal: null });
    },
  };
}
export type Page = ReturnType<typeof openPage>;

export const ofType = <T extends ViewEffect['type']>(effects: readonly ViewEffect[], type: T) =>
  effects.filter((e): e is Extract<ViewEffect, { type: T }> => e.type === type);
export const types = (effects: readonly ViewEffect[]): string[] => effects.map((e) => e.type);
