import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { greedyPlayer } from '@twenty48/ai';
import { type Direction, maxTile, newGame, parseRecord, replay, step } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { formatPlainBlock, PLAIN_PROMPT } from './plainBoard.js';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const KEY: Record<Direction, string> = { up: 'w', left: 'a', down: 's', right: 'd' };

const auto = (args: string[]) =>
  spawnSync(process.execPath, [MAIN, 'auto', '--plain', ...args], {
    encoding: 'utf8',
    input: '',
    env: { ...process.env, TWENTY48_DATA_DIR: mkdtempSync(join(tmpdir(), 'twenty48-auto-')) },
    timeout: 60_000,
  });

describe('2048 auto --plain', () => {
  it("prints every state of the seed's greedy game, then score, max tile, moves and speed", () => {
    const dir = mkdtempSync(join(tmpdir(), 'twenty48-record-'));
    const file = join(dir, 'game.json');
    const { stdout, status } = auto(['--seed', 'auto-1', '--record', file]);
    expect(status).toBe(0);

    let game = newGame('classic', 'auto-1');
    let expected = formatPlainBlock(game);
    for (;;) {
      const direction = game.status === 'lost' ? null : greedyPlayer(game);
      if (!direction) break;
      game = step(game, direction).game;
      expected += `${PLAIN_PROMPT}${KEY[direction]}\n\n${formatPlainBlock(game)}`;
    }
    expect(game.status).toBe('lost');
    expect(stdout.startsWith(expected)).toBe(true);
    const summary = stdout.slice(expected.length).split('\n');
    expect(summary[0]).toMatch(
      new RegExp(
        `^Score: ${game.score} {2}Max tile: ${maxTile(game.board)} {2}Moves: ${game.moves.length} {2}Moves/s: \\d+\\.\\d$`,
      ),
    );
    expect(summary[1]).toBe(`Record written to ${file}`);

    // The record is the engine's JSON and replays to the same game.
    const record = parseRecord(readFileSync(file, 'utf8').trim());
    expect(record.ok).toBe(true);
    if (record.ok) expect(replay(record.value)).toEqual({ ok: true, value: game });
  });

  it('plays with --ai expectimax and its search options', () => {
    const { stdout, stderr, status } = auto([
      '--ai',
      'expectimax',
      '--depth',
      '1',
      '--size',
      '3',
      '--seed',
      'x',
    ]);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toMatch(/\nScore: \d+ {2}Max tile: \d+ {2}Moves: \d+ {2}Moves\/s: [\d.]+\n$/);
  });
});
