/**
 * `checkers bestmove` and `checkers perft`, the commands for engines and scripts, run as real
 * processes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { INITIAL_FEN, legalMoves, moveToPdn, parseFen } from '@twenty48/checkers';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../../dist/checkers/main.js', import.meta.url));

function run(args: string[]) {
  if (!existsSync(MAIN)) throw new Error(`build first: ${MAIN} is missing (npm run build)`);
  return spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8', timeout: 60_000 });
}

describe('checkers bestmove', () => {
  it('prints one legal move in PDN', () => {
    const { stdout, stderr, status } = run(['bestmove', '--fen', INITIAL_FEN, '--depth', '4']);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const start = parseFen(INITIAL_FEN);
    if (!start.ok) throw new Error(start.error.message);
    const legal = legalMoves(start.value).map(moveToPdn);
    expect(stdout).toMatch(/^\d+-\d+\n$/);
    expect(legal).toContain(stdout.trim());
  });

  it('takes a capture, the whole of a multi-jump, within a time budget', () => {
    expect(run(['bestmove', '--fen', 'B:W14,23,29:B1,9', '--ms', '50']).stdout).toBe('9x18x27\n');
    expect(run(['bestmove', '--fen', 'W:W22:B18', '--depth', '1']).stdout).toBe('22x15\n');
  });

  it('refuses a bad FEN or bad flags in one named line with exit code 2', () => {
    for (const [args, pattern] of [
      [['bestmove', '--fen', 'X:W1:B2'], /^error: bad FEN "X:W1:B2": .*\(ERR_FEN\)$/],
      [['bestmove', '--fen', 'B:W1,2,3,4,5,6,7,8,9,10,11,12,13:B32'], /\(ERR_TOO_MANY_PIECES\)$/],
      [
        ['bestmove'],
        /required option '--fen <fen>' not specified \(ERR_MISSING_MANDATORY_OPTION_VALUE\)$/,
      ],
      [
        ['bestmove', '--fen', INITIAL_FEN, '--depth', '3', '--ms', '9'],
        /\(ERR_CONFLICTING_OPTION\)$/,
      ],
      [
        ['bestmove', '--fen', INITIAL_FEN, '--depth', '99'],
        /depth must be 1 to 30 \(ERR_INVALID_ARGUMENT\)$/,
      ],
    ] as const) {
      const { stdout, stderr, status } = run([...args]);
      expect(status, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(stderr.trimEnd()).toMatch(pattern);
    }
  });

  it('says in one line that a lost position has no move, with exit code 1', () => {
    const { stdout, stderr, status } = run(['bestmove', '--fen', 'B:W5,6,10:B1']);
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe('checkers: black has no legal move here (ERR_GAME_OVER)\n');
  });
});

describe('checkers perft', () => {
  it.each([
    [1, 7],
    [2, 49],
    [3, 302],
    [4, 1469],
    [5, 7361],
    [6, 36768],
  ])('--depth %i --json counts %i from the start', (depth, nodes) => {
    const { stdout, status } = run(['perft', '--depth', String(depth), '--json']);
    expect(status).toBe(0);
    const report = JSON.parse(stdout) as Record<string, number>;
    expect(Object.keys(report)).toEqual(['depth', 'nodes', 'seconds', 'nodesPerSecond']);
    expect(report).toMatchObject({ depth, nodes });
    expect(report.seconds).toBeGreaterThanOrEqual(0);
    expect(Number.isInteger(report.nodesPerSecond)).toBe(true);
    expect(stdout.endsWith('}\n')).toBe(true);
  });

  it('prints a readable line, and with --divide each first move and its count', () => {
    expect(run(['perft', '--depth', '3']).stdout).toMatch(
      /^perft 3: 302 nodes in \d+\.\d{3} s \([\d,]+ nodes\/s\)\n$/,
    );
    const divided = run(['perft', '--depth', '2', '--divide']).stdout.trimEnd().split('\n');
    expect(divided.slice(0, -1)).toEqual([
      '9-13: 7',
      '9-14: 7',
      '10-14: 7',
      '10-15: 7',
      '11-15: 7',
      '11-16: 7',
      '12-16: 7',
    ]);
    expect(divided.at(-1)).toMatch(/^perft 2: 49 nodes/);
  });

  it('counts from --fen, and refuses a missing or bad depth with exit code 2', () => {
    const fromFen = JSON.parse(
      run(['perft', '--depth', '1', '--json', '--fen', 'B:W14,23,29:B1,9']).stdout,
    );
    expect(fromFen.nodes).toBe(1);
    for (const args of [['perft'], ['perft', '--depth', '0'], ['perft', '--depth', 'x']]) {
      const { status, stderr } = run(args);
      expect(status).toBe(2);
      expect(stderr).toMatch(/\(ERR_[A-Z_]+\)\n$/);
    }
  });
});
