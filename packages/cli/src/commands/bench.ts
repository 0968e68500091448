/**
 * `2048 bench`: play seeded games with an AI on worker threads, then print the table (or one
 * JSON object with `--json`) and optionally write an SVG chart.
 *
 *   2048 bench --ai expectimax --depth 3 --games 100 --seed 1 --workers 2 --chart bench.svg
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { DEFAULT_AI, PLAYER_NAMES, type PlayerName, type PlayerOptions } from '@twenty48/ai';
import {
  type BenchGame,
  type BenchSummary,
  benchChartSvg,
  formatBenchTable,
  runBench,
} from '@twenty48/ai/node';
import { errorMessage } from '@twenty48/common';
import type { Command } from 'commander';
import { networkNotice } from '../aiPlayer.js';
import {
  aiOptionsProblem,
  depthFlag,
  type GameFlags,
  parseAiFlag,
  parseGoalFlag,
  parseRulesFlag,
  parseSeedFlag,
  parseSizeFlag,
  positiveIntFlag,
  rulesFromFlags,
} from '../flags.js';

/** Where the command writes; tests pass their own. */
export interface BenchIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** True when stderr is a terminal: draw a progress bar instead of one line per game. */
  readonly tty: boolean;
}

const processIo: BenchIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  tty: process.stderr.isTTY === true,
};

interface BenchFlags extends GameFlags {
  readonly ai: PlayerName;
  readonly depth?: number;
  readonly ms?: number;
  readonly games: number;
  readonly seed: string;
  readonly workers: number;
  readonly json?: boolean;
  readonly chart?: string;
}

/** One line per finished game, or a redrawn bar on a terminal. */
function progress(io: BenchIo): (game: BenchGame, done: number, total: number) => void {
  let best = 0;
  return (game, done, total) => {
    best = Math.max(best, game.maxTile);
    if (!io.tty) {
      io.err(
        `game ${done}/${total}  seed ${game.seed}  max ${game.maxTile}  score ${game.score}  moves ${game.moves}\n`,
      );
      return;
    }
    const width = 30;
    const filled = Math.round((done / total) * width);
    const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
    io.err(`\r[${bar}] ${done}/${total} games, best tile ${best}${done === total ? '\n' : ''}`);
  };
}

/**
 * Run the benchmark the flags describe and report it; returns the exit code.
 *
 * @example
 * const code = await benchCommand({ ai: 'expectimax', depth: 3, games: 100, seed: '1', workers: 2, … });
 */
export async function benchCommand(flags: BenchFlags, io: BenchIo = processIo): Promise<number> {
  const aiProblem = aiOptionsProblem(flags.ai, flags.depth, flags.ms);
  if (aiProblem !== null) {
    io.err(`error: ERR_USAGE: ${aiProblem}\n`);
    return 2;
  }
  const rules = rulesFromFlags(flags);
  if (!rules.ok) {
    io.err(`error: ${rules.error.code}: ${rules.error.message}\n`);
    return 2;
  }
  const notice = networkNotice(flags.ai, rules.value);
  if (notice !== null) io.err(`${notice}\n`);
  const options: PlayerOptions = {
    ...(flags.depth !== undefined ? { depth: flags.depth } : {}),
    ...(flags.ms !== undefined ? { ms: flags.ms } : {}),
  };
  let summary: BenchSummary;
  try {
    summary = await runBench({
      ai: flags.ai,
      options,
      rules: rules.value,
      games: flags.games,
      seed: flags.seed,
      workers: flags.workers,
      onGame: progress(io),
    });
  } catch (error) {
    io.err(`error: ERR_BENCH: ${errorMessage(error)}\n`);
    return 1;
  }
  if (flags.json) {
    const { results, ...figures } = summary;
    io.out(`${JSON.stringify({ ...figures, results })}\n`);
  } else {
    io.out(`${formatBenchTable(summary)}\n`);
  }
  if (flags.chart !== undefined) {
    try {
      writeFileSync(flags.chart, benchChartSvg(summary));
      if (!flags.json) io.out(`chart written to ${flags.chart}\n`);
    } catch (error) {
      const reason = errorMessage(error);
      io.err(`error: ERR_CHART: cannot write ${flags.chart}: ${reason}\n`);
      return 1;
    }
  }
  return 0;
}

/**
 * Add `2048 bench` to a program.
 *
 * @example
 * register(program); // then: 2048 bench --ai expectimax --depth 3 --games 100 --json
 */
export function register(program: Command, io: BenchIo = processIo): void {
  const defaultWorkers = Math.max(1, Math.min(2, availableParallelism()));
  program
    .command('bench')
    .description('play seeded games with an AI on worker threads and report how well it did')
    .option('--ai <name>', `the player: ${PLAYER_NAMES.join(', ')}`, parseAiFlag, DEFAULT_AI)
    .option(
      '--depth <n>',
      'expectimax/ntuple: search depth (moves after the first; ntuple 0: the network alone)',
      depthFlag(12),
    )
    .option(
      '--ms <n>',
      'expectimax/ntuple: time budget per move in milliseconds',
      positiveIntFlag('ms', 60_000),
    )
    .option('--games <n>', 'how many games', positiveIntFlag('games', 100_000), 100)
    .option('--seed <seed>', 'games are seeded <seed>-0, <seed>-1, …', parseSeedFlag, '1')
    .option(
      '--workers <n>',
      'worker threads playing in parallel',
      positiveIntFlag('workers', 64),
      defaultWorkers,
    )
    .option('--rules <name>', 'rules: classic, fiveTwelve, tiers', parseRulesFlag, 'classic')
    .option('--size <n>', 'board size, 2 to 8', parseSizeFlag)
    .option('--goal <value>', 'the winning tile (a power of two)', parseGoalFlag)
    .option('--json', 'print one JSON object instead of the table')
    .option('--chart <file>', 'write an SVG of the largest tiles and the scores')
    .action(async (flags: BenchFlags) => {
      const code = await benchCommand(flags, io);
      if (code !== 0) process.exitCode = code;
    });
}
