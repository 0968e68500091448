/**
 * `2048 play`: the full-screen game in a terminal, the labwork's line mode otherwise (or
 * with `--plain`), with saves, `--resume` and high scores; with `--server URL`, a ranked game
 * that server deals (kept in the data directory, so the next `--server URL` goes on with it).
 */
import { isRankedSize, MAX_RANKED_SIZE, MIN_RANKED_SIZE } from '@twenty48/common';
import type { Game } from '@twenty48/engine';
import type { Command } from 'commander';
import {
  failUsage,
  type GameFlagValues,
  parseServerFlag,
  rulesFromFlags,
  startGame,
  withGameFlags,
} from '../flags.js';
import { playFullScreen } from '../fullScreenPlay.js';
import { type GameShelf, openGameShelf } from '../gameShelf.js';
import { createMatch } from '../match.js';
import { isUnderWay } from '../matchState.js';
import { playPlain } from '../plainPlay.js';
import { playerTokenIn } from '../playerToken.js';
import { playRankedPlain } from '../rankedPlain.js';
import { playRankedScreen } from '../rankedScreenPlay.js';
import { describeError, nodeFetch, openRankedGame, rankedKey } from '../rankedStart.js';
import { detectColorMode } from '../toolkit/colors.js';
import { writeErrorLine } from '../toolkit/commandLine.js';

interface PlayOptions extends GameFlagValues {
  readonly plain?: boolean;
  readonly resume?: boolean;
  readonly server?: string;
}

/** `--server URL`: a ranked game on that server, full-screen in a terminal, else line by line. */
async function playRanked(options: PlayOptions, server: string): Promise<void> {
  if (options.seed !== undefined || options.goal !== undefined) {
    failUsage('--seed and --goal cannot be used with --server: the server deals', 'ERR_USAGE');
  }
  const size = options.size ?? 4;
  if (!isRankedSize(size)) {
    failUsage(`ranked boards are ${MIN_RANKED_SIZE} to ${MAX_RANKED_SIZE}`, 'ERR_USAGE');
  }
  const variant = { rules: options.rules, size };
  const shelf = openGameShelf(options.dataDir);
  try {
    if (shelf.notice) writeErrorLine(shelf.notice);
    const link = { fetch: nodeFetch, baseUrl: server, player: playerTokenIn(options.dataDir) };
    const started = await openRankedGame(link, variant, shelf, options.resume === true);
    if (!started.ok) {
      writeErrorLine(`2048: the server at ${server}: ${describeError(started.error)}`);
      // One game too many: the player's open games, to resume one (by its id) instead.
      for (const open of started.error.open ?? []) {
        writeErrorLine(
          `  open: ${open.rules} ${open.size}x${open.size}, ${open.moves} moves, score ${open.score}: ${server}${open.resume}`,
        );
      }
      process.exitCode = 1;
      return;
    }
    const { game, note } = started.value;
    const { stdin, stdout } = process;
    const key = rankedKey(server, variant);
    try {
      if (options.plain || !stdin.isTTY || !stdout.isTTY) {
        if (note) writeErrorLine(note);
        const end = await playRankedPlain({
          game,
          server,
          shelf,
          key,
          input: stdin,
          output: stdout,
          echo: !stdin.isTTY,
        });
        if (end === 'gone') process.exitCode = 1;
        return;
      }
      const mode = detectColorMode(process.env, !options.color);
      const { exit } = await playRankedScreen({
        game,
        server,
        shelf,
        key,
        notice: note,
        input: stdin,
        output: stdout,
        mode,
      });
      // Let the moves in flight land (briefly), so the next time goes on from the last key.
      await Promise.race([
        game.settled(),
        new Promise((resolve) => setTimeout(resolve, 2000).unref()),
      ]);
      const kept =
        shelf.rankedGame(key) === null
          ? ''
          : `; the game is kept: 2048 play --server ${server} goes on with it`;
      stdout.write(`Score ${game.snapshot().position.score}${kept}.\n`);
      if (exit === 'interrupt') process.exitCode = 130;
    } finally {
      game.close();
    }
  } finally {
    shelf.close();
  }
}

/** The game to start with: the unfinished one for `--resume` when there is one, else a new one. */
function firstGame(options: PlayOptions, shelf: GameShelf): { game: Game; note: string | null } {
  const rules = rulesFromFlags(options);
  if (!rules.ok) failUsage(rules.error.message, rules.error.code);
  const fresh = (): Game => startGame(rules.value, options.seed);
  if (!options.resume) return { game: fresh(), note: null };
  const resumed = shelf.resume();
  if (!resumed.ok) {
    return { game: fresh(), note: `Cannot resume: ${resumed.error.message}. A new game starts.` };
  }
  if (resumed.value === null) {
    return { game: fresh(), note: 'No unfinished game to resume: a new game starts.' };
  }
  return { game: resumed.value, note: null };
}

async function play(options: PlayOptions): Promise<void> {
  if (options.server !== undefined) return playRanked(options, options.server);
  const shelf = openGameShelf(options.dataDir);
  const { game, note } = firstGame(options, shelf);
  const { stdin, stdout } = process;
  try {
    if (options.plain || !stdin.isTTY || !stdout.isTTY) {
      if (note) writeErrorLine(note);
      const match = createMatch(game, shelf);
      await playPlain({ match, input: stdin, output: stdout, echo: !stdin.isTTY });
      return;
    }
    const mode = detectColorMode(process.env, !options.color);
    const { exit, match } = await playFullScreen({
      game,
      shelf,
      input: stdin,
      output: stdout,
      mode,
    });
    const kept = isUnderWay(match) && shelf.store ? '; 2048 play --resume continues it' : '';
    stdout.write(`Score ${match.game.score}, ${match.game.moves.length} moves${kept}.\n`);
    if (exit === 'interrupt') process.exitCode = 130;
  } finally {
    shelf.close();
  }
}

/**
 * Add `play` to the program.
 *
 * @example
 * register(program); // 2048 play --rules tiers --size 5
 */
export function register(program: Command): void {
  withGameFlags(program.command('play'))
    .description('play 2048: full-screen in a terminal, line by line with --plain or a pipe')
    .option('--plain', "the labwork's line-by-line mode (w/a/s/d and commands, one per line)")
    .option('--resume', 'continue the last unfinished game')
    .option(
      '--server <url>',
      'a ranked game that server deals (2048 serve); an unfinished one for it goes on',
      parseServerFlag,
    )
    .action((options: PlayOptions) => play(options));
}
