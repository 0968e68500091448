/**
 * The command-line flags shared by `play`, `auto` and `bench`, parsed strictly: every parser either
 * returns a checked value or throws commander's `InvalidArgumentError` with a one-line reason,
 * which `main.ts` prints as one line named `ERR_INVALID_ARGUMENT`, with exit code 2.
 */
import { randomBytes } from 'node:crypto';
import { PLAYER_NAMES, type PlayerName } from '@twenty48/ai';
import {
  type Game,
  isPowerOfTwo,
  MAX_SIZE,
  MIN_SIZE,
  makeRules,
  newGame,
  PRESET_NAMES,
  type PresetName,
  parseSeed,
  type Result,
  type Rules,
  type RulesOverrides,
} from '@twenty48/engine';
import { type Command, InvalidArgumentError } from 'commander';
import { wholeNumber } from './toolkit/commandLine.js';

/** The toolkit's flag pieces both programs use, for 2048's commands beside its own flags. */
export { failUsage, positiveIntFlag } from './toolkit/commandLine.js';

/** The flags that choose a game: `--rules`, `--size`, `--goal`, `--seed`. */
export interface GameFlags {
  readonly rules: PresetName;
  readonly size?: number;
  readonly goal?: number;
  readonly seed?: string;
}

/** One of `names`, or commander's error naming the flag's kind and the names to try. */
const oneOf =
  <Name extends string>(names: readonly Name[], what: string) =>
  (text: string): Name => {
    const found = names.find((name) => name === text);
    if (!found) {
      throw new InvalidArgumentError(
        `unknown ${what} "${text.slice(0, 40)}": try ${names.join(', ')}`,
      );
    }
    return found;
  };

/**
 * `--rules classic|fiveTwelve|tiers`.
 *
 * @example
 * parseRulesFlag('tiers') // 'tiers'
 * parseRulesFlag('chess') // throws: unknown rules "chess": try classic, fiveTwelve, tiers
 */
export const parseRulesFlag: (text: string) => PresetName = oneOf(PRESET_NAMES, 'rules');

/**
 * `--ai random|greedy|expectimax|ntuple`: the player of `2048 auto` and `2048 bench`.
 *
 * @example
 * parseAiFlag('greedy') // 'greedy'
 * parseAiFlag('oracle') // throws: unknown ai "oracle": try random, greedy, expectimax, ntuple
 */
export const parseAiFlag: (text: string) => PlayerName = oneOf(PLAYER_NAMES, 'ai');

/**
 * `--size N`: a board from 2x2 to 8x8.
 *
 * @example
 * parseSizeFlag('5') // 5
 * parseSizeFlag('0') // throws: size must be 2 to 8
 */
export function parseSizeFlag(text: string): number {
  const size = wholeNumber(text, 'size');
  if (size < MIN_SIZE || size > MAX_SIZE) {
    throw new InvalidArgumentError(`size must be ${MIN_SIZE} to ${MAX_SIZE}`);
  }
  return size;
}

/**
 * `--goal V`: the winning tile, a power of two of at least 4.
 *
 * @example
 * parseGoalFlag('512') // 512
 * parseGoalFlag('500') // throws
 */
export function parseGoalFlag(text: string): number {
  const goal = wholeNumber(text, 'goal');
  if (!isPowerOfTwo(goal) || goal < 4) {
    throw new InvalidArgumentError('goal must be a power of two of at least 4 (8, 16, … 2048)');
  }
  return goal;
}

/**
 * `--seed S`: 1 to 64 letters, digits, `_`, `-`, `.` or `:` (the engine's seed syntax).
 *
 * @example
 * parseSeedFlag('abc') // 'abc'
 * parseSeedFlag('a b') // throws
 */
export function parseSeedFlag(text: string): string {
  const seed = parseSeed(text);
  if (!seed.ok) throw new InvalidArgumentError(seed.error.message);
  return seed.value;
}

/**
 * `--delay MS`: milliseconds between autoplay moves, 0 to 60000.
 *
 * @example
 * parseDelayFlag('20') // 20
 * parseDelayFlag('-1') // throws
 */
export function parseDelayFlag(text: string): number {
  const delay = wholeNumber(text, 'delay');
  if (delay > 60_000) throw new InvalidArgumentError('delay must be 0 to 60000 milliseconds');
  return delay;
}

/**
 * `--data-dir DIR`: a non-empty path without NUL characters (an empty one would silently mean
 * the default place).
 *
 * @example
 * parseDataDirFlag('/tmp/t48') // '/tmp/t48'
 * parseDataDirFlag('')         // throws: data-dir must not be empty
 */
export function parseDataDirFlag(text: string): string {
  if (text === '') throw new InvalidArgumentError('data-dir must not be empty');
  if (text.includes('\0') || text.length > 4096) {
    throw new InvalidArgumentError('data-dir must be a path (no NUL, at most 4096 characters)');
  }
  return text;
}

/**
 * `--depth N` for the AIs: 0 to `max` (0 is the n-tuple network alone; the heuristic's
 * expectimax needs at least 1, which `checkDepth` says).
 *
 * @example
 * depthFlag(12)('0') // 0
 * depthFlag(12)('13') // throws: depth must be 0 to 12
 */
export const depthFlag =
  (max: number) =>
  (text: string): number => {
    const value = wholeNumber(text, 'depth');
    if (value > max) throw new InvalidArgumentError(`depth must be 0 to ${max}`);
    return value;
  };

/**
 * Why `--depth`/`--ms` do not fit the player, or null when they do: they apply to expectimax
 * and ntuple, and only ntuple plays at depth 0.
 *
 * @example
 * aiOptionsProblem('greedy', 3, undefined) // '--depth and --ms apply to expectimax and ntuple, not greedy'
 * aiOptionsProblem('expectimax', 0, undefined) // 'expectimax searches at depth 1 or more (0 is ntuple's)'
 */
export function aiOptionsProblem(
  ai: PlayerName,
  depth: number | undefined,
  ms: number | undefined,
): string | null {
  if (ai !== 'expectimax' && ai !== 'ntuple' && (depth !== undefined || ms !== undefined)) {
    return `--depth and --ms apply to expectimax and ntuple, not ${ai}`;
  }
  if (ai === 'expectimax' && depth === 0) {
    return "expectimax searches at depth 1 or more (0 is ntuple's)";
  }
  return null;
}

/**
 * The rules the flags ask for: a preset with its size and goal changed, checked by the engine.
 *
 * @example
 * rulesFromFlags({ rules: 'classic', size: 5 }) // { ok: true, value: { …classic, size: 5 } }
 */
export function rulesFromFlags(flags: GameFlags): Result<Rules> {
  const overrides: { -readonly [K in keyof RulesOverrides]: RulesOverrides[K] } = {};
  if (flags.size !== undefined) overrides.size = flags.size;
  if (flags.goal !== undefined) overrides.goal = flags.goal;
  return makeRules(flags.rules, overrides);
}

/**
 * A fresh seed for a game the player did not seed: 8 hex digits, shown so it can be replayed.
 *
 * @example
 * freshSeed() // '9f86d081'
 */
export const freshSeed = (): string => randomBytes(4).toString('hex');

/**
 * A new game under these rules, from the given seed or a fresh one.
 *
 * @example
 * startGame(classic, 'abc').seed // 'abc'
 */
export const startGame = (rules: Rules, seed?: string): Game => newGame(rules, seed ?? freshSeed());

/** The options commander gives a command that took `withGameFlags`. */
export interface GameFlagValues {
  readonly rules: PresetName;
  readonly size?: number;
  readonly goal?: number;
  readonly seed?: string;
  readonly color: boolean;
  readonly dataDir?: string;
}

/**
 * Add the flags that choose a game and where data lives to a command.
 *
 * @example
 * withGameFlags(program.command('play')).action((options: GameFlagValues) => …)
 */
export function withGameFlags(command: Command): Command {
  return command
    .option('--rules <name>', `rules: ${PRESET_NAMES.join(', ')}`, parseRulesFlag, 'classic')
    .option('--size <n>', `board size, ${MIN_SIZE} to ${MAX_SIZE}`, parseSizeFlag)
    .option('--goal <value>', 'the winning tile (a power of two)', parseGoalFlag)
    .option('--seed <seed>', 'seed of the game, so it can be replayed', parseSeedFlag)
    .option('--no-color', 'no colours (NO_COLOR is honoured too)')
    .option(
      '--data-dir <dir>',
      'where saves and scores live (or TWENTY48_DATA_DIR)',
      parseDataDirFlag,
    );
}

/**
 * `--server URL` (and `2048 watch URL`): an http or https address of a `2048 serve`, without
 * a trailing slash, a query or credentials.
 *
 * @example
 * parseServerFlag('http://127.0.0.1:8048/') // 'http://127.0.0.1:8048'
 * parseServerFlag('ftp://example.org')      // throws: the server must be an http:// or https:// address
 */
export function parseServerFlag(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidArgumentError(`"${text.slice(0, 60)}" is not a URL (http://HOST:PORT)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidArgumentError('the server must be an http:// or https:// address');
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new InvalidArgumentError('the server address takes no credentials, query or fragment');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
