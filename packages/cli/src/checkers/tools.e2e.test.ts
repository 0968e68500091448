/**
 * `checkers bestmove`, `checkers perft` and `checkers book build --games`, the commands for
 * engines and scripts, run as real processes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  formatBook,
  INITIAL_FEN,
  legalMoves,
  moveToPdn,
  parseBook,
  parseFen,
  parsePdnMove,
} from '@twenty48/checkers';
import { afterAll, describe, expect, it } from 'vitest';

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

describe('checkers book build --games', () => {
  const directory = mkdtempSync(join(tmpdir(), 'book-games-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const match = (black: string, white: string, moves: string): string =>
    `[Event "m"]\n[Black "${black}"]\n[White "${white}"]\n\n${moves} 1-1\n\n`;
  const games = join(directory, 'games.pdn');
  writeFileSync(
    games,
    match('ours', 'peer', '1. 11-15 23-19 2. 8-11 22-17') +
      match('ours', 'peer', '1. 11-15 23-19 2. 9-14 22-17') +
      match('peer', 'ours', '1. 11-15 23-19 2. 8-11 22-18'),
  );

  it('answers the positions where the player was to move in two games or more', () => {
    const out = join(directory, 'book.t48.txt');
    const flags = ['--plies', '0', '--games', games, '--player', 'ours', '--depth', '4'];
    const { stdout, stderr, status } = run(['book', 'build', ...flags, '--out', out]);
    expect(status).toBe(0);
    expect(stderr.split('\n')[0]).toBe('3 games: 2 positions met in 2 or more of them');
    expect(stdout).toMatch(/^wrote .*book\.t48\.txt: 2 positions in [\d.]+ s\n$/);
    const book = parseBook(readFileSync(out, 'latin1'));
    if (!book.ok) throw new Error(book.message);
    // Black to move at the start and after 11-15 23-19, in both games "ours" had black.
    expect([...book.value.moves.keys()].sort()).toEqual([
      'B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15',
      INITIAL_FEN,
    ]);
    for (const [fen, entry] of book.value.moves) {
      const position = parseFen(fen);
      if (!position.ok) throw new Error(fen);
      expect(parsePdnMove(position.value, entry.move).ok).toBe(true);
      expect(entry.depth).toBe(4);
    }
  });

  it('refuses games it cannot read and flags that need --games, writing nothing', () => {
    const bad = join(directory, 'bad.pdn');
    writeFileSync(bad, match('ours', 'peer', '1. 11-15 23-19') + match('ours', 'peer', '1. 1-5'));
    const out = join(directory, 'refused.t48.txt');
    for (const [args, pattern] of [
      [['--games', bad], /^error: ".*bad\.pdn", game 2: .*\(ERR_ILLEGAL_MOVE\)\n$/],
      [
        ['--games', join(directory, 'none.pdn')],
        /^error: cannot read the games .*\(ERR_GAMES_MISSING\)\n$/,
      ],
      [['--player', 'ours'], /only apply with --games \(ERR_USAGE\)\n$/],
      [['--min-count', '3'], /only apply with --games \(ERR_USAGE\)\n$/],
      [['--games', games, '--min-count', '0'], /\(ERR_INVALID_ARGUMENT\)\n$/],
      [['--games', games, '--depth', '4', '--ms', '100'], /\(ERR_CONFLICTING_OPTION\)\n$/],
    ] as const) {
      const { stderr, status } = run(['book', 'build', ...args, '--out', out]);
      expect(stderr).toMatch(pattern);
      expect(status).toBe(2);
      expect(existsSync(out)).toBe(false);
    }
  });

  it('adds to a book with --add-to: its entries kept, the positions searched now replacing theirs', () => {
    const base = join(directory, 'base.t48.txt');
    // The start (searched again below) with a move no search plays, and one (after 11-15 24-20)
    // the games never meet.
    const kept = 'B:W20,21,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15';
    writeFileSync(
      base,
      formatBook({
        moves: new Map([
          [INITIAL_FEN, { move: '9-13', score: -99, depth: 1 }],
          [kept, { move: '8-11', score: 7, depth: 30 }],
        ]),
      }),
    );
    const out = join(directory, 'added.t48.txt');
    const flags = ['--plies', '0', '--games', games, '--player', 'ours', '--depth', '4'];
    const { stdout, status } = run(['book', 'build', ...flags, '--add-to', base, '--out', out]);
    expect(status).toBe(0);
    expect(stdout).toMatch(/: 2 positions in [\d.]+ s, and 1 of the 2 it was added to\n$/);
    const book = parseBook(readFileSync(out, 'latin1'));
    if (!book.ok) throw new Error(book.message);
    expect(book.value.moves.size).toBe(3);
    expect(book.value.moves.get(kept)).toEqual({ move: '8-11', score: 7, depth: 30 });
    expect(book.value.moves.get(INITIAL_FEN)?.depth).toBe(4);
  });

  it('refuses a book to add to that is missing, foreign or damaged, by name, before searching', () => {
    const damaged = join(directory, 'damaged.t48.txt');
    writeFileSync(damaged, formatBook({ moves: new Map() }).replace('END ', 'END 0'));
    const foreign = join(directory, 'foreign.t48.txt');
    writeFileSync(foreign, 'not a book\n');
    const out = join(directory, 'never.t48.txt');
    for (const [file, code] of [
      [join(directory, 'none.t48.txt'), 'ERR_BOOK_MISSING'],
      [foreign, 'ERR_BOOK_FOREIGN'],
      [damaged, 'ERR_BOOK_DAMAGED'],
    ] as const) {
      const args = ['--plies', '0', '--games', games, '--add-to', file, '--out', out];
      const { stderr, status } = run(['book', 'build', ...args]);
      expect(stderr).toMatch(new RegExp(`^error: --add-to: .*\\(${code}\\)\\n$`));
      expect(status).toBe(2);
      expect(existsSync(out)).toBe(false);
    }
  });
});
