/**
 * `2048 race URL [raceId]`: a live race on a `2048 serve`. Without a raceId a new race is
 * created (`--rules`, `--size`, `--minutes`) and its link printed; you are its host. The lobby
 * is line by line (each player who joins; the host presses Enter to start), the 3-2-1 is
 * counted on the server's clock, then the race is full-screen: your board, the others'
 * scores under it as they move (the race's event stream), the standings when it is over.
 */
import { createInterface } from 'node:readline';
import {
  createRace,
  joinRace,
  type RaceInfo,
  type RaceUpdate,
  type RaceWatch,
  readRace,
  type ServerLink,
  startRace,
  watchRace,
} from '@twenty48/client';
import {
  escapeAndCut,
  formatNumber,
  isRankedId,
  isRankedSize,
  parseName,
  RACE_DEFAULT_MINUTES,
  RACE_MAX_PLAYERS,
} from '@twenty48/common';
import type { PresetName } from '@twenty48/engine';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { failUsage, parseDataDirFlag, parseRulesFlag, parseServerFlag } from '../flags.js';
import { openGameShelf } from '../gameShelf.js';
import { playerTokenIn } from '../playerToken.js';
import { playRankedScreen } from '../rankedScreenPlay.js';
import { describeError, nodeFetch } from '../rankedStart.js';
import { detectColorMode } from '../toolkit/colors.js';
import { writeErrorLine } from '../toolkit/commandLine.js';

interface RaceOptions {
  readonly name?: string;
  readonly rules: PresetName;
  readonly size?: number;
  readonly minutes: number;
  readonly color: boolean;
  readonly dataDir?: string;
}

const parseMinutes = (text: string): number => {
  const minutes = Number(text);
  if (!/^\d+$/.test(text) || minutes < 1 || minutes > 30) {
    throw new InvalidArgumentError('a race lasts 1 to 30 minutes');
  }
  return minutes;
};

const parseRaceId = (text: string): string => {
  if (!isRankedId(text)) throw new InvalidArgumentError('a race id is letters, digits, _ and -');
  return text;
};

/**
 * The standings as lines: rank, name, score, best tile, moves.
 *
 * @example
 * standingsLines(race) // ['  1. Ada  2,048  max 256  300 moves', …]
 */
export function standingsLines(race: RaceInfo): string[] {
  return race.players.map(
    (p, i) =>
      `${String(i + 1).padStart(3)}. ${escapeAndCut(p.name, 40)}  ${formatNumber(p.score)}  max ${p.maxTile}  ${formatNumber(p.moves)} moves${p.reachedAt ? '  reached the goal' : ''}`,
  );
}

/** The others' scores in one line, best first. */
const scoresLine = (scores: ReadonlyMap<string, { name: string; score: number }>): string =>
  [...scores.values()]
    .sort((a, b) => b.score - a.score)
    .map((p) => `${escapeAndCut(p.name, 20)} ${formatNumber(p.score)}`)
    .join(' · ');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * One stream of the race shared by the lobby and the game: each update to whoever listens now;
 * a stream that breaks is opened again a second later, until `close()`.
 */
function raceFeed(link: ServerLink, raceId: string, size: number) {
  let listener: (update: RaceUpdate) => void = () => {};
  let watch: RaceWatch | null = null;
  let closed = false;
  void (async () => {
    while (!closed) {
      watch = watchRace(link.fetch, link.baseUrl, raceId, size);
      for await (const update of watch) {
        if (update.type !== 'error') listener(update);
      }
      if (!closed) await pause(1000);
    }
  })();
  return {
    listen(next: (update: RaceUpdate) => void) {
      listener = next;
    },
    close: () => {
      closed = true;
      watch?.close();
    },
  };
}

async function race(server: string, raceIdArg: string | undefined, options: RaceOptions) {
  const say = (line: string): boolean => process.stdout.write(`${line}\n`);
  const fail = (what: string, error: Parameters<typeof describeError>[0]) => {
    writeErrorLine(`2048: ${what}: ${describeError(error)}`);
    process.exitCode = 1;
  };
  const shelf = openGameShelf(options.dataDir);
  const name = parseName(options.name ?? shelf.lastName() ?? '');
  if (!name.ok) {
    shelf.close();
    failUsage('give your name with --name (1 to 24 characters)', 'ERR_USAGE');
  }
  const link = { fetch: nodeFetch, baseUrl: server, player: playerTokenIn(options.dataDir) };
  let raceId: string;
  let hostToken: string | null = null;
  if (raceIdArg !== undefined) raceId = raceIdArg;
  else {
    const size = options.size ?? 4;
    if (!isRankedSize(size)) failUsage('race boards are 3 to 8', 'ERR_USAGE');
    const created = await createRace(link, {
      rules: options.rules,
      size,
      minutes: options.minutes,
    });
    if (!created.ok) return fail(`the server at ${server}`, created.error);
    ({ raceId, hostToken } = created.value);
    say('Race created. Others join with:');
    say(`  2048 race ${server} ${raceId}`);
    say('or in a browser:');
    say(`  ${server}/race.html#${raceId}`);
  }
  const first = await readRace(link, raceId);
  if (!first.ok) return fail(`the race ${raceId}`, first.error);
  const { rules, size } = first.value;
  const joined = await joinRace(link, raceId, name.value, { rules, size });
  if (!joined.ok) return fail(`joining the race ${raceId}`, joined.error);
  shelf.setLastName(name.value);
  const game = joined.value;
  const feed = raceFeed(link, raceId, size);
  try {
    // The lobby: who joins, until the start.
    say(
      `You are in as ${name.value}: ${rules} ${size}x${size}, ${first.value.minutes} minutes, up to ${RACE_MAX_PLAYERS} players.`,
    );
    say(
      hostToken
        ? 'Press Enter to start the race when everyone is in (Ctrl-C leaves).'
        : 'Waiting for the host to start the race…',
    );
    const started = await new Promise<RaceInfo | null>((resolve) => {
      const lines = createInterface({ input: process.stdin });
      // Settled before the lines are closed: closing them says "no start" (the input ended).
      const done = (value: RaceInfo | null) => {
        resolve(value);
        lines.close();
      };
      const check = async () => {
        const now = await readRace(link, raceId);
        if (now.ok && now.value.status !== 'waiting') done(now.value);
      };
      feed.listen((update) => {
        if (update.type === 'changed' && update.event === 'join') {
          void readRace(link, raceId).then((now) => {
            if (now.ok)
              say(
                `In the race: ${now.value.players.map((p) => escapeAndCut(p.name, 40)).join(', ')}`,
              );
          });
        }
        if (update.type === 'changed' && update.event !== 'join') void check();
      });
      lines.on('line', () => {
        if (hostToken === null) return;
        void startRace(link, raceId, hostToken).then((answer) => {
          if (answer.ok) done(answer.value);
          else say(`Cannot start: ${describeError(answer.error)}`);
        });
      });
      lines.on('close', () => resolve(null));
      void check();
    });
    if (started === null || started.startedAt === null) {
      say('The race did not start.');
      return;
    }
    // 3-2-1 on the server's clock.
    const offset = Date.parse(started.now) - Date.now();
    const goAt = Date.parse(started.startedAt) - offset;
    for (let left = Math.ceil((goAt - Date.now()) / 1000); left > 0; left--) {
      say(String(left));
      await pause(goAt - left * 1000 + 1000 - Date.now());
    }
    say('Go!');
    const scores = new Map<string, { name: string; score: number }>();
    for (const p of started.players) {
      if (p.watchId !== game.watchId) scores.set(p.watchId, { name: p.name, score: p.score });
    }
    const shelfForScreen = shelf;
    const { exit } = await playRankedScreen({
      game,
      server,
      shelf: shelfForScreen,
      key: `race ${raceId}`,
      notice: scoresLine(scores) || null,
      input: process.stdin,
      output: process.stdout,
      mode: detectColorMode(process.env, !options.color),
      title: `2048 · race ${rules} ${size}x${size} · ${server}`,
      naming: false,
      news: (send) => {
        let over = false;
        const finish = (done: RaceInfo) => {
          if (over || done.status !== 'finished') return;
          over = true;
          send({ kind: 'news', over: ['The race is over.', ...standingsLines(done)] });
        };
        // The stream says it first; the race read every two seconds says it if a stream is lost.
        const poll = setInterval(() => {
          void readRace(link, raceId).then((now) => now.ok && finish(now.value));
        }, 2000);
        feed.listen((update) => {
          if (update.type === 'move') {
            const known = scores.get(update.watchId);
            if (known) scores.set(update.watchId, { ...known, score: update.score });
            if (known) send({ kind: 'news', message: scoresLine(scores) });
          } else if (update.type === 'changed' && update.race) {
            finish(update.race);
          }
        });
        return () => {
          clearInterval(poll);
          feed.listen(() => {});
        };
      },
    });
    const last = await readRace(link, raceId);
    if (last.ok) {
      say(last.value.status === 'finished' ? 'Standings:' : 'The race goes on; so far:');
      for (const line of standingsLines(last.value)) say(line);
    }
    if (exit === 'interrupt') process.exitCode = 130;
  } finally {
    feed.close();
    game.close();
    shelf.close();
  }
}

/**
 * Add `race` to the program.
 *
 * @example
 * register(program); // 2048 race http://127.0.0.1:8048 --name Ada
 */
export function register(program: Command): void {
  program
    .command('race')
    .description('race friends live on the same tiles: a new race, or the one of raceId')
    .argument('<url>', 'the server (http://HOST:PORT)', parseServerFlag)
    .argument('[raceId]', 'the race to join (its link ends with it)', parseRaceId)
    .option('--name <name>', 'your name in the race (default: the last one you typed)')
    .option('--rules <name>', 'a new race’s rules', parseRulesFlag, 'classic')
    .option('--size <n>', 'a new race’s board size, 3 to 8', (text) => Number(text))
    .option('--minutes <n>', 'a new race’s length, 1 to 30', parseMinutes, RACE_DEFAULT_MINUTES)
    .option('--no-color', 'no colours (NO_COLOR is honoured too)')
    .option('--data-dir <dir>', 'where your name and player token live', parseDataDirFlag)
    .action((url: string, raceId: string | undefined, options: RaceOptions) =>
      race(url, raceId, options),
    );
}
