import { type Game, makeRules, newGame } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { type FrameView, renderFrame } from './frame.js';
import { LARGEST_TILE } from './terminalPalette.js';
import type { ColorMode } from './toolkit/colors.js';

const withBoard = (board: number[][]): Game => {
  const rules = makeRules('classic');
  if (!rules.ok) throw new Error(rules.error.message);
  return { ...newGame(rules.value, 'p'), board, score: 0 };
};

const viewOf = (game: Game, mode: ColorMode): FrameView => ({
  game,
  lastGain: 0,
  best: 0,
  moveCount: 0,
  overlay: { kind: 'none' },
  message: null,
  mode,
});

const ESC = String.fromCharCode(27);
/** A run of SGR escapes, the blanks after it, then a number: a tile's paint and its value. */
const TILE = new RegExp(`((?:${ESC}\\[[0-9;]*m)+) *(\\d+)`, 'g');
const BOLD = `${ESC}[1m`;
const RESET = `${ESC}[0m`;
/** A pattern with `ESC` standing for the escape character. */
const escapes = (source: string): RegExp => new RegExp(source.split('ESC').join(ESC));

const VALUES = Array.from({ length: 17 }, (_, i) => 2 ** (i + 1));

/** Each tile value's paint (its SGR escapes without bold), read from rendered frames. */
function paintsOnScreen(mode: ColorMode): Map<number, string> {
  const paints = new Map<number, string>();
  for (let first = 0; first < VALUES.length; first += 16) {
    const board = Array.from({ length: 4 }, (_, r) =>
      Array.from({ length: 4 }, (_, c) => VALUES[first + r * 4 + c] ?? 0),
    );
    const lines = renderFrame(viewOf(withBoard(board), mode), 80, 40);
    for (const line of lines) {
      for (const match of line.matchAll(TILE)) {
        const value = Number(match[2]);
        const paint = (match[1] ?? '').split(BOLD).join('').split(RESET).join('');
        // The title's "2048" is bold only: a tile has colours.
        if (VALUES.includes(value) && paint !== '' && !paints.has(value)) paints.set(value, paint);
      }
    }
  }
  return paints;
}

describe('the terminal palette', () => {
  it.each([
    ['truecolor', escapes('^ESC\\[48;2;\\d+;\\d+;\\d+mESC\\[38;2;\\d+;\\d+;\\d+m$')],
    ['256', escapes('^ESC\\[48;5;\\d+mESC\\[38;5;\\d+m$')],
    ['16', escapes('^ESC\\[(4[0-7]|10[0-7])mESC\\[(3[0-7]|9[0-7])m$')],
  ] as const)('draws every tile up to 2^17 unlike its neighbours in %s', (mode, shape) => {
    const paints = paintsOnScreen(mode);
    expect([...paints.keys()].sort((a, b) => a - b)).toEqual(VALUES);
    for (const value of VALUES) {
      expect(paints.get(value), `${value}`).toMatch(shape);
      if (value < LARGEST_TILE) {
        const next = paints.get(value * 2);
        // Backgrounds differ, not just the text.
        const backgroundOf = (paint: string | undefined) => paint?.split('m')[0];
        expect(backgroundOf(paints.get(value)), `${value} and ${value * 2}`).not.toBe(
          backgroundOf(next),
        );
      }
    }
  });

  it('tells 8 from 16 and 128 from 1024 in 256 colours (a nearest-colour mapping merged them)', () => {
    const paints = paintsOnScreen('256');
    const distinct = new Set([128, 256, 512, 1024].map((v) => paints.get(v)));
    expect(distinct.size).toBe(4);
    expect(paints.get(8)).not.toBe(paints.get(16));
  });

  it('draws no colour at all under NO_COLOR (mode none)', () => {
    const board = [
      VALUES.slice(0, 4),
      VALUES.slice(4, 8),
      VALUES.slice(8, 12),
      VALUES.slice(12, 16),
    ];
    const text = renderFrame(viewOf(withBoard(board), 'none'), 80, 40).join('\n');
    expect(text).not.toMatch(escapes('ESC\\[(3|4|9|10)\\d(;|m)'));
    expect(text).toContain('65536');
  });
});
