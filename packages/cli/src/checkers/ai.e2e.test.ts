/**
 * `checkers --ai`: the computer plays a side from a worker thread, and the program keeps
 * reading while it thinks. Real processes through real pipes.
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Game, newGame, parsePdnMove, playMove } from '@twenty48/checkers';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../../dist/checkers/main.js', import.meta.url));

function run(args: string[], input: string) {
  if (!existsSync(MAIN)) throw new Error(`build first: ${MAIN} is missing (npm run build)`);
  return spawnSync(process.execPath, [MAIN, ...args], {
    input,
    cwd: mkdtempSync(join(tmpdir(), 'checkers-ai-')),
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** The computer's moves in a transcript, in PDN. */
const computerMoves = (stdout: string): string[] =>
  [...stdout.matchAll(/\(computer\) plays .*\[([\dx-]+)\]$/gm)].map((match) => match[1] as string);

describe('checkers --ai', () => {
  it('plays red after each move of black, legal moves all, and stops at the end of the input', () => {
    const { stdout, status, stderr } = run(
      ['--plain', '--ai', 'red', '--level', '3'],
      '(move (3 2) southeast)\n(move (3 6) southwest)\n(pdn)\n',
    );
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const replies = computerMoves(stdout);
    expect(replies).toHaveLength(2);
    expect(stdout.match(/Red \(computer\) is thinking…\n/g)).toHaveLength(2);
    // The PDN of the game is the moves the transcript shows.
    let game: Game = newGame();
    for (const pdn of ['9-14', replies[0], '11-15', replies[1]]) {
      const move = parsePdnMove(game.position, pdn as string);
      if (!move.ok) throw new Error(`${pdn}: ${move.error.message}`);
      const next = playMove(game, move.value);
      if (!next.ok) throw new Error(next.error.message);
      game = next.value;
    }
    expect(stdout).toContain(`1. 9-14 ${replies[0]} 2. 11-15 ${replies[1]} *`);
    expect(stdout).toContain('[White "computer"]');
    expect(stdout.endsWith('Black (p1) to move: \n')).toBe(true);
  });

  it('moves first as black, and undo takes back its move with the player’s', () => {
    const { stdout, status } = run(
      ['--plain', '--ai', 'black', '--level', '2'],
      '(move (6 1) northeast)\n(undo)\n(undo)\n',
    );
    expect(status).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[10]).toBe('Black (computer) is thinking…');
    expect(lines[11]).toMatch(
      /^Black \(computer\) plays \(move \(3 \d\) south(east|west)\) \[\d+-\d+\]$/,
    );
    expect(stdout).toContain('Red (p2) to move: (undo)\nTook back 2 moves.\n');
    expect(stdout).toContain('Red (p2) to move: (undo)\nNothing to undo.\n');
  });

  it('leaves at once on (exit) while the computer thinks: its move never comes', async () => {
    if (!existsSync(MAIN)) throw new Error(`build first: ${MAIN} is missing`);
    const child: ChildProcessWithoutNullStreams = spawn(
      process.execPath,
      [MAIN, '--plain', '--ai', 'black', '--ms', '5000'],
      { cwd: mkdtempSync(join(tmpdir(), 'checkers-ai-')) },
    );
    let stdout = '';
    const events: string[] = [];
    child.stdout.setEncoding('utf8');
    const thinking = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: string) => {
        stdout += chunk;
        if (stdout.includes('thinking…')) resolve();
      });
    });
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    await thinking;
    events.push('thinking');
    // Standard input stays open: the program must leave by itself, not at the end of the input.
    child.stdin.write('(score)\n(exit)\n');
    const code = await exited;
    events.push('exited');
    expect(events).toEqual(['thinking', 'exited']);
    expect(code).toBe(0);
    expect(stdout).toContain('Black (computer) is thinking…\n(exit)\n');
    expect(stdout).not.toContain('plays');
    expect(stdout).not.toContain('Black (p1): 12 pieces');
  }, 30_000);

  it('refuses bad flags in one named line with exit code 2', () => {
    for (const [args, pattern] of [
      [['--ai', 'green'], /the computer plays black or red, not "green" \(ERR_INVALID_ARGUMENT\)$/],
      [['--level', '0'], /level must be 1 to 30 \(ERR_INVALID_ARGUMENT\)$/],
      [['--level', '31'], /level must be 1 to 30 \(ERR_INVALID_ARGUMENT\)$/],
      [['--ms', 'soon'], /ms must be a whole number \(ERR_INVALID_ARGUMENT\)$/],
      [
        ['--level', '3', '--ms', '100'],
        /cannot be used with option '--ms <n>' \(ERR_CONFLICTING_OPTION\)$/,
      ],
      [['--fen', 'B:W99:B1'], /^error: bad FEN "B:W99:B1": .* \(ERR_FEN\)$/],
      [['--plain', '--fast'], /unknown option '--fast' \(ERR_UNKNOWN_OPTION\)$/],
      [['extra'], /too many arguments .*\(ERR_EXCESS_ARGUMENTS\)$/],
    ] as const) {
      const { stdout, stderr, status } = run([...args], '(exit)\n');
      expect(status, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(stderr.trimEnd()).toMatch(pattern);
    }
  });
});
