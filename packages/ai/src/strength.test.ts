import { describe, expect, it } from 'vitest';
import { benchChartSvg } from './chart.js';
import { type BenchGame, formatBenchTable, playBenchGame, summarizeBench } from './strength.js';

const game = (maxTile: number, score: number, moves = 1000, thinkingMs = 500): BenchGame => ({
  seed: `s${score}`,
  score,
  maxTile,
  moves,
  thinkingMs,
});

const meta = {
  ai: 'expectimax',
  depth: 3,
  ms: null,
  rules: 'classic',
  seed: '1',
  workers: 2,
  wallSeconds: 12.34,
} as const;

describe('summarizeBench', () => {
  it('counts reach rates, the mean and median score and the speed', () => {
    const summary = summarizeBench(
      [game(2048, 30_000), game(8192, 150_000), game(4096, 70_000), game(16384, 300_000)],
      meta,
    );
    expect(summary.reach).toEqual({ 2048: 1, 4096: 0.75, 8192: 0.5, 16384: 0.25, 32768: 0 });
    expect(summary.meanScore).toBe(137_500);
    expect(summary.medianScore).toBe(110_000);
    expect(summary.maxTiles).toEqual({ 2048: 1, 4096: 1, 8192: 1, 16384: 1 });
    expect(summary.movesPerSecond).toBe(2000);
    expect(summary.msPerMove).toBe(0.5);
    expect(summary.wallSeconds).toBe(12.3);
  });

  it('prints a table with every figure', () => {
    const table = formatBenchTable(summarizeBench([game(8192, 150_000), game(4096, 60_000)], meta));
    expect(table.split('\n')[0]).toBe('expectimax depth 3 on classic, 2 games, 2 workers');
    expect(table).toMatch(/reached 8192\s+50 %/);
    expect(table).toMatch(/median score\s+105,000/);
    expect(table).toMatch(/moves per second\s+2,000/);
  });
});

describe('benchChartSvg', () => {
  it('draws one bar per largest tile and ten score bins', () => {
    const summary = summarizeBench(
      [game(2048, 30_000), game(8192, 150_000), game(8192, 160_000)],
      meta,
    );
    const svg = benchChartSvg(summary);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    expect(svg.match(/<rect /g)?.length).toBe(1 + 2 + 10);
    expect(svg).toContain('<title>8192: 2</title>');
  });
});

describe('playBenchGame', () => {
  it('plays a seeded game to the end, the same way every time', () => {
    const spec = { ai: 'greedy', options: {}, rules: 'classic' } as const;
    const first = playBenchGame(spec, 'b-1');
    expect(first.moves).toBeGreaterThan(50);
    expect({ ...playBenchGame(spec, 'b-1'), thinkingMs: 0 }).toEqual({ ...first, thinkingMs: 0 });
  });
});
