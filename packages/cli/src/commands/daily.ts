/**
 * `2048 daily URL`: today's challenge of a `2048 serve`, full-screen in a terminal: the same
 * tiles as everyone today, played as a ranked game (the client's pipeline), ranked on the
 * day's table at the end under the name typed; then the result, the spoiler-free share line,
 * the streak (the days finished, kept in the data directory) and the day's table. Through a
 * pipe, or with `--table`, it prints the day, its table and the streak without playing.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  createDailyGame,
  type DailyInfo,
  dailyShareLine,
  rankDailyGame,
  readDaily,
  readDailyScores,
  type ServerLink,
  streakOf,
  withDayPlayed,
} from '@twenty48/client';
import { escapeAndCut, formatNumber, parseJson } from '@twenty48/common';
import { dataDirectory } from '@twenty48/store';
import type { Command } from 'commander';
import { parseDataDirFlag, parseServerFlag } from '../flags.js';
import { openGameShelf } from '../gameShelf.js';
import { playerTokenIn } from '../playerToken.js';
import { playRankedScreen } from '../rankedScreenPlay.js';
import { describeError, nodeFetch } from '../rankedStart.js';
import { detectColorMode } from '../toolkit/colors.js';
import { writeErrorLine } from '../toolkit/commandLine.js';

interface DailyOptions {
  readonly table?: boolean;
  readonly color: boolean;
  readonly dataDir?: string;
}

/** The file of the days a daily game was finished (a JSON list of `YYYY-MM-DD`). */
export const DAILY_DAYS_FILE = 'daily-days.json';

const daysFile = (dataDir: string | undefined): string =>
  join(dataDirectory(dataDir === undefined ? {} : { dataDir }), DAILY_DAYS_FILE);

/** The days kept (none when the file is missing or damaged: a streak is not worth an error). */
function readDays(dataDir: string | undefined): string[] {
  try {
    const read = parseJson(readFileSync(daysFile(dataDir), 'utf8'));
    return read.ok && Array.isArray(read.value) ? withDayPlayed(read.value, '') : [];
  } catch {
    return [];
  }
}

function keepDay(dataDir: string | undefined, date: string): string[] {
  const days = withDayPlayed(readDays(dataDir), date);
  try {
    mkdirSync(dirname(daysFile(dataDir)), { recursive: true, mode: 0o700 });
    writeFileSync(daysFile(dataDir), `${JSON.stringify(days)}\n`, { mode: 0o600 });
  } catch {
    // Not kept: the streak is told from what was.
  }
  return days;
}

/**
 * The streak in words.
 *
 * @example
 * streakWords(['2026-11-26'], '2026-11-26') // 'Streak: 1 day in a row.'
 */
export function streakWords(days: readonly string[], today: string): string {
  const streak = streakOf(days, today);
  return streak === 0
    ? 'Streak: none yet; finish today’s game to start one.'
    : `Streak: ${streak} ${streak === 1 ? 'day' : 'days'} in a row.`;
}

/** The day's table, at most ten lines. */
async function tableLines(link: ServerLink, date: string): Promise<string[]> {
  const table = await readDailyScores(link, date);
  if (!table.ok) return [`The day's table cannot be read: ${describeError(table.error)}`];
  if (table.value.scores.length === 0) return ['Nobody has finished today’s game yet.'];
  return table.value.scores
    .slice(0, 10)
    .map(
      (row) =>
        `${String(row.rank).padStart(3)}. ${escapeAndCut(row.name, 40)}  ${formatNumber(row.score)}  max ${row.maxTile}  ${formatNumber(row.moves)} moves`,
    );
}

const dayWords = (info: DailyInfo): string =>
  `Daily ${info.date}: ${info.rules} ${info.size}x${info.size}, ${formatNumber(info.players)} ${info.players === 1 ? 'player' : 'players'} so far.`;

async function daily(server: string, options: DailyOptions): Promise<void> {
  const link = { fetch: nodeFetch, baseUrl: server, player: playerTokenIn(options.dataDir) };
  const today = await readDaily(link);
  if (!today.ok) {
    writeErrorLine(`2048: the server at ${server}: ${describeError(today.error)}`);
    process.exitCode = 1;
    return;
  }
  const info = today.value;
  const { stdin, stdout } = process;
  const say = (line: string): boolean => stdout.write(`${line}\n`);
  if (options.table || !stdin.isTTY || !stdout.isTTY) {
    say(dayWords(info));
    for (const line of await tableLines(link, info.date)) say(line);
    say(streakWords(readDays(options.dataDir), info.date));
    return;
  }
  const created = await createDailyGame(link);
  if (!created.ok) {
    writeErrorLine(`2048: the server at ${server}: ${describeError(created.error)}`);
    process.exitCode = 1;
    return;
  }
  const { game, date } = created.value;
  const shelf = openGameShelf(options.dataDir);
  try {
    const { exit } = await playRankedScreen({
      game,
      server,
      shelf,
      key: `daily ${server}`,
      notice: `${dayWords(info)} ${streakWords(readDays(options.dataDir), date)}`,
      input: stdin,
      output: stdout,
      mode: detectColorMode(process.env, !options.color),
      title: `2048 · daily ${date} · ${server}`,
      tableName: "today's table",
      notRanked: "Not ranked: today's table has only the games ranked by name.",
      rank: async (name) => {
        const ranked = await rankDailyGame(link, game.gameId, name);
        if (!ranked.ok) return ranked;
        return { ok: true, value: [`${name} is number ${ranked.value.rank} today (${date}).`] };
      },
    });
    await Promise.race([game.settled(), new Promise((r) => setTimeout(r, 2000).unref())]);
    const { position } = game.snapshot();
    if (position.status === 'lost') {
      const maxTile = Math.max(...position.board.flat());
      const days = keepDay(options.dataDir, date);
      say(
        `Your result: ${formatNumber(position.score)} points, best tile ${maxTile}, ${formatNumber(position.moves)} moves.`,
      );
      say(dailyShareLine({ date, score: position.score, maxTile, moves: position.moves }));
      say(streakWords(days, date));
    } else {
      say(`Score ${formatNumber(position.score)}: the game was left before its end (not ranked).`);
    }
    for (const line of await tableLines(link, date)) say(line);
    if (exit === 'interrupt') process.exitCode = 130;
  } finally {
    game.close();
    shelf.close();
  }
}

/**
 * Add `daily` to the program.
 *
 * @example
 * register(program); // 2048 daily http://127.0.0.1:8048
 */
export function register(program: Command): void {
  program
    .command('daily')
    .description("play today's challenge of a 2048 serve: the same tiles for everyone today")
    .argument('<url>', 'the server (http://HOST:PORT)', parseServerFlag)
    .option('--table', "print the day, its table and your streak, and don't play")
    .option('--no-color', 'no colours (NO_COLOR is honoured too)')
    .option(
      '--data-dir <dir>',
      'where your streak and player token live (or TWENTY48_DATA_DIR)',
      parseDataDirFlag,
    )
    .action((url: string, options: DailyOptions) => daily(url, options));
}
