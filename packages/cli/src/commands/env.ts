/**
 * `2048 env --stdio`: the Gym-style environment of `@twenty48/ai` over JSON lines on stdin and
 * stdout, so an agent in any language can play. The protocol is `createEnvProtocol`'s:
 *
 *   {"cmd":"reset","seed":"s1"}        -> {"observation":{…},"info":{…}}
 *   {"cmd":"step","action":"left"}     -> {"observation":{…},"reward":4,"terminated":false,
 *                                          "truncated":false,"info":{…}}
 *   {"cmd":"record"} / {"cmd":"spec"} / {"cmd":"close"}
 *
 * With `--envs N`, N games are stepped together: `{"cmd":"step","actions":[…N]}` gets arrays
 * back (see `createEnvProtocol` for the batch lines).
 *
 * Bad lines get `{"error":{"code":"ERR_…","message":"…"}}`; the program never crashes on input.
 * A line over the protocol's limit is answered ERR_TOO_LONG as soon as it passes the limit, and
 * the rest of it is discarded as it arrives, so memory stays flat whatever the agent sends.
 */
import type { Readable, Writable } from 'node:stream';
import { createEnvProtocol, MAX_ENV_LINE, MAX_ENVS } from '@twenty48/ai';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import {
  type GameFlags,
  parseGoalFlag,
  parseRulesFlag,
  parseSizeFlag,
  rulesFromFlags,
} from '../flags.js';
import { readBoundedLines } from '../toolkit/lineReader.js';

/**
 * Serve the protocol on a pair of streams until the input ends or the agent sends close;
 * returns the exit code.
 *
 * @example
 * const code = await serveEnv(process.stdin, process.stdout, { rules: 'classic' });
 */
export async function serveEnv(
  input: Readable,
  output: Writable,
  flags: GameFlags & { envs?: number },
): Promise<number> {
  const rules = rulesFromFlags(flags);
  if (!rules.ok) {
    output.write(`${JSON.stringify({ error: rules.error })}\n`);
    return 2;
  }
  const protocol = createEnvProtocol(rules.value, { envs: flags.envs ?? 1 });
  // An over-long line comes cut to MAX_ENV_LINE + 1 characters, so the protocol's own length
  // rule refuses it with its own error.
  for await (const { text } of readBoundedLines(input, MAX_ENV_LINE)) {
    const reply = protocol(text);
    if (reply === null) continue;
    output.write(`${reply.line}\n`);
    if (reply.close) break;
  }
  return 0;
}

/** Parse `--envs`: a whole number from 1 to MAX_ENVS. */
export function parseEnvsFlag(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > MAX_ENVS) {
    throw new InvalidArgumentError(`ERR_ENVS: --envs must be a whole number from 1 to ${MAX_ENVS}`);
  }
  return n;
}

/**
 * Add `2048 env` to a program.
 *
 * @example
 * register(program); // then: 2048 env --stdio < requests.jsonl
 */
export function register(
  program: Command,
  streams: { input: Readable; output: Writable } = { input: process.stdin, output: process.stdout },
): void {
  program
    .command('env')
    .description('a Gym-style environment for agents: JSON lines on stdin and stdout')
    .option('--stdio', 'speak the JSON-lines protocol on stdin/stdout (the only transport)')
    .option('--rules <name>', 'rules: classic, fiveTwelve, tiers', parseRulesFlag, 'classic')
    .option('--size <n>', 'board size, 2 to 8', parseSizeFlag)
    .option('--goal <value>', 'the winning tile (a power of two)', parseGoalFlag)
    .option(
      '--envs <n>',
      `games stepped together, 1 to ${MAX_ENVS} (batch lines)`,
      parseEnvsFlag,
      1,
    )
    .action(async (flags: GameFlags & { stdio?: boolean; envs?: number }, command: Command) => {
      if (!flags.stdio) {
        command.error(
          'error: ERR_TRANSPORT: 2048 env needs --stdio (JSON lines on stdin and stdout)',
          {
            code: 'ERR_TRANSPORT',
            exitCode: 2,
          },
        );
      }
      const code = await serveEnv(streams.input, streams.output, flags);
      if (code !== 0) process.exitCode = code;
    });
}
