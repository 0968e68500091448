/**
 * The flags of this package's bench scripts run by hand (`versus-nneonneo.js`,
 * `review-speed.js`): an unknown flag, a flag without its value or a count that is no positive
 * whole number is one line, `ERR_OPTIONS: reason`, then the script's usage and exit code 2,
 * never a stack trace. (The cli package's scripts have `scriptFlags`; this package cannot
 * import cli.)
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { errorMessage, escapeAndCut } from '@twenty48/common';

/** The most characters of an echoed flag shown. */
const MAX_SHOWN = 200;

/**
 * Refuse the command line: the reason (escaped and cut: it may echo a flag), the usage, exit 2.
 *
 * @example
 * failBenchFlags('--games must be a positive integer', USAGE);
 */
function failBenchFlags(reason: string, usage: string): never {
  process.stderr.write(`ERR_OPTIONS: ${escapeAndCut(reason, MAX_SHOWN)}\n${usage}\n`);
  process.exit(2);
}

/**
 * Node's `parseArgs` (strict, no positionals), refusing a bad command line with one line.
 *
 * @example
 * const flags = benchFlags({ options: { depth: { type: 'string', default: '3' } } }, USAGE);
 */
export function benchFlags<const T extends ParseArgsConfig>(
  config: T,
  usage: string,
): ReturnType<typeof parseArgs<T>>['values'] {
  try {
    return parseArgs(config).values;
  } catch (error) {
    return failBenchFlags(errorMessage(error), usage);
  }
}

/**
 * A flag's positive whole number, or the refusal naming the flag.
 *
 * @example
 * positiveCount('3', 'depth', USAGE) // 3
 */
export function positiveCount(text: string | undefined, name: string, usage: string): number {
  const value = Number(text);
  if (!/^\d{1,9}$/.test(text ?? '') || value < 1) {
    failBenchFlags(`--${name} must be a positive integer`, usage);
  }
  return value;
}
