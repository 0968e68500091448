import { newGame, step } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { tileFates } from './render.js';

describe('what a move does to the tiles on screen', () => {
  it("sends a merge's sources into its cell and marks the merged and the new tile as born", () => {
    const events = [
      { type: 'slide', id: 3, value: 2, from: [0, 3], to: [0, 1] },
      { type: 'merge', id: 9, value: 4, at: [0, 0], from: [1, 2] },
      { type: 'spawn', id: 10, value: 2, at: [3, 3] },
    ] as const;
    const { absorbedInto, born } = tileFates(events);
    expect([...absorbedInto]).toEqual([
      [1, [0, 0]],
      [2, [0, 0]],
    ]);
    expect([...born]).toEqual([
      [9, 'merged'],
      [10, 'new'],
    ]);
  });

  it('accounts for every tile a real move removes', () => {
    const start = newGame('classic', '7');
    let game = start;
    for (const direction of ['left', 'up', 'left', 'up', 'left', 'down', 'left'] as const) {
      const result = step(game, direction);
      const before = new Set(game.ids.flat().filter(Boolean));
      const after = new Set(result.game.ids.flat().filter(Boolean));
      const { absorbedInto, born } = tileFates(result.events);
      for (const id of before) if (!after.has(id)) expect(absorbedInto.has(id)).toBe(true);
      for (const id of after) if (!before.has(id)) expect(born.has(id)).toBe(true);
      game = result.game;
    }
    expect(game.moves.length).toBeGreaterThan(0);
  });
});
