/**
 * What every program of this package does around commander: bad flags are commander's one-line
 * error with a name and exit code 2; anything unexpected is one line on stderr and exit code 1,
 * never a stack trace on the player's screen; a reader that went away (`… | head`) ends the
 * program quietly.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { errorMessage, escapeAndCut } from '@twenty48/common';
import { Command, CommanderError, InvalidArgumentError } from 'commander';

/** The most characters of an error's message shown: an echoed argument may be megabytes. */
const MAX_ERROR_CHARS = 600;

/**
 * Write one error line on stderr: the message with its controls escaped and cut (it may echo
 * an argument, a file name, a server's words), then ` (CODE)` when there is one.
 *
 * @example
 * writeErrorLine('error: bad FEN "W:\x1b[31m"', 'ERR_FEN'); // error: bad FEN "W:\e[31m" (ERR_FEN)
 */
export function writeErrorLine(message: string, code?: string): void {
  const named = code === undefined ? '' : ` (${escapeAndCut(code, 40)})`;
  process.stderr.write(`${escapeAndCut(message, MAX_ERROR_CHARS)}${named}
`);
}

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
    if (error.code !== 'EPIPE') writeErrorLine(`${name}: cannot write: ${error.message}`);
    process.exit(error.code === 'EPIPE' ? 0 : 1);
  });
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode !== 0 && !SILENT_CODES.has(error.code)) {
        writeErrorLine(error.message, flagErrorName(error.code));
      }
      process.exit(error.exitCode === 0 ? 0 : 2);
    }
    writeErrorLine(`${name}: ${errorMessage(error)}`);
    process.exit(1);
  }
}

/**
 * A flag's whole number (up to nine digits), or commander's error naming the flag.
 *
 * @example
 * wholeNumber('12', 'size') // 12
 * wholeNumber('1.5', 'size') // throws: size must be a whole number
 */
export const wholeNumber = (text: string, what: string): number => {
  if (!/^\d{1,9}$/.test(text)) throw new InvalidArgumentError(`${what} must be a whole number`);
  return Number(text);
};

/**
 * A whole number from `min` to `max` (`--plies 0`), or commander's error naming the flag.
 *
 * @example
 * intFlagBetween('plies', 0, 20)('0') // 0
 */
export const intFlagBetween =
  (what: string, min: number, max: number) =>
  (text: string): number => {
    const value = wholeNumber(text, what);
    if (value < min || value > max)
      throw new InvalidArgumentError(`${what} must be ${min} to ${max}`);
    return value;
  };

/**
 * A positive whole number no larger than `max` (`--depth`, `--ms`, `--limit`).
 *
 * @example
 * positiveIntFlag('depth', 10)('3') // 3
 */
export const positiveIntFlag = (what: string, max: number): ((text: string) => number) =>
  intFlagBetween(what, 1, max);

/**
 * The one-line named error for a bad combination of flags, and exit code 2 (as commander's own).
 *
 * @example
 * failUsage('--plain and --delay only apply with --watch', 'ERR_USAGE');
 */
export function failUsage(message: string, code: string): never {
  writeErrorLine(`error: ${message}`, code);
  process.exit(2);
}

/**
 * The one-line named refusal of a script run by hand (`match.js`, `tune.js`, `heldCheck.js`,
 * `movetimeBench.js`): `NAME: reason (ERR_OPTIONS)`, then the usage when there is one, and exit
 * code 2.
 *
 * @example
 * failOptions('match', '--peer CMD is required', USAGE);
 */
export function failOptions(name: string, message: string, usage?: string): never {
  writeErrorLine(`${name}: ${message.split('\n')[0] ?? ''}`, 'ERR_OPTIONS');
  if (usage !== undefined) process.stderr.write(`${usage}\n`);
  process.exit(2);
}

/**
 * Node's `parseArgs` for a script run by hand (strict, its default): an unknown flag or a flag
 * without its value is `failOptions`' one line, not a stack trace.
 *
 * @example
 * const { values } = scriptFlags('heldCheck', { options: { pdn: { type: 'string' } } }, USAGE);
 */
export function scriptFlags<const T extends ParseArgsConfig>(
  name: string,
  config: T,
  usage?: string,
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    return failOptions(name, errorMessage(error), usage);
  }
}
