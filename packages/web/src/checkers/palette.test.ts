import { contrastRatio, THEMES } from '@twenty48/common';
import { describe, expect, it } from 'vitest';
import { CHECKERS_COLOURS, cssVariables, MARK_PAIRS, TEXT_PAIRS } from './palette.js';

describe('the checkers colours', () => {
  for (const theme of THEMES) {
    it.each(TEXT_PAIRS)(`${theme}: %s on %s reaches 4.5:1`, (ink, paper) => {
      const colours = CHECKERS_COLOURS[theme];
      expect(contrastRatio(colours[ink], colours[paper])).toBeGreaterThanOrEqual(4.5);
    });
    it.each(MARK_PAIRS)(`${theme}: the %s mark on %s reaches 3:1`, (mark, square) => {
      const colours = CHECKERS_COLOURS[theme];
      expect(contrastRatio(colours[mark], colours[square])).toBeGreaterThanOrEqual(3);
    });
  }

  it('tells the two sides apart from the board in both themes', () => {
    for (const theme of THEMES) {
      const colours = CHECKERS_COLOURS[theme];
      expect(contrastRatio(colours.blackPiece, colours.lightSquare)).toBeGreaterThanOrEqual(3);
    }
  });

  it('names one variable per theme and colour', () => {
    const names = cssVariables().map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('--dark-darkSquare');
  });
});
