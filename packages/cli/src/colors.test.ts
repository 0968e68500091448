import { TIER_COLOURS, tileColours } from '@twenty48/common';
import { describe, expect, it } from 'vitest';
import { EMPTY_CELL_COLOR, TIER_COLORS, tileColors } from './colors.js';
import { rgbOf } from './toolkit/colors.js';

describe('palette', () => {
  it("draws the shared palette's light theme: dark ink on 2 and 8, light on the super tiles", () => {
    expect(tileColors(2)).toEqual({ background: [0xee, 0xe4, 0xda], text: [0x26, 0x22, 0x1e] });
    expect(tileColors(8)).toEqual({ background: [0xf2, 0xb1, 0x79], text: [0x26, 0x22, 0x1e] });
    expect(tileColors(2048).background).toEqual(rgbOf(tileColours(2048, 'light').background));
    expect(tileColors(4096)).toEqual({ background: [0x3c, 0x3a, 0x32], text: [0xf9, 0xf6, 0xf2] });
    expect(EMPTY_CELL_COLOR).toEqual([0xcd, 0xc1, 0xb4]);
  });

  it("draws each tier in the browser's light-theme colour, so tier 2 is the same in both", () => {
    expect(TIER_COLORS).toEqual(TIER_COLOURS.light.map(rgbOf));
    expect(TIER_COLORS[0]).toEqual([0x1b, 0x5e, 0x20]);
    expect(TIER_COLORS[2]).toEqual([0x6a, 0x1b, 0x9a]);
  });
});
