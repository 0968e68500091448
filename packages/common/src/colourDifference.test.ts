import { describe, expect, it } from 'vitest';
import { deltaE2000, deltaE2000Lab, hslOf, labOf } from './colourDifference.js';

/**
 * Sharma, Wu and Dalal, "The CIEDE2000 color-difference formula: implementation notes,
 * supplementary test data, and mathematical observations", Color Research and Application
 * 30(1), 2005, Table 1: L1 a1 b1, L2 a2 b2, ΔE00 (to 4 decimals). The pairs straddle the
 * formula's branches (hue averaging, the rotation term), where implementations go wrong.
 */
const SHARMA: readonly (readonly number[])[] = [
  [50, 2.6772, -79.7751, 50, 0, -82.7485, 2.0425],
  [50, 3.1571, -77.2803, 50, 0, -82.7485, 2.8615],
  [50, 2.8361, -74.02, 50, 0, -82.7485, 3.4412],
  [50, -1.3802, -84.2814, 50, 0, -82.7485, 1.0],
  [50, -1.1848, -84.8006, 50, 0, -82.7485, 1.0],
  [50, -0.9009, -85.5211, 50, 0, -82.7485, 1.0],
  [50, 0, 0, 50, -1, 2, 2.3669],
  [50, -1, 2, 50, 0, 0, 2.3669],
  [50, 2.49, -0.001, 50, -2.49, 0.0009, 7.1792],
  [50, 2.49, -0.001, 50, -2.49, 0.001, 7.1792],
  [50, 2.49, -0.001, 50, -2.49, 0.0011, 7.2195],
  [50, 2.49, -0.001, 50, -2.49, 0.0012, 7.2195],
  [50, -0.001, 2.49, 50, 0.0009, -2.49, 4.8045],
  [50, -0.001, 2.49, 50, 0.001, -2.49, 4.8045],
  [50, -0.001, 2.49, 50, 0.0011, -2.49, 4.7461],
  [50, 2.5, 0, 50, 0, -2.5, 4.3065],
  [50, 2.5, 0, 73, 25, -18, 27.1492],
  [50, 2.5, 0, 61, -5, 29, 22.8977],
  [50, 2.5, 0, 56, -27, -3, 31.903],
  [50, 2.5, 0, 58, 24, 15, 19.4535],
  [50, 2.5, 0, 50, 3.1736, 0.5854, 1.0],
  [50, 2.5, 0, 50, 3.2972, 0, 1.0],
  [50, 2.5, 0, 50, 1.8634, 0.5757, 1.0],
  [50, 2.5, 0, 50, 3.2592, 0.335, 1.0],
  [60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644],
  [63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.263],
  [61.2901, 3.7196, -5.3901, 61.4292, 2.248, -4.962, 1.8731],
  [35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645],
  [22.7233, 20.0904, -46.694, 23.0331, 14.973, -42.5619, 2.0373],
  [36.4612, 47.858, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146],
  [90.8027, -2.0831, 1.441, 91.1528, -1.6435, 0.0447, 1.4441],
  [90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381],
  [6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377],
  [2.0776, 0.0795, -1.135, 0.9033, -0.0636, -0.5514, 0.9082],
];

describe('CIEDE2000', () => {
  it.each(SHARMA.map((row, i) => [i + 1, row] as const))(
    'gives Sharma et al.’s pair %i to 4 decimals, both ways round',
    (_, row) => {
      const [l1, a1, b1, l2, a2, b2, expected] = row as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      const one = { l: l1, a: a1, b: b1 };
      const two = { l: l2, a: a2, b: b2 };
      expect(deltaE2000Lab(one, two)).toBeCloseTo(expected, 4);
      expect(deltaE2000Lab(two, one)).toBeCloseTo(expected, 4);
    },
  );

  it('is 0 for one colour, greys and black included (no NaN)', () => {
    for (const hex of ['#000000', '#808080', '#edc22e']) expect(deltaE2000(hex, hex)).toBe(0);
  });

  it('converts sRGB to CIELAB (D65) as the standard does', () => {
    const white = labOf('#ffffff');
    expect(white.l).toBeCloseTo(100, 2);
    expect(Math.abs(white.a) + Math.abs(white.b)).toBeLessThan(0.01);
    // sRGB red: L* 53.24, a* 80.09, b* 67.20.
    const red = labOf('#ff0000');
    expect(red.l).toBeCloseTo(53.24, 1);
    expect(red.a).toBeCloseTo(80.09, 1);
    expect(red.b).toBeCloseTo(67.2, 1);
  });

  it('measures the original 2048’s neighbouring tiles', () => {
    // The floors the issue sets are the original's own distances.
    expect(deltaE2000('#eee4da', '#ede0c8')).toBeGreaterThan(5.5);
    expect(deltaE2000('#edcf72', '#edcc61')).toBeLessThan(2.2);
  });
});

describe('HSL', () => {
  it('reads hue, saturation and lightness', () => {
    const gold = hslOf('#edc22e');
    expect(gold.h).toBeCloseTo(46.5, 1);
    expect(gold.s).toBeCloseTo(0.84, 2);
    expect(gold.l).toBeCloseTo(0.555, 2);
    expect(hslOf('#808080')).toEqual({ h: 0, s: 0, l: 128 / 255 });
  });
});
