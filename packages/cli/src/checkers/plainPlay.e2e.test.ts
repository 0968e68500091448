/**
 * `checkers --plain` through a real pipe: the built program, its stdout read line by line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  directionBetween,
  formatCoords,
  type Game,
  legalMoves,
  newGame,
  type Position,
  parseFen,
  playMove,
} from '@twenty48/checkers';
import { describe, expect, it } from 'vitest';
import { RACKET_MESSAGES } from './commands.js';
import { formatBoard, promptOf } from './textBoard.js';
import { saveXlsx } from './xlsx.js';

const MAIN = fileURLToPath(new URL('../../dist/checkers/main.js', import.meta.url));

/** Run the built `checkers --plain` with this input through a pipe, in `cwd`. */
function runCheckers(args: string[], input: string, cwd = tempDir()) {
  if (!existsSync(MAIN)) throw new Error(`build first: ${MAIN} is missing (npm run build)`);
  const result = spawnSync(process.execPath, [MAIN, ...args], {
    input,
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '' },
    timeout: 60_000,
  });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status, cwd };
}

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'checkers-pipe-'));

const positionOf = (fen: string): Position => {
  const position = parseFen(fen);
  if (!position.ok) throw new Error(position.error.message);
  return position.value;
};

/** The text board as the program prints it between blank lines. */
const boardBlock = (position: Position): string => `\n${formatBoard(position).join('\n')}\n\n`;

/** The line the program answers `input` with: the line after the prompt that echoes it. */
const answerTo = (stdout: string, input: string): string | undefined => {
  const lines = stdout.split('\n');
  const prompt = /^(Black \(p1\)|Red \(p2\))( to move|, keep jumping with \(\d \d\)): /;
  const at = lines.findIndex((line) => prompt.test(line) && line.replace(prompt, '') === input);
  return at < 0 ? undefined : lines[at + 1];
};

const CAPTURE_DUE = 'B:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,14';

describe('checkers --plain through a pipe', () => {
  it('prints the board with its coordinates, a prompt naming the side, and each move', () => {
    const { stdout, status, stderr } = runCheckers(
      ['--plain'],
      '(move (3 2) southeast)\n(move (6 1) (5 2))\n',
    );
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const start = newGame();
    expect(stdout).toBe(
      [
        `${formatBoard(start.position).join('\n')}\n\n`,
        'Black (p1) to move: (move (3 2) southeast)\n',
        'Black moves (3 2) to (4 3) [9-14].\n',
        boardBlock(
          positionOf('W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,14'),
        ),
        'Red (p2) to move: (move (6 1) (5 2))\n',
        'Red moves (6 1) to (5 2) [21-17].\n',
        boardBlock(positionOf(CAPTURE_DUE)),
        'Black (p1) to move: \n',
      ].join(''),
    );
    expect(formatBoard(start.position)).toEqual([
      '  1 2 3 4 5 6 7 8',
      '1   b   b   b   b',
      '2 b   b   b   b',
      '3   b   b   b   b',
      '4 .   .   .   .',
      '5   .   .   .   .',
      '6 r   r   r   r',
      '7   r   r   r   r',
      '8 r   r   r   r',
    ]);
  });

  it("answers every bad command with the Racket original's line, the board left as it was", () => {
    const bad: [string, string][] = [
      ['exit', RACKET_MESSAGES.notAList],
      ['"(exit)"', RACKET_MESSAGES.notAList],
      ['()', RACKET_MESSAGES.notAList],
      ['(jump (3 2))', RACKET_MESSAGES.invalid],
      ['(move)', RACKET_MESSAGES.moveArguments],
      ['(move (3 2))', RACKET_MESSAGES.moveArguments],
      ['(move (0 2) southeast)', RACKET_MESSAGES.badCoordinate],
      ['(move three southeast)', RACKET_MESSAGES.badCoordinate],
      ['(move (4 1) southeast)', RACKET_MESSAGES.noPiece],
      ['(move (6 1) northeast)', RACKET_MESSAGES.noPiece],
      ['(move (3 2) (5 4))', RACKET_MESSAGES.notADirection],
      ['(move (3 2) up)', RACKET_MESSAGES.badDirection],
      ['(move (3 2) northwest)', RACKET_MESSAGES.cannotMove],
      ['(move (3 2) southeast', 'Cannot read that: a ( is never closed (ERR_READ)'],
      ['(score))', 'Cannot read that: a ) closes nothing (ERR_READ)'],
      [
        '(save "a/b")',
        'Cannot save: "a/b" cannot be a file name: it contains a path separator (/ or \\) (ERR_FILE_NAME)',
      ],
      [
        '(load "nothing here")',
        'Cannot load nothing here.xlsx: cannot read nothing here.xlsx: no such file (ERR_READ)',
      ],
      ['(undo)', 'Nothing to undo.'],
      ['(pdn 1)', '(pdn) takes nothing after it'],
    ];
    const input = `${bad.map(([line]) => line).join('\n')}\n(score)\n`;
    const { stdout, status } = runCheckers(['--plain'], input);
    expect(status).toBe(0);
    const start = `${formatBoard(newGame().position).join('\n')}\n\n`;
    const prompt = promptOf(newGame());
    // Nothing but the prompt, the echo and one line each: the board is never printed again.
    expect(stdout).toBe(
      [
        start,
        ...bad.map(([line, answer]) => `${prompt}${line}\n${answer}\n`),
        `${prompt}(score)\nBlack (p1): 12 pieces (0 kings) · Red (p2): 12 pieces (0 kings)\n`,
        `${prompt}\n`,
      ].join(''),
    );
  });

  it('names a capture when one is compulsory, and plays it', () => {
    const { stdout } = runCheckers(
      ['--plain', '--fen', CAPTURE_DUE],
      '(move (3 4) southeast)\n(move (4 3) southwest)\n',
    );
    expect(answerTo(stdout, '(move (3 4) southeast)')).toBe(
      'You must capture: (move (4 3) southwest)',
    );
    expect(answerTo(stdout, '(move (4 3) southwest)')).toBe(
      'Black jumps (4 3) over (5 2) to (6 1) [14x21].',
    );
  });

  it('plays a multi-jump as two commands by the same player, and refuses to save halfway', () => {
    const cwd = tempDir();
    const { stdout } = runCheckers(
      ['--plain', '--fen', 'B:W14,23,29:B1,9'],
      '(move (3 2) southeast)\n(save)\n(move (1 2) southeast)\n(move (5 4) (7 6))\n',
      cwd,
    );
    const lines = stdout.split('\n');
    expect(answerTo(stdout, '(move (3 2) southeast)')).toBe(
      'Black jumps (3 2) over (4 3) to (5 4). Keep jumping with (5 4).',
    );
    expect(lines).toContain('Black (p1), keep jumping with (5 4): (save)');
    expect(answerTo(stdout, '(save)')).toBe(
      'Cannot save in the middle of a jump: finish it first (keep jumping with (5 4))',
    );
    expect(readdirSync(cwd)).toEqual([]);
    expect(answerTo(stdout, '(move (1 2) southeast)')).toBe(
      'Keep jumping with (5 4): (move (5 4) southeast)',
    );
    expect(answerTo(stdout, '(move (5 4) (7 6))')).toBe(
      'Black jumps (5 4) over (6 5) to (7 6) [9x18x27].',
    );
    expect(stdout).toContain(`${boardBlock(positionOf('W:W29:B1,27'))}Red (p2) to move: `);
  });

  it('crowns a man on the far row and shows it as a king', () => {
    const { stdout } = runCheckers(['--plain', '--fen', 'B:W5:B25'], '(move (7 2) southeast)\n');
    expect(answerTo(stdout, '(move (7 2) southeast)')).toBe(
      'Black moves (7 2) to (8 3) [25-30]; (8 3) is crowned king.',
    );
    expect(stdout).toContain('\n8 .   B   .   .\n');
  });

  it('announces the winner, why, and ends with exit code 0', () => {
    const captured = runCheckers(
      ['--plain', '--fen', 'B:W14:B9'],
      '(move (3 2) southeast)\n(score)\n',
    );
    expect(captured.status).toBe(0);
    expect(
      captured.stdout.endsWith(
        `${boardBlock(positionOf('W:W:B18'))}Black wins: red has no pieces left\n`,
      ),
    ).toBe(true);
    const blocked = runCheckers(['--plain', '--fen', 'B:W5:BK1,11'], '(move (3 6) southeast)\n');
    expect(blocked.status).toBe(0);
    expect(blocked.stdout.endsWith('Black wins: red has no legal move\n')).toBe(true);
    const stuck = 'B:W5,6,10:B1';
    const lost = runCheckers(['--plain', '--fen', stuck], '');
    expect(lost.status).toBe(0);
    expect(lost.stdout).toBe(
      `${formatBoard(positionOf(stuck)).join('\n')}\n\nRed wins: black has no legal move\n`,
    );
  });

  it('draws on the same position a third time', () => {
    const cycle = [
      '(move (1 2) southeast)',
      '(move (8 7) northwest)',
      '(move (2 3) northwest)',
      '(move (7 6) southeast)',
    ];
    const { stdout, status } = runCheckers(
      ['--plain', '--fen', 'B:WK32:BK1'],
      `${[...cycle, ...cycle, '(score)'].join('\n')}\n`,
    );
    expect(status).toBe(0);
    expect(stdout.endsWith('Draw: the same position a third time\n')).toBe(true);
    expect(stdout).not.toContain('(score)');
  });

  it('draws after 40 moves each without a capture or a man moving', () => {
    // Four kings wander without capturing and without any position coming a third time: a
    // depth-first walk of the rules' own moves finds such a game.
    const start = newGame(positionOf('B:WK29,K32:BK1,K4'));
    const seen = new Map<string, number>([[JSON.stringify(start.position), 1]]);
    const walk = (game: Game): Game[] | null => {
      if (game.status.kind !== 'playing') return [game];
      for (const move of legalMoves(game.position)) {
        if (move.captured.length > 0) continue;
        const next = playMove(game, move);
        if (!next.ok) throw new Error(next.error.message);
        const key = JSON.stringify(next.value.position);
        const times = seen.get(key) ?? 0;
        if (times >= 2) continue;
        seen.set(key, times + 1);
        const rest = walk(next.value);
        if (rest !== null) return [game, ...rest];
        seen.set(key, times);
      }
      return null;
    };
    const games = walk(start) ?? [];
    const game = games[games.length - 1] as Game;
    const commands = game.moves.map(
      (move) => `(move ${formatCoords(move.from)} ${directionBetween(move.from, move.to)})`,
    );
    expect(game.status).toEqual({ kind: 'draw', reason: 'forty-moves' });
    expect(commands).toHaveLength(80);
    const { stdout, status } = runCheckers(
      ['--plain', '--fen', 'B:WK29,K32:BK1,K4'],
      `${commands.join('\n')}\n`,
    );
    expect(status).toBe(0);
    expect(stdout.endsWith("Draw: 40 moves each without a capture or a man's move\n")).toBe(true);
  });

  it('shows the rest: help, hint, pdn, select, undo, default-board, exit', () => {
    const { stdout, status } = runCheckers(
      ['--plain', '--level', '2'],
      [
        '(help)',
        '(3 2)',
        '(move (3 2) southeast)',
        '(hint)',
        '(pdn)',
        '(undo)',
        '(move (3 4) southwest) (move (6 5) northeast)',
        '(default-board)',
        '(exit)',
        '(score)',
      ].join('\n'),
    );
    expect(status).toBe(0);
    expect(stdout).toContain('(move (ROW COL) DIRECTION)   northeast, northwest');
    expect(answerTo(stdout, '(3 2)')).toBe(
      '(3 2) can go: (move (3 2) southwest), (move (3 2) southeast)',
    );
    expect(answerTo(stdout, '(hint)')).toMatch(
      /^Hint: \(move \(\d \d\) (north|south)(east|west)\) \[\d+-\d+\]$/,
    );
    expect(answerTo(stdout, '(pdn)')).toBe('[Event "checkers"]');
    expect(stdout).toContain('\n1. 9-14 *\n');
    expect(answerTo(stdout, '(undo)')).toBe('Took back a move.');
    // Two commands on one line run in order.
    expect(answerTo(stdout, '(move (3 4) southwest) (move (6 5) northeast)')).toBe(
      'Black moves (3 4) to (4 3) [10-14].',
    );
    expect(stdout).toContain('Red moves (6 5) to (5 6) [23-19].');
    expect(answerTo(stdout, '(default-board)')).toBe('A new game: Black (p1) to move.');
    expect(stdout.endsWith(`${promptOf(newGame())}(exit)\n`)).toBe(true);
  });

  it('shows control characters from the input escaped, never raw', () => {
    const { stdout } = runCheckers(['--plain'], '(save "\x1b[2J")\n\x07\x9b(score)\n');
    const controls = Array.from(stdout).filter((char) => {
      const code = char.charCodeAt(0);
      return (code < 0x20 && char !== '\n') || (code >= 0x7f && code <= 0x9f);
    });
    expect(controls).toEqual([]);
    expect(stdout).toContain('Black (p1) to move: (save "\\e[2J")\n');
    expect(answerTo(stdout, '(save "\\e[2J")')).toMatch(/control character \(ERR_FILE_NAME\)$/);
    expect(answerTo(stdout, '\\x07\\x9b(score)')).toBe(RACKET_MESSAGES.notAList);
  });

  it('shows bidi controls escaped, and refuses them in a save name', () => {
    const { stdout, cwd: dir } = runCheckers(['--plain'], '(save "\u202Eevil")\n');
    expect(stdout).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(answerTo(stdout, '(save "\\u{202E}evil")')).toMatch(/\(ERR_FILE_NAME\)$/);
    expect(readdirSync(dir).filter((name) => name.endsWith('.xlsx'))).toEqual([]);
  });

  it('refuses an over-long line as it arrives and goes on with the next', () => {
    const { stdout, status } = runCheckers(
      ['--plain'],
      `(score ${'x'.repeat(8 * 1024 * 1024)})\n(score)\n`,
    );
    expect(status).toBe(0);
    expect(stdout).toContain(': That line is longer than 1024 characters (ERR_TOO_LONG).\n');
    expect(stdout).not.toContain('xxxxxxxxxx');
    expect(stdout).toContain('(score)\nBlack (p1): 12 pieces');
  }, 60_000);
});

describe('checkers saves and loads .xlsx files in the current directory', () => {
  it('saves a game in one process and loads it in another', () => {
    const cwd = tempDir();
    const first = runCheckers(['--plain'], '(move (3 2) southeast)\n(save "mine")\n(save)\n', cwd);
    expect(answerTo(first.stdout, '(save "mine")')).toBe('Saved mine.xlsx: Red (p2) to move.');
    expect(answerTo(first.stdout, '(save)')).toBe('Saved checkers.xlsx: Red (p2) to move.');
    expect(readdirSync(cwd).sort()).toEqual(['checkers.xlsx', 'mine.xlsx']);

    const after = positionOf('W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,14');
    const second = runCheckers(['--plain'], '(load "mine")\n(move (6 1) northeast)\n(load)\n', cwd);
    expect(answerTo(second.stdout, '(load "mine")')).toBe('Loaded mine.xlsx: Red (p2) to move.');
    expect(second.stdout).toContain(
      `Loaded mine.xlsx: Red (p2) to move.\n${boardBlock(after)}Red (p2) to move: `,
    );
    expect(answerTo(second.stdout, '(move (6 1) northeast)')).toBe(
      'Red moves (6 1) to (5 2) [21-17].',
    );
    expect(second.stdout).toContain(
      `Loaded checkers.xlsx: Red (p2) to move.\n${boardBlock(after)}`,
    );
  });

  it('refuses a bad file in one line naming the problem, leaves it byte for byte, and plays on', async () => {
    const cwd = tempDir();
    const garbage = 'not a workbook\n'.repeat(50);
    writeFileSync(join(cwd, 'text.xlsx'), garbage);
    const empty = Array.from({ length: 8 }, () => Array<'E'>(8).fill('E'));
    const light = empty.map((row, r) => row.map((cell, c) => (r === 0 && c === 0 ? 'B n' : cell)));
    expect((await saveXlsx(join(cwd, 'light.xlsx'), { cells: light, turn: 'p1' })).ok).toBe(true);
    const crowded = empty.map((row, r) =>
      row.map((cell, c) => ((r + c) % 2 === 1 && r < 4 ? 'R n' : cell)),
    );
    expect((await saveXlsx(join(cwd, 'crowded.xlsx'), { cells: crowded, turn: 'p2' })).ok).toBe(
      true,
    );
    const before = ['text', 'light', 'crowded'].map((name) =>
      readFileSync(join(cwd, `${name}.xlsx`)),
    );

    const { stdout } = runCheckers(
      ['--plain'],
      '(load "text")\n(load "light")\n(load "crowded")\n(move (3 2) southeast)\n',
      cwd,
    );
    expect(answerTo(stdout, '(load "text")')).toMatch(/^Cannot load text\.xlsx: .*\(ERR_XLSX\)$/);
    expect(answerTo(stdout, '(load "light")')).toBe(
      'Cannot load light.xlsx: a piece stands on the light square (1 1) (ERR_LIGHT_SQUARE)',
    );
    expect(answerTo(stdout, '(load "crowded")')).toBe(
      'Cannot load crowded.xlsx: red has 16 pieces; at most 12 (ERR_TOO_MANY_PIECES)',
    );
    // The game went on from where it was.
    expect(answerTo(stdout, '(move (3 2) southeast)')).toBe('Black moves (3 2) to (4 3) [9-14].');
    const after = ['text', 'light', 'crowded'].map((name) =>
      readFileSync(join(cwd, `${name}.xlsx`)),
    );
    expect(after).toEqual(before);
  });
});
