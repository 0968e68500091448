/**
 * `2048 auto`: the computer plays alone (the labwork's solitary mode), full-screen or `--plain`,
 * and reports score, max tile, moves and moves per second; `--record FILE` keeps the game.
 * Expectimax thinks on a worker thread, closed on every way out; `q`, Ctrl-C or SIGTERM stop
 * at once, and the game so far is still reported and recorded.
 */
import { accessSync, constants, type Stats, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PLAYER_NAMES, type PlayerName, type PlayerOptions } from '@twenty48/ai';
import { errorMessage } from '@twenty48/common';
import { makeRecord, recordOf } from '@twenty48/engine';
import type { Command } from 'commander';
import { type AsyncPlayer, networkNotice, openPlayer } from '../aiPlayer.js';
import {
  aiOptionsProblem,
  depthFlag,
  failUsage,
  type GameFlagValues,
  parseAiFlag,
  parseDelayFlag,
  positiveIntFlag,
  rulesFromFlags,
  startGame,
  withGameFlags,
} from '../flags.js';
import { formatPlainBlock } from '../plainBoard.js';
import {
  type AutoplayHereResult,
  type AutoSummary,
  autoplayHere,
  formatSummary,
} from '../terminalAutoplay.js';

interface AutoOptions extends GameFlagValues {
  readonly ai: PlayerName;
  readonly plain?: boolean;
  readonly delay?: number;
  readonly record?: string;
  readonly depth?: number;
  readonly ms?: number;
}

function makePlayer(options: AutoOptions): AsyncPlayer {
  const settings: { -readonly [K in keyof PlayerOptions]: PlayerOptions[K] } = {};
  if (options.seed !== undefined) settings.seed = options.seed;
  if (options.depth !== undefined) settings.depth = options.depth;
  if (options.ms !== undefined) settings.ms = options.ms;
  try {
    return openPlayer(options.ai, settings);
  } catch (error) {
    process.stderr.write(
      `error: the ${options.ai} player cannot start: ${errorMessage(error)} (ERR_AI)\n`,
    );
    process.exit(1);
  }
}

/** Write the record file; a failure is one line on stderr and exit code 1. */
function writeRecord(file: string, summary: AutoSummary): void {
  try {
    writeFileSync(file, `${makeRecord(recordOf(summary.game))}\n`);
    process.stdout.write(`Record written to ${file}\n`);
  } catch (error) {
    process.stderr.write(
      `error: cannot write the record to ${file}: ${errorMessage(error)} (ERR_RECORD_WRITE)\n`,
    );
    process.exitCode = 1;
  }
}

/** Flag combinations that cannot work, refused before the game starts (exit code 2). */
function checkCombination(options: AutoOptions): void {
  const aiProblem = aiOptionsProblem(options.ai, options.depth, options.ms);
  if (aiProblem !== null) failUsage(aiProblem, 'ERR_USAGE');
  const problem = options.record === undefined ? null : recordPathProblem(options.record);
  if (problem !== null) {
    failUsage(`cannot write the record to ${options.record}: ${problem}`, 'ERR_RECORD_WRITE');
  }
}

const statOf = (path: string): Stats | null => {
  try {
    return statSync(path);
  } catch {
    return null;
  }
};

const allows = (path: string, mode: number): boolean => {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
};

/**
 * Why the record cannot be written to `file`, or null when it can: checked before the game, so
 * a whole game is not played for nothing.
 */
function recordPathProblem(file: string): string | null {
  const path = resolve(file);
  const target = statOf(path);
  if (target?.isDirectory()) return 'it is a directory';
  if (target) return allows(path, constants.W_OK) ? null : 'permission denied';
  const parent = dirname(path);
  if (!statOf(parent)?.isDirectory()) return 'no such directory';
  return allows(parent, constants.W_OK | constants.X_OK) ? null : 'permission denied';
}

async function auto(options: AutoOptions): Promise<void> {
  checkCombination(options);
  const rules = rulesFromFlags(options);
  if (!rules.ok) failUsage(rules.error.message, rules.error.code);
  const notice = networkNotice(options.ai, rules.value);
  if (notice !== null) process.stderr.write(`${notice}\n`);
  const game = startGame(rules.value, options.seed);
  const player = makePlayer(options);
  let result: AutoplayHereResult;
  try {
    result = await autoplayHere(game, player, {
      plain: options.plain === true,
      delay: options.delay,
      color: options.color,
      caption: `Autoplay: ${options.ai} · q stops`,
    });
  } finally {
    await player.close();
  }
  const { summary, fullScreen, exitCode } = result;
  if (fullScreen) process.stdout.write(formatPlainBlock(summary.game));
  process.stdout.write(`${formatSummary(summary)}\n`);
  if (options.record !== undefined) writeRecord(options.record, summary);
  if (exitCode !== 0) process.exitCode = exitCode;
}

/**
 * Add `auto` to the program.
 *
 * @example
 * register(program); // 2048 auto --plain --seed 7 --record game.json
 */
export function register(program: Command): void {
  withGameFlags(program.command('auto'))
    .description('the computer plays alone; every state is shown')
    .option('--ai <player>', `the player: ${PLAYER_NAMES.join(', ')}`, parseAiFlag, 'greedy')
    .option('--plain', "print every state in the labwork's plain format")
    .option('--delay <ms>', 'pause between moves (default 50 full-screen, 0 plain)', parseDelayFlag)
    .option('--record <file>', 'write the game record (JSON) to this file at the end')
    .option(
      '--depth <n>',
      'expectimax/ntuple search depth (ntuple: 0 is the network alone)',
      depthFlag(10),
    )
    .option(
      '--ms <n>',
      'expectimax/ntuple time per move in milliseconds',
      positiveIntFlag('ms', 60_000),
    )
    .action((options: AutoOptions) => auto(options));
}
