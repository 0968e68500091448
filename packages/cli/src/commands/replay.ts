/**
 * `2048 replay FILE`: read a game record (the engine's record JSON, as `2048 auto --record`
 * writes it), verify it move by move with the engine, and print how it ended; `--watch` plays
 * it back on screen (full-screen in a terminal, the labwork's plain format with `--plain` or a
 * pipe). A bad file is one line naming the error and exit code 1.
 */
import { type Game, maxTile, newGame } from '@twenty48/engine';
import type { Command } from 'commander';
import { failUsage, parseDelayFlag } from '../flags.js';
import { formatPlainBlock } from '../plainBoard.js';
import { readRecordFile, recordPlayer, type VerifiedRecord } from '../recordFile.js';
import { autoplayHere } from '../terminalAutoplay.js';
import { writeErrorLine } from '../toolkit/commandLine.js';

interface ReplayOptions {
  readonly watch?: boolean;
  readonly plain?: boolean;
  readonly delay?: number;
  readonly color: boolean;
}

const STATUS_WORDS: Readonly<Record<Game['status'], string>> = {
  playing: 'unfinished',
  won: 'won',
  lost: 'game over',
};

/**
 * The verified game's closing lines: what it was, its last board, and how it ended.
 *
 * @example
 * formatReplaySummary(verified)
 * // 'Verified: classic 4x4, seed 7, 211 moves\nScore: 2312\n\n|…|\n\nScore: 2312  Max tile: 256  Moves: 211  Status: game over'
 */
export function formatReplaySummary({ record, game }: VerifiedRecord): string {
  const { name, size } = record.rules;
  return (
    `Verified: ${name} ${size}x${size}, seed ${record.seed}, ${record.moves.length} moves\n` +
    formatPlainBlock(game) +
    `Score: ${game.score}  Max tile: ${maxTile(game.board)}  Moves: ${game.moves.length}  ` +
    `Status: ${STATUS_WORDS[game.status]}`
  );
}

async function replayCommand(file: string, options: ReplayOptions): Promise<void> {
  if (!options.watch && (options.plain || options.delay !== undefined)) {
    failUsage('--plain and --delay only apply with --watch', 'ERR_USAGE');
  }
  const verified = await readRecordFile(file);
  if (!verified.ok) {
    writeErrorLine(`error: ${verified.error.message}`, verified.error.code);
    process.exitCode = 1;
    return;
  }
  const { record } = verified.value;
  const watched = options.watch
    ? await autoplayHere(newGame(record.rules, record.seed, record.version), recordPlayer(record), {
        plain: options.plain === true,
        delay: options.delay,
        color: options.color,
        caption: `Replay of ${file} · q stops`,
      })
    : null;
  process.stdout.write(`${formatReplaySummary(verified.value)}\n`);
  if (watched && watched.exitCode !== 0) process.exitCode = watched.exitCode;
}

/**
 * Add `replay` to the program.
 *
 * @example
 * register(program); // 2048 replay game.json --watch --delay 20
 */
export function register(program: Command): void {
  program
    .command('replay')
    .description('verify a game record (e.g. from 2048 auto --record) and show how it ended')
    .argument('<file>', 'the record file (JSON), or - for stdin')
    .option('--watch', 'play the game back on screen')
    .option('--plain', "with --watch: print every state in the labwork's plain format")
    .option(
      '--delay <ms>',
      'with --watch: pause between moves (default 50, 0 plain)',
      parseDelayFlag,
    )
    .option('--no-color', 'no colours (NO_COLOR is honoured too)')
    .action((file: string, options: ReplayOptions) => replayCommand(file, options));
}
