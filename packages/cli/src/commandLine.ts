/**
 * What every program of this package does around commander: bad flags are commander's one-line
 * error with a name and exit code 2; anything unexpected is one line on stderr and exit code 1,
 * never a stack trace on the player's screen; a reader that went away (`… | head`) ends the
 * program quietly.
 */
import { Command, CommanderError } from 'commander';

/** Commander's exits that already said everything (help, version). */
const SILENT_CODES = new Set(['commander.help', 'commander.helpDisplayed', 'commander.version']);

/**
 * The named error for a command-line mistake, from commander's code:
 * `commander.invalidArgument` is `ERR_INVALID_ARGUMENT`, `commander.unknownOption` is
 * `ERR_UNKNOWN_OPTION`.
 *
 * @example
 * flagErrorName('commander.conflictingOption') // 'ERR_CONFLICTING_OPTION'
 */
export const flagErrorName = (code: string): string =>
  `ERR_${code
    .replace(/^commander\./, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toUpperCase()}`;

/**
 * A program that throws commander's errors instead of printing them, so `runCommandLine` can
 * name them. Commands inherit these settings, so make the program with this first.
 *
 * @example
 * const program = newProgram('checkers').description('…');
 */
export function newProgram(name: string): Command {
  return new Command(name).exitOverride().configureOutput({ outputError: () => {} });
}

/**
 * Parse the command line and run the command: a commander error is one line naming it
 * (`… (ERR_UNKNOWN_OPTION)`) and exit code 2; any other error is `NAME: message` and exit code 1.
 *
 * @example
 * await runCommandLine(program, 'checkers');
 */
export async function runCommandLine(program: Command, name: string): Promise<void> {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') process.stderr.write(`${name}: cannot write: ${error.message}\n`);
    process.exit(error.code === 'EPIPE' ? 0 : 1);
  });
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode !== 0 && !SILENT_CODES.has(error.code)) {
        process.stderr.write(`${error.message} (${flagErrorName(error.code)})\n`);
      }
      process.exit(error.exitCode === 0 ? 0 : 2);
    }
    process.stderr.write(`${name}: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
