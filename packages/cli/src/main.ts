#!/usr/bin/env node
/**
 * The `2048` command: `play`, `auto`, `scores`, `replay`, `bench`, `env`, `serve`. Bad flags
 * give commander's one-line error and exit code 2; anything unexpected is one line on stderr
 * and exit code 1, never a stack trace on the player's screen (the full-screen game restores
 * the terminal first).
 */
import { Command, CommanderError } from 'commander';
import { register as registerAuto } from './commands/auto.js';
import { register as registerBench } from './commands/bench.js';
import { register as registerEnv } from './commands/env.js';
import { register as registerPlay } from './commands/play.js';
import { register as registerReplay } from './commands/replay.js';
import { register as registerScores } from './commands/scores.js';
import { register as registerServe } from './commands/serve.js';

/** Commander's exits that already said everything (help, version). */
const SILENT_CODES = new Set(['commander.help', 'commander.helpDisplayed', 'commander.version']);

/**
 * The named error for a command-line mistake, from commander's code:
 * `commander.invalidArgument` is `ERR_INVALID_ARGUMENT`, `commander.unknownOption` is
 * `ERR_UNKNOWN_OPTION`.
 */
const flagErrorName = (code: string): string =>
  `ERR_${code
    .replace(/^commander\./, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toUpperCase()}`;

// A reader that went away (`2048 auto --plain | head`) ends the program quietly, as `yes | head`
// does; the autosave is already written and process exit ends any AI worker.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') process.stderr.write(`2048: cannot write: ${error.message}\n`);
  process.exit(error.code === 'EPIPE' ? 0 : 1);
});

const program = new Command('2048')
  .description(
    '2048 in the terminal: play, let the computer play, keep saves and high scores, benchmark the AI, host the game',
  )
  .version('0.1.0')
  .exitOverride()
  // Commander's errors are printed below, with a name; commands inherit this, so set it first.
  .configureOutput({ outputError: () => {} });
registerPlay(program);
registerAuto(program);
registerScores(program);
registerReplay(program);
registerBench(program);
registerEnv(program);
registerServe(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    if (error.exitCode !== 0 && !SILENT_CODES.has(error.code)) {
      process.stderr.write(`${error.message} (${flagErrorName(error.code)})\n`);
    }
    process.exit(error.exitCode === 0 ? 0 : 2);
  }
  process.stderr.write(`2048: ${(error as Error).message}\n`);
  process.exit(1);
}
