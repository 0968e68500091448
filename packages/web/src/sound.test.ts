import type { TileEvent } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { soundOfMove } from './sound.js';

const merge = (value: number): TileEvent => ({
  type: 'merge',
  id: 9,
  value,
  at: [0, 0],
  from: [1, 2],
});
const slide: TileEvent = { type: 'slide', id: 1, value: 2, from: [0, 1], to: [0, 0] };

describe('the sound of a move', () => {
  it('is silent when nothing moved and a swish for a slide', () => {
    expect(soundOfMove([]).sound).toBe('none');
    expect(soundOfMove([slide]).sound).toBe('slide');
  });

  it('is a merge within a tier and a different sound on a tier change (a new colour)', () => {
    expect(soundOfMove([slide, merge(4)])).toEqual({ sound: 'merge', level: 2 });
    expect(soundOfMove([merge(8)]).sound).toBe('merge');
    expect(soundOfMove([merge(4), merge(16)])).toEqual({ sound: 'tier', level: 4 });
  });
});
