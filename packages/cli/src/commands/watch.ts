/**
 * `2048 watch URL [id]`: a ranked game watched live from a `2048 serve`. Without an id, the
 * best live game (`--list` prints the live games and exits); with a watch id (or a game id),
 * that game. Full-screen in a terminal (the board redrawn on every move; q or Ctrl-C leaves
 * and the terminal is restored), the labwork's text board after each move with `--plain` or
 * through a pipe. The stream is `@twenty48/client`'s `watchGame`.
 */
import type { Writable } from 'node:stream';
import { type ClientError, liveGames, type WatchUpdate, watchGame } from '@twenty48/client';
import type { EndEvent, LiveGame } from '@twenty48/common';
import type { Command } from 'commander';
import { parseServerFlag } from '../flags.js';
import { renderFrame } from '../frame.js';
import { formatPlainBlock } from '../plainBoard.js';
import { describeError, nodeFetch } from '../rankedStart.js';
import { detectColorMode } from '../toolkit/colors.js';
import { writeErrorLine } from '../toolkit/commandLine.js';
import { decodeKeys } from '../toolkit/keys.js';
import { enterFullScreen } from '../toolkit/terminal.js';

interface WatchOptions {
  readonly list?: boolean;
  readonly plain?: boolean;
  readonly color: boolean;
}

/**
 * One line per live game, best score first.
 *
 * @example
 * formatLiveGame(game) // 'Xy3…  classic 4x4  score 1204  max 128  moves 140'
 */
export const formatLiveGame = (game: LiveGame): string =>
  `${game.watchId}  ${game.rules} ${game.size}x${game.size}  score ${game.score}  max ${game.maxTile}  moves ${game.moves}`;

/** What the end of a watched game says: the score and where its record is. */
function endLines(server: string, end: EndEvent): string[] {
  const how = end.status === 'lost' ? 'Game over' : `The game was ${end.status}`;
  const lines = [`${how}: final score ${end.score}.`];
  if (end.scoreId !== undefined) {
    lines.push(
      `Its record: ${server}/api/scores/${end.scoreId}/record (check it with 2048 replay FILE).`,
    );
  } else if (end.status === 'lost') {
    lines.push(
      `Once the player ranks it, its record is at ${server}/api/scores/ID/record (2048 replay FILE).`,
    );
  }
  return lines;
}

const failWatch = (server: string, error: ClientError): void => {
  writeErrorLine(`2048: watching on ${server}: ${describeError(error)}`);
  process.exitCode = 1;
};

/** The labwork's board after every move, then the end. */
async function watchPlain(
  server: string,
  updates: AsyncIterable<WatchUpdate>,
  out: Writable,
): Promise<void> {
  for await (const update of updates) {
    if (update.type === 'state') {
      const { rules, size, watchId, moves } = update.state;
      out.write(`Watching ${watchId} on ${server}: ${rules} ${size}x${size}, ${moves} moves.\n`);
      out.write(formatPlainBlock(update.position));
    } else if (update.type === 'move') {
      // A move that changed nothing (and spawned nothing) is not in the record: not shown.
      if (!update.move.moved && update.move.spawn === null) continue;
      out.write(`Move ${update.move.moves}: ${update.move.direction}\n`);
      out.write(formatPlainBlock(update.position));
    } else if (update.type === 'end') {
      out.write(`${endLines(server, update.end).join('\n')}\n`);
    } else {
      failWatch(server, update.error);
    }
  }
}

/** The game full-screen, redrawn on every move, until it ends or q / Ctrl-C. */
async function watchFullScreen(
  server: string,
  watch: ReturnType<typeof watchGame>,
  color: boolean,
): Promise<void> {
  const { stdin, stdout } = process;
  const screen = enterFullScreen(stdin, stdout);
  const mode = detectColorMode(process.env, !color);
  let view: Parameters<typeof renderFrame>[0] | null = null;
  let left = false;
  const redraw = (): void => {
    if (view === null) return;
    const { cols, rows } = screen.size();
    screen.draw(renderFrame(view, cols, rows));
  };
  const onData = (data: string | Buffer): void => {
    for (const key of decodeKeys(String(data))) {
      if (key.kind === 'interrupt' || (key.kind === 'char' && key.char.toLowerCase() === 'q')) {
        left = true;
        watch.close();
      }
    }
  };
  stdin.on('data', onData);
  stdout.on('resize', redraw);
  let last: string[] = [];
  try {
    let title = '';
    for await (const update of watch) {
      if (update.type === 'state') {
        const { rules, size, watchId } = update.state;
        title = `2048 · watching ${rules} ${size}x${size} · ${watchId}`;
      }
      if (update.type === 'state' || update.type === 'move') {
        const { position } = update;
        const status = position.status === 'won' ? ' · won, playing on' : '';
        view = {
          game: position,
          title,
          lastGain: update.type === 'move' ? update.move.gained : 0,
          best: position.score,
          moveCount: position.moves,
          overlay: { kind: 'none' },
          message: `Live${status}`,
          keys: 'q quit · watching a ranked game the server deals',
          mode,
        };
      } else if (update.type === 'end') {
        last = endLines(server, update.end);
        if (view) view = { ...view, message: last[0] ?? null, keys: 'q quit' };
        redraw();
        // Leave the last board up until a key, unless the watcher has already left.
        if (!left) await new Promise<void>((resolve) => stdin.once('data', () => resolve()));
        break;
      } else {
        screen.restore();
        failWatch(server, update.error);
        break;
      }
      redraw();
    }
  } finally {
    stdin.off('data', onData);
    stdout.off('resize', redraw);
    screen.restore();
  }
  if (last.length > 0) stdout.write(`${last.join('\n')}\n`);
  else if (left && view)
    stdout.write(`Left at score ${view.game.score}, ${view.moveCount} moves.\n`);
  if (left) stdin.destroy();
}

async function watch(server: string, id: string | undefined, options: WatchOptions) {
  const { stdin, stdout } = process;
  let chosen = id;
  if (chosen === undefined || options.list) {
    const live = await liveGames(nodeFetch, server);
    if (!live.ok) return failWatch(server, live.error);
    if (options.list) {
      if (live.value.length === 0) stdout.write(`No live games on ${server}.\n`);
      for (const game of live.value) stdout.write(`${formatLiveGame(game)}\n`);
      return;
    }
    const best = live.value[0];
    if (best === undefined) {
      stdout.write(`No live games on ${server}: 2048 play --server ${server} starts one.\n`);
      return;
    }
    chosen = best.watchId;
  }
  const stream = watchGame(nodeFetch, server, chosen);
  if (options.plain || !stdin.isTTY || !stdout.isTTY) {
    await watchPlain(server, stream, stdout);
    return;
  }
  await watchFullScreen(server, stream, options.color);
}

/**
 * Add `watch` to the program.
 *
 * @example
 * register(program); // 2048 watch http://127.0.0.1:8048 --list
 */
export function register(program: Command): void {
  program
    .command('watch')
    .description('watch a ranked game live on a 2048 server (the best one without an id)')
    .argument('<url>', 'the server, e.g. http://127.0.0.1:8048', parseServerFlag)
    .argument('[id]', "the game's watch id (2048 watch URL --list shows them) or its game id")
    .option('--list', 'print the live games, best score first, and exit')
    .option('--plain', "the labwork's text board after each move (also through a pipe)")
    .option('--no-color', 'no colours (NO_COLOR is honoured too)')
    .action((url: string, id: string | undefined, options: WatchOptions) =>
      watch(url, id, options),
    );
}
