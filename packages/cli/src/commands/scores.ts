/** `2048 scores`: the high-score table for one set of rules and board size. */
import type { Command } from 'commander';
import { parseDataDirFlag, parseRulesFlag, parseSizeFlag, positiveIntFlag } from '../flags.js';
import { openGameShelf } from '../gameShelf.js';
import { writeErrorLine } from '../toolkit/commandLine.js';

interface ScoresOptions {
  readonly rules: string;
  readonly size: number;
  readonly limit: number;
  readonly dataDir?: string;
}

function scores(options: ScoresOptions): void {
  const shelf = openGameShelf(options.dataDir);
  try {
    if (shelf.notice) {
      writeErrorLine(shelf.notice);
      process.exitCode = 1;
      return;
    }
    const table = shelf.topScores(options.rules, options.size, options.limit);
    const heading = `${options.rules} ${options.size}x${options.size}`;
    if (!table.ok) {
      writeErrorLine(`error: ${table.error.message}`, table.error.code);
      process.exitCode = 1;
      return;
    }
    if (table.value.length === 0) {
      process.stdout.write(`No scores yet for ${heading}.\n`);
      return;
    }
    const lines = [
      `High scores · ${heading}`,
      `${'#'.padStart(3)}  ${'name'.padEnd(24)} ${'score'.padStart(9)} ${'max tile'.padStart(9)} ${'moves'.padStart(7)}  date`,
      ...table.value.map(
        (row) =>
          `${String(row.rank).padStart(3)}  ${row.name.padEnd(24)} ${String(row.score).padStart(9)} ` +
          `${String(row.maxTile).padStart(9)} ${String(row.moves).padStart(7)}  ${row.createdAt.slice(0, 10)}`,
      ),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    shelf.close();
  }
}

/**
 * Add `scores` to the program.
 *
 * @example
 * register(program); // 2048 scores --rules tiers --size 5
 */
export function register(program: Command): void {
  program
    .command('scores')
    .description('print the high-score table')
    .option('--rules <name>', 'rules of the table', parseRulesFlag, 'classic')
    .option('--size <n>', 'board size of the table', parseSizeFlag, 4)
    .option('--limit <n>', 'rows to show (at most 100)', positiveIntFlag('limit', 100), 10)
    .option(
      '--data-dir <dir>',
      'where saves and scores live (or TWENTY48_DATA_DIR)',
      parseDataDirFlag,
    )
    .action((options: ScoresOptions) => scores(options));
}
