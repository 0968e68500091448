import { CHECKERS_BOARD, contrastRatio, SURFACES, THEMES } from '@twenty48/common';
import { describe, expect, it } from 'vitest';
import { CHECKERS_COLOURS, cssVariables, TEXT_PAIRS } from './palette.js';

describe('the checkers page colours', () => {
  for (const theme of THEMES) {
    it.each(TEXT_PAIRS)(`${theme}: %s on %s reaches 4.5:1`, (ink, paper) => {
      const colours = CHECKERS_COLOURS[theme];
      expect(contrastRatio(colours[ink], colours[paper])).toBeGreaterThanOrEqual(4.5);
    });
  }

  it("takes the page from the 2048 page's surfaces and the board from common's checkers palette", () => {
    for (const theme of THEMES) {
      expect(CHECKERS_COLOURS[theme]).toMatchObject(CHECKERS_BOARD[theme]);
      expect(CHECKERS_COLOURS[theme].page).toBe(SURFACES[theme].page);
      expect(CHECKERS_COLOURS[theme].accent).toBe(SURFACES[theme].accent);
    }
  });

  it('names one variable per theme and colour', () => {
    const names = cssVariables().map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('--dark-darkSquare');
    expect(names).toContain('--light-board');
  });
});
