import { describe, expect, it } from 'vitest';
import { ACF_BALLOTS, ballot } from './ballots.js';
import { makeFen } from './fen.js';

describe('the ACF 3-move ballots', () => {
  it('are the 156 openings of the deck, all distinct and all legal', () => {
    expect(ACF_BALLOTS).toHaveLength(156);
    expect(new Set(ACF_BALLOTS).size).toBe(156);
    const positions = new Set(ACF_BALLOTS.map((_, i) => makeFen(ballot(i).position)));
    expect(positions.size).toBe(156);
    for (let i = 0; i < ACF_BALLOTS.length; i++) expect(ballot(i).position.turn).toBe('red');
  });

  it('start with the ACF list and leave out the barred ones', () => {
    expect(ACF_BALLOTS.slice(0, 3)).toEqual([
      '9-13 21-17 5-9',
      '9-13 21-17 6-9',
      '9-13 22-17 13x22',
    ]);
    expect(ACF_BALLOTS).not.toContain('9-13 21-17 10-14');
    expect(ACF_BALLOTS).not.toContain('12-16 23-19 16x23');
    expect(ACF_BALLOTS.at(-1)).toBe('12-16 24-20 10-15');
  });

  it('refuses a number outside the deck', () => {
    expect(() => ballot(156)).toThrow(RangeError);
  });
});
