/**
 * `2048 auto`: the computer plays alone (the seed's solitary mode), full-screen or `--plain`,
 * and reports score, max tile, moves and moves per second; `--record FILE` keeps the game.
 */
import { writeFileSync } from 'node:fs';
import { createPlayer, PLAYER_NAMES, type PlayerName, type PlayerOptions } from '@twenty48/ai';
import { makeRecord, recordOf } from '@twenty48/engine';
import { type Command, InvalidArgumentError } from 'commander';
import { type AutoPlayer, autoplayFullScreen, autoplayPlain, formatSummary } from '../autoplay.js';
import { detectColorMode } from '../colors.js';
import {
  failUsage,
  type GameFlagValues,
  parseDelayFlag,
  positiveIntFlag,
  rulesFromFlags,
  startGame,
  withGameFlags,
} from '../flags.js';
import { formatPlainBlock } from '../plainBoard.js';

interface AutoOptions extends GameFlagValues {
  readonly ai: PlayerName;
  readonly plain?: boolean;
  readonly delay?: number;
  readonly record?: string;
  readonly depth?: number;
  readonly ms?: number;
}

const parseAiFlag = (text: string): PlayerName => {
  const found = PLAYER_NAMES.find((name) => name === text);
  if (!found)
    throw new InvalidArgumentError(
      `unknown player "${text.slice(0, 40)}": try ${PLAYER_NAMES.join(', ')}`,
    );
  return found;
};

function makePlayer(options: AutoOptions): AutoPlayer {
  const settings: { -readonly [K in keyof PlayerOptions]: PlayerOptions[K] } = {};
  if (options.seed !== undefined) settings.seed = options.seed;
  if (options.depth !== undefined) settings.depth = options.depth;
  if (options.ms !== undefined) settings.ms = options.ms;
  try {
    return createPlayer(options.ai, settings);
  } catch (error) {
    process.stderr.write(
      `error: the ${options.ai} player cannot start: ${(error as Error).message} (ERR_AI)\n`,
    );
    process.exit(1);
  }
}

async function auto(options: AutoOptions): Promise<void> {
  const rules = rulesFromFlags(options);
  if (!rules.ok) failUsage(`${rules.error.message} (${rules.error.code})`);
  const player = makePlayer(options);
  const game = startGame(rules.value, options.seed);
  const { stdin, stdout } = process;
  const fullScreen = !options.plain && stdin.isTTY && stdout.isTTY;
  const summary = fullScreen
    ? await autoplayFullScreen(game, player, {
        input: stdin,
        output: stdout,
        mode: detectColorMode(process.env, !options.color),
        delay: options.delay ?? 50,
        label: options.ai,
      })
    : await autoplayPlain(game, player, stdout, options.delay ?? 0);
  if (fullScreen) stdout.write(formatPlainBlock(summary.game));
  stdout.write(`${formatSummary(summary)}\n`);
  if (options.record !== undefined) {
    try {
      writeFileSync(options.record, `${makeRecord(recordOf(summary.game))}\n`);
      stdout.write(`Record written to ${options.record}\n`);
    } catch (error) {
      process.stderr.write(
        `error: cannot write the record to ${options.record}: ${(error as Error).message}\n`,
      );
      process.exitCode = 1;
    }
  }
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
    .option('--plain', "print every state in the seed's plain format")
    .option('--delay <ms>', 'pause between moves (default 50 full-screen, 0 plain)', parseDelayFlag)
    .option('--record <file>', 'write the game record (JSON) to this file at the end')
    .option('--depth <n>', 'expectimax search depth', positiveIntFlag('depth', 10))
    .option('--ms <n>', 'expectimax time per move in milliseconds', positiveIntFlag('ms', 60_000))
    .action((options: AutoOptions) => auto(options));
}
