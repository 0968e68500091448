import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { register } from './bench.js';

/** A fresh program with `bench` on it, its output captured, errors thrown instead of exiting. */
function program() {
  const out: string[] = [];
  const err: string[] = [];
  const root = new Command().exitOverride().configureOutput({ writeErr: (t) => err.push(t) });
  register(root, { out: (t) => out.push(t), err: (t) => err.push(t), tty: false });
  for (const command of root.commands) command.exitOverride();
  return { root, out, err };
}

describe('2048 bench', () => {
  it('with a damaged network says so and goes on with the heuristic', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-net-'));
    const damaged = join(dir, 'damaged.t48n');
    writeFileSync(damaged, 'T48NTUPL and then nothing a network has');
    const before = process.env.TWENTY48_NETWORK;
    process.env.TWENTY48_NETWORK = damaged;
    try {
      const { root, out, err } = program();
      await root.parseAsync(
        ['bench', '--ai', 'ntuple', '--depth', '0', '--games', '1', '--workers', '1'],
        { from: 'user' },
      );
      expect(err[0]).toMatch(
        /^warning: ERR_NETWORK_(TRUNCATED|VERSION): .*; ntuple plays with the heuristic \(expectimax\)\n$/,
      );
      expect(out.join('')).toMatch(/^ntuple depth 0 on classic, 1 games, 1 worker\n/);
    } finally {
      if (before === undefined) delete process.env.TWENTY48_NETWORK;
      else process.env.TWENTY48_NETWORK = before;
    }
  });

  it('prints the JSON summary and one progress line per game', async () => {
    const { root, out, err } = program();
    await root.parseAsync(
      ['bench', '--ai', 'greedy', '--games', '3', '--workers', '2', '--seed', 's', '--json'],
      {
        from: 'user',
      },
    );
    const summary = JSON.parse(out.join(''));
    expect(summary).toMatchObject({ ai: 'greedy', depth: null, games: 3, workers: 2, seed: 's' });
    expect(Object.keys(summary.reach)).toEqual(['2048', '4096', '8192', '16384', '32768']);
    expect(summary.meanScore).toBeGreaterThan(0);
    expect(summary.movesPerSecond).toBeGreaterThan(0);
    expect(err.filter((line) => /^game \d\/3 {2}seed s-\d/.test(line))).toHaveLength(3);
  });

  it('prints the table and writes the chart', async () => {
    const { root, out } = program();
    const chart = join(mkdtempSync(join(tmpdir(), 'bench-')), 'chart.svg');
    await root.parseAsync(
      [
        'bench',
        '--ai',
        'expectimax',
        '--depth',
        '1',
        '--games',
        '2',
        '--workers',
        '1',
        '--chart',
        chart,
      ],
      { from: 'user' },
    );
    const text = out.join('');
    expect(text).toMatch(/^expectimax depth 1 on classic, 2 games, 1 worker\n/);
    expect(text).toMatch(/reached 2048/);
    expect(text).toContain(`chart written to ${chart}`);
    expect(readFileSync(chart, 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>\n$/);
  });

  it('refuses bad flags with a one-line reason', async () => {
    for (const [flags, reason] of [
      [['--ai', 'oracle'], /unknown ai "oracle"/],
      [['--games', '0'], /games must be 1 to/],
      [['--depth', 'deep'], /depth must be a whole number/],
      [['--rules', 'chess'], /unknown rules "chess"/],
    ] as const) {
      const { root, err } = program();
      await expect(root.parseAsync(['bench', ...flags], { from: 'user' })).rejects.toThrow();
      expect(err.join('')).toMatch(reason);
    }
  });

  it('names a chart it cannot write', async () => {
    const { root, err } = program();
    const nowhere = join(mkdtempSync(join(tmpdir(), 'bench-')), 'missing', 'chart.svg');
    await root.parseAsync(['bench', '--ai', 'random', '--games', '1', '--chart', nowhere], {
      from: 'user',
    });
    expect(err.join('')).toMatch(/ERR_CHART: cannot write/);
    expect(process.exitCode).toBe(1);
    process.exitCode = 0;
  });
});
