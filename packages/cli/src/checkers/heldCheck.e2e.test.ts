/**
 * heldCheck.js run for real on a small match file, with a 3-piece database written to a
 * temporary directory: a game ours lost after a position the database holds is named, one it
 * lost from a lost start is not, and one it won is skipped; a game drawn or lost after a
 * position the database scores as won for us is named too. With `--judge`, another engine
 * process judges: our own `checkers engine` reaches the same verdicts, a scripted judge shows
 * the protocol lines it was sent, and a judge that fails is named.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEgdb } from '@twenty48/checkers';
import { afterAll, describe, expect, it } from 'vitest';
import { writeEgdbFile } from './egdbFile.js';

const HELD = fileURLToPath(new URL('../../dist/checkers/heldCheck.js', import.meta.url));
const MAIN = fileURLToPath(new URL('../../dist/checkers/main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'held-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const game = (fen: string, black: string, white: string, result: string, moves: string) =>
  `[Event "t"]\n[Black "${black}"]\n[White "${white}"]\n[Result "${result}"]\n[FEN "${fen}"]\n\n${moves} ${result}\n`;

describe('heldCheck.js', () => {
  it('names the lost game that passed through a position the database holds for us', () => {
    if (!existsSync(HELD)) throw new Error(`build first: ${HELD} is missing (npm run build)`);
    const egdb = join(dir, 'egdb3.t48.gz');
    writeEgdbFile(egdb, buildEgdb(3));
    const pdn = join(dir, 'match.pdn');
    // Black (ours) holds B:W9:B1,2 but plays 2-6 into 9x2 and loses every piece.
    const blunder = '1. 2-6 9x2 2. 1-5 2-6 3. 5-9 6x13';
    writeFileSync(
      pdn,
      [
        game('B:W9:B1,2', 'ours', 'peer', '0-2', blunder),
        game('B:W9:B1,2', 'peer', 'ours', '0-2', blunder),
        game('W:W9:B1,2', 'peer', 'ours', '2-0', '1. 9-6 2x9'),
        // Red's two kings against one are won; ours shuffles and the game is called a draw.
        game('W:WK28,K32:BK1', 'peer', 'ours', '1-1', '1. 28-24 1-6 2. 24-28 6-1'),
      ].join('\n'),
    );
    const { stdout, status } = spawnSync(
      process.execPath,
      [HELD, '--pdn', pdn, '--egdb', egdb, '--depth', '4'],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(status).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^game 1 \(t, ours black\), lost in 6 plies: held by the database at ply 0 \((draw|win), B:W9:B1,2\); last held at 4 plies: ply 0 /,
    );
    expect(lines[1]).toMatch(
      /^game 3 \(t, ours red\), lost in 2 plies: never held by the database/,
    );
    // 2-6 gives up a man and the game: the 4-ply search scores the position it makes far below 0.
    expect(lines[0]).toMatch(/, then 2-6 to -\d{3,}$/);
    expect(lines[2]).toBe(
      '2 games lost; 1 after a position the 3-piece database holds for us; 1 after a position a 4-ply search scores 0 or more for us, in 1 of them lost there by a move it scores 100 or more below 0',
    );
    // Game 1 started from a won position too (two men against one, black to move).
    expect(lines.slice(3)).toEqual([
      'game 1 (t, ours black), lost in 6 plies: won by the database at ply 0 (B:W9:B1,2)',
      'game 4 (t, ours red), drawn in 4 plies: won by the database at ply 0 (W:WK28,K32:BK1)',
      '2 games drawn or lost after a position the 3-piece database scores as won for us',
    ]);
  }, 60_000);

  it("does not count a hold inside the ballot's dealt moves as ours", () => {
    const pdn = join(dir, 'ballot.pdn');
    // Ballot 1 from the start, then the record stops: black (ours) was to move only at plies 0
    // and 2, both dealt by the ballot, where a 4-ply search scores the game even or better.
    const dealt = (fen: string) =>
      `[Event "t"]\n[Black "ours"]\n[White "peer"]\n[Result "0-2"]\n${fen}\n1. 9-13 21-17 2. 5-9 0-2\n`;
    writeFileSync(
      pdn,
      [
        dealt(''),
        dealt('[FEN "B:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12"]'),
      ].join('\n'),
    );
    const { stdout, status } = spawnSync(process.execPath, [HELD, '--pdn', pdn, '--depth', '4'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(status).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^game 1 \(t, ours black\), lost in 3 plies: .*; never held at 4 plies after the ballot$/,
    );
    // From a setup other than the start (red short of 32) the same moves deal nothing: ply 2 is
    // judged, and held (black is a man up).
    expect(lines[1]).toMatch(
      /^game 2 \(t, ours black\), lost in 3 plies: .*; last held at 4 plies: ply 2 \(score \d+, 1 of our moves to the end, /,
    );
    expect(lines[2]).toMatch(
      /^2 games lost; 0 after .*; 1 after a position a 4-ply search scores 0 or more for us/,
    );
  }, 60_000);

  // Games 1 and 3 of the first test: ours black lost from B:W9:B1,2, held by the database, and
  // ours red lost from a start the database scores lost.
  const judgedGames = () => {
    const pdn = join(dir, 'judged.pdn');
    writeFileSync(
      pdn,
      [
        game('B:W9:B1,2', 'ours', 'peer', '0-2', '1. 2-6 9x2 2. 1-5 2-6 3. 5-9 6x13'),
        game('W:W9:B1,2', 'peer', 'ours', '2-0', '1. 9-6 2x9'),
      ].join('\n'),
    );
    return pdn;
  };
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [HELD, ...args], { encoding: 'utf8', timeout: 60_000 });

  it('with our own engine as the judge, reaches the verdicts of the search inside', () => {
    if (!existsSync(MAIN)) throw new Error(`build first: ${MAIN} is missing (npm run build)`);
    const pdn = judgedGames();
    const inside = run('--pdn', pdn, '--depth', '4');
    const judged = run(
      '--pdn',
      pdn,
      '--depth',
      '4',
      '--judge',
      `"${process.execPath}" "${MAIN}" engine --no-book`,
    );
    expect(inside.status).toBe(0);
    expect(judged.status).toBe(0);
    const lines = judged.stdout.trim().split('\n');
    // Held at ply 0 by either judge; 2-6 lets 9x2 in, forced, and the judge is asked about the
    // position after it: lost for us, by far more than a man.
    expect(lines[0]).toMatch(
      /; last held at 4 plies by the judge: ply 0 \(score \d+, .*, then 2-6 to -\d{3,}$/,
    );
    expect(inside.stdout.split('\n')[0]).toMatch(
      /; last held at 4 plies: ply 0 \(score \d+, .*, then 2-6 to -\d{3,}$/,
    );
    expect(lines[1]).toMatch(
      /^game 2 \(t, ours red\), lost in 2 plies: .*; never held at 4 plies by the judge$/,
    );
    expect(lines[2]).toBe(
      '2 games lost; 1 after a position the 5-piece database holds for us; 1 after a position a 4-ply search by the judge scores 0 or more for us, in 1 of them lost there by a move it scores 100 or more below 0',
    );
  }, 60_000);

  it('sends the judge each position with the moves to it, its forced moves played out', () => {
    const log = join(dir, 'judge.log');
    const script = join(dir, 'judge.sh');
    // Scores game 1's start 5 for the side to move and every other position 5 below 0, and
    // writes down each line it was sent.
    writeFileSync(
      script,
      [
        'while read -r line; do',
        `  echo "$line" >> "${log}"`,
        '  case "$line" in',
        '    isready) echo readyok ;;',
        '    "position fen B:W9:B1,2") score=5 ;;',
        '    position*) score=-5 ;;',
        '    go*) echo "info depth 4 score $score nodes 1 pv 1-5"; echo "bestmove 1-5" ;;',
        '  esac',
        'done',
      ].join('\n'),
    );
    const { stdout, status } = run(
      '--pdn',
      judgedGames(),
      '--depth',
      '4',
      '--judge',
      `sh "${script}"`,
    );
    expect(status).toBe(0);
    // Ply 4's 5-9 and 6x13 are forced to the end: lost, and not sent. Ply 2 scores -5; ply 0
    // scores 5, and 2-6 leads to a forced 9x2 and ply 2's position again: -5 for us.
    expect(stdout.split('\n')[0]).toBe(
      'game 1 (t, ours black), lost in 6 plies: held by the database at ply 0 (win, B:W9:B1,2); last held at 4 plies by the judge: ply 0 (score 5, 3 of our moves to the end, B:W9:B1,2), then 2-6 to -5',
    );
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual([
      'isready',
      'newgame',
      'position fen B:W9:B1,2 moves 2-6 9x2',
      'go depth 4',
      'position fen B:W9:B1,2',
      'go depth 4',
      'position fen B:W9:B1,2 moves 2-6 9x2',
      'go depth 4',
      'newgame',
      'position fen W:W9:B1,2',
      'go depth 4',
      'quit',
    ]);
  }, 60_000);

  it('names a judge that is not an engine, or fails, and gives no verdict', () => {
    const pdn = judgedGames();
    const silent = run('--pdn', pdn, '--depth', '4', '--judge', 'echo hello');
    expect(silent.status).toBe(1);
    expect(silent.stderr).toMatch(
      /^heldCheck: the judge did not answer isready \(echo hello\) \(ERR_JUDGE\)$/m,
    );
    expect(silent.stdout).toBe('');
    const script = join(dir, 'refuses.sh');
    writeFileSync(
      script,
      'while read -r line; do\n  case "$line" in\n    isready) echo readyok ;;\n    go*) echo "error ERR_BUSY not now" ;;\n  esac\ndone\n',
    );
    const refusing = run('--pdn', pdn, '--depth', '4', '--judge', `sh "${script}"`);
    expect(refusing.status).toBe(1);
    expect(refusing.stderr).toMatch(
      /the judge said error ERR_BUSY not now at B:WK2:B1 \(ERR_JUDGE\)/,
    );
    const noDepth = run('--pdn', pdn, '--judge', 'echo hello');
    expect(noDepth.status).toBe(2);
    expect(noDepth.stderr).toMatch(
      /--judge needs --depth: the depth it searches to \(ERR_OPTIONS\)/,
    );
  }, 60_000);

  it('refuses a missing --pdn by name', () => {
    const { stderr, status } = spawnSync(process.execPath, [HELD], { encoding: 'utf8' });
    expect(status).toBe(2);
    expect(stderr).toMatch(/--pdn FILE is required \(ERR_OPTIONS\)/);
  });
});
