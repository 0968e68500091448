/**
 * `checkers analyze`, run as a real process: a hung man marked ??, the PDN written back with
 * NAGs and comments, --json's shape, standard input, progress on stderr, bad PDN refused.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Game,
  gameToPdn,
  moveToPdn,
  networkTables,
  newGame,
  type Position,
  parsePdnGame,
  playMove,
  searchBest,
  useNetwork,
} from '@twenty48/checkers';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NETWORK_PATH, readNetworkFile } from './networkFile.js';

const MAIN = fileURLToPath(new URL('../../dist/checkers/main.js', import.meta.url));

function run(args: string[], input?: string) {
  if (!existsSync(MAIN)) throw new Error(`build first: ${MAIN} is missing (npm run build)`);
  return spawnSync(process.execPath, [MAIN, ...args], {
    encoding: 'utf8',
    timeout: 120_000,
    ...(input === undefined ? {} : { input }),
  });
}

// Black's 4. 14-17 hangs a man: red jumps 21x14x7 and keeps it.
const HUNG = [
  '[Event "Club"]',
  '[Black "Ann"]',
  '[White "Bob"]',
  '',
  '1. 10-14 22-17 2. 7-10 23-19 3. 11-15 17-13 4. 14-17 21x14x7 5. 3x10 24-20 *',
  '',
].join('\n');

const file = (text: string): string => {
  const path = join(mkdtempSync(join(tmpdir(), 'analyze-')), 'game.pdn');
  writeFileSync(path, text);
  return path;
};

describe('checkers analyze', () => {
  it('writes the game back as PDN with the hung man marked $4 and the better move', () => {
    const { stdout, stderr, status } = run(['analyze', file(HUNG), '--depth', '6']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^\[Event "Club"\]\n\[Black "Ann"\]\n\[White "Bob"\]\n\[Annotator /);
    expect(stdout).toMatch(
      / 4\. 14-17 \$4 \{-\d+\.\d, best \d+-\d+\} 4\.\.\. 21x14x7 \{\+\d+\.\d\}/,
    );
    expect(stdout.match(/\$4/g)).toHaveLength(1);
    // The output reads back as the same game.
    const again = parsePdnGame(stdout);
    expect(again.ok && again.value.moves.map(moveToPdn).join(' ')).toBe(
      '10-14 22-17 7-10 23-19 11-15 17-13 14-17 21x14x7 3x10 24-20',
    );
    // Progress: a line before each move, then the end.
    expect(stderr).toContain('analyzing move 1/10: 1. 10-14\n');
    expect(stderr).toContain('analyzing move 7/10: 4. 14-17\n');
    expect(stderr).toContain('analyzed 10 moves\n');
  });

  it('--json from standard input: one entry per move, the hung man ?? and the best moves unmarked', () => {
    const { stdout, status } = run(['analyze', '-', '--json', '--depth', '6'], HUNG);
    expect(status).toBe(0);
    const { moves } = JSON.parse(stdout) as { moves: Record<string, unknown>[] };
    expect(moves).toHaveLength(10);
    for (const [i, move] of moves.entries()) {
      expect(Object.keys(move)).toEqual([
        'index',
        'side',
        'played',
        'best',
        'before',
        'after',
        'mark',
      ]);
      expect(move.index).toBe(i);
      expect(move.side).toBe(i % 2 === 0 ? 'black' : 'red');
      if (move.played === move.best) expect(move.mark).toBeNull();
    }
    expect(moves[6]).toMatchObject({ played: '14-17', mark: '??' });
    expect(Number(moves[6]?.before) - Number(moves[6]?.after)).toBeGreaterThanOrEqual(1);
    expect(moves[7]).toMatchObject({ played: '21x14x7', best: '21x14x7', mark: null });
    expect(moves.filter((move) => move.mark === '??')).toHaveLength(1);
  });

  it("leaves the engine's own moves unmarked: each is the best, valued as before", () => {
    // The engine's moves as `analyze` makes them: with the evaluation network that comes with
    // checkers, as the command loads it.
    const network = readNetworkFile(DEFAULT_NETWORK_PATH);
    if (!network.ok) throw new Error(network.message);
    useNetwork(networkTables(network.value.network));
    let game: Game = newGame();
    const history: Position[] = [];
    for (let ply = 0; ply < 20; ply++) {
      const { move } = searchBest(game.position, { depth: 5, history });
      if (move === null) break;
      history.push(game.position);
      const played = playMove(game, move);
      if (!played.ok) throw new Error(played.error.message);
      game = played.value;
    }
    useNetwork(null);
    const { stdout, status } = run(['analyze', '-', '--json', '--depth', '5'], gameToPdn(game));
    expect(status).toBe(0);
    const { moves } = JSON.parse(stdout) as { moves: Record<string, unknown>[] };
    expect(moves).toHaveLength(20);
    for (const move of moves) {
      expect(move.mark, `ply ${move.index}`).toBeNull();
      expect(move.best).toBe(move.played);
      expect(move.after).toBe(move.before);
    }
  });

  it('refuses bad PDN in one line naming the error and the move, exit code 1', () => {
    for (const [text, pattern] of [
      ['1. 11-15 23-19 2. 22-18 *', /^error: line 1, move 2 "22-18": .*\(ERR_ILLEGAL_MOVE\)\n$/],
      ['1. 11-15 23-19 2. 8-11 banana *', /^error: line 1, move 2 "banana": .*\(ERR_PDN_MOVE\)\n$/],
      ['[FEN "B:W99:B1"]\n\n1. 1-5 *', /^error: the FEN tag .*\(ERR_FEN\)\n$/],
      ['', /^error: the text holds no PDN game \(ERR_PDN\)\n$/],
    ] as const) {
      const { stdout, stderr, status } = run(['analyze', '-', '--depth', '2'], text);
      expect(status, text).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toMatch(pattern); // refused before the endgame database is loaded
    }
    const missing = run(['analyze', '/nonexistent/game.pdn']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(
      /cannot read \/nonexistent\/game\.pdn: no such file \(ERR_READ\)\n$/,
    );
  });

  it('refuses --ms with --depth, and a missing file argument, with exit code 2', () => {
    for (const args of [
      ['analyze', '-', '--ms', '100', '--depth', '3'],
      ['analyze'],
      ['analyze', '-', '--depth', '0'],
    ]) {
      const { status, stderr } = run(args, '');
      expect(status, args.join(' ')).toBe(2);
      expect(stderr).toMatch(/\(ERR_[A-Z_]+\)\n$/);
    }
  });
});
