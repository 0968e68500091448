import { describe, expect, it } from 'vitest';
import {
  CHECKERS_BOARD,
  CHECKERS_INK_PAIRS,
  CHECKERS_MARK_PAIRS,
  type CheckersBoardColours,
} from './checkersPalette.js';
import { contrastRatio } from './contrast.js';
import { THEMES } from './palette.js';

describe('the checkers board colours', () => {
  for (const theme of THEMES) {
    const colours = CHECKERS_BOARD[theme];
    it.each(CHECKERS_INK_PAIRS)(`${theme}: %s on %s reaches 4.5:1`, (ink, paper) => {
      expect(contrastRatio(colours[ink], colours[paper])).toBeGreaterThanOrEqual(4.5);
    });
    it.each(CHECKERS_MARK_PAIRS)(`${theme}: the %s mark on %s reaches 3:1`, (mark, square) => {
      expect(contrastRatio(colours[mark], colours[square])).toBeGreaterThanOrEqual(3);
    });
    it(`${theme}: the black pieces stand 3:1 apart from the light squares`, () => {
      expect(contrastRatio(colours.blackPiece, colours.lightSquare)).toBeGreaterThanOrEqual(3);
    });
    it(`${theme}: every colour is #rrggbb`, () => {
      for (const name of Object.keys(colours) as (keyof CheckersBoardColours)[]) {
        expect(colours[name], name).toMatch(/^#[0-9a-f]{6}$/);
      }
    });
  }
});
